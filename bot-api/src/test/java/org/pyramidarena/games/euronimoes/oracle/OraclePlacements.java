package org.pyramidarena.games.euronimoes.oracle;

import java.util.List;

/**
 * Finds where a seat may place a domino, in the order {@link OracleRules#legalMoves} promises:
 * upper levels by row and column, then horizontal ground placements by row and column, then
 * vertical ones by row and column, each by domino type with the low number first before the high
 * number first.
 *
 * <p>This runs at every turn of every game, so it avoids work the plain way (scan every cell around
 * the layout, try every domino in hand at each) would repeat: the free cells bordering the layout
 * come from the layout's row masks a row at a time, a cell without neighbours above or below takes
 * any number, and the dominoes that fit on two cells come from one mask operation instead of a test
 * per domino and end.
 *
 * <p>OracleDominoes are handled as <em>ways</em>: bit {@code 2t} of a {@code long} lays type {@code t} low
 * number first, bit {@code 2t + 1} high number first (never set for a double, which is the same
 * both ways). Walking a way mask from bit 0 up gives the listing order within one position.
 */
final class OraclePlacements {

    private static final int TYPES = OracleDominoes.TYPES;

    /** Every number allowed, as a mask of numbers. */
    private static final int ANY_NUMBER = 0x7F;

    /** The number a way puts on the first cell, and on the second. */
    private static final int[] FIRST = new int[2 * TYPES];
    private static final int[] SECOND = new int[2 * TYPES];

    /** For each mask of numbers, the ways whose first number is in it; and whose second number is. */
    private static final long[] FIRST_IN = new long[ANY_NUMBER + 1];
    private static final long[] SECOND_IN = new long[ANY_NUMBER + 1];

    /** The ways of the consecutive dominoes, the only ones that stand vertically on their own. */
    private static final long STANDING;

    static {
        long standing = 0;
        for (int type = 0; type < TYPES; type++) {
            FIRST[2 * type] = OracleDominoes.low(type);
            SECOND[2 * type] = OracleDominoes.high(type);
            FIRST[2 * type + 1] = OracleDominoes.high(type);
            SECOND[2 * type + 1] = OracleDominoes.low(type);
            if (OracleDominoes.isConsecutive(type)) {
                standing |= 3L << 2 * type;
            }
        }
        STANDING = standing;
        for (int numbers = 0; numbers <= ANY_NUMBER; numbers++) {
            for (int way = 0; way < 2 * TYPES; way++) {
                FIRST_IN[numbers] |= (numbers >> FIRST[way] & 1L) << way;
                SECOND_IN[numbers] |= (numbers >> SECOND[way] & 1L) << way;
            }
        }
    }

    private OraclePlacements() {
    }

    /** Adds the seat's placements to {@code out}. */
    static void add(OracleState state, int seat, List<OracleMove> out) {
        OracleLayout layout = state.layout(seat);
        long ways = 0;
        for (int type = 0; type < TYPES; type++) {
            if (state.inHand(seat, type) > 0) {
                ways |= (OracleDominoes.low(type) == OracleDominoes.high(type) ? 1L : 3L) << 2 * type;
            }
        }
        if (layout.isEmpty()) {
            addFirst(ways, out);
            return;
        }
        addUpper(state, seat, layout, out);
        addHorizontal(layout, ways, out);
        addVertical(layout, ways & STANDING, out);
    }

    /** The first domino, on 0,0: each type lying either way, then standing either way if it can. */
    private static void addFirst(long ways, List<OracleMove> out) {
        while (ways != 0) {
            int type = Long.numberOfTrailingZeros(ways) / 2;
            long both = ways & 3L << 2 * type;
            ways &= ~both;
            addWays(both, 0, 0, false, out);
            addWays(both & STANDING, 0, 0, true, out);
        }
    }

    /**
     * Upper levels: across two neighbouring tops on the same level, from two different dominoes,
     * when the seat holds the domino matching their numbers.
     */
    private static void addUpper(OracleState state, int seat, OracleLayout layout, List<OracleMove> out) {
        for (int y = layout.minY(); y <= layout.maxY(); y++) {
            for (long cells = layout.row(y); cells != 0; cells &= cells - 1) {
                int x = layout.column(Long.numberOfTrailingZeros(cells));
                int cell = layout.at(x, y);
                int level = OracleLayout.level(cell);
                int right = layout.at(x + 1, y);
                if (right != 0 && OracleLayout.level(right) == level && OracleLayout.top(right) != OracleLayout.top(cell)
                        && state.inHand(seat, OracleDominoes.type(OracleLayout.number(cell), OracleLayout.number(right))) > 0) {
                    out.add(OracleMove.place(OracleLayout.number(cell), OracleLayout.number(right), x, y, false, level + 1));
                }
                int up = layout.at(x, y + 1);
                if (up != 0 && OracleLayout.level(up) == level && OracleLayout.top(up) != OracleLayout.top(cell)
                        && state.inHand(seat, OracleDominoes.type(OracleLayout.number(cell), OracleLayout.number(up))) > 0) {
                    out.add(OracleMove.place(OracleLayout.number(cell), OracleLayout.number(up), x, y, true, level + 1));
                }
            }
        }
    }

    /**
     * Horizontal ground placements: on two free cells of which one borders the layout, every way
     * whose numbers the column rules allow on both cells. Each cell's numbers are worked out once.
     */
    private static void addHorizontal(OracleLayout layout, long ways, List<OracleMove> out) {
        for (int y = layout.minY() - 1; y <= layout.maxY() + 1; y++) {
            long free = ~layout.row(y);
            long bordering = free & neighbours(layout, y);
            long starts = free & free >>> 1 & (bordering | bordering >>> 1);
            long inColumn = layout.row(y - 1) | layout.row(y + 1);
            int knownBit = -1;
            int knownNumbers = 0;
            for (; starts != 0; starts &= starts - 1) {
                int bit = Long.numberOfTrailingZeros(starts);
                int x = layout.column(bit);
                int left = bit == knownBit ? knownNumbers : allowedNumbers(layout, inColumn, bit, x, y);
                int right = allowedNumbers(layout, inColumn, bit + 1, x + 1, y);
                knownBit = bit + 1;
                knownNumbers = right;
                addWays(ways & FIRST_IN[left] & SECOND_IN[right], x, y, false, out);
            }
        }
    }

    /** The numbers a free ground cell may take: any, unless its column has a neighbour ({@code inColumn}). */
    private static int allowedNumbers(OracleLayout layout, long inColumn, int bit, int x, int y) {
        return (inColumn >>> bit & 1) == 0 ? ANY_NUMBER : layout.allowedNumbers(x, y);
    }

    /**
     * Vertical ground placements of the standing ways: on two free cells one above the other of which
     * one borders the layout, where the column rules allow it. With nothing right below and right
     * above the two cells, every way fits.
     */
    private static void addVertical(OracleLayout layout, long standing, List<OracleMove> out) {
        if (standing == 0) {
            return;
        }
        long upperNeighbours = neighbours(layout, layout.minY() - 2);
        for (int y = layout.minY() - 2; y <= layout.maxY() + 1; y++) {
            long lowerNeighbours = upperNeighbours;
            upperNeighbours = neighbours(layout, y + 1);
            long starts = ~layout.row(y) & ~layout.row(y + 1) & (lowerNeighbours | upperNeighbours);
            long inColumn = layout.row(y - 1) | layout.row(y + 2);
            for (; starts != 0; starts &= starts - 1) {
                int bit = Long.numberOfTrailingZeros(starts);
                int x = layout.column(bit);
                long fitting = standing;
                if ((inColumn >>> bit & 1) != 0) {
                    for (long ways = standing; ways != 0; ways &= ways - 1) {
                        int way = Long.numberOfTrailingZeros(ways);
                        if (!layout.verticalFits(x, y, FIRST[way], SECOND[way])) {
                            fitting &= ~(1L << way);
                        }
                    }
                }
                addWays(fitting, x, y, true, out);
            }
        }
    }

    /** The cells of row {@code y} (as a row mask) that share an edge with an occupied cell. */
    private static long neighbours(OracleLayout layout, int y) {
        long row = layout.row(y);
        return row << 1 | row >>> 1 | layout.row(y - 1) | layout.row(y + 1);
    }

    /** One ground placement per way in {@code ways}, in way order, with the first cell on {@code (x, y)}. */
    private static void addWays(long ways, int x, int y, boolean vertical, List<OracleMove> out) {
        for (; ways != 0; ways &= ways - 1) {
            int way = Long.numberOfTrailingZeros(ways);
            out.add(OracleMove.place(FIRST[way], SECOND[way], x, y, vertical, 1));
        }
    }
}
