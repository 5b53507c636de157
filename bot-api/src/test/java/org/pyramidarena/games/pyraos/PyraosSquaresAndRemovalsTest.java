package org.pyramidarena.games.pyraos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.Legality;

/** Squares of the mover's colour and the removals they earn (pyraos.txt "Removing spheres"; DECISIONS.md Pyraos 4). */
class PyraosSquaresAndRemovalsTest {

    private final PyraosRules rules = PyraosPositions.rules("standard");

    @Test
    void fourteenSquaresOnLevelsOneToThree() {
        int[] squares = PyraosBoard.squares();
        assertEquals(14, squares.length);
        int[] perLevel = new int[PyraosBoard.LEVELS];
        for (int square : squares) {
            assertEquals(4, Integer.bitCount(square));
            int level = PyraosBoard.level(Integer.numberOfTrailingZeros(square));
            for (int p = 0; p < PyraosBoard.POSITIONS; p++) {
                if ((square & 1 << p) != 0) {
                    assertEquals(level, PyraosBoard.level(p), "a square lies on one level");
                }
            }
            perLevel[level]++;
        }
        assertEquals(9, perLevel[0]);
        assertEquals(4, perLevel[1]);
        assertEquals(1, perLevel[2]);
        assertEquals(0, perLevel[3]);
    }

    @Test
    void aSquareOnLevelOneEarnsUpToTwoRemovals() {
        List<PyraosMove> moves = PyraosPositions.withBase(rules, PyraosPositions.threeOfASquare(), "1b2");
        // The move alone, 4 single removals, 6 pairs of the 4 free spheres of the square.
        assertEquals(11, moves.size());
        assertEquals(PyraosMove.parse("1b2"), moves.get(0));
        assertEquals(4, moves.stream().filter(m -> m.removals() == 1).count());
        assertEquals(6, moves.stream().filter(m -> m.removals() == 2).count());
    }

    @Test
    void aSquareOnLevelTwoIsRecognised() {
        List<PyraosMove> moves = PyraosPositions.withBase(rules, PyraosPositions.levelTwoSquare(), "2b2");
        // Free own spheres after placing 2b2: 2a1 2b1 2a2 2b2 1d4 (5 singles, 10 pairs), and each level-2
        // sphere frees the one level-1 sphere of seat 0 under it alone (1a1, 1c1, 1a3, 1c3: 4 more pairs).
        assertEquals(1 + 5 + 10 + 4, moves.size());
    }

    @Test
    void aSquareOnLevelThreeIsRecognised() {
        PyraosState state = PyraosPositions.position("1a1 2a1 2b1 2c1 2a2 2b2 2c2 2a3 2b3 2c3 3a1 3b1 3a2",
                PyraosPositions.levelOneExcept("1a1"), 0);
        assertEquals(2, state.reserve(0));
        assertTrue(rules.check(state, PyraosMove.parse("3b2x3b2x3a1")).isLegal());
        assertTrue(rules.legalMoves(state).contains(PyraosMove.parse("3b2x3a2")));
    }

    @Test
    void aSquareCountsOnlyInTheMoversColour() {
        PyraosState state = PyraosPositions.threeOfASquare();
        // 1d3 completes 1c3 1d3 1c4 1d4, three of them seat 1's.
        Legality verdict = rules.check(state, PyraosMove.parse("1d3x1d3"));
        assertEquals(Legality.Reason.RULE_VIOLATION, verdict.reason());
        assertTrue(verdict.message().contains("square"), verdict.message());
        assertEquals(List.of(PyraosMove.parse("1d3")), PyraosPositions.withBase(rules, state, "1d3"));
    }

    @Test
    void theSquareMustContainTheMovedSphere() {
        PyraosState state = PyraosPositions.position("1a1 1b1 1a2 1b2", "1c3 1d4 1c4 1d1", 0);
        assertFalse(rules.check(state, PyraosMove.parse("1d2x1d2")).isLegal(), "a square already there earns nothing");
        assertEquals(1, PyraosPositions.withBase(rules, state, "1d2").size());
    }

    @Test
    void aLiftThatCompletesASquareEarnsRemovalsToo() {
        PyraosState state = PyraosPositions.levelTwoSquare();
        assertTrue(rules.check(state, PyraosMove.parse("1d4-2b2x2b2")).isLegal());
        assertTrue(rules.check(state, PyraosMove.parse("1d4-2b2x2a1x1a1")).isLegal());
        // The lifted sphere has left 1d4, so it cannot be removed from there.
        assertFalse(rules.check(state, PyraosMove.parse("1d4-2b2x1d4")).isLegal());
    }

    @Test
    void theSecondRemovalMayTakeASphereFreedByTheFirst() {
        PyraosState state = PyraosPositions.levelTwoSquare();
        Legality blocked = rules.check(state, PyraosMove.parse("2b2x1a1"));
        assertTrue(blocked.message().contains("nothing resting on them"), blocked.message());
        PyraosMove move = PyraosMove.parse("2b2x2a1x1a1");
        assertTrue(rules.check(state, move).isLegal());
        assertTrue(rules.legalMoves(state).contains(move));
        PyraosState after = rules.apply(state, move);
        assertEquals(-1, after.owner(PyraosBoard.parse("2a1")));
        assertEquals(-1, after.owner(PyraosBoard.parse("1a1")));
        assertEquals(0, after.owner(PyraosBoard.parse("2b2")));
        assertEquals(state.reserve(0) - 1 + 2, after.reserve(0), "removed spheres go back to reserve");
    }

    @Test
    void severalSquaresAtOnceStillAllowTwoRemovalsAtMost() {
        // 1b2 completes both 1a1 1b1 1a2 1b2 and 1b1 1c1 1b2 1c2.
        PyraosState state = PyraosPositions.position("1a1 1b1 1a2 1c1 1c2", "1a4 1b4 1c4 1d4 1d3", 0);
        List<PyraosMove> moves = PyraosPositions.withBase(rules, state, "1b2");
        // 6 free own spheres: 6 singles and 15 pairs, no more.
        assertEquals(1 + 6 + 15, moves.size());
        assertTrue(moves.stream().allMatch(m -> m.removals() <= 2));
        assertThrows(IllegalArgumentException.class, () -> PyraosMove.parse("1b2x1a1x1b1x1c1"));
    }

    @Test
    void theMovedSphereMayBeRemoved() {
        PyraosState state = PyraosPositions.threeOfASquare();
        PyraosState after = rules.apply(state, PyraosMove.parse("1b2x1b2"));
        assertEquals(state.spheres(0), after.spheres(0), "the board is as before");
        assertEquals(state.reserve(0), after.reserve(0));
        assertEquals(1, after.actor());
    }

    @Test
    void onlyOwnSpheresWithNothingOnThemAreRemoved() {
        PyraosState state = PyraosPositions.threeOfASquare();
        Legality verdict = rules.check(state, PyraosMove.parse("1b2x1c3"));
        assertTrue(verdict.message().contains("your own"), verdict.message());
        assertFalse(rules.check(PyraosPositions.levelTwoSquare(), PyraosMove.parse("2b2x1b2")).isLegal(),
                "1b2 carries four spheres");
        assertFalse(rules.check(state, PyraosMove.parse("1b2x1d1")).isLegal(), "an empty position");
    }

    @Test
    void aRemovalSetIsListedOnceWhateverItsOrder() {
        PyraosState state = PyraosPositions.threeOfASquare();
        PyraosMove oneWay = PyraosMove.parse("1b2x1a1x1b1");
        PyraosMove otherWay = PyraosMove.parse("1b2x1b1x1a1");
        assertEquals(oneWay, otherWay);
        assertEquals("1b2x1b1x1a1", oneWay.notation(), "the higher index is written first");
        assertEquals(1, rules.legalMoves(state).stream().filter(oneWay::equals).count());
        assertThrows(IllegalArgumentException.class, () -> PyraosMove.parse("1b2x1a1x1a1"));
    }
}
