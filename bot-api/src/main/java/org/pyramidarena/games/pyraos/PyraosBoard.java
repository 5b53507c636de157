package org.pyramidarena.games.pyraos;

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
public final class PyraosBoard {

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
    /** The positions on levels strictly above a position's level. */
    private static final int[] HIGHER = new int[POSITIONS];

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
        for (int p = 0; p < POSITIONS; p++) {
            HIGHER[p] = ALL & -(1 << OFFSET[LEVEL[p] + 1]);
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

    private PyraosBoard() {
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

    /** The mask of the positions on levels strictly above a position's level. */
    static int higher(int position) {
        return HIGHER[position];
    }

    /*
     * Whole-board versions of the tests above, a few shifts each. Level 1 is bits 0..15 as a 4x4
     * grid (bit 4r+c), level 2 bits 16..24 as a 3x3 grid (bit 3r+c), level 3 bits 25..28 as a 2x2
     * grid, the apex bit 29. The square of a level anchored at row r, column c is what position
     * (r, c) of the next level rests on.
     */

    /**
     * The positions whose four supports are all in {@code spheres}, level 1 included (it needs none):
     * with {@code spheres} the occupied positions, the empty ones among these are where a sphere can
     * go; with a seat's spheres, the positions over a square of its colour.
     */
    static int supported(int spheres) {
        int one = spheres & 0xFFFF;
        int corner = one & one >>> 1 & one >>> 4 & one >>> 5;
        int two = spheres >>> 16 & 0x1FF;
        int corner2 = two & two >>> 1 & two >>> 3 & two >>> 4;
        int apex = (spheres >>> 25 & 0xF) == 0xF ? 1 << APEX : 0;
        return 0xFFFF | ((corner & 0x7) | (corner >>> 1 & 0x38) | (corner >>> 2 & 0x1C0)) << 16
                | ((corner2 & 0x3) | (corner2 >>> 1 & 0xC)) << 25 | apex;
    }

    /** The positions with a sphere of {@code occupied} resting on them (occupied or not themselves). */
    static int covered(int occupied) {
        int two = occupied >>> 16 & 0x1FF;
        int spread = (two & 0x7) | (two & 0x38) << 1 | (two & 0x1C0) << 2;
        int three = occupied >>> 25 & 0xF;
        int spread3 = (three & 0x3) | (three & 0xC) << 1;
        int apex = (occupied >>> APEX & 1) != 0 ? 0xF << 25 : 0;
        return (spread | spread << 1 | spread << 4 | spread << 5)
                | (spread3 | spread3 << 1 | spread3 << 3 | spread3 << 4) << 16 | apex;
    }

    /**
     * The positions that would complete a square of {@code own} on their level if {@code own} held
     * them too: some square containing the position has its other three positions in {@code own}.
     * Whether the position itself is empty is not asked.
     */
    static int completing(int own) {
        int one = own & 0xFFFF;
        int two = own >>> 16 & 0x1FF;
        int three = own >>> 25 & 0xF;
        return completing(one, 4, 0x777) | completing(two, 3, 0x1B) << 16 | completing(three, 2, 0x1) << 25;
    }

    /** {@link #completing(int)} on one level's grid of side {@code width}, with its square anchors. */
    private static int completing(int grid, int width, int anchors) {
        int right = grid >>> 1;
        int up = grid >>> width;
        int diagonal = grid >>> width + 1;
        return (right & up & diagonal & anchors)
                | (grid & up & diagonal & anchors) << 1
                | (grid & right & diagonal & anchors) << width
                | (grid & right & up & anchors) << width + 1;
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
