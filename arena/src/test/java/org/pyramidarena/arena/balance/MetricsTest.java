package org.pyramidarena.arena.balance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Each metric against a hand computation on three small games. */
class MetricsTest {

    private static final double EPSILON = 1e-12;
    private static final int NO = GameMeasures.NO_LEADER;

    /**
     * Game 1: seat 0 wins; 4 decisions with 3, 1, 2, 1 legal moves; at the tenths seat 1 leads from
     * 20%, seat 0 from 40% to the end. Game 2: seat 0 wins; 2 decisions of 2 moves; seat 1 leads from
     * 10% to the end. Game 3: a draw stopped by a cap; 3 decisions with 1, 1, 4 moves; seat 0 leads
     * from 30% to 50%, nobody else.
     */
    private static final List<GameTrace> GAMES = List.of(
            new GameTrace(new int[] {1, 2}, true, 4, new int[] {3, 1, 2, 1},
                    new int[] {NO, NO, 1, 1, 0, 0, 0, 0, 0, 0, 0}),
            new GameTrace(new int[] {1, 2}, true, 2, new int[] {2, 2}, new int[] {NO, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}),
            new GameTrace(new int[] {1, 1}, false, 3, new int[] {1, 1, 4},
                    new int[] {NO, NO, NO, 0, 0, 0, NO, NO, NO, NO, NO}));

    private static Metrics.Result metrics(GameMeasures measures, int samples) {
        return Metrics.compute(GAMES.stream().map(g -> Metrics.features(g, measures.scored())).toList(), 2, measures,
                1, samples, 3);
    }

    private static Metrics.Result unscored() {
        return metrics(GameMeasures.of(new SixtyFortyGame().rules(null)) /* no score */, 0);
    }

    @Test
    void firstSeatAdvantageIsSeatZerosMeanScoreMinusOneHalf() {
        // Seat 0 scores 1, 1 and 1/2: mean 5/6.
        assertEquals(5.0 / 6 - 0.5, unscored().get(Metric.FIRST_SEAT_ADVANTAGE).value(), EPSILON);
    }

    @Test
    void balanceIsTheLargestDistanceOfASeatsWinShareFromTheFairShare() {
        // Win shares: seat 0 1 + 1 + 1/2 of 3 = 5/6, seat 1 1/6; both 1/3 from 1/2.
        assertEquals(1.0 / 3, unscored().get(Metric.BALANCE).value(), EPSILON);
    }

    @Test
    void drawishnessAndCompletionAreSharesOfGames() {
        assertEquals(1.0 / 3, unscored().get(Metric.DRAWISHNESS).value(), EPSILON);
        assertEquals(2.0 / 3, unscored().get(Metric.COMPLETION).value(), EPSILON);
    }

    @Test
    void durationIsTheMeanMedianAndNinetyFifthPercentileOfTheMoves() {
        Metrics.Result result = unscored();
        assertEquals(3, result.get(Metric.DURATION_MEAN).value(), EPSILON);
        assertEquals(3, result.get(Metric.DURATION_MEDIAN).value(), EPSILON);
        // Sorted 2, 3, 4: position 1 + 2 * 0.95 = 2.9, so 3 + 0.9 * (4 - 3).
        assertEquals(3.9, result.get(Metric.DURATION_P95).value(), EPSILON);
    }

    @Test
    void branchingFactorIsLegalMovesPerDecisionOverAllDecisionsAndPerTenth() {
        Metrics.Result result = unscored();
        assertEquals(17.0 / 9, result.get(Metric.BRANCHING_FACTOR).value(), EPSILON);
        // Decision i of n falls in tenth floor(10 i / n): game 1 in tenths 0, 2, 5, 7; game 2 in 0, 5;
        // game 3 in 0, 3, 6.
        assertEquals((3 + 2 + 1) / 3.0, result.get(Metric.branchingAt(1)).value(), EPSILON);
        assertTrue(Double.isNaN(result.get(Metric.branchingAt(2)).value()), "no decision in the second tenth");
        assertEquals(1, result.get(Metric.branchingAt(3)).value(), EPSILON);
        assertEquals(1, result.get(Metric.branchingAt(4)).value(), EPSILON);
        assertEquals(2, result.get(Metric.branchingAt(6)).value(), EPSILON);
        assertEquals(4, result.get(Metric.branchingAt(7)).value(), EPSILON);
        assertEquals(1, result.get(Metric.branchingAt(8)).value(), EPSILON);
    }

    @Test
    void eachDecisionFallsInTheTenthOfItsIndexInGamesOfEveryLength() {
        SplittableRandom random = new SplittableRandom(37);
        for (int n = 0; n <= 300; n++) {
            int[] legal = random.ints(n, 1, 40).toArray();
            double[] row = Metrics.features(new GameTrace(new int[] {1, 2}, true, n, legal, null), false);
            // The definition: decision i of n in tenth floor(10 i / n), its legal moves summed in order.
            double[] tenthLegal = new double[Metric.TENTHS];
            double[] tenthDecisions = new double[Metric.TENTHS];
            double sum = 0;
            double forced = 0;
            for (int i = 0; i < n; i++) {
                int tenth = Metric.TENTHS * i / n;
                tenthLegal[tenth] += legal[i];
                tenthDecisions[tenth]++;
                sum += legal[i];
                forced += legal[i] == 1 ? 1 : 0;
            }
            for (int tenth = 0; tenth < Metric.TENTHS; tenth++) {
                assertEquals(tenthLegal[tenth], row[Metrics.TENTH_LEGAL + tenth], "n=" + n + ", tenth " + tenth);
                assertEquals(tenthDecisions[tenth], row[Metrics.TENTH_DECISIONS + tenth], "n=" + n + ", tenth " + tenth);
            }
            assertEquals(sum, row[Metrics.LEGAL], "n=" + n);
            assertEquals(forced, row[Metrics.FORCED], "n=" + n);
            assertEquals(n, row[Metrics.DECISIONS], "n=" + n);
        }
    }

    @Test
    void forcedShareIsTheShareOfDecisionsWithOneLegalMove() {
        assertEquals(4.0 / 9, unscored().get(Metric.FORCED_SHARE).value(), EPSILON);
    }

    @Test
    void leadMetricsFollowTheRunningScore() {
        Metrics.Result result = Metrics.compute(GAMES.stream().map(g -> Metrics.features(g, true)).toList(), 2,
                scoredMeasures(), 1, 0, 3);
        // Game 1: seat 1 then seat 0, one change; games 2 and 3 none.
        assertEquals(1.0 / 3, result.get(Metric.LEAD_CHANGES).value(), EPSILON);
        // Game 1's winner leads from 40% to the end: 0.6 of the game; game 2's winner never leads: 0.
        // Game 3 is drawn and left out.
        assertEquals((0.6 + 0) / 2, result.get(Metric.DECISIVENESS).value(), EPSILON);
        assertEquals(2, result.get(Metric.DECISIVENESS).games());
        // At half the game game 1 is led by its winner, game 2 by its loser.
        assertEquals(0.5, result.get(Metric.leaderAt(5)).value(), EPSILON);
        assertEquals(2, result.get(Metric.leaderAt(5)).games());
        // At a tenth only game 2 has a leader, its loser.
        assertEquals(0, result.get(Metric.leaderAt(1)).value(), EPSILON);
        assertEquals(1, result.get(Metric.leaderAt(1)).games());
        assertEquals(0.5, result.get(Metric.leaderAt(10)).value(), EPSILON);
    }

    @Test
    void theTenthsOfAGameFallBeforeTheDecisionNearestToThem() {
        // 4 decisions: 10% is 0.4, before decision 0; 50% before decision 2; 100% the end, place 4.
        assertEquals(0, Metrics.at(1, 4));
        assertEquals(1, Metrics.at(3, 4));
        assertEquals(2, Metrics.at(5, 4));
        assertEquals(4, Metrics.at(10, 4));
        assertEquals(1, Metrics.at(5, 2));
        assertEquals(0, Metrics.at(7, 0));
    }

    @Test
    void aGameWithoutARunningScoreSaysTheLeadMetricsDoNotApply() {
        Metrics.Estimate changes = unscored().get(Metric.LEAD_CHANGES);
        assertTrue(Double.isNaN(changes.value()));
        assertTrue(changes.note().startsWith("not applicable"), changes.note());
        assertFalse(unscored().get(Metric.BRANCHING_FACTOR).note().startsWith("not applicable"));
    }

    /** The three games, each played {@code copies} times over, in the order 1, 2, 3, 1, 2, 3, ... */
    private static Metrics.Result repeated(int copies, GameMeasures measures, int samples) {
        List<double[]> rows = new java.util.ArrayList<>();
        for (int copy = 0; copy < copies; copy++) {
            GAMES.forEach(g -> rows.add(Metrics.features(g, measures.scored())));
        }
        return Metrics.compute(rows, 2, measures, 1, samples, 3);
    }

    @Test
    void theBootstrapIsSeededIntervalsHoldTheEstimateAndNoReplicatesGiveNone() {
        Metrics.Result once = repeated(12, scoredMeasures(), 500);
        Metrics.Result again = repeated(12, scoredMeasures(), 500);
        assertEquals(once.estimates(), again.estimates());
        assertArrayEquals(once.advantageReplicates(), again.advantageReplicates());
        int withInterval = 0;
        for (Metrics.Estimate estimate : once.estimates()) {
            if (Double.isFinite(estimate.low())) {
                withInterval++;
                assertTrue(estimate.low() <= estimate.value() + EPSILON && estimate.value() <= estimate.high() + EPSILON,
                        estimate.toString());
            }
        }
        assertTrue(withInterval > 10, "36 games give most metrics an interval");
        Metrics.Estimate none = repeated(12, scoredMeasures(), 0).get(Metric.DRAWISHNESS);
        assertTrue(Double.isNaN(none.low()) && Double.isNaN(none.high()), "no replicates, no interval");
    }

    @Test
    void theBootstrapGivesTheSameReplicatesOnAnyNumberOfThreadsAcrossItsBatchesOfDraws() {
        List<double[]> rows = new java.util.ArrayList<>();
        for (int copy = 0; copy < 8_000; copy++) {
            GAMES.forEach(g -> rows.add(Metrics.features(g, true)));
        }
        // 24,000 blocks of one game and 200 replicates: 4.8 million draws, two batches of them.
        Metrics.Result one = Metrics.compute(rows, 2, scoredMeasures(), 1, 200, 9, 1);
        for (int threads : new int[] {2, 3, 8}) {
            Metrics.Result many = Metrics.compute(rows, 2, scoredMeasures(), 1, 200, 9, threads);
            assertEquals(one.estimates(), many.estimates(), threads + " threads");
            assertArrayEquals(one.advantageReplicates(), many.advantageReplicates(), threads + " threads");
            assertArrayEquals(one.starterReplicates(), many.starterReplicates(), threads + " threads");
        }
        assertEquals(one.estimates(), Metrics.compute(rows, 2, scoredMeasures(), 1, 200, 9).estimates(),
                "one thread unless asked");
    }

    @Test
    void noIntervalRestsOnFewerThanThirtyGamesAndTheNoteSaysWhy() {
        Metrics.Result result = repeated(12, scoredMeasures(), 200);
        // 36 games: an interval for the advantage; the leader at a tenth counts 12 games (game 2's only).
        assertTrue(Double.isFinite(result.get(Metric.STARTER_ADVANTAGE).low()));
        Metrics.Estimate early = result.get(Metric.leaderAt(1));
        assertEquals(12, early.games());
        assertTrue(Double.isNaN(early.low()) && Double.isNaN(early.high()), early.toString());
        assertTrue(early.note().contains("no interval: 12 games, fewer than 30"), early.note());
        assertTrue(early.shown("-").endsWith(" [-]"), "the dash stands where the interval would: " + early.shown("-"));
        // The three games alone: no interval anywhere.
        assertTrue(metrics(GameMeasures.none(), 200).estimates().stream().noneMatch(e -> Double.isFinite(e.low())));
    }

    @Test
    void aShareEveryGameAgreesOnGetsTheWilsonIntervalOverItsDealsNotAnEmptyOne() {
        // Every game of game 1 alone: seat 0 wins, completed, no draw.
        List<double[]> rows = new java.util.ArrayList<>();
        for (int g = 0; g < 100; g++) {
            rows.add(Metrics.features(GAMES.get(0), false));
        }
        Metrics.Estimate drawn = Metrics.compute(rows, 2, GameMeasures.none(), 2, 200, 5).get(Metric.DRAWISHNESS);
        assertEquals(0, drawn.value());
        assertEquals(0, drawn.low());
        // Wilson's upper end for 0 of 50 deals at 95%.
        assertEquals(0.0713, drawn.high(), 1e-4);
        assertTrue(drawn.note().contains("every game alike: Wilson interval over 50 deals"), drawn.note());
    }

    @Test
    void aSetupComparedWithItselfShowsNoDifference() {
        Metrics.Result first = repeated(12, GameMeasures.none(), 400);
        Metrics.Result second = repeated(12, GameMeasures.none(), 400);
        Setup setup = new Setup("pyraos", 2, "standard");
        Comparison same = Comparison.of("random", Metric.STARTER_ADVANTAGE.label(), setup,
                first.get(Metric.STARTER_ADVANTAGE), first.starterReplicates(), setup,
                second.get(Metric.STARTER_ADVANTAGE), second.starterReplicates());
        assertEquals(0, same.difference(), 0);
        assertEquals(0, same.low(), 0);
        assertEquals(0, same.high(), 0);
        assertEquals(1, same.pValue(), 0);
        assertTrue(same.paired());
    }

    @Test
    void theStartersAdvantageIsTheFirstMoversNotSeatZeros() {
        // Seat 1 starts and wins two games of three; seat 0 wins the third, which it started.
        List<GameTrace> games = List.of(new GameTrace(new int[] {2, 1}, true, 2, new int[] {1, 1}, null, 1),
                new GameTrace(new int[] {2, 1}, true, 2, new int[] {1, 1}, null, 1),
                new GameTrace(new int[] {1, 2}, true, 2, new int[] {1, 1}, null, 0));
        Metrics.Result result = Metrics.compute(games.stream().map(g -> Metrics.features(g, false)).toList(), 2,
                GameMeasures.none(), 1, 0, 3);
        assertEquals(1 - 0.5, result.get(Metric.STARTER_ADVANTAGE).value(), EPSILON, "the starter won every game");
        assertEquals(1.0 / 3 - 0.5, result.get(Metric.FIRST_SEAT_ADVANTAGE).value(), EPSILON);
    }

    /** Measures with a running score: any real game's. */
    private static GameMeasures scoredMeasures() {
        return GameMeasures.of(org.pyramidarena.api.Games.byId("pylon")
                .rules(new org.pyramidarena.api.GameSetup(2, "standard")));
    }
}
