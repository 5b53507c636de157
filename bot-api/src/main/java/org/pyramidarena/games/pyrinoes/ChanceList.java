package org.pyramidarena.games.pyrinoes;

import java.util.AbstractList;
import java.util.Objects;
import java.util.RandomAccess;
import org.pyramidarena.api.ChanceOutcome;

/**
 * The chance outcomes of a pool of dominoes as an immutable list, in domino order, read from the
 * pool's bit mask and a shared table of outcomes without listing them. Walking the list in order
 * (iterating, or {@code get(0)}, {@code get(1)}, ... as sampling does) steps from each domino to the
 * next.
 *
 * <p>The list remembers where the last {@code get} ended, in one {@code int} field that is read and
 * written whole; whichever thread's position another thread sees is a true position of this list, so
 * the list may be shared between threads like any immutable list.
 */
final class ChanceList extends AbstractList<ChanceOutcome<PyrinoesMove>> implements RandomAccess {

    private final int pool;
    private final int size;
    private final ChanceOutcome<PyrinoesMove>[] outcomes;
    /** Where the last get ended: (index + 1) << 5 | domino; 0 before the first. */
    private int cursor;

    /** The outcomes of the dominoes of {@code pool}, {@code outcomes} indexed by domino. */
    ChanceList(int pool, ChanceOutcome<PyrinoesMove>[] outcomes) {
        this.pool = pool;
        this.size = Integer.bitCount(pool);
        this.outcomes = outcomes;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public ChanceOutcome<PyrinoesMove> get(int index) {
        Objects.checkIndex(index, size);
        int last = cursor;
        int domino;
        if (last != 0 && (last >>> 5) == index + 1) {
            domino = last & 31;
        } else if (last != 0 && (last >>> 5) == index) {
            domino = Integer.numberOfTrailingZeros(pool & -(2 << (last & 31)));
        } else {
            int rest = pool;
            for (int skip = 0; skip < index; skip++) {
                rest &= rest - 1;
            }
            domino = Integer.numberOfTrailingZeros(rest);
        }
        cursor = (index + 1) << 5 | domino;
        return outcomes[domino];
    }
}
