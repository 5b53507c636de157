package org.pyramidarena.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Legal-move lists over an array: the array's first moves, immutable, found by identity and then by equality. */
class MoveListsTest {

    /** A move whose equality is its notation's, and which counts the times it is compared. */
    private static final class Counted implements Move {
        private final String notation;
        private int compared;

        Counted(String notation) {
            this.notation = notation;
        }

        @Override
        public String notation() {
            return notation;
        }

        @Override
        public boolean equals(Object o) {
            compared++;
            return o instanceof Counted other && other.notation.equals(notation);
        }

        @Override
        public int hashCode() {
            return notation.hashCode();
        }
    }

    @Test
    void aListHoldsTheFirstMovesOfItsArrayWithoutCopyingThem() {
        Counted a = new Counted("a");
        Counted b = new Counted("b");
        Counted c = new Counted("c");
        List<Counted> moves = MoveLists.of(new Counted[] {a, b, c, null}, 3);
        assertEquals(List.of(a, b, c), moves);
        assertEquals(3, moves.size());
        assertThrows(IndexOutOfBoundsException.class, () -> moves.get(3));
        assertThrows(IndexOutOfBoundsException.class, () -> MoveLists.of(new Counted[2], 3));
        assertEquals(List.of(), MoveLists.of(new Counted[0], 0));
    }

    @Test
    void aListCannotBeChangedThroughItself() {
        List<Counted> moves = MoveLists.of(new Counted[] {new Counted("a")}, 1);
        assertThrows(UnsupportedOperationException.class, () -> moves.add(new Counted("b")));
        assertThrows(UnsupportedOperationException.class, () -> moves.set(0, new Counted("b")));
        assertThrows(UnsupportedOperationException.class, () -> moves.remove(0));
    }

    @Test
    void aListedMoveIsFoundByIdentityWithoutRunningAnyMovesCode() {
        Counted a = new Counted("a");
        Counted b = new Counted("b");
        List<Counted> moves = MoveLists.of(new Counted[] {a, b}, 2);
        assertTrue(moves.contains(b));
        assertEquals(0, a.compared + b.compared, "no equals was called");
    }

    @Test
    void anEqualMoveIsFoundByTheListedMovesEqualsAndNeverTheArguments() {
        Counted a = new Counted("a");
        Counted b = new Counted("b");
        List<Counted> moves = MoveLists.of(new Counted[] {a, b}, 2);
        Counted asked = new Counted("b");
        assertTrue(moves.contains(asked));
        assertFalse(moves.contains(new Counted("z")));
        assertFalse(moves.contains("b"), "a string is not a move");
        assertFalse(moves.contains(null));
        assertEquals(0, asked.compared, "the asked move's own equals is never run");
        assertTrue(a.compared > 0 && b.compared > 0);
        assertEquals(1, moves.indexOf(asked));
    }
}
