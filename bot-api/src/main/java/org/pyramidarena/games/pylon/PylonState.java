package org.pyramidarena.games.pylon;

import java.util.Objects;
import org.pyramidarena.api.State;

/**
 * A Pylon position. Pylon has no hidden information, so a seat's {@link PylonView} shows all of it.
 *
 * <p>Each square holds a stack, described by what the rules need of it: its height (0 when
 * empty), the owner and size of its top pyramid and the size of its bottom pyramid. Sizes are 1
 * (small), 2 (medium), 3 (large); owners are seats 0 and 1.
 */
public final class PylonState implements State {

    static final int PER_SIZE = 5;
    static final int SQUARES = PylonMove.SQUARES;
    static final int COLUMNS = PylonMove.COLUMNS;
    /** Every square, bit {@code square}. */
    static final int ALL = (1 << SQUARES) - 1;
    /** Squares with a neighbour to the west, resp. to the east. */
    private static final int HAS_WEST;
    private static final int HAS_EAST;

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

    // The board as 30-bit masks, bit 'square': occupied squares; squares whose top pyramid is seat
    // 1's; tops of size 2 or more, of size 3; bottoms of size 2 or more, of size 3; the stack
    // heights, one mask per bit of the height (heights reach 30 at most: 5 bits).
    final int occupied;
    final int seatOneTops;
    final int top2;
    final int top3;
    final int bottom2;
    final int bottom3;
    final int height0;
    final int height1;
    final int height2;
    final int height3;
    final int height4;
    // Pyramids still in hand, 5 bits a count at bit (seat * 3 + size - 1) * 5.
    final int hands;
    /** The turn (the number of actions taken) shifted left by 2, plus the actor + 2 (NONE is -2). */
    private final int turnAndActor;

    /** {@link #hashCode}, once made; 0 before (as {@code String} keeps its hash, a benign race). */
    private int hash;

    PylonState(int occupied, int seatOneTops, int top2, int top3, int bottom2, int bottom3, int height0, int height1,
               int height2, int height3, int height4, int hands, int actor, int turn) {
        this.occupied = occupied;
        this.seatOneTops = seatOneTops;
        this.top2 = top2;
        this.top3 = top3;
        this.bottom2 = bottom2;
        this.bottom3 = bottom3;
        this.height0 = height0;
        this.height1 = height1;
        this.height2 = height2;
        this.height3 = height3;
        this.height4 = height4;
        this.hands = hands;
        this.turnAndActor = turn << 2 | (actor + 2);
    }

    // Once the board is full, the legal stacking moves by direction, bit 'from': onto from - 6,
    // from - 1, from + 1, from + 6 (the order the moves are listed in). Worked out when asked rather
    // than kept, so that a state is 64 bytes.

    /** The origins of the stacking moves onto from - 6. */
    int down() {
        return down(occupied, top2, top3, bottom2, bottom3);
    }

    /** The origins of the stacking moves onto from - 1. */
    int left() {
        return left(occupied, top2, top3, bottom2, bottom3);
    }

    /** The origins of the stacking moves onto from + 1. */
    int right() {
        return right(occupied, top2, top3, bottom2, bottom3);
    }

    /** The origins of the stacking moves onto from + 6. */
    int up() {
        return up(occupied, top2, top3, bottom2, bottom3);
    }

    /** The origins of the stacking moves onto from - 6, given the board's masks. */
    static int down(int occupied, int top2, int top3, int bottom2, int bottom3) {
        return occupied & (occupied << 6) & ~(bottom2 & ~(top2 << 6) | bottom3 & ~(top3 << 6));
    }

    /** The origins of the stacking moves onto from - 1. */
    static int left(int occupied, int top2, int top3, int bottom2, int bottom3) {
        return occupied & (occupied << 1) & HAS_WEST & ~(bottom2 & ~(top2 << 1) | bottom3 & ~(top3 << 1));
    }

    /** The origins of the stacking moves onto from + 1. */
    static int right(int occupied, int top2, int top3, int bottom2, int bottom3) {
        return occupied & (occupied >>> 1) & HAS_EAST & ~(bottom2 & ~(top2 >>> 1) | bottom3 & ~(top3 >>> 1));
    }

    /** The origins of the stacking moves onto from + 6. */
    static int up(int occupied, int top2, int top3, int bottom2, int bottom3) {
        return occupied & (occupied >>> 6) & ~(bottom2 & ~(top2 >>> 6) | bottom3 & ~(top3 >>> 6));
    }

    static PylonState initial() {
        int hands = 0;
        for (int index = 0; index < 6; index++) {
            hands |= PER_SIZE << (index * 5);
        }
        return new PylonState(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, hands, 0, 0);
    }

    /**
     * The state of squares packed as {@link #pack} packs them and of counts in hand indexed
     * {@code seat * 3 + size - 1}.
     */
    static PylonState of(int[] squares, int[] inHand, int actor, int turn) {
        int occupied = 0;
        int seatOneTops = 0;
        int top2 = 0;
        int top3 = 0;
        int bottom2 = 0;
        int bottom3 = 0;
        int[] heights = new int[5];
        for (int square = 0; square < SQUARES; square++) {
            int packed = squares[square];
            int height = packed & 31;
            if (height == 0) {
                continue;
            }
            int bit = 1 << square;
            occupied |= bit;
            seatOneTops |= (packed >> 5 & 1) == 1 ? bit : 0;
            int top = packed >> 6 & 3;
            int bottom = packed >> 8 & 3;
            top2 |= top >= 2 ? bit : 0;
            top3 |= top == 3 ? bit : 0;
            bottom2 |= bottom >= 2 ? bit : 0;
            bottom3 |= bottom == 3 ? bit : 0;
            for (int b = 0; b < 5; b++) {
                heights[b] |= (height >> b & 1) << square;
            }
        }
        int hands = 0;
        for (int index = 0; index < 6; index++) {
            hands |= (inHand[index] & 31) << (index * 5);
        }
        return new PylonState(occupied, seatOneTops, top2, top3, bottom2, bottom3, heights[0], heights[1], heights[2],
                heights[3], heights[4], hands, actor, turn);
    }

    static int pack(int height, int topOwner, int topSize, int bottomSize) {
        return height | topOwner << 5 | topSize << 6 | bottomSize << 8;
    }

    /** A square packed as {@link #pack} packs it; 0 when empty. */
    int packed(int square) {
        return (occupied >>> square & 1) == 0 ? 0
                : pack(height(square), seatOneTops >>> square & 1, topSize(square), bottomSize(square));
    }

    /** The height of a square, without checking the index. */
    int heightAt(int square) {
        return (height0 >>> square & 1) | (height1 >>> square & 1) << 1 | (height2 >>> square & 1) << 2
                | (height3 >>> square & 1) << 3 | (height4 >>> square & 1) << 4;
    }

    /** How many pyramids of a size (1-3) a seat holds, without checking the index. */
    int inHandAt(int seat, int size) {
        return hands >>> ((seat * 3 + size - 1) * 5) & 31;
    }

    /** True when some stack can move on a board of these masks (once it is full). */
    static boolean anyStackingMove(int occupied, int top2, int top3, int bottom2, int bottom3) {
        return (down(occupied, top2, top3, bottom2, bottom3) | left(occupied, top2, top3, bottom2, bottom3)
                | right(occupied, top2, top3, bottom2, bottom3) | up(occupied, top2, top3, bottom2, bottom3)) != 0;
    }

    @Override
    public int actor() {
        return (turnAndActor & 3) - 2;
    }

    @Override
    public int players() {
        return 2;
    }

    /** The number of actions taken so far. */
    public int turn() {
        return turnAndActor >>> 2;
    }

    /** True while pyramids are still being placed (fewer than 30 on the board). */
    public boolean isPlacementPhase() {
        return turnAndActor < PylonMove.SQUARES << 2;
    }

    /** The number of pyramids in the stack on a square; 0 when it is empty. */
    public int height(int square) {
        return heightAt(Objects.checkIndex(square, SQUARES));
    }

    /** The seat owning the top pyramid on a square; -1 when it is empty. */
    public int topOwner(int square) {
        Objects.checkIndex(square, SQUARES);
        return (occupied >>> square & 1) == 0 ? -1 : seatOneTops >>> square & 1;
    }

    /** The size (1-3) of the top pyramid on a square; 0 when it is empty. */
    public int topSize(int square) {
        Objects.checkIndex(square, SQUARES);
        return (occupied >>> square & 1) + (top2 >>> square & 1) + (top3 >>> square & 1);
    }

    /** The size (1-3) of the bottom pyramid on a square; 0 when it is empty. */
    public int bottomSize(int square) {
        Objects.checkIndex(square, SQUARES);
        return (occupied >>> square & 1) + (bottom2 >>> square & 1) + (bottom3 >>> square & 1);
    }

    /**
     * The squares holding a stack, as a mask (bit {@code square} set): with the masks below, the
     * board in a few reads, for search bots' evaluations.
     */
    public int occupiedMask() {
        return occupied;
    }

    /** The squares whose top pyramid is at least {@code size} (1-3), as a mask. */
    public int topAtLeastMask(int size) {
        return switch (size) {
            case 1 -> occupied;
            case 2 -> top2;
            case 3 -> top3;
            default -> throw new IllegalArgumentException("a size from 1 to 3, not " + size);
        };
    }

    /** The squares whose bottom pyramid is at least {@code size} (1-3), as a mask. */
    public int bottomAtLeastMask(int size) {
        return switch (size) {
            case 1 -> occupied;
            case 2 -> bottom2;
            case 3 -> bottom3;
            default -> throw new IllegalArgumentException("a size from 1 to 3, not " + size);
        };
    }

    /**
     * The squares whose height has bit {@code bit} (0-4) set, as a mask: the sum of the heights of
     * the squares of a mask {@code m} is the sum over the bits of {@code bitCount(m & heightBitMask(b)) << b}.
     */
    public int heightBitMask(int bit) {
        return switch (bit) {
            case 0 -> height0;
            case 1 -> height1;
            case 2 -> height2;
            case 3 -> height3;
            case 4 -> height4;
            default -> throw new IllegalArgumentException("a height bit from 0 to 4, not " + bit);
        };
    }

    /** The squares whose top pyramid is a seat's (0 or 1), as a mask. */
    public int toppedByMask(int seat) {
        Objects.checkIndex(seat, 2);
        return seat == 1 ? seatOneTops : occupied & ~seatOneTops;
    }

    /** How many pyramids of a size (1-3) a seat still has in hand. */
    public int inHand(int seat, int size) {
        return hands >>> (Objects.checkIndex(seat * 3 + size - 1, 6) * 5) & 31;
    }

    /** A seat's score: the pyramids in stacks topped by that seat's pyramids. */
    public int score(int seat) {
        int tops = seat == 1 ? seatOneTops : seat == 0 ? occupied & ~seatOneTops : 0;
        return Integer.bitCount(height0 & tops) + (Integer.bitCount(height1 & tops) << 1)
                + (Integer.bitCount(height2 & tops) << 2) + (Integer.bitCount(height3 & tops) << 3)
                + (Integer.bitCount(height4 & tops) << 4);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PylonState s && turnAndActor == s.turnAndActor && occupied == s.occupied
                && seatOneTops == s.seatOneTops && top2 == s.top2 && top3 == s.top3 && bottom2 == s.bottom2
                && bottom3 == s.bottom3 && height0 == s.height0 && height1 == s.height1 && height2 == s.height2
                && height3 == s.height3 && height4 == s.height4 && hands == s.hands;
    }

    /**
     * The hash the position always had: of the packed squares, then of the counts in hand, as
     * {@code Arrays.hashCode} of the two arrays the state was once made of. The polynomial is summed
     * over the occupied squares only (an empty square adds nothing but a factor of 31, which the
     * powers below hold), and kept once made: a search's transposition table asks for it at least
     * twice a node.
     */
    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            int squares = SQUARES_START;
            for (int rest = occupied; rest != 0; rest &= rest - 1) {
                int square = Integer.numberOfTrailingZeros(rest);
                squares += packed(square) * SQUARE_POWERS[square];
            }
            int inHand = 1;
            for (int index = 0; index < 6; index++) {
                inHand = 31 * inHand + (hands >>> (index * 5) & 31);
            }
            h = (squares * 31 + inHand) * 31 + actor() * 131 + turn();
            hash = h;
        }
        return h;
    }

    /** 31 to the power of the squares after each square, for {@link #hashCode}. */
    private static final int[] SQUARE_POWERS = new int[SQUARES];

    /** The hash of an empty board: 31 to the power of the squares. */
    private static final int SQUARES_START;

    static {
        int power = 1;
        for (int square = SQUARES - 1; square >= 0; square--) {
            SQUARE_POWERS[square] = power;
            power *= 31;
        }
        SQUARES_START = power;
    }

    @Override
    public String toString() {
        return "PylonState[turn " + turn() + ", actor " + actor() + "]";
    }
}
