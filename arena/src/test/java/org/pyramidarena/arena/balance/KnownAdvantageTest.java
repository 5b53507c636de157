package org.pyramidarena.arena.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.pyramidarena.tournaments.MasterSeed;

/**
 * Balance statistics on a constructed game whose advantage is known ({@link SixtyFortyGame}): the
 * starter's advantage where a draw decides who starts, comparisons whose p-values agree with their
 * intervals under Holm's correction, and a search for a fair value that has one right answer.
 */
class KnownAdvantageTest {

    private static final MasterSeed SEED = MasterSeed.of(11);

    private static Setup setup(String variant, double edge) {
        return new Setup(SixtyFortyGame.ID, 2, variant).withParameter(SixtyFortyGame.EDGE, edge);
    }

    @Test
    void whereADrawDecidesWhoStartsTheStartersTenPointsAreFoundAndSeatZeroHasNone() {
        StudyResult.Cell cell = SixtyFortyCells.cell(setup("drawn", 0.6), 2000, 1000, SEED);
        Metrics.Estimate starter = cell.metrics().get(Metric.STARTER_ADVANTAGE);
        Metrics.Estimate seatZero = cell.metrics().get(Metric.FIRST_SEAT_ADVANTAGE);
        assertTrue(starter.low() > 0 && starter.low() < 0.1 && 0.1 < starter.high(), starter.toString());
        assertTrue(seatZero.low() < 0 && 0 < seatZero.high(), "seat 0 starts half the games: " + seatZero);
        assertEquals(2000, starter.games());
    }

    @Test
    void comparisonsOfKnownAdvantagesAgreeWithTheirIntervalsAndPairedDealsMeasureThemClosely() {
        // Starters winning 60%, 61% and 50% of the games, each on the same deals.
        List<Setup> setups = List.of(setup("standard", 0.6), setup("standard", 0.61), setup("standard", 0.5));
        List<StudyResult.Cell> cells = new ArrayList<>();
        for (Setup setup : setups) {
            cells.add(SixtyFortyCells.cell(setup, 1000, 1000, SEED));
        }
        StudyResult study = StudyResult.of(setups, List.of("first"), 1000, cells, true, false);
        assertEquals(3, study.comparisons().size());
        for (Comparison c : study.comparisons()) {
            assertTrue(c.paired(), "one game and player count: the same deals");
            boolean excludesZero = c.low() > 0 || c.high() < 0;
            assertEquals(excludesZero, c.pValue() < 0.05, "the interval and p agree: " + c);
            assertTrue(c.pHolm() >= c.pValue(), "Holm's p is never below the raw one: " + c);
            assertEquals(Metric.STARTER_ADVANTAGE.label(), c.metric());
        }
        Comparison tenPoints = study.comparisons().get(1);
        assertEquals(List.of(setups.get(0), setups.get(2)), List.of(tenPoints.first(), tenPoints.second()));
        assertTrue(tenPoints.found(), "10 points apart: found after the correction: " + tenPoints);
        assertTrue(tenPoints.low() < 0.1 && 0.1 < tenPoints.high(), "60% less 50%: " + tenPoints);
        // On the same deals the chance draws are the same: the games differ only where a draw falls
        // between 0.60 and 0.61, so even 1 point is measured closely.
        Comparison onePoint = study.comparisons().get(0);
        assertTrue(onePoint.found() && onePoint.low() <= -0.01 && -0.01 <= onePoint.high() && onePoint.low() > -0.03,
                "60% less 61%, on paired deals: " + onePoint);
    }

    @Test
    void theSearchForAFairEdgeFindsOneHalfWithAnIntervalHoldingIt() throws IOException, InterruptedException {
        Map<Setup, StudyResult.Cell> played = new HashMap<>();
        List<Double> edges = new ParameterRange(SixtyFortyGame.EDGE, 0.2, 0.9, 0.05).values(new SixtyFortyGame());
        FairSearch.Result result = FairSearch.search(new Setup(SixtyFortyGame.ID, 2, "drawn"), SixtyFortyGame.EDGE,
                edges, List.of("first"), (setup, bot) -> played.computeIfAbsent(setup,
                        s -> SixtyFortyCells.cell(s, 1000, 1000, SEED)));
        FairSearch.Answer answer = result.answers().get(0);
        assertTrue(answer.low() < 0.5 && 0.5 < answer.high(), "the fair edge is 1/2: " + answer.value() + " ["
                + answer.low() + ", " + answer.high() + "]");
        assertTrue(answer.high() - answer.low() < 0.1, "1000 games a value place it within a few hundredths");
        assertEquals(4, answer.fitted().size(), "two values either side of the crossing");
        assertTrue(answer.evaluated().size() <= 8, "a bisection, not a sweep: " + answer.evaluated());
        assertTrue(result.differences().isEmpty(), "one bot");
    }
}
