package org.pyramidarena.games.pyraos;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.RandomPlay;
import org.pyramidarena.api.Scoring;

/**
 * Pyraos scores only at its end; its running score is a stand-in, the spheres each seat still
 * holds, and a game stopped at the move limit ended by a cap of the rules.
 */
class PyraosRunningScoreTest {

    private final PyraosRules rules = PyraosPositions.rules("standard");

    @Test
    void theSpheresInReserveStandInForTheScore() {
        assertEquals(Scoring.proxy("spheres in reserve"), new Pyraos().scoring());
    }

    @Test
    void eachPlacementTakesASphereFromItsSeatsReserve() {
        assertArrayEquals(new double[] {15, 15}, rules.runningScore(rules.initialState()));
        assertArrayEquals(new double[] {14, 15}, rules.runningScore(RandomPlay.after(rules, "1a1", 0)));
        assertArrayEquals(new double[] {12, 12},
                rules.runningScore(RandomPlay.after(rules, PyraosPositions.THREE_OF_A_SQUARE_MOVES, 0)));
    }

    @Test
    void aHandicapIsInTheReserveFromTheStart() {
        PyraosRules handicap = (PyraosRules) new Pyraos().rules(GameSetup.parse(2, "standard?handicap=2"));
        assertArrayEquals(new double[] {15, 17}, handicap.runningScore(handicap.initialState()));
        PyraosRules reversed = (PyraosRules) new Pyraos().rules(GameSetup.parse(2, "standard?handicap=-3"));
        assertArrayEquals(new double[] {18, 15}, reversed.runningScore(reversed.initialState()));
    }

    @Test
    void theStandInIsNotTheOutcomesScore() {
        PyraosState end = rules.apply(PyraosPositions.apexToPlace(), PyraosMove.parse("4a1"));
        assertEquals(1.0, rules.outcome(end).score(0));
        assertArrayEquals(new double[] {end.reserve(0), end.reserve(1)}, rules.runningScore(end),
                "the spheres in reserve at the end too");
    }

    @Test
    void onlyTheMoveLimitIsACap() {
        PyraosState lastMove = PyraosPositions.position("1a1", "1d4", 0, PyraosRules.MOVE_LIMIT - 1);
        PyraosState stopped = rules.apply(lastMove, PyraosMove.parse("1b1"));
        assertEquals(PyraosState.Ending.MOVE_LIMIT, stopped.ending());
        assertTrue(rules.endedByCap(stopped));
        assertFalse(rules.endedByCap(rules.apply(PyraosPositions.apexToPlace(), PyraosMove.parse("4a1"))),
                "the apex decides a game");
        assertFalse(rules.endedByCap(rules.apply(PyraosPositions.seatOneNearlyStuck(), PyraosMove.parse("3a1"))),
                "so does a player who cannot move");
    }
}
