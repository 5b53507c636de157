package org.pyramidarena.games.pyraos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.Legality;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.RandomPlay;
import org.pyramidarena.api.State;

/** How a game of Pyraos ends (DECISIONS.md Pyraos 5-7 and the doc's further decisions). */
class PyraosEndingsTest {

    private final PyraosRules rules = PyraosPositions.rules("standard");

    /** Four moves that bring the position after {@link PyraosPositions#THREE_OF_A_SQUARE_MOVES} back twice. */
    private static final String TWO_LOOPS = " 1b2x1b2 1d3x1d3 1b2x1b2 1d3x1d3";

    @Test
    void placingTheApexWins() {
        PyraosState state = PyraosPositions.apexToPlace();
        assertEquals(List.of(PyraosMove.parse("4a1")), rules.legalMoves(state),
                "the level-3 spheres support the apex, so none can be lifted there");
        PyraosState end = rules.apply(state, PyraosMove.parse("4a1"));
        assertTrue(end.isTerminal());
        assertEquals(State.NONE, end.actor());
        assertEquals(PyraosState.Ending.APEX, end.ending());
        Outcome outcome = rules.outcome(end);
        assertTrue(outcome.isSoleWinner(0));
        assertEquals(1.0, outcome.score(0));
        assertEquals(0.0, outcome.score(1));
        assertTrue(rules.legalMoves(end).isEmpty());
        assertEquals(Legality.Reason.GAME_OVER, rules.check(end, PyraosMove.parse("1a1")).reason());
    }

    @Test
    void aPlayerWhoCannotMoveLoses() {
        PyraosState state = PyraosPositions.seatOneNearlyStuck();
        // After 3a1 rests on 2b2, seat 1 has no reserve and no sphere free to lift.
        PyraosState end = rules.apply(state, PyraosMove.parse("3a1"));
        assertTrue(end.isTerminal(), "the state is over, not a turn without moves");
        assertEquals(PyraosState.Ending.NO_MOVE, end.ending());
        assertTrue(rules.outcome(end).isSoleWinner(0));
        assertTrue(rules.legalMoves(end).isEmpty());
    }

    @Test
    void aPlayerWhoCanStillLiftDoesNotLose() {
        PyraosState withLift = PyraosPositions.position("1a1 1d4 2a1 2b1 2c1 2a2 2c2 2a3 2b3 2b2",
                PyraosPositions.levelOneExcept("1a1 1d4") + " 2c3", 0);
        PyraosState after = rules.apply(withLift, PyraosMove.parse("3a1"));
        assertFalse(after.isTerminal(), "seat 1 can lift 2c3 to 3a2");
        assertTrue(rules.legalMoves(after).contains(PyraosMove.parse("2c3-3a2")));
    }

    @Test
    void theThirdOccurrenceOfAPositionIsADraw() {
        String moves = PyraosPositions.THREE_OF_A_SQUARE_MOVES + TWO_LOOPS;
        PyraosState start = RandomPlay.after(rules, PyraosPositions.THREE_OF_A_SQUARE_MOVES, 0);
        assertEquals(1, start.repetitions());
        PyraosState beforeLast = RandomPlay.after(rules, moves.substring(0, moves.lastIndexOf(' ')), 0);
        assertFalse(beforeLast.isTerminal(), "seat 1 to move on that board has occurred twice only");
        assertEquals(2, beforeLast.repetitions());
        PyraosState end = RandomPlay.after(rules, moves, 0);
        assertEquals(PyraosState.Ending.REPETITION, end.ending());
        assertEquals(3, end.repetitions());
        assertEquals(10, end.moveCount());
        Outcome outcome = rules.outcome(end);
        assertTrue(outcome.isDraw());
        assertEquals(0.5, outcome.score(0));
    }

    @Test
    void theStartingPositionCountsAsAnOccurrence() {
        PyraosState state = PyraosPositions.threeOfASquare();
        for (String move : TWO_LOOPS.trim().split(" ")) {
            state = rules.apply(state, PyraosMove.parse(move));
        }
        assertEquals(PyraosState.Ending.REPETITION, state.ending());
        assertEquals(4, state.moveCount());
    }

    @Test
    void aRepetitionNeedsTheSamePlayerToMove() {
        PyraosState seatZero = RandomPlay.after(rules, PyraosPositions.THREE_OF_A_SQUARE_MOVES, 0);
        PyraosState seatOne = rules.apply(seatZero, PyraosMove.parse("1b2x1b2"));
        assertEquals(seatZero.spheres(0), seatOne.spheres(0));
        assertEquals(seatZero.spheres(1), seatOne.spheres(1));
        assertNotEquals(seatZero.positionKey(), seatOne.positionKey());
        assertEquals(1, seatOne.repetitions());
    }

    @Test
    void aPositionRepeatsHoweverItIsReached() {
        // Back to the same position by two different loops: the plain one, then through 1b2x1a1,
        // which swaps 1a1 for 1b2, and 1a1x1b2, which swaps them back.
        String moves = PyraosPositions.THREE_OF_A_SQUARE_MOVES
                + " 1b2x1b2 1d3x1d3 1b2x1a1 1d3x1d3 1a1x1b2 1d3x1d3";
        PyraosState end = RandomPlay.after(rules, moves, 0);
        assertEquals(PyraosState.Ending.REPETITION, end.ending());
        assertEquals(12, end.moveCount());
    }

    @Test
    void statesAreEqualWhenTheyHaveTheSamePositionMoveCountAndHistoryCounts() {
        String prefix = PyraosPositions.THREE_OF_A_SQUARE_MOVES;
        PyraosState plainLoopFirst = RandomPlay.after(rules, prefix + " 1b2x1b2 1d3x1d3 1b2x1a1 1d3x1d3 1a1x1b2", 0);
        PyraosState swapLoopFirst = RandomPlay.after(rules, prefix + " 1b2x1a1 1d3x1d3 1a1x1b2 1d3x1d3 1b2x1b2", 0);
        assertEquals(plainLoopFirst, swapLoopFirst, "the same positions occurred as often, in another order");
        assertEquals(plainLoopFirst.hashCode(), swapLoopFirst.hashCode());
        // The same position after the same number of moves with another history is another state.
        PyraosState oneWay = RandomPlay.after(rules, "1a1 1c3 1b1 1d4", 0);
        PyraosState otherWay = RandomPlay.after(rules, "1b1 1d4 1a1 1c3", 0);
        assertEquals(oneWay.positionKey(), otherWay.positionKey());
        assertNotEquals(oneWay, otherWay);
    }

    @Test
    void aGameReachingThreeHundredMovesIsADraw() {
        PyraosState last = PyraosPositions.position("1a1 1b1 1a2", "1c3 1d4 1c4", 0, 299);
        PyraosState end = rules.apply(last, PyraosMove.parse("1d1"));
        assertEquals(300, end.moveCount());
        assertEquals(PyraosState.Ending.MOVE_LIMIT, end.ending());
        assertTrue(rules.outcome(end).isDraw());
        PyraosState earlier = PyraosPositions.position("1a1 1b1 1a2", "1c3 1d4 1c4", 0, 298);
        assertFalse(rules.apply(earlier, PyraosMove.parse("1d1")).isTerminal());
    }

    @Test
    void theApexOnTheThreeHundredthMoveStillWins() {
        PyraosState state = PyraosPositions.position(
                "1a1 2a1 2b1 2c1 2a2 2b2 2c2 2a3 2b3 2c3 3a1 3b1 3a2 3b2", PyraosPositions.levelOneExcept("1a1"), 0, 299);
        assertEquals(PyraosState.Ending.APEX, rules.apply(state, PyraosMove.parse("4a1")).ending());
    }

    @Test
    void theMoveLimitComesBeforeALossForNoMove() {
        PyraosState base = PyraosPositions.seatOneNearlyStuck();
        PyraosState last = PyraosState.start(base.spheres(0), base.spheres(1), 0, 299);
        assertEquals(PyraosState.Ending.MOVE_LIMIT, rules.apply(last, PyraosMove.parse("3a1")).ending());
    }

    @Test
    void randomGamesEndWithinThreeHundredMoves() {
        for (String variant : List.of("standard", "pass", "children", "pylos")) {
            PyraosRules variantRules = PyraosPositions.rules(variant);
            for (long seed = 1; seed <= 30; seed++) {
                PyraosState end = RandomPlay.finalState(variantRules, seed);
                assertTrue(end.moveCount() <= 300, variant + " seed " + seed);
                assertNotEquals(PyraosState.Ending.NONE, end.ending());
            }
        }
    }

    @Test
    void outcomeOfAGameInProgressIsAnError() {
        assertThrows(IllegalStateException.class, () -> rules.outcome(rules.initialState()));
    }
}
