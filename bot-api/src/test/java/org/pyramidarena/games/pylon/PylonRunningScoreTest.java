package org.pyramidarena.games.pylon;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.RandomPlay;
import org.pyramidarena.api.Scoring;

/** Pylon's running score: the pyramids in the stacks a seat tops, seat 0's less the komi. */
class PylonRunningScoreTest {

    private final PylonRules rules = (PylonRules) new Pylon().rules(new GameSetup(2, "standard"));

    @Test
    void theHigherScoreLeadsAndItIsTheGamesOwn() {
        assertEquals(Scoring.HIGHER_POINTS_LEAD, new Pylon().scoring());
    }

    @Test
    void aPlacedPyramidIsAStackOfOneItsOwnerTops() {
        assertArrayEquals(new double[] {0, 0}, rules.runningScore(rules.initialState()));
        assertArrayEquals(new double[] {1, 0}, rules.runningScore(RandomPlay.after(rules, "La1", 0)));
        assertArrayEquals(new double[] {2, 1}, rules.runningScore(RandomPlay.after(rules, "La1 Sb1 Mc1", 0)));
    }

    @Test
    void aStackCountsEveryPyramidInItForTheSeatOnTop() {
        PylonState full = RandomPlay.after(rules, PylonRulesTest.fill(PylonRulesTest.ROWS_OF_SIZES), 0);
        assertArrayEquals(new double[] {15, 15}, rules.runningScore(full), "every square a stack of one");
        // Seat 1 moves one of its stacks of one onto a neighbour: it tops a stack of two, the neighbour's
        // owner loses the one it topped there.
        PylonMove move = rules.legalMoves(full).get(0);
        PylonState after = rules.apply(full, move);
        int below = full.topOwner(move.to());
        double[] expected = {15, 15};
        expected[below] -= 1;
        expected[full.topOwner(move.from())] += 1;
        assertArrayEquals(expected, rules.runningScore(after), move.notation());
    }

    @Test
    void theKomiIsTakenFromSeatZeroFromTheFirstStateAndTheEndIsTheOutcome() {
        PylonRules komi = (PylonRules) new Pylon().rules(GameSetup.parse(2, "standard?komi=2.5"));
        assertArrayEquals(new double[] {-2.5, 0}, komi.runningScore(komi.initialState()),
                "seat 0 gives the komi: it starts behind by it");
        for (long seed = 1; seed <= 5; seed++) {
            List<PylonState> game = RandomPlay.game(komi, seed);
            PylonState end = game.get(game.size() - 1);
            Outcome outcome = komi.outcome(end);
            assertArrayEquals(new double[] {outcome.score(0), outcome.score(1)}, komi.runningScore(end));
            assertArrayEquals(new double[] {end.score(0) - 2.5, end.score(1)}, komi.runningScore(end));
        }
    }
}
