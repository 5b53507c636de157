package org.pyramidarena.games.pyraos.oracle;

/**
 * The geometry of the Pyraos pyramid: its 30 positions and which rest on which, as bit masks over
 * position indices (bit {@code p} stands for position {@code p}).
 *
 * <p>Levels are numbered 1 (the 4x4 board) to 4 (the apex) in names and 0 to 3 in code. Position
 * indices run level by level, row by row: level 1 is {@code 0..15}, level 2 {@code 16..24}, level 3
 * {@code 25..28} and the apex is {@code 29}. A position is named by its level digit, column letter
 * and row digit: {@code 1a1 .. 1d4}, {@code 2a1 .. 2c3}, {@code 3a1 .. 3b2}, {@code 4a1}. The
 * position in column {@code c}, row {@code r} of a level rests on columns {@code c, c+1} of rows
 * {@code r, r+1} of the level below.
 */
public final class OracleBoard {

    /** The number of positions in the pyramid. */
    public static final int POSITIONS = 30;

    /** The number of levels. */
    public static final int LEVELS = 4;

    /** The apex's index. */
    public static final int APEX = 29;

    /** The spheres each player owns. */
    public static final int SPHERES_PER_PLAYER = 15;

    /** The mask of all 30 positions. */
    static final int ALL = (1 << POSITIONS) - 1;

    private static final int[] OFFSET = {0, 16, 25, 29, 30};

    private static final int[] LEVEL = new int[POSITIONS];
    private static final int[] ROW = new int[POSITIONS];
    private static final int[] COLUMN = new int[POSITIONS];
    /** The four positions a position rests on; 0 on level 1. */
    private static final int[] BELOW = new int[POSITIONS];
    /** The positions resting on a position. */
    private static final int[] ABOVE = new int[POSITIONS];
    /** The 2x2 squares (as masks) of a position's level that contain it. */
    private static final int[][] SQUARES_AT = new int[POSITIONS][];
    private static final int[] SQUARES;
    private static final String[] NAMES = new String[POSITIONS];

    static {
        for (int level = 0; level < LEVELS; level++) {
            int size = size(level);
            for (int row = 0; row < size; row++) {
                for (int column = 0; column < size; column++) {
                    int p = OFFSET[level] + row * size + column;
                    LEVEL[p] = level;
                    ROW[p] = row;
                    COLUMN[p] = column;
                    NAMES[p] = "" + (char) ('1' + level) + (char) ('a' + column) + (char) ('1' + row);
                    if (level > 0) {
                        int below = size + 1;
                        int base = OFFSET[level - 1] + row * below + column;
                        BELOW[p] = 1 << base | 1 << base + 1 | 1 << base + below | 1 << base + below + 1;
                        for (int q = base; q <= base + below + 1; q++) {
                            if ((BELOW[p] & 1 << q) != 0) {
                                ABOVE[q] |= 1 << p;
                            }
                        }
                    }
                }
            }
        }
        // A square on one level is exactly what a position of the next level rests on.
        SQUARES = new int[OFFSET[LEVELS] - OFFSET[1]];
        for (int p = OFFSET[1]; p < POSITIONS; p++) {
            SQUARES[p - OFFSET[1]] = BELOW[p];
        }
        for (int p = 0; p < POSITIONS; p++) {
            int count = 0;
            for (int square : SQUARES) {
                if ((square & 1 << p) != 0) {
                    count++;
                }
            }
            SQUARES_AT[p] = new int[count];
            int n = 0;
            for (int square : SQUARES) {
                if ((square & 1 << p) != 0) {
                    SQUARES_AT[p][n++] = square;
                }
            }
        }
    }

    private OracleBoard() {
    }

    /** The side of a level's grid: 4, 3, 2, 1 for levels 0 to 3. */
    static int size(int level) {
        return LEVELS - level;
    }

    /** The first position index of a level (0-3); {@code offset(4)} is 30. */
    static int offset(int level) {
        return OFFSET[level];
    }

    /** The level of a position, 0 (the board) to 3 (the apex). */
    public static int level(int position) {
        return LEVEL[position];
    }

    /** The row of a position on its level, from 0. */
    public static int row(int position) {
        return ROW[position];
    }

    /** The column of a position on its level, from 0. */
    public static int column(int position) {
        return COLUMN[position];
    }

    /** The mask of the four positions a position rests on; 0 on level 1. */
    static int below(int position) {
        return BELOW[position];
    }

    /** The mask of the positions that rest on a position. */
    static int above(int position) {
        return ABOVE[position];
    }

    /** The masks of the squares of a position's level containing it. */
    static int[] squaresAt(int position) {
        return SQUARES_AT[position];
    }

    /** Every 2x2 square of levels 1 to 3, as masks: 9 + 4 + 1. */
    static int[] squares() {
        return SQUARES.clone();
    }

    /** True when a position is empty and every position it rests on is occupied in {@code occupied}. */
    static boolean placeable(int occupied, int position) {
        return (occupied & 1 << position) == 0 && (occupied & BELOW[position]) == BELOW[position];
    }

    /** True when a position is occupied with nothing resting on it in {@code occupied}. */
    static boolean free(int occupied, int position) {
        return (occupied & 1 << position) != 0 && (occupied & ABOVE[position]) == 0;
    }

    /** True when {@code own} (a mover's spheres) fills a square containing {@code position}. */
    static boolean completesSquare(int own, int position) {
        for (int square : SQUARES_AT[position]) {
            if ((own & square) == square) {
                return true;
            }
        }
        return false;
    }

    /** The name of a position, {@code 1a1} to {@code 4a1}. */
    public static String name(int position) {
        return NAMES[position];
    }

    /**
     * The position a name stands for.
     *
     * @throws IllegalArgumentException when the name is not one of {@code 1a1 .. 4a1}
     */
    public static int parse(String name) {
        if (name.length() == 3) {
            int level = name.charAt(0) - '1';
            int column = name.charAt(1) - 'a';
            int row = name.charAt(2) - '1';
            if (level >= 0 && level < LEVELS) {
                int size = size(level);
                if (column >= 0 && column < size && row >= 0 && row < size) {
                    return OFFSET[level] + row * size + column;
                }
            }
        }
        throw new IllegalArgumentException("'" + name + "' is not a position (level 1 a1..d4, 2 a1..c3, 3 a1..b2, 4 a1,"
                + " written like 1a1, 2b3, 4a1)");
    }
}
