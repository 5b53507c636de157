package org.pyramidarena.games.pyrametto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.RandomPlay;
import org.pyramidarena.api.Scoring;

/**
 * Pyrametto's running score: each vault's best split as if the game ended now, seat 0's less the
 * komi; the turn cap ends a game the rules did not.
 */
class PyramettoRunningScoreTest {

    private final PyramettoRules rules = Positions.rules(4);

    @Test
    void theHigherScoreLeadsAndItIsTheGamesOwn() {
        assertEquals(Scoring.HIGHER_POINTS_LEAD, new Pyrametto().scoring());
    }

    @Test
    void aVaultScoresItsBestSplitAsTheGameGoes() {
        assertArrayEquals(new double[] {0, 0, 0, 0}, rules.runningScore(rules.initialState()));
        PyramettoState lastTake = Positions.start(4).stack(0, "Sr Mr Lr").stack(1, "Sy").turns(998).mover(2).build();
        assertArrayEquals(new double[] {0, 0, 0, 0}, rules.runningScore(lastTake));
        PyramettoState taken = rules.apply(lastTake, PyramettoMove.parse("Ta"));
        assertFalse(taken.isTerminal());
        assertArrayEquals(new double[] {0, 0, 7, 0}, rules.runningScore(taken), "seat 2's red tree");
    }

    @Test
    void theTurnCapEndsAGameTheRulesDidNot() {
        PyramettoState lastTake = Positions.start(4).stack(0, "Sr Mr Lr").stack(1, "Sy").turns(999).mover(2).build();
        PyramettoState capped = rules.apply(lastTake, PyramettoMove.parse("Ta"));
        assertTrue(capped.isTerminal());
        assertTrue(rules.endedByCap(capped));
        assertArrayEquals(new double[] {0, 0, 7, 0}, rules.runningScore(capped));
        for (long seed = 1; seed <= 5; seed++) {
            assertFalse(rules.endedByCap(RandomPlay.finalState(rules, seed)), "a game ended by its signal");
        }
    }

    @Test
    void theKomiIsTakenFromSeatZeroFromTheFirstStateAndTheEndIsTheOutcome() {
        PyramettoRules komi = (PyramettoRules) new Pyrametto().rules(GameSetup.parse(3, "standard?komi=3"));
        assertArrayEquals(new double[] {-3, 0, 0}, komi.runningScore(komi.initialState()));
        for (long seed = 1; seed <= 5; seed++) {
            PyramettoState end = RandomPlay.finalState(komi, seed);
            Outcome outcome = komi.outcome(end);
            assertArrayEquals(outcome.scores().stream().mapToDouble(Double::doubleValue).toArray(),
                    komi.runningScore(end));
            assertEquals(end.score(0) - 3, komi.runningScore(end)[0]);
        }
    }
}
