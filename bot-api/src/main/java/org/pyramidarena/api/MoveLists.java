package org.pyramidarena.api;

import java.util.AbstractList;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * Immutable legal-move lists over an array, for rules that list their moves into one.
 *
 * <p>The referee asks at every decision whether the move a bot chose is in the list it was handed
 * ({@link java.util.List#contains}); a list from here answers by comparing identities first (a bot
 * that returns one of the listed moves is found without running any move's code) and only then by
 * the listed moves' {@code equals}. A list is only as immutable as its array: give it one that
 * nothing writes into once the list is made.
 */
public final class MoveLists {

    private MoveLists() {
    }

    /**
     * The first {@code size} moves of an array as an immutable list, without copying them.
     *
     * @param moves the moves; nothing may write into the array once the list is made
     * @param size how many of them are listed
     */
    public static <M extends Move> java.util.List<M> of(M[] moves, int size) {
        Objects.checkFromToIndex(0, size, moves.length);
        return new ArrayMoves<>(moves, size);
    }

    private static final class ArrayMoves<M extends Move> extends AbstractList<M> implements RandomAccess {
        private final M[] moves;
        private final int size;

        ArrayMoves(M[] moves, int size) {
            this.moves = moves;
            this.size = size;
        }

        @Override
        public M get(int index) {
            Objects.checkIndex(index, size);
            return moves[index];
        }

        @Override
        public int size() {
            return size;
        }

        /** By identity, then by the listed moves' own {@code equals} (never the argument's). */
        @Override
        public boolean contains(Object o) {
            for (int i = 0; i < size; i++) {
                if (moves[i] == o) {
                    return true;
                }
            }
            if (!(o instanceof Move)) {
                return false;
            }
            for (int i = 0; i < size; i++) {
                if (moves[i].equals(o)) {
                    return true;
                }
            }
            return false;
        }
    }
}
