package org.pyramidarena.games.pylon;

import java.util.AbstractList;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.function.Consumer;

/**
 * A state's legal moves as an immutable list read from its bit masks, in the rules' order, without
 * listing them: a random player asks for the size and one element, and only that move is looked up
 * (in the shared tables of moves). Walking the list in order (iterating, or {@code get(0)},
 * {@code get(1)}, ... as the referee does to find the chosen move) steps from each move to the next.
 *
 * <p>The list remembers where the last {@code get} ended, in one {@code int} field that is read and
 * written whole; whichever thread's position another thread sees is a true position of this list, so
 * the list may be shared between threads like any immutable list.
 */
final class PylonMoves extends AbstractList<PylonMove> implements RandomAccess {

    /** The stacking moves by direction (onto from - 6, from - 1, from + 1, from + 6) and origin. */
    private static final PylonMove[][] STACKINGS = new PylonMove[4][PylonMove.SQUARES];
    private static final int[] DELTAS = {-PylonMove.COLUMNS, -1, 1, PylonMove.COLUMNS};

    static {
        for (int direction = 0; direction < 4; direction++) {
            for (int from = 0; from < PylonMove.SQUARES; from++) {
                int to = from + DELTAS[direction];
                if (to >= 0 && to < PylonMove.SQUARES && PylonMove.adjacent(from, to)) {
                    STACKINGS[direction][from] = PylonMove.stack(from, to);
                }
            }
        }
    }

    private final boolean placement;
    // Placements: the empty squares, the sizes in hand (bit size - 1) and their number.
    // Stacking moves: the origins of the moves onto from - 6, from - 1, from + 1, from + 6.
    private final int a;
    private final int b;
    private final int c;
    private final int d;
    private final int size;
    /**
     * Where the last get ended: (index + 1) << 7 | square << 2 | kind, the kind being the size - 1
     * of a placement or the direction of a stacking move; 0 before the first.
     */
    private int cursor;

    private PylonMoves(boolean placement, int a, int b, int c, int d, int size) {
        this.placement = placement;
        this.a = a;
        this.b = b;
        this.c = c;
        this.d = d;
        this.size = size;
    }

    /** The legal moves at a state: none when it is over, placements, or stacking moves. */
    static PylonMoves of(PylonState state) {
        boolean placement;
        int a;
        int b;
        int c;
        int d;
        int size;
        if (state.isTerminal()) {
            placement = false;
            a = 0;
            b = 0;
            c = 0;
            d = 0;
            size = 0;
        } else if (state.isPlacementPhase()) {
            int shift = state.actor() * 15;
            int hands = state.hands;
            // Placements: the empty squares, the sizes in hand (bit size - 1) and their number.
            placement = true;
            a = ~state.occupied & PylonState.ALL;
            b = ((hands >>> shift & 31) != 0 ? 1 : 0) | ((hands >>> (shift + 5) & 31) != 0 ? 2 : 0)
                    | ((hands >>> (shift + 10) & 31) != 0 ? 4 : 0);
            c = Integer.bitCount(b);
            d = 0;
            size = Integer.bitCount(a) * c;
        } else {
            placement = false;
            a = state.down();
            b = state.left();
            c = state.right();
            d = state.up();
            size = Integer.bitCount(a) + Integer.bitCount(b) + Integer.bitCount(c) + Integer.bitCount(d);
        }
        return new PylonMoves(placement, a, b, c, d, size);
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public PylonMove get(int index) {
        Objects.checkIndex(index, size);
        int last = cursor;
        int position;
        if (last != 0 && (last >>> 7) == index + 1) {
            position = last & 127;
        } else if (last != 0 && (last >>> 7) == index) {
            position = next(last & 127);
        } else {
            position = locate(index);
        }
        cursor = (index + 1) << 7 | position;
        return move(position);
    }

    private PylonMove move(int position) {
        int square = position >>> 2;
        int kind = position & 3;
        return placement ? PylonMove.place(kind + 1, square) : STACKINGS[kind][square];
    }

    private int mask(int direction) {
        return direction == 0 ? a : direction == 1 ? b : direction == 2 ? c : d;
    }

    /** The position (square << 2 | kind) of the move at {@code index}. */
    private int locate(int index) {
        if (placement) {
            return select(a, index / c) << 2 | select(b, index % c);
        }
        int k = index;
        int origins = a | b | c | d;
        while (true) {
            int from = Integer.numberOfTrailingZeros(origins);
            origins &= origins - 1;
            for (int direction = 0; direction < 4; direction++) {
                if ((mask(direction) >>> from & 1) != 0 && k-- == 0) {
                    return from << 2 | direction;
                }
            }
        }
    }

    /** The position of the move after the one at {@code position}; only asked within the list. */
    private int next(int position) {
        int square = position >>> 2;
        int kind = position & 3;
        if (placement) {
            int larger = b & -(2 << kind);
            if (larger != 0) {
                return square << 2 | Integer.numberOfTrailingZeros(larger);
            }
            return Integer.numberOfTrailingZeros(a & -(2 << square)) << 2 | Integer.numberOfTrailingZeros(b);
        }
        for (int direction = kind + 1; direction < 4; direction++) {
            if ((mask(direction) >>> square & 1) != 0) {
                return square << 2 | direction;
            }
        }
        int from = Integer.numberOfTrailingZeros((a | b | c | d) & -(2 << square));
        int direction = 0;
        while ((mask(direction) >>> from & 1) == 0) {
            direction++;
        }
        return from << 2 | direction;
    }

    /** The position of the set bit of {@code mask} that has {@code index} set bits below it. */
    private static int select(int mask, int index) {
        for (int i = 0; i < index; i++) {
            mask &= mask - 1;
        }
        return Integer.numberOfTrailingZeros(mask);
    }

    @Override
    public int indexOf(Object o) {
        if (!(o instanceof PylonMove move)) {
            return -1;
        }
        int to = move.to();
        if (placement) {
            int square = 1 << to;
            int sizeBit = 1 << (move.size() - 1);
            if (!move.isPlacement() || (a & square) == 0 || (b & sizeBit) == 0) {
                return -1;
            }
            return Integer.bitCount(a & (square - 1)) * c + Integer.bitCount(b & (sizeBit - 1));
        }
        if (move.isPlacement()) {
            return -1;
        }
        int from = move.from();
        int bit = 1 << from;
        int delta = to - from;
        int mask = delta == -PylonMove.COLUMNS ? a : delta == -1 ? b : delta == 1 ? c : d;
        if ((mask & bit) == 0) {
            return -1;
        }
        int below = bit - 1;
        int index = Integer.bitCount(a & below) + Integer.bitCount(b & below) + Integer.bitCount(c & below)
                + Integer.bitCount(d & below);
        // Then the moves from the same square onto lower targets.
        if (delta > -PylonMove.COLUMNS && (a & bit) != 0) {
            index++;
        }
        if (delta > -1 && (b & bit) != 0) {
            index++;
        }
        if (delta > 1 && (c & bit) != 0) {
            index++;
        }
        return index;
    }

    @Override
    public int lastIndexOf(Object o) {
        return indexOf(o);
    }

    /** Whether the move is listed: {@link #indexOf}'s tests without counting the moves before it. */
    @Override
    public boolean contains(Object o) {
        if (!(o instanceof PylonMove move)) {
            return false;
        }
        int to = move.to();
        if (placement) {
            return move.isPlacement() && (a >>> to & 1) != 0 && (b >>> (move.size() - 1) & 1) != 0;
        }
        if (move.isPlacement()) {
            return false;
        }
        int from = move.from();
        int delta = to - from;
        int mask = delta == -PylonMove.COLUMNS ? a : delta == -1 ? b : delta == 1 ? c : d;
        return (mask >>> from & 1) != 0;
    }

    @Override
    public void forEach(Consumer<? super PylonMove> action) {
        Objects.requireNonNull(action);
        if (size == 0) {
            return;
        }
        int position = locate(0);
        action.accept(move(position));
        for (int i = 1; i < size; i++) {
            position = next(position);
            action.accept(move(position));
        }
    }
}
