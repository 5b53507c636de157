package org.pyramidarena.games.euronimoes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.pyramidarena.api.GameSetup;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.RandomPlay;
import org.pyramidarena.games.euronimoes.EuronimoesState.Phase;

/** Final scoring (DECISIONS 7): runs, bombs, levels, chips; lowest wins; ties to the later player. */
class EuronimoesScoringTest {

    /**
     * A layout with the column scores of the seed's example, columns 0 to 4 (row 6 at the top):
     * <pre>
     *   6   .  .  0  .  .
     *   5   .  .  1  .  .
     *   4   .  .  2  2  0
     *   3   0  0  3  .  .
     *   2   .  .  4  5  .
     *   1   2  2  5  .  .
     *   0   1  .  6  4  .
     * </pre>
     * Columns: 1 + 0 = 1; 2 + 0 = 2; 6..0 is a bomb, -3; 4 + 5 + 2 = 11; 0. In all 11. Then a 4-3 on
     * level 2 over column 2's 4 and 3, and a 2-2 on level 2 over row 1's two 2s.
     */
    static final String EXAMPLE_GROUND = "1-2v0,0L1 2-5h1,1L1 6-4h2,0L1 4-5h2,2L1 3-2v2,3L1 2-0h3,4L1 1-0v2,5L1"
            + " 0-0h0,3L1";
    static final String EXAMPLE_LEVELS = " 4-3v2,2L2 2-2h0,1L2";

    @Test
    void theSeedsScoringExampleScoresSix() {
        EuronimoesState ground = new Position(2).layout(0, EXAMPLE_GROUND).build();
        assertEquals(11, ground.columnScore(0), "1 + 2 - 3 + 11 + 0");
        EuronimoesState state = new Position(2).layout(0, EXAMPLE_GROUND + EXAMPLE_LEVELS).chips(0, 1).build();
        assertEquals(11, state.columnScore(0), "levels do not change the columns");
        assertEquals(-4, state.levelScore(0), "two dominoes on level 2");
        assertEquals(6, state.score(0), "11 - 4 - 1");
    }

    @Test
    void eachRunScoresItsSmallestNumber() {
        EuronimoesState state = new Position(2).layout(0, "5-4v0,0L1 3-6h0,2L1").build();
        assertEquals(3 + 6, state.columnScore(0), "column 0 is one run 5-4-3 scoring 3; column 1 a lone 6");
        EuronimoesState gap = new Position(2).layout(0, "4-0h0,0L1 1-2v1,1L1 5-6v0,2L1").build();
        assertEquals(4 + 5 + 0, gap.columnScore(0), "column 0 holds two runs (4; 5-6), column 1 one (0-1-2)");
    }

    @Test
    void aBombScoresMinusThree() {
        String almost = "6-5v0,0L1 4-3v0,2L1 0-2h-1,4L1";
        EuronimoesState state = new Position(2).layout(0, almost).build();
        assertEquals(2 + 0, state.columnScore(0), "6-5-4-3-2 scores 2, the lone 0 in column -1 scores 0");
        EuronimoesState bomb = new Position(2).layout(0, almost + " 1-0v0,5L1").build();
        assertEquals(-3 + 0, bomb.columnScore(0), "6-5-4-3-2-1-0 is a bomb");
    }

    @Test
    void eachChipHeldScoresMinusOne() {
        EuronimoesState state = new Position(2).layout(0, "3-5h0,0L1").chips(0, 4).chips(1, 0).build();
        assertEquals(8 - 4, state.score(0));
        assertEquals(0, state.score(1));
    }

    @Test
    void theLowestScoreWins() {
        EuronimoesRules rules = Position.rules(3);
        EuronimoesState state = new Position(3).layout(0, "6-6h0,0L1").layout(1, "0-0h0,0L1").layout(2, "3-3h0,0L1")
                .turn(0, Phase.OVER).build();
        Outcome outcome = rules.outcome(state);
        assertEquals(List.of(10.0, -2.0, 4.0), outcome.scores());
        assertEquals(List.of(3, 1, 2), outcome.ranks());
    }

    @Test
    void tiesGoToThePlayerLaterInTurnOrder() {
        EuronimoesRules rules = Position.rules(3);
        // Seats 0 and 2 tie at 4 - 2 = 2; seat 1 scores 12 - 2 = 10.
        Position tied = new Position(3).layout(0, "1-3h0,0L1").layout(1, "6-6h0,0L1").layout(2, "2-2h0,0L1")
                .turn(0, Phase.OVER);
        assertEquals(List.of(2, 3, 1), rules.outcome(tied.start(0).build()).ranks(), "order 0, 1, 2: seat 2 is later");
        assertEquals(List.of(1, 3, 2), rules.outcome(tied.start(1).build()).ranks(), "order 1, 2, 0: seat 0 is later");
        assertEquals(List.of(1, 3, 2), rules.outcome(tied.start(2).build()).ranks(), "order 2, 0, 1: seat 0 is later");
        EuronimoesRules pair = Position.rules(2);
        Position even = new Position(2).turn(1, Phase.OVER);
        assertEquals(List.of(1, 2), pair.outcome(even.start(1).build()).ranks());
        assertEquals(List.of(2, 1), pair.outcome(even.start(0).build()).ranks());
    }

    @Test
    void thereAreNoDrawsAndTheOutcomeMatchesTheScores() {
        for (int players = 2; players <= 4; players++) {
            EuronimoesRules rules = Position.rules(players);
            for (long seed = 1; seed <= 10; seed++) {
                EuronimoesState end = RandomPlay.finalState(rules, seed);
                Outcome outcome = rules.outcome(end);
                for (int seat = 0; seat < players; seat++) {
                    int rank = outcome.rank(seat);
                    assertEquals(end.score(seat), outcome.score(seat));
                    assertEquals(1, outcome.ranks().stream().filter(r -> r == rank).count(), "ranks differ");
                }
            }
        }
    }

    @Test
    void anUnfinishedGameHasNoOutcome() {
        EuronimoesRules rules = Position.rules(2);
        assertThrows(IllegalStateException.class, () -> rules.outcome(rules.initialState()));
    }

    @Test
    void komiIsAddedToTheScoreOfThePlayerWhoTookTheFirstTurn() {
        for (int players = 2; players <= 4; players++) {
            EuronimoesRules plain = Position.rules(players);
            EuronimoesState end = RandomPlay.finalState(plain, players);
            int starter = end.start();
            Outcome without = plain.outcome(end);
            Outcome with = new Euronimoes().rules(GameSetup.parse(players, "standard?komi=2.5")).outcome(end);
            for (int seat = 0; seat < players; seat++) {
                assertEquals(without.score(seat) + (seat == starter ? 2.5 : 0), with.score(seat), 1e-12,
                        "seat " + seat + " of " + players + ", starter " + starter);
            }
            for (int seat = 0; seat < players; seat++) {
                for (int other = 0; other < players; other++) {
                    if (with.score(seat) < with.score(other)) {
                        assertTrue(with.rank(seat) < with.rank(other), "the lower score after the komi ranks better");
                    }
                }
            }
        }
    }

    @Test
    void theStarterIsThePlayerHoldingTheHighestDominoOnceTheHandsAreDealt() {
        EuronimoesRules rules = Position.rules(3);
        for (long seed = 1; seed <= 10; seed++) {
            java.util.List<EuronimoesState> game = RandomPlay.game(rules, seed);
            assertEquals(org.pyramidarena.api.State.CHANCE, rules.starter(game.get(0)), "undecided before the deal");
            EuronimoesState first = game.stream().filter(s -> s.actor() >= 0).findFirst().orElseThrow();
            assertEquals(first.actor(), rules.starter(first), "the first seat to act is the starter");
            assertEquals(first.start(), rules.starter(game.get(game.size() - 1)), "and stays so to the end");
        }
    }
}
