package org.pyramidarena.games.euronimoes;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.RandomAccess;

/**
 * Finds where a seat may place a domino, in the order {@link EuronimoesRules#legalMoves} promises:
 * upper levels by row and column, then horizontal ground placements by row and column, then
 * vertical ones by row and column, each by domino type with the low number first before the high
 * number first.
 *
 * <p>This runs at every turn of every game, so it avoids work the plain way (scan every cell around
 * the layout, try every domino in hand at each) would repeat: the free cells bordering the layout
 * come from the layout's row masks a row at a time, a cell without neighbours above or below takes
 * any number, and the dominoes that fit on two cells come from one mask operation (or one table
 * look-up for standing dominoes) instead of a test per domino and end.
 *
 * <p>Dominoes are handled as <em>ways</em>: bit {@code 2t} of a {@code long} lays type {@code t} low
 * number first, bit {@code 2t + 1} high number first (never set for a double, which is the same
 * both ways). Walking a way mask from bit 0 up gives the listing order within one position.
 *
 * <p>The placements are not made as moves: they are found as {@link Groups}, one per position and
 * orientation with the mask of the ways that fit there, from which the k-th placement is made only
 * when asked for (by the legal list, {@link Listed}, or by a random playout, which makes one).
 */
final class Placements {

    private static final int TYPES = Dominoes.TYPES;

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

    /** For each domino type its ways: both, or the one of a double. */
    private static final long[] WAYS_OF_TYPE = new long[TYPES];

    /**
     * The standing ways that fit on two free cells one above the other, indexed by the number codes
     * (see {@link Layout#code}) of the cells two below, one below, one above and two above them,
     * three bits each.
     */
    private static final long[] VERTICAL_WAYS = new long[1 << 12];

    static {
        long standing = 0;
        for (int type = 0; type < TYPES; type++) {
            FIRST[2 * type] = Dominoes.low(type);
            SECOND[2 * type] = Dominoes.high(type);
            FIRST[2 * type + 1] = Dominoes.high(type);
            SECOND[2 * type + 1] = Dominoes.low(type);
            WAYS_OF_TYPE[type] = (Dominoes.low(type) == Dominoes.high(type) ? 1L : 3L) << 2 * type;
            if (Dominoes.isConsecutive(type)) {
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
        for (int index = 0; index < VERTICAL_WAYS.length; index++) {
            for (long ways = STANDING; ways != 0; ways &= ways - 1) {
                int way = Long.numberOfTrailingZeros(ways);
                if (Layout.verticalFits(index >> 9 & 7, index >> 6 & 7, index >> 3 & 7, index & 7, FIRST[way],
                        SECOND[way])) {
                    VERTICAL_WAYS[index] |= 1L << way;
                }
            }
        }
    }

    private Placements() {
    }

    /**
     * The placements found at one turn, grouped by where they go: group {@code g} has the mask of
     * its ways in {@code data[2g]}, and in {@code data[2g + 1]} its position (see {@link #where})
     * in the low 32 bits and the number of placements up to and including the group in the high.
     * Filled by {@link #find}; {@link #clear} makes it ready to be filled again.
     */
    static final class Groups {
        private long[] data;
        private int count;
        private int total;

        Groups(int capacity) {
            data = new long[2 * capacity];
        }

        void clear() {
            count = 0;
            total = 0;
        }

        /** The number of placements. */
        int total() {
            return total;
        }

        private void add(long ways, int x, int y, boolean vertical, int level) {
            add(ways, where(x, y, vertical, level));
        }

        /** Adds a group of ways (none: nothing) at a packed position. */
        private void add(long ways, int where) {
            if (ways == 0) {
                return;
            }
            if (2 * count == data.length) {
                data = Arrays.copyOf(data, 2 * data.length);
            }
            total += Long.bitCount(ways);
            data[2 * count] = ways;
            data[2 * count + 1] = where & 0xFFFFFFFFL | (long) total << 32;
            count++;
        }

        /** Placement {@code index} (0 until {@link #total}), made as a move. */
        EuronimoesMove get(int index) {
            int low = 0;
            int high = count - 1;
            while (low < high) {
                int middle = (low + high) >>> 1;
                if ((int) (data[2 * middle + 1] >>> 32) > index) {
                    high = middle;
                } else {
                    low = middle + 1;
                }
            }
            int before = low == 0 ? 0 : (int) (data[2 * low - 1] >>> 32);
            long ways = data[2 * low];
            for (int skip = index - before; skip > 0; skip--) {
                ways &= ways - 1;
            }
            int way = Long.numberOfTrailingZeros(ways);
            int where = (int) data[2 * low + 1];
            return EuronimoesMove.place(FIRST[way], SECOND[way], (where & 1023) - OFFSET, (where >>> 10 & 1023) - OFFSET,
                    (where >>> 20 & 1) != 0, where >>> 21);
        }
    }

    /** Added to coordinates so that they pack into 10 bits. */
    private static final int OFFSET = 512;

    /** A position packed: {@code x} and {@code y} plus {@link #OFFSET} in 10 bits each, then vertical, then the level. */
    private static int where(int x, int y, boolean vertical, int level) {
        return x + OFFSET | y + OFFSET << 10 | (vertical ? 1 : 0) << 20 | level << 21;
    }

    /**
     * The legal moves of a seat at its play step: the placements, then {@code stop} when it may; an
     * immutable list that makes each placement when asked for.
     */
    static final class Listed extends AbstractList<EuronimoesMove> implements RandomAccess {
        private final Groups groups;
        private final int placements;
        private final int size;

        Listed(Groups groups, boolean stop) {
            this.groups = groups;
            this.placements = groups.total;
            this.size = placements + (stop ? 1 : 0);
        }

        @Override
        public EuronimoesMove get(int index) {
            if (index < 0 || index >= size) {
                throw new IndexOutOfBoundsException("index " + index + " of " + size + " moves");
            }
            return index < placements ? groups.get(index) : EuronimoesMove.STOP;
        }

        @Override
        public int size() {
            return size;
        }
    }

    /** A capacity in groups that few turns of a layout of this size outgrow. */
    static int capacity(Layout layout) {
        return 10 + 2 * layout.size();
    }

    /** Every way of every type. */
    private static final long ALL_WAYS = allWays();

    private static long allWays() {
        long ways = 0;
        for (long type : WAYS_OF_TYPE) {
            ways |= type;
        }
        return ways;
    }

    /**
     * The groups of a layout found for a hand holding every type: each group's ways are all the
     * ways that fit there, so that a hand's groups are these in the same order with the ways it
     * holds. Immutable, kept by the layout.
     */
    static final class Sites {
        private final long[] data;
        private final int count;

        private Sites(Groups groups) {
            this.data = groups.data;
            this.count = groups.count;
        }
    }

    /**
     * Finds the seat's placements into {@code out} (cleared first). The first time a layout is
     * scanned for the seat's hand; the second time its sites for any hand are found and kept, and
     * from then on the hand's placements are read from them.
     */
    static void find(EuronimoesState state, int seat, Groups out) {
        out.clear();
        Layout layout = state.layout(seat);
        long types = EuronimoesState.Bag.types(state.hand(seat));
        if (layout.isEmpty()) {
            findFirst(types, out);
            return;
        }
        long ways = 0;
        for (long rest = types; rest != 0; rest &= rest - 1) {
            ways |= WAYS_OF_TYPE[Long.numberOfTrailingZeros(rest)];
        }
        Sites sites = layout.sites();
        if (sites == null) {
            if (layout.firstScan()) {
                scan(layout, types, ways, out);
                return;
            }
            Groups all = new Groups(2 * capacity(layout));
            scan(layout, EuronimoesState.Bag.ONCE, ALL_WAYS, all);
            sites = new Sites(all);
            layout.keep(sites);
        }
        long[] data = sites.data;
        for (int group = 0; group < sites.count; group++) {
            out.add(data[2 * group] & ways, (int) data[2 * group + 1]);
        }
    }

    /** Scans a non-empty layout for the placements of the given types and their ways. */
    private static void scan(Layout layout, long types, long ways, Groups out) {
        findUpper(types, layout, out);
        findHorizontal(layout, ways, out);
        findVertical(layout, ways & STANDING, out);
    }

    /** The first domino, on 0,0: each type lying either way, then standing either way if it can. */
    private static void findFirst(long types, Groups out) {
        for (; types != 0; types &= types - 1) {
            long both = WAYS_OF_TYPE[Long.numberOfTrailingZeros(types)];
            out.add(both, 0, 0, false, 1);
            out.add(both & STANDING, 0, 0, true, 1);
        }
    }

    /*
     * The scans below work in the layout's box coordinates (column i = x - minX, row j = y - minY)
     * and read its cells directly: a column found from the row masks' bits where a neighbour above
     * or below exists lies in the box, so only rows need a bounds check.
     */

    /**
     * Upper levels: across two neighbouring tops on the same level, from two different dominoes,
     * when the seat holds the domino matching their numbers.
     */
    private static void findUpper(long types, Layout layout, Groups out) {
        int minX = layout.minX();
        int minY = layout.minY();
        int height = layout.height();
        for (int j = 0; j < height; j++) {
            long row = layout.rowInBox(j);
            long above = layout.rowInBox(j + 1);
            for (long cells = row; cells != 0; cells &= cells - 1) {
                int bit = Long.numberOfTrailingZeros(cells);
                int i = bit - Layout.MARGIN;
                int cell = layout.cellInBox(i, j);
                int level = Layout.level(cell);
                int number = Layout.number(cell);
                if ((row >>> bit + 1 & 1) != 0) {
                    int right = layout.cellInBox(i + 1, j);
                    if (Layout.level(right) == level && Layout.top(right) != Layout.top(cell)) {
                        out.add(way(types, number, Layout.number(right)), minX + i, minY + j, false, level + 1);
                    }
                }
                if ((above >>> bit & 1) != 0) {
                    int up = layout.cellInBox(i, j + 1);
                    if (Layout.level(up) == level && Layout.top(up) != Layout.top(cell)) {
                        out.add(way(types, number, Layout.number(up)), minX + i, minY + j, true, level + 1);
                    }
                }
            }
        }
    }

    /** The way that lays {@code first} then {@code second}, when its type is among {@code types}; else none. */
    private static long way(long types, int first, int second) {
        int type = Dominoes.type(first, second);
        return (types >>> type & 1) << 2 * type + (first > second ? 1 : 0);
    }

    /**
     * Horizontal ground placements: on two free cells of which one borders the layout, every way
     * whose numbers the column rules allow on both cells. Each cell's numbers are worked out once.
     */
    private static void findHorizontal(Layout layout, long ways, Groups out) {
        int minX = layout.minX();
        int minY = layout.minY();
        int height = layout.height();
        long row = 0;
        long above = 0;
        for (int j = -1; j <= height; j++) {
            long below = row;
            row = above;
            above = layout.rowInBox(j + 1);
            long free = ~row;
            long bordering = free & (row << 1 | row >>> 1 | below | above);
            long starts = free & free >>> 1 & (bordering | bordering >>> 1);
            long inColumn = below | above;
            int knownBit = -1;
            int knownNumbers = 0;
            for (; starts != 0; starts &= starts - 1) {
                int bit = Long.numberOfTrailingZeros(starts);
                int left = bit == knownBit ? knownNumbers : allowedNumbers(layout, inColumn, bit, j);
                int right = allowedNumbers(layout, inColumn, bit + 1, j);
                knownBit = bit + 1;
                knownNumbers = right;
                out.add(ways & FIRST_IN[left] & SECOND_IN[right], minX + bit - Layout.MARGIN, minY + j, false, 1);
            }
        }
    }

    /**
     * The numbers a free ground cell (a row mask's bit and a box row) may take: any, unless its
     * column has a neighbour ({@code inColumn}).
     */
    private static int allowedNumbers(Layout layout, long inColumn, int bit, int j) {
        return (inColumn >>> bit & 1) == 0 ? ANY_NUMBER : layout.allowedNumbersInBox(bit - Layout.MARGIN, j);
    }

    /**
     * Vertical ground placements of the standing ways: on two free cells one above the other of which
     * one borders the layout, where the column rules allow it. With nothing right below and right
     * above the two cells, every way fits.
     */
    private static void findVertical(Layout layout, long standing, Groups out) {
        if (standing == 0) {
            return;
        }
        int minX = layout.minX();
        int minY = layout.minY();
        int height = layout.height();
        long upperNeighbours = neighbours(layout, -2);
        for (int j = -2; j <= height; j++) {
            long lowerNeighbours = upperNeighbours;
            upperNeighbours = neighbours(layout, j + 1);
            long starts = ~layout.rowInBox(j) & ~layout.rowInBox(j + 1) & (lowerNeighbours | upperNeighbours);
            long inColumn = layout.rowInBox(j - 1) | layout.rowInBox(j + 2);
            for (; starts != 0; starts &= starts - 1) {
                int bit = Long.numberOfTrailingZeros(starts);
                long fitting = standing;
                if ((inColumn >>> bit & 1) != 0) {
                    int i = bit - Layout.MARGIN;
                    fitting &= VERTICAL_WAYS[layout.codeInBox(i, j - 2) << 9 | layout.codeInBox(i, j - 1) << 6
                            | layout.codeInBox(i, j + 2) << 3 | layout.codeInBox(i, j + 3)];
                }
                out.add(fitting, minX + bit - Layout.MARGIN, minY + j, true, 1);
            }
        }
    }

    /** The cells of box row {@code j} (as a row mask) that share an edge with an occupied cell. */
    private static long neighbours(Layout layout, int j) {
        long row = layout.rowInBox(j);
        return row << 1 | row >>> 1 | layout.rowInBox(j - 1) | layout.rowInBox(j + 1);
    }
}
