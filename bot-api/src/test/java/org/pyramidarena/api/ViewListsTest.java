package org.pyramidarena.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The lists views read from a position: immutable, computed on reading, equal to any list of the same elements. */
class ViewListsTest {

    @Test
    void aListComputesEachElementFromItsIndexWhenRead() {
        int[] reads = {0};
        List<Integer> squares = ViewLists.of(4, i -> {
            reads[0]++;
            return i * i;
        });
        assertEquals(0, reads[0], "nothing is computed before it is read");
        assertEquals(9, squares.get(3));
        assertEquals(1, reads[0]);
        assertEquals(List.of(0, 1, 4, 9), squares);
        assertEquals(List.of(0, 1, 4, 9), squares.subList(0, 4));
        assertEquals(List.of(0, 1, 4, 9).hashCode(), squares.hashCode());
        assertEquals("[0, 1, 4, 9]", squares.toString());
    }

    @Test
    void aListReadFromASourceGivesTheElementsOfThatSource() {
        int[] squares = {0, 1, 4, 9};
        List<Integer> read = ViewLists.of(3, squares, (array, i) -> array[i + 1]);
        assertEquals(List.of(1, 4, 9), read);
        assertSame(read, ViewLists.copyOf(read));
        assertThrows(IndexOutOfBoundsException.class, () -> read.get(3));
        assertThrows(UnsupportedOperationException.class, () -> read.set(0, 2));
    }

    @Test
    void aListCannotBeChangedNorReadOutsideItsSize() {
        List<String> names = ViewLists.of(2, i -> "n" + i);
        assertThrows(UnsupportedOperationException.class, () -> names.set(0, "x"));
        assertThrows(UnsupportedOperationException.class, () -> names.add("x"));
        assertThrows(UnsupportedOperationException.class, () -> names.remove(0));
        assertThrows(UnsupportedOperationException.class, names::clear);
        assertThrows(IndexOutOfBoundsException.class, () -> names.get(2));
        assertThrows(IndexOutOfBoundsException.class, () -> names.get(-1));
        assertThrows(IllegalArgumentException.class, () -> ViewLists.of(-1, i -> i));
    }

    @Test
    void copyOfKeepsTheseListsAndCopiesAnyOther() {
        List<Integer> computed = ViewLists.of(3, i -> i);
        assertSame(computed, ViewLists.copyOf(computed));
        List<Integer> mutable = new ArrayList<>(List.of(1, 2));
        List<Integer> copy = ViewLists.copyOf(mutable);
        mutable.set(0, 7);
        assertEquals(List.of(1, 2), copy);
        assertThrows(UnsupportedOperationException.class, () -> copy.set(0, 5));
    }

    @Test
    void copyOfListsCopiesTheOuterListAndEachInnerOneThatNeedsIt() {
        List<Integer> inner = new ArrayList<>(List.of(4));
        List<Integer> computed = ViewLists.of(1, i -> 5);
        List<List<Integer>> outer = new ArrayList<>(List.of(inner, computed));
        List<List<Integer>> copy = ViewLists.copyOfLists(outer);
        inner.set(0, 0);
        outer.clear();
        assertEquals(List.of(List.of(4), List.of(5)), copy);
        assertSame(computed, copy.get(1));
        List<List<Integer>> nested = ViewLists.of(2, i -> ViewLists.of(i, j -> j));
        assertSame(nested, ViewLists.copyOfLists(nested));
    }
}
