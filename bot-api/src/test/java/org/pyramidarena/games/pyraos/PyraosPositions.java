package org.pyramidarena.games.pyraos;

import java.util.List;
import org.pyramidarena.api.GameSetup;

/** Named positions and helpers for the Pyraos tests. */
final class PyraosPositions {

    private PyraosPositions() {
    }

    /** The rules of a variant. */
    static PyraosRules rules(String variant) {
        return (PyraosRules) new Pyraos().rules(new GameSetup(2, variant));
    }

    /** The mask of space-separated position names. */
    static int mask(String names) {
        int mask = 0;
        for (String name : names.trim().isEmpty() ? new String[0] : names.trim().split("\\s+")) {
            mask |= 1 << PyraosBoard.parse(name);
        }
        return mask;
    }

    /** A game in progress with these spheres and no earlier positions. */
    static PyraosState position(String seat0, String seat1, int actor) {
        return position(seat0, seat1, actor, 0);
    }

    /** A game in progress with these spheres after {@code moveCount} moves and no earlier positions. */
    static PyraosState position(String seat0, String seat1, int actor, int moveCount) {
        return PyraosState.start(mask(seat0), mask(seat1), actor, moveCount);
    }

    /** The legal moves whose placement or lift is {@code base}, with or without removals. */
    static List<PyraosMove> withBase(PyraosRules rules, PyraosState state, String base) {
        PyraosMove wanted = PyraosMove.parse(base);
        return rules.legalMoves(state).stream().filter(m -> m.withoutRemovals().equals(wanted)).toList();
    }

    /** Every level-1 position except those named. */
    static String levelOneExcept(String names) {
        int skip = mask(names);
        StringBuilder out = new StringBuilder();
        for (int p = 0; p < 16; p++) {
            if ((skip & 1 << p) == 0) {
                out.append(PyraosBoard.name(p)).append(' ');
            }
        }
        return out.toString();
    }

    /**
     * Seat 0 to move; seat 0 holds 1a1 1b1 1a2 (three of the square under 2a1), seat 1 holds 1c3 1d4
     * 1c4 (three of the square under 2c3). Reached from the start by {@link #THREE_OF_A_SQUARE_MOVES}.
     */
    static final String THREE_OF_A_SQUARE_MOVES = "1a1 1c3 1b1 1d4 1a2 1c4";

    static PyraosState threeOfASquare() {
        return position("1a1 1b1 1a2", "1c3 1d4 1c4", 0);
    }

    /**
     * Seat 0 to move and about to complete the level-2 square 2a1 2b1 2a2 2b2. The lower-left 3x3
     * block of level 1 and the d column hold spheres; seat 0's level-1 spheres 1a1 1c1 1a3 1c3 each
     * lie under exactly one of seat 0's level-2 spheres, and 1d4 is free.
     */
    static PyraosState levelTwoSquare() {
        return position("1a1 1c1 1b2 1a3 1c3 2a1 2b1 2a2 1d4", "1b1 1a2 1c2 1b3 1d1 1d2 1d3 1a4", 0);
    }

    /**
     * Levels 1 and 2 full, seat 0 to move with 5 in reserve. Seat 1 holds 14 level-1 spheres and the
     * centre 2b2, on which every level-3 position rests; seat 0 holds 1a1, 1d4 and the rest of level 2.
     */
    static PyraosState seatOneNearlyStuck() {
        return position("1a1 1d4 2a1 2b1 2c1 2a2 2c2 2a3 2b3 2c3", levelOneExcept("1a1 1d4") + " 2b2", 0);
    }

    /** Levels 1-3 full: seat 0 (one sphere in reserve) holds 1a1, level 2 and level 3, seat 1 the rest. */
    static PyraosState apexToPlace() {
        return position("1a1 2a1 2b1 2c1 2a2 2b2 2c2 2a3 2b3 2c3 3a1 3b1 3a2 3b2", levelOneExcept("1a1"), 0);
    }
}
