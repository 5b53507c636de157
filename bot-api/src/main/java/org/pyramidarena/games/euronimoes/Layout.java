package org.pyramidarena.games.euronimoes;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * One player's dominoes on the table: an immutable grid over the bounding box of what was placed,
 * plus the placements in the order they were made.
 *
 * <p>A cell packs the number at that position (every level above the ground repeats the ground's
 * number, since upper dominoes must match what they rest on), the level of its top domino, and the
 * index of that top domino in placement order. The box only grows by the placements themselves, so
 * it is never larger than twice the number of dominoes a player can place in each direction.
 *
 * <p>Each row's occupied cells are also kept as the bits of a {@code long} (see {@link #row}), so
 * that the move generator finds the free cells beside the layout with a few bit operations per row
 * instead of visiting every cell around it at every turn.
 */
final class Layout {

    /**
     * Bits in a row mask left of the box's first column (and at least as many are free right of its
     * last), so that the cells beside the box, where new dominoes go, have bits too.
     */
    static final int MARGIN = 3;

    /**
     * The widest layout the row masks hold. A game never comes near: a player places fewer than 20
     * dominoes (with 3 players, 47 are obtained after the deal), so a layout is at most about 40 wide.
     */
    static final int MAX_WIDTH = Long.SIZE - 2 * MARGIN;

    static final Layout EMPTY = new Layout(0, 0, 0, 0, new int[0], new long[0], null, 0, 0);

    private final int minX;
    private final int minY;
    private final int width;
    private final int height;
    private final int[] cells;
    private final long[] rows;
    /**
     * The placements, newest first, as a chain that every later layout extends rather than copies;
     * null for the empty layout. {@link #placements()} lists them in order when asked.
     */
    private final Link last;
    private final int size;
    private final int levelScore;
    /** The placements listed in order, made on first use (immutable, so a race makes two equal lists). */
    private Placed placed;
    /** The column score plus {@link #SCORE_BIAS}, or 0 until it is first worked out. */
    private int columnScoreCode;
    /** Whether placements were looked for on this layout once already (see {@link #sites}). */
    private boolean scanned;
    /** Where any domino could go on this layout, kept from its second scan on; null until then. */
    private Placements.Sites sites;

    private static final int SCORE_BIAS = 1 << 20;

    /** One placement and the chain of those before it. */
    private static final class Link {
        private final EuronimoesMove move;
        private final Link previous;

        Link(EuronimoesMove move, Link previous) {
            this.move = move;
            this.previous = previous;
        }
    }

    private Layout(int minX, int minY, int width, int height, int[] cells, long[] rows, Link last, int size,
                   int levelScore) {
        this.minX = minX;
        this.minY = minY;
        this.width = width;
        this.height = height;
        this.cells = cells;
        this.rows = rows;
        this.last = last;
        this.size = size;
        this.levelScore = levelScore;
    }

    /**
     * The layout made by these placements in order (not checked against the rules); for the
     * placements of a layout (as a view lists them) the layout itself, without laying it again.
     */
    static Layout of(List<EuronimoesMove> placements) {
        if (placements instanceof Placed listed) {
            return listed.layout;
        }
        Layout layout = EMPTY;
        for (EuronimoesMove placement : placements) {
            layout = layout.with(placement);
        }
        return layout;
    }

    /** The packed cell at {@code (x, y)}; 0 when nothing lies there. */
    int at(int x, int y) {
        int i = x - minX;
        int j = y - minY;
        if (i < 0 || j < 0 || i >= width || j >= height) {
            return 0;
        }
        return cells[j * width + i];
    }

    /**
     * The occupied cells of row {@code y} as bits: column {@code x} is bit {@code x - minX() + MARGIN};
     * 0 for a row outside the box.
     */
    long row(int y) {
        int j = y - minY;
        return j < 0 || j >= height ? 0 : rows[j];
    }

    /*
     * The same in box coordinates, for the move generator's scans: column i = x - minX(), row
     * j = y - minY(); a column must lie in the box (0 <= i < width()), a row may lie outside.
     */

    int width() {
        return width;
    }

    int height() {
        return height;
    }

    /** {@link #row} of box row {@code j}. */
    long rowInBox(int j) {
        return j >= 0 && j < height ? rows[j] : 0;
    }

    /** The packed cell at box column {@code i} and row {@code j}, both in the box. */
    int cellInBox(int i, int j) {
        return cells[j * width + i];
    }

    /** {@link #code} at box column {@code i} (in the box) and row {@code j} (anywhere). */
    int codeInBox(int i, int j) {
        return j >= 0 && j < height ? cells[j * width + i] & 7 : 0;
    }

    /** {@link #allowedNumbers} at box column {@code i} (in the box) and row {@code j} (anywhere). */
    int allowedNumbersInBox(int i, int j) {
        return COLUMN_NUMBERS[codeInBox(i, j - 2) << 9 | codeInBox(i, j - 1) << 6 | codeInBox(i, j + 1) << 3
                | codeInBox(i, j + 2)];
    }

    /** The column of bit {@code bit} in a row mask. */
    int column(int bit) {
        return minX - MARGIN + bit;
    }

    /** The number of a non-empty packed cell. */
    static int number(int cell) {
        return (cell & 7) - 1;
    }

    /** The level of a packed cell's top domino; 0 for an empty cell. */
    static int level(int cell) {
        return cell >>> 3 & 31;
    }

    /** The placement index of a packed cell's top domino. */
    static int top(int cell) {
        return cell >>> 8;
    }

    private static int pack(int number, int level, int top) {
        return number + 1 | level << 3 | top << 8;
    }

    int minX() {
        return minX;
    }

    int minY() {
        return minY;
    }

    int maxX() {
        return minX + width - 1;
    }

    int maxY() {
        return minY + height - 1;
    }

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    /** The placements in the order they were made, an immutable list that views share. */
    List<EuronimoesMove> placements() {
        Placed list = placed;
        if (list == null) {
            EuronimoesMove[] moves = new EuronimoesMove[size];
            int index = size;
            for (Link link = last; link != null; link = link.previous) {
                moves[--index] = link.move;
            }
            list = new Placed(this, moves);
            placed = list;
        }
        return list;
    }

    /** A layout's placements in order, knowing their layout so that it need not be laid again. */
    private static final class Placed extends AbstractList<EuronimoesMove> implements RandomAccess {
        private final Layout layout;
        private final EuronimoesMove[] moves;

        Placed(Layout layout, EuronimoesMove[] moves) {
            this.layout = layout;
            this.moves = moves;
        }

        @Override
        public EuronimoesMove get(int index) {
            return moves[index];
        }

        @Override
        public int size() {
            return moves.length;
        }
    }

    /**
     * The positions where placements could go whatever the hand, once they are kept (see
     * {@link Placements#find}); null before. A layout scanned again is most likely to be scanned
     * many times (a search's determinizations share the layouts a view shows), one scanned once
     * (a random game's, changed at every turn of its seat) not worth keeping positions for.
     */
    Placements.Sites sites() {
        return sites;
    }

    void keep(Placements.Sites found) {
        sites = found;
    }

    /** True the first time it is called on this layout (without synchronization: at worst twice). */
    boolean firstScan() {
        if (scanned) {
            return false;
        }
        scanned = true;
        return true;
    }

    /** True when a cell next to {@code (x, y)} (sharing an edge) is occupied. */
    boolean touches(int x, int y) {
        return at(x - 1, y) != 0 || at(x + 1, y) != 0 || at(x, y - 1) != 0 || at(x, y + 1) != 0;
    }

    /**
     * The numbers (bit {@code n} for number {@code n}) that a single ground cell at the empty
     * position {@code (x, y)} may take under the column rules: it differs by exactly 1 from the cells
     * above and below, and the run it joins keeps one direction. Only the two cells below and the
     * two above matter, so the answer is looked up in {@link #COLUMN_NUMBERS}.
     */
    int allowedNumbers(int x, int y) {
        return COLUMN_NUMBERS[(at(x, y - 2) & 7) << 9 | (at(x, y - 1) & 7) << 6 | (at(x, y + 1) & 7) << 3
                | at(x, y + 2) & 7];
    }

    /**
     * {@link #allowedNumbers} for every column around a cell, indexed by the number codes (the low
     * three bits of a packed cell: 0 when empty, else the number plus 1) of the cells two below, one
     * below, one above and two above, three bits each.
     */
    private static final byte[] COLUMN_NUMBERS = new byte[1 << 12];

    static {
        for (int index = 0; index < COLUMN_NUMBERS.length; index++) {
            COLUMN_NUMBERS[index] = (byte) columnNumbers(index >> 9 & 7, index >> 6 & 7, index >> 3 & 7, index & 7);
        }
    }

    /** The numbers a cell may take between the given cells of its column (number codes, 0 when empty). */
    private static int columnNumbers(int beyondBelow, int below, int above, int beyondAbove) {
        if (below == 0 && above == 0) {
            return 0x7F;
        }
        int b = below - 1;
        int a = above - 1;
        int belowStep = below != 0 && beyondBelow != 0 ? b - (beyondBelow - 1) : 0;
        int aboveStep = above != 0 && beyondAbove != 0 ? (beyondAbove - 1) - a : 0;
        int mask = 0;
        for (int v = 0; v <= 6; v++) {
            int step = 0;
            if (below != 0) {
                step = v - b;
                if (step != 1 && step != -1 || belowStep != 0 && belowStep != step) {
                    continue;
                }
            }
            if (above != 0) {
                int up = a - v;
                if (up != 1 && up != -1 || aboveStep != 0 && aboveStep != up || step != 0 && step != up) {
                    continue;
                }
            }
            mask |= 1 << v;
        }
        return mask;
    }

    /**
     * Whether a vertical ground domino with {@code lower} on the empty {@code (x, y)} and {@code upper}
     * on the empty {@code (x, y + 1)} keeps its column's run rules.
     */
    boolean verticalFits(int x, int y, int lower, int upper) {
        return verticalFits(code(x, y - 2), code(x, y - 1), code(x, y + 2), code(x, y + 3), lower, upper);
    }

    /**
     * The number code of a cell: 0 when empty, else its number plus 1 (the low three bits of the
     * packed cell).
     */
    int code(int x, int y) {
        return at(x, y) & 7;
    }

    /**
     * Whether a vertical ground domino, {@code lower} below {@code upper}, fits between the cells
     * of its column given as number codes (0 when empty, else the number plus 1): the two below it
     * and the two above it.
     */
    static boolean verticalFits(int beyondBelow, int below, int above, int beyondAbove, int lower, int upper) {
        int step = upper - lower;
        if (step != 1 && step != -1) {
            return false;
        }
        if (below != 0) {
            if (lower - (below - 1) != step) {
                return false;
            }
            if (beyondBelow != 0 && below - beyondBelow != step) {
                return false;
            }
        }
        if (above != 0) {
            if (above - 1 - upper != step) {
                return false;
            }
            if (beyondAbove != 0 && beyondAbove - above != step) {
                return false;
            }
        }
        return true;
    }

    /** This layout with one more domino; the placement is assumed legal. */
    Layout with(EuronimoesMove placement) {
        int x1 = placement.x();
        int y1 = placement.y();
        int x2 = placement.secondX();
        int y2 = placement.secondY();
        int newMinX = isEmpty() ? x1 : Math.min(minX, x1);
        int newMinY = isEmpty() ? y1 : Math.min(minY, y1);
        int newMaxX = isEmpty() ? x2 : Math.max(maxX(), x2);
        int newMaxY = isEmpty() ? y2 : Math.max(maxY(), y2);
        int newWidth = newMaxX - newMinX + 1;
        int newHeight = newMaxY - newMinY + 1;
        if (newWidth > MAX_WIDTH) {
            throw new IllegalStateException("a layout wider than " + MAX_WIDTH + " cells cannot arise in a game");
        }
        int[] next;
        long[] nextRows;
        if (newMinX == minX && newMinY == minY && newWidth == width && newHeight == height) {
            next = cells.clone();
            nextRows = rows.clone();
        } else {
            next = new int[newWidth * newHeight];
            nextRows = new long[newHeight];
            for (int j = 0; j < height; j++) {
                System.arraycopy(cells, j * width, next, (j + minY - newMinY) * newWidth + minX - newMinX, width);
                nextRows[j + minY - newMinY] = rows[j] << minX - newMinX;
            }
        }
        int index = size;
        next[(y1 - newMinY) * newWidth + x1 - newMinX] = pack(placement.first(), placement.level(), index);
        next[(y2 - newMinY) * newWidth + x2 - newMinX] = pack(placement.second(), placement.level(), index);
        nextRows[y1 - newMinY] |= 1L << x1 - newMinX + MARGIN;
        nextRows[y2 - newMinY] |= 1L << x2 - newMinX + MARGIN;
        int level = placement.level();
        return new Layout(newMinX, newMinY, newWidth, newHeight, next, nextRows, new Link(placement, last), size + 1,
                level >= 2 ? levelScore - level : levelScore);
    }

    /**
     * The column score: every run (maximal vertical stretch of occupied ground cells) scores its
     * smallest number, a bomb (a run of all seven numbers, 6 to 0) scores -3.
     */
    int columnScore() {
        int code = columnScoreCode;
        if (code == 0) {
            code = countColumnScore() + SCORE_BIAS;
            columnScoreCode = code;
        }
        return code - SCORE_BIAS;
    }

    private int countColumnScore() {
        int total = 0;
        for (int i = 0; i < width; i++) {
            int length = 0;
            int smallest = 0;
            for (int j = 0; j <= height; j++) {
                int cell = j < height ? cells[j * width + i] : 0;
                if (cell != 0) {
                    smallest = length == 0 ? number(cell) : Math.min(smallest, number(cell));
                    length++;
                } else if (length > 0) {
                    total += length == 7 ? -3 : smallest;
                    length = 0;
                }
            }
        }
        return total;
    }

    /** The level score: each domino on level {@code k >= 2} scores {@code -k}. */
    int levelScore() {
        return levelScore;
    }

    /** Equal when the same placements were made in the same order. */
    @Override
    public boolean equals(Object other) {
        if (!(other instanceof Layout l) || size != l.size) {
            return false;
        }
        for (Link a = last, b = l.last; a != b; a = a.previous, b = b.previous) {
            if (!a.move.equals(b.move)) {
                return false;
            }
        }
        return true;
    }

    /** The hash code of {@link #placements()}. */
    @Override
    public int hashCode() {
        return placements().hashCode();
    }
}
