package org.pyramidarena.games.pyrinoes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.RandomPlay;
import org.pyramidarena.api.Scoring;

/**
 * Pyrinoes's running score: the match points, which change only when a round is scored; a match
 * stopped by the round cap below its target ended by a cap of the rules.
 */
class PyrinoesRunningScoreTest {

    @Test
    void theHigherScoreLeadsAndItIsTheGamesOwn() {
        assertEquals(Scoring.HIGHER_POINTS_LEAD, new Pyrinoes().scoring());
    }

    @Test
    void theMatchPointsAreThePointsOfTheRoundsScoredSoFar() {
        PyrinoesRules rules = Positions.rules("to-50");
        for (long seed = 1; seed <= 3; seed++) {
            List<PyrinoesState> match = RandomPlay.game(rules, seed);
            for (PyrinoesState state : match) {
                double[] points = new double[2];
                for (PyrinoesRound round : state.rounds()) {
                    points[0] += round.points().get(0);
                    points[1] += round.points().get(1);
                }
                assertArrayEquals(points, rules.runningScore(state), "round " + state.round());
            }
            PyrinoesState end = match.get(match.size() - 1);
            assertEquals(rules.outcome(end).scores(), List.of(rules.runningScore(end)[0], rules.runningScore(end)[1]));
            assertFalse(rules.endedByCap(end), "a seat reached the target alone");
        }
    }

    @Test
    void aMatchStoppedByTheRoundCapBelowItsTargetEndedByACap() {
        PyrinoesRules unreachable = (PyrinoesRules) new Pyrinoes().rules(GameSetup.parse(2, "standard?target=10000"));
        PyrinoesState end = RandomPlay.finalState(unreachable, 1);
        assertEquals(PyrinoesRules.ROUND_CAP, end.round());
        assertTrue(unreachable.endedByCap(end));
    }
}
