package org.pyramidarena.games.pylon;

import java.util.AbstractList;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.function.Consumer;

/**
 * A state's legal moves as an immutable list read from its bit masks, in the rules' order, without
 * listing them first: a random player asks for the size and one element, and only that move is
 * looked up (in the shared table of moves). A list asked for more than one element, or iterated,
 * lists its moves once.
 */
final class PylonMoves extends AbstractList<PylonMove> implements RandomAccess {

    private final boolean placement;
    // Placements: the empty squares, the sizes in hand (bit size - 1) and their number.
    // Stacking moves: the origins of the moves onto from - 6, from - 1, from + 1, from + 6.
    private final int a;
    private final int b;
    private final int c;
    private final int d;
    private final int size;

    /** The listed moves, once more than one is asked for; a final field publishes the array safely. */
    private record Listed(PylonMove[] moves) {
    }

    private Listed listed;
    private boolean asked;

    private PylonMoves(boolean placement, int a, int b, int c, int d, int size) {
        this.placement = placement;
        this.a = a;
        this.b = b;
        this.c = c;
        this.d = d;
        this.size = size;
    }

    /** Placements of the sizes in {@code available} (bit size - 1) on the {@code empty} squares. */
    static List<PylonMove> placements(int empty, int available) {
        int sizes = Integer.bitCount(available);
        return new PylonMoves(true, empty, available, sizes, 0, Integer.bitCount(empty) * sizes);
    }

    /** Stacking moves from the squares of each mask onto from - 6, from - 1, from + 1, from + 6. */
    static List<PylonMove> stackings(int down, int left, int right, int up) {
        return new PylonMoves(false, down, left, right, up,
                Integer.bitCount(down) + Integer.bitCount(left) + Integer.bitCount(right) + Integer.bitCount(up));
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public PylonMove get(int index) {
        Listed all = listed;
        if (all != null) {
            return all.moves[index];
        }
        Objects.checkIndex(index, size);
        if (asked) {
            return list().moves[index];
        }
        asked = true;
        return lookUp(index);
    }

    private PylonMove lookUp(int index) {
        if (placement) {
            return PylonMove.place(select(b, index % c) + 1, select(a, index / c));
        }
        int k = index;
        int origins = a | b | c | d;
        while (true) {
            int from = Integer.numberOfTrailingZeros(origins);
            origins &= origins - 1;
            int bit = 1 << from;
            if ((a & bit) != 0 && k-- == 0) {
                return PylonMove.stack(from, from - PylonMove.COLUMNS);
            }
            if ((b & bit) != 0 && k-- == 0) {
                return PylonMove.stack(from, from - 1);
            }
            if ((c & bit) != 0 && k-- == 0) {
                return PylonMove.stack(from, from + 1);
            }
            if ((d & bit) != 0 && k-- == 0) {
                return PylonMove.stack(from, from + PylonMove.COLUMNS);
            }
        }
    }

    /** The position of the set bit of {@code mask} that has {@code index} set bits below it. */
    private static int select(int mask, int index) {
        for (int i = 0; i < index; i++) {
            mask &= mask - 1;
        }
        return Integer.numberOfTrailingZeros(mask);
    }

    private Listed list() {
        Listed all = listed;
        if (all == null) {
            PylonMove[] moves = new PylonMove[size];
            int n = 0;
            if (placement) {
                for (int empty = a; empty != 0; empty &= empty - 1) {
                    int square = Integer.numberOfTrailingZeros(empty);
                    for (int sizes = b; sizes != 0; sizes &= sizes - 1) {
                        moves[n++] = PylonMove.place(Integer.numberOfTrailingZeros(sizes) + 1, square);
                    }
                }
            } else {
                for (int origins = a | b | c | d; origins != 0; origins &= origins - 1) {
                    int from = Integer.numberOfTrailingZeros(origins);
                    int bit = 1 << from;
                    if ((a & bit) != 0) {
                        moves[n++] = PylonMove.stack(from, from - PylonMove.COLUMNS);
                    }
                    if ((b & bit) != 0) {
                        moves[n++] = PylonMove.stack(from, from - 1);
                    }
                    if ((c & bit) != 0) {
                        moves[n++] = PylonMove.stack(from, from + 1);
                    }
                    if ((d & bit) != 0) {
                        moves[n++] = PylonMove.stack(from, from + PylonMove.COLUMNS);
                    }
                }
            }
            all = new Listed(moves);
            listed = all;
        }
        return all;
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

    @Override
    public boolean contains(Object o) {
        return indexOf(o) >= 0;
    }

    @Override
    public void forEach(Consumer<? super PylonMove> action) {
        for (PylonMove move : list().moves) {
            action.accept(move);
        }
    }

    @Override
    public Object[] toArray() {
        return list().moves.clone();
    }
}
