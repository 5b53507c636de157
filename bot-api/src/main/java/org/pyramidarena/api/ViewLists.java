package org.pyramidarena.api;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.RandomAccess;
import java.util.function.IntFunction;

/**
 * Immutable lists for views that read an immutable position as they are asked for instead of
 * copying it.
 *
 * <p>The referee makes a view at every decision, and most bots read little of it (a random bot
 * none). Copying a position into arrays or lists of values at every decision cost the referee more
 * than the rules themselves in the games with cheap moves; a list from here is one small object
 * whatever its length, and computes an element only when it is read. It is only as immutable as
 * what its elements are computed from, so give it a position that never changes once made.
 *
 * <p>A view's canonical constructor passes these lists through {@link #copyOf} and copies any other
 * list, so a view made from JSON or by a bot holds its own immutable copies. Equality and hash
 * codes are those of {@link List}: a list from here equals any list with the same elements.
 */
public final class ViewLists {

    private ViewLists() {
    }

    /**
     * An immutable list whose element {@code i} is {@code element.apply(i)}, computed at each read.
     *
     * @param size the number of elements
     * @param element gives each element from its index; must always give equal elements for an index
     */
    public static <E> List<E> of(int size, IntFunction<E> element) {
        return new Computed<>(size, element, IntFunction::apply);
    }

    /**
     * An immutable list whose element {@code i} is {@code element.get(source, i)}, computed at each
     * read. With an {@code element} that captures nothing (a method reference or lambda that uses only
     * its arguments) the list is the one object the referee makes for it at every decision.
     *
     * @param size the number of elements
     * @param source what the elements are read from; must never change
     * @param element gives each element from the source and its index
     */
    public static <T, E> List<E> of(int size, T source, Element<? super T, ? extends E> element) {
        return new Computed<>(size, source, element);
    }

    /** How a list's element is read from its source. */
    @FunctionalInterface
    public interface Element<T, E> {
        /** The element at an index, read from the source. */
        E get(T source, int index);
    }

    /** The list itself when it comes from {@link #of} or is immutable already, otherwise an immutable copy. */
    public static <E> List<E> copyOf(List<E> list) {
        return list instanceof Computed<?> ? list : List.copyOf(list);
    }

    /** A list of lists as a view keeps it: {@link #copyOf} applied to the list and to each of its lists. */
    public static <E> List<List<E>> copyOfLists(List<List<E>> lists) {
        if (lists instanceof Computed<?>) {
            return lists;
        }
        List<List<E>> outer = List.copyOf(lists);
        for (List<E> list : outer) {
            if (copyOf(list) != list) {
                List<List<E>> copies = new ArrayList<>(outer.size());
                for (List<E> each : outer) {
                    copies.add(copyOf(each));
                }
                return List.copyOf(copies);
            }
        }
        // Immutable already, inside and out (List.copyOf returns such a list itself): nothing to copy.
        return outer;
    }

    private static final class Computed<E> extends AbstractList<E> implements RandomAccess {
        private final int size;
        private final Object source;
        private final Element<Object, ? extends E> element;

        @SuppressWarnings("unchecked")
        <T> Computed(int size, T source, Element<? super T, ? extends E> element) {
            if (size < 0) {
                throw new IllegalArgumentException("a list of " + size + " elements");
            }
            this.size = size;
            this.source = source;
            this.element = (Element<Object, ? extends E>) element;
        }

        @Override
        public E get(int index) {
            if (index < 0 || index >= size) {
                throw new IndexOutOfBoundsException("index " + index + " of a list of " + size);
            }
            return element.get(source, index);
        }

        @Override
        public int size() {
            return size;
        }
    }
}
