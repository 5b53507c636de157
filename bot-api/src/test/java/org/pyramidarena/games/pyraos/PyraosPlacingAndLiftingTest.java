package org.pyramidarena.games.pyraos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.Legality;
import org.pyramidarena.api.RandomPlay;

/** Placing and lifting spheres (pyraos.txt "Moves"; DECISIONS.md Pyraos 1-3). */
class PyraosPlacingAndLiftingTest {

    private final PyraosRules rules = PyraosPositions.rules("standard");

    /**
     * Seat 0 to move: 2a1 rests on 1a1 1b1 1a2 1b2 and 2b1 on 1b1 1c1 1b2 1c2, both supported; 1d4
     * is seat 0's free sphere away from both.
     */
    private final PyraosState liftable = PyraosPositions.position("1a1 1b1 1a2 1d4", "1b2 1c1 1c2 1d1", 0);

    @Test
    void sixteenFirstMovesAndFifteenReplies() {
        PyraosState start = rules.initialState();
        assertEquals(0, start.actor(), "seat 0 moves first");
        List<PyraosMove> first = rules.legalMoves(start);
        assertEquals(16, first.size());
        assertTrue(first.stream().allMatch(m -> m.isPlacement() && PyraosBoard.level(m.to()) == 0));
        PyraosState after = rules.apply(start, PyraosMove.parse("1b2"));
        assertEquals(1, after.actor());
        assertEquals(15, rules.legalMoves(after).size());
        assertEquals(14, after.reserve(0));
    }

    @Test
    void aGameWithNoLiftsOrRemovalsLastsExactlyThirtyMovesAndSeatOnePlacesTheApex() {
        for (long seed = 1; seed <= 40; seed++) {
            SplittableRandom rng = new SplittableRandom(seed);
            PyraosState state = rules.initialState();
            while (!state.isTerminal()) {
                List<PyraosMove> plain = rules.legalMoves(state).stream()
                        .filter(m -> m.isPlacement() && m.removals() == 0).toList();
                state = rules.apply(state, plain.get(rng.nextInt(plain.size())));
            }
            assertEquals(30, state.moveCount(), "seed " + seed);
            assertEquals(PyraosState.Ending.APEX, state.ending());
            assertEquals(1, state.winner());
            assertEquals(1, state.owner(PyraosBoard.APEX));
            assertEquals(0, state.reserve(0) + state.reserve(1));
        }
    }

    @Test
    void aSphereIsPlacedOnlyOnAnEmptyPositionRestingOnFourSpheres() {
        PyraosState state = RandomPlay.after(rules, "1a1 1b1 1a2", 0);
        assertFalse(rules.check(state, PyraosMove.parse("1a1")).isLegal(), "occupied");
        Legality unsupported = rules.check(state, PyraosMove.parse("2a1"));
        assertEquals(Legality.Reason.RULE_VIOLATION, unsupported.reason());
        assertTrue(unsupported.message().contains("four spheres"), unsupported.message());
        PyraosState full = rules.apply(state, PyraosMove.parse("1b2"));
        assertTrue(rules.check(full, PyraosMove.parse("2a1")).isLegal(), "supported by spheres of any colour");
    }

    @Test
    void noSphereCanBePlacedWithAnEmptyReserve() {
        PyraosState state = PyraosPositions.position(PyraosPositions.levelOneExcept("1d4"), "1d4 2a1", 0);
        assertEquals(0, state.reserve(0));
        Legality verdict = rules.check(state, PyraosMove.parse("2b1"));
        assertTrue(verdict.message().contains("reserve"), verdict.message());
    }

    @Test
    void aLiftCannotUseASupportingSphere() {
        Legality verdict = rules.check(liftable, PyraosMove.parse("1a1-2a1"));
        assertEquals(Legality.Reason.RULE_VIOLATION, verdict.reason());
        assertTrue(verdict.message().contains("supports"), verdict.message());
        assertFalse(rules.check(liftable, PyraosMove.parse("1b1-2b1")).isLegal(), "1b1 supports 2b1 too");
        assertTrue(rules.check(liftable, PyraosMove.parse("1a1-2b1")).isLegal(), "1a1 is not under 2b1");
        assertTrue(rules.check(liftable, PyraosMove.parse("1d4-2a1")).isLegal());
        List<PyraosMove> moves = rules.legalMoves(liftable);
        assertFalse(moves.contains(PyraosMove.parse("1a1-2a1")));
        assertTrue(moves.contains(PyraosMove.parse("1d4-2a1")));
    }

    @Test
    void aLiftCannotStayOnItsLevel() {
        Legality verdict = rules.check(liftable, PyraosMove.parse("1d4-1d3"));
        assertTrue(verdict.message().contains("strictly higher"), verdict.message());
        assertTrue(rules.legalMoves(liftable).stream()
                .filter(PyraosMove::isLift)
                .allMatch(m -> PyraosBoard.level(m.to()) > PyraosBoard.level(m.from())));
    }

    @Test
    void aLiftCannotLeaveASphereRestingOnNothing() {
        PyraosState covered = PyraosPositions.position("1a1 1b1 1a2 1d4 2a1", "1b2 1c1 1c2 1d1", 0);
        Legality verdict = rules.check(covered, PyraosMove.parse("1a1-2b1"));
        assertEquals(Legality.Reason.RULE_VIOLATION, verdict.reason());
        assertTrue(verdict.message().contains("supports another sphere"), verdict.message());
        assertTrue(rules.check(covered, PyraosMove.parse("1d4-2b1")).isLegal());
    }

    @Test
    void onlyOwnSpheresAreLifted() {
        Legality verdict = rules.check(liftable, PyraosMove.parse("1d1-2a1"));
        assertTrue(verdict.message().contains("own colour"), verdict.message());
    }

    @Test
    void aLiftMovesTheSphereAndKeepsTheReserve() {
        PyraosState after = rules.apply(liftable, PyraosMove.parse("1d4-2a1"));
        assertEquals(-1, after.owner(PyraosBoard.parse("1d4")));
        assertEquals(0, after.owner(PyraosBoard.parse("2a1")));
        assertEquals(liftable.reserve(0), after.reserve(0));
        assertEquals(1, after.actor());
    }

    @Test
    void applyRejectsAnIllegalMoveAndLeavesItsInputAlone() {
        PyraosState before = liftable;
        long key = before.positionKey();
        assertThrows(IllegalArgumentException.class, () -> rules.apply(before, PyraosMove.parse("1a1-2a1")));
        assertEquals(key, before.positionKey());
        assertEquals(PyraosPositions.position("1a1 1b1 1a2 1d4", "1b2 1c1 1c2 1d1", 0), before);
    }
}
