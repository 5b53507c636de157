package org.pyramidarena.games.pylon.oracle;

/*
 * The oracle: a frozen copy of org.pyramidarena.games.pylon.PylonMove as it was before the engine was
 * rewritten for speed (issue 26), renamed into this test package. PylonOracleTest plays the
 * production rules against it move by move. Do not optimise or fix it: it is the reference.
 */

import org.pyramidarena.api.Move;

/**
 * A Pylon move: placing a pyramid from hand on an empty square, or moving the whole stack on one
 * square onto an orthogonally adjacent occupied square.
 *
 * <p>Notation: squares are a column letter {@code a..f} and a row digit {@code 1..5} ({@code a1}
 * is the first square, row-major). A placement is the size letter and the square, {@code Sa1},
 * {@code Mc3}, {@code Lf5}; a stacking move is origin, hyphen, target, {@code b2-b3}.
 *
 * @param size the placed pyramid's size, 1 (small) to 3 (large), or 0 for a stacking move
 * @param from the square a stack moves from, or -1 for a placement
 * @param to the square placed on or moved onto, {@code 0..29}, {@code row * 6 + column}
 */
public record OraclePylonMove(int size, int from, int to) implements Move {

    static final int ROWS = 5;
    static final int COLUMNS = 6;
    static final int SQUARES = ROWS * COLUMNS;
    private static final String SIZES = "SML";

    private static final OraclePylonMove[] PLACEMENTS = new OraclePylonMove[SQUARES * 3];
    private static final OraclePylonMove[] STACKINGS = new OraclePylonMove[SQUARES * SQUARES];

    static {
        for (int square = 0; square < SQUARES; square++) {
            for (int size = 1; size <= 3; size++) {
                PLACEMENTS[square * 3 + size - 1] = new OraclePylonMove(size, -1, square);
            }
        }
        for (int from = 0; from < SQUARES; from++) {
            for (int to : neighbours(from)) {
                STACKINGS[from * SQUARES + to] = new OraclePylonMove(0, from, to);
            }
        }
    }

    public OraclePylonMove {
        if (to < 0 || to >= SQUARES) {
            throw new IllegalArgumentException("no square " + to);
        }
        if (from == -1) {
            if (size < 1 || size > 3) {
                throw new IllegalArgumentException("a placement has a size from 1 to 3");
            }
        } else if (size != 0 || from < 0 || from >= SQUARES || !adjacent(from, to)) {
            throw new IllegalArgumentException("a stacking move joins two orthogonally adjacent squares");
        }
    }

    /** The placement of a pyramid of {@code size} (1-3) on {@code square}; a shared instance. */
    public static OraclePylonMove place(int size, int square) {
        return PLACEMENTS[square * 3 + size - 1];
    }

    /** The move of the stack on {@code from} onto the adjacent {@code to}; a shared instance. */
    public static OraclePylonMove stack(int from, int to) {
        OraclePylonMove move = from >= 0 && from < SQUARES && to >= 0 && to < SQUARES ? STACKINGS[from * SQUARES + to] : null;
        if (move == null) {
            throw new IllegalArgumentException("squares " + from + " and " + to + " are not adjacent");
        }
        return move;
    }

    /** True for a placement, false for a stacking move. */
    public boolean isPlacement() {
        return from < 0;
    }

    // Every move's notation, written once: the referee, the replays and the events ask for it often.
    private static final String[] PLACEMENT_NOTATIONS = new String[PLACEMENTS.length];
    private static final String[] STACKING_NOTATIONS = new String[STACKINGS.length];

    static {
        for (int i = 0; i < PLACEMENTS.length; i++) {
            PLACEMENT_NOTATIONS[i] = PLACEMENTS[i].describe();
        }
        for (int i = 0; i < STACKINGS.length; i++) {
            if (STACKINGS[i] != null) {
                STACKING_NOTATIONS[i] = STACKINGS[i].describe();
            }
        }
    }

    @Override
    public String notation() {
        return isPlacement() ? PLACEMENT_NOTATIONS[to * 3 + size - 1] : STACKING_NOTATIONS[from * SQUARES + to];
    }

    private String describe() {
        return isPlacement() ? SIZES.charAt(size - 1) + squareName(to) : squareName(from) + "-" + squareName(to);
    }

    @Override
    public String toString() {
        return notation();
    }

    /**
     * Parses {@code Sa1}, {@code Mc3}, {@code Lf5} or {@code b2-b3}.
     *
     * @throws IllegalArgumentException when the text is neither form
     */
    public static OraclePylonMove parse(String text) {
        if (text.length() == 3 && SIZES.indexOf(text.charAt(0)) >= 0) {
            return place(SIZES.indexOf(text.charAt(0)) + 1, parseSquare(text.substring(1), text));
        }
        if (text.length() == 5 && text.charAt(2) == '-') {
            int from = parseSquare(text.substring(0, 2), text);
            int to = parseSquare(text.substring(3), text);
            if (!adjacent(from, to)) {
                throw new IllegalArgumentException("'" + text + "': a stack moves to an orthogonally adjacent square");
            }
            return stack(from, to);
        }
        throw new IllegalArgumentException("'" + text + "' is not a Pylon move (expected e.g. Sa1, Mc3, Lf5 or b2-b3)");
    }

    /** The name of a square, {@code a1} to {@code f5}. */
    public static String squareName(int square) {
        return "" + (char) ('a' + square % COLUMNS) + (char) ('1' + square / COLUMNS);
    }

    private static int parseSquare(String name, String text) {
        char column = name.charAt(0);
        char row = name.charAt(1);
        if (column < 'a' || column >= 'a' + COLUMNS || row < '1' || row >= '1' + ROWS) {
            throw new IllegalArgumentException("'" + text + "': squares run from a1 to f5");
        }
        return (row - '1') * COLUMNS + (column - 'a');
    }

    static boolean adjacent(int a, int b) {
        int ra = a / COLUMNS;
        int ca = a % COLUMNS;
        int rb = b / COLUMNS;
        int cb = b % COLUMNS;
        return Math.abs(ra - rb) + Math.abs(ca - cb) == 1;
    }

    /** The orthogonal neighbours of a square, in increasing square order. */
    static int[] neighbours(int square) {
        int row = square / COLUMNS;
        int column = square % COLUMNS;
        int[] buffer = new int[4];
        int n = 0;
        if (row > 0) {
            buffer[n++] = square - COLUMNS;
        }
        if (column > 0) {
            buffer[n++] = square - 1;
        }
        if (column < COLUMNS - 1) {
            buffer[n++] = square + 1;
        }
        if (row < ROWS - 1) {
            buffer[n++] = square + COLUMNS;
        }
        return java.util.Arrays.copyOf(buffer, n);
    }
}
