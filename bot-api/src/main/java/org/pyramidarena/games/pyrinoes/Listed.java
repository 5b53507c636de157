package org.pyramidarena.games.pyrinoes;

import java.util.AbstractList;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * An immutable list over the first {@code size} elements of an array that nothing writes into once
 * the list is made: the legal moves and chance outcomes the rules hand out, without copying them
 * into a second list.
 */
final class Listed<E> extends AbstractList<E> implements RandomAccess {

    private final E[] elements;
    private final int size;

    Listed(E[] elements, int size) {
        this.elements = elements;
        this.size = size;
    }

    @Override
    public E get(int index) {
        Objects.checkIndex(index, size);
        return elements[index];
    }

    @Override
    public int size() {
        return size;
    }
}
