package org.pyramidarena.benchmarks;

import java.util.SplittableRandom;

/**
 * A random Pylon playout written for speed alone: the limit the rules engine is measured against
 * ({@link PylonLimitBenchmark}). No object per move, no list: the board is a few 30-bit masks and one
 * array of heights, reused from game to game; the legal moves are counted from the masks and the
 * chosen one is found without listing the others.
 *
 * <p>It plays the real game, and the same games as the rules: each seat draws
 * {@code nextInt(number of legal moves)} from its own generator and takes the move of that index in
 * the rules' order (placements by square, small before medium before large; stacking moves by
 * origin square, then target square), so given the generators of {@link RandomGames#generators} it
 * plays {@link RandomGames#play}'s game move for move ({@code TightPylonTest}, {@link TightPylonCheck}).
 *
 * <p>Squares are {@code row * 6 + column}, as in {@code PylonMove}; a mask has bit {@code square}.
 */
final class TightPylon {

    static final int SQUARES = 30;
    static final int COLUMNS = 6;
    static final int ALL = (1 << SQUARES) - 1;
    /** Squares with a neighbour to the west (column b and beyond). */
    static final int HAS_WEST;
    /** Squares with a neighbour to the east (up to column e). */
    static final int HAS_EAST;

    static {
        int west = 0;
        int east = 0;
        for (int square = 0; square < SQUARES; square++) {
            if (square % COLUMNS > 0) {
                west |= 1 << square;
            }
            if (square % COLUMNS < COLUMNS - 1) {
                east |= 1 << square;
            }
        }
        HAS_WEST = west;
        HAS_EAST = east;
    }

    private final int[] heights = new int[SQUARES];

    // The last game's final position, kept for the checks.
    private int occupied;
    private int seatOneTops;
    private int topAtLeast2;
    private int topIs3;
    private int bottomAtLeast2;
    private int bottomIs3;
    private int score0;
    private int actions;

    /**
     * Plays one game, seat 0 drawing from {@code seat0} and seat 1 from {@code seat1}, and returns
     * seat 0's score (seat 1's is 30 minus it); {@link #actions()} is then the game's length.
     */
    int play(SplittableRandom seat0, SplittableRandom seat1) {
        int[] height = heights;
        int occ = 0;
        int own = 0;   // squares whose top pyramid is seat 1's
        int top2 = 0;  // top pyramid medium or large
        int top3 = 0;  // top pyramid large
        int bot2 = 0;  // bottom pyramid medium or large
        int bot3 = 0;  // bottom pyramid large
        // Pyramids in hand, 3 bits a count: seat * 9 + (size - 1) * 3.
        int hands = 0;
        for (int i = 0; i < 6; i++) {
            hands |= 5 << (i * 3);
        }
        int turn = 0;
        for (; turn < SQUARES; turn++) {
            int seat = turn & 1;
            int shift = seat * 9;
            int available = ((hands >>> shift & 7) != 0 ? 1 : 0) | ((hands >>> (shift + 3) & 7) != 0 ? 2 : 0)
                    | ((hands >>> (shift + 6) & 7) != 0 ? 4 : 0);
            int sizes = Integer.bitCount(available);
            int empty = ~occ & ALL;
            int k = (seat == 0 ? seat0 : seat1).nextInt((SQUARES - turn) * sizes);
            int square = select(empty, k / sizes);
            int size = select(available, k % sizes) + 1;
            int bit = 1 << square;
            occ |= bit;
            own |= seat == 1 ? bit : 0;
            if (size >= 2) {
                top2 |= bit;
                bot2 |= bit;
                if (size == 3) {
                    top3 |= bit;
                    bot3 |= bit;
                }
            }
            height[square] = 1;
            hands -= 1 << (shift + (size - 1) * 3);
        }
        while (true) {
            // A stack moves onto its neighbour unless its bottom is larger than the neighbour's top.
            // Target masks: T(x) has bit f when x has bit f + d.
            int north = occ & (occ >>> 6) & ~((bot2 & ~(top2 >>> 6)) | (bot3 & ~(top3 >>> 6)));   // onto f + 6
            int south = occ & (occ << 6) & ~((bot2 & ~(top2 << 6)) | (bot3 & ~(top3 << 6)));      // onto f - 6
            int east = occ & (occ >>> 1) & HAS_EAST & ~((bot2 & ~(top2 >>> 1)) | (bot3 & ~(top3 >>> 1)));
            int west = occ & (occ << 1) & HAS_WEST & ~((bot2 & ~(top2 << 1)) | (bot3 & ~(top3 << 1)));
            int count = Integer.bitCount(north) + Integer.bitCount(south) + Integer.bitCount(east)
                    + Integer.bitCount(west);
            if (count == 0) {
                break;
            }
            // Seat 1 placed the 30th pyramid and moves first; then the seats alternate.
            int k = (((turn + 1) & 1) == 0 ? seat0 : seat1).nextInt(count);
            // Moves by origin square, then by target: f - 6, f - 1, f + 1, f + 6.
            int from;
            int to;
            int origins = north | south | east | west;
            while (true) {
                from = Integer.numberOfTrailingZeros(origins);
                origins &= origins - 1;
                int b = 1 << from;
                if ((south & b) != 0 && k-- == 0) {
                    to = from - 6;
                    break;
                }
                if ((west & b) != 0 && k-- == 0) {
                    to = from - 1;
                    break;
                }
                if ((east & b) != 0 && k-- == 0) {
                    to = from + 1;
                    break;
                }
                if ((north & b) != 0 && k-- == 0) {
                    to = from + 6;
                    break;
                }
            }
            int f = 1 << from;
            int t = 1 << to;
            // The target keeps its bottom and takes the moving stack's top.
            own = (own & ~t) | ((own & f) != 0 ? t : 0);
            top2 = (top2 & ~t) | ((top2 & f) != 0 ? t : 0);
            top3 = (top3 & ~t) | ((top3 & f) != 0 ? t : 0);
            occ &= ~f;
            own &= ~f;
            top2 &= ~f;
            top3 &= ~f;
            bot2 &= ~f;
            bot3 &= ~f;
            height[to] += height[from];
            height[from] = 0;
            turn++;
        }
        int score = 0;
        for (int rest = occ & ~own; rest != 0; rest &= rest - 1) {
            score += height[Integer.numberOfTrailingZeros(rest)];
        }
        occupied = occ;
        seatOneTops = own;
        topAtLeast2 = top2;
        topIs3 = top3;
        bottomAtLeast2 = bot2;
        bottomIs3 = bot3;
        score0 = score;
        actions = turn;
        return score;
    }

    /** The lowest set bit of {@code mask} after skipping {@code index} set bits, as a one-bit mask. */
    private static int selectBit(int mask, int index) {
        for (int i = 0; i < index; i++) {
            mask &= mask - 1;
        }
        return mask & -mask;
    }

    /** The position of the set bit of {@code mask} after skipping {@code index} set bits. */
    private static int select(int mask, int index) {
        return Integer.numberOfTrailingZeros(selectBit(mask, index));
    }

    /** The last game's length in actions. */
    int actions() {
        return actions;
    }

    /** The last game's seat 0 score. */
    int score0() {
        return score0;
    }

    /** A square of the last game's final position: its height; 0 when empty. */
    int height(int square) {
        return heights[square];
    }

    /** A square of the last game's final position: its top pyramid's seat; -1 when empty. */
    int topOwner(int square) {
        return (occupied >>> square & 1) == 0 ? -1 : seatOneTops >>> square & 1;
    }

    /** A square of the last game's final position: its top pyramid's size; 0 when empty. */
    int topSize(int square) {
        return (occupied >>> square & 1) == 0 ? 0 : 1 + (topAtLeast2 >>> square & 1) + (topIs3 >>> square & 1);
    }

    /** A square of the last game's final position: its bottom pyramid's size; 0 when empty. */
    int bottomSize(int square) {
        return (occupied >>> square & 1) == 0 ? 0 : 1 + (bottomAtLeast2 >>> square & 1) + (bottomIs3 >>> square & 1);
    }
}
