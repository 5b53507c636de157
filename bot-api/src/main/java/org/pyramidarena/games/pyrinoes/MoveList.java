package org.pyramidarena.games.pyrinoes;

import java.util.AbstractList;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * A seat's legal moves as an immutable list: its plays, listed, then its builds read from the forms
 * each colour's supply allows without listing them (a full supply allows 135), in type order: seat
 * base + 9 * first form + second form, then for each green size 81 + 18 * (size - 1) + 9 * which
 * colour + form.
 */
final class MoveList extends AbstractList<PyrinoesMove> implements RandomAccess {

    private final PyrinoesMove[] plays;
    private final int playCount;
    private final int base;
    private final int first;
    private final int second;
    private final int greens;
    private final int size;

    MoveList(PyrinoesMove[] plays, int playCount, int base, int first, int second, int greens, int builds) {
        this.plays = plays;
        this.playCount = playCount;
        this.base = base;
        this.first = first;
        this.second = second;
        this.greens = greens;
        this.size = playCount + builds;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public PyrinoesMove get(int index) {
        Objects.checkIndex(index, size);
        if (index < playCount) {
            return plays[index];
        }
        int j = index - playCount;
        int firsts = Integer.bitCount(first);
        int seconds = Integer.bitCount(second);
        if (j < firsts * seconds) {
            return PyrinoesMove.build(base + 9 * select(first, j / seconds) + select(second, j % seconds));
        }
        j -= firsts * seconds;
        int perGreen = firsts + seconds;
        int row = base + 81 + 18 * (select(greens, j / perGreen) - 1);
        int r = j % perGreen;
        return PyrinoesMove.build(r < firsts ? row + select(first, r) : row + 9 + select(second, r - firsts));
    }

    /**
     * Read from the move instead of walking the list: a play among the listed plays, a build from
     * the forms and greens its type is made of (the referee asks it of every move a bot in its JVM
     * chooses).
     */
    @Override
    public boolean contains(Object o) {
        if (!(o instanceof PyrinoesMove move)) {
            return false;
        }
        if (move.kind() == PyrinoesMove.Kind.PLAY) {
            for (int i = 0; i < playCount; i++) {
                if (plays[i] == move) {
                    return true;
                }
            }
            for (int i = 0; i < playCount; i++) {
                if (plays[i].equals(move)) {
                    return true;
                }
            }
            return false;
        }
        if (move.kind() != PyrinoesMove.Kind.BUILD) {
            return false;
        }
        int type = move.piece() - base;
        if (type < 0 || type >= Pieces.TYPES_PER_SEAT) {
            return false;
        }
        if (type < 81) {
            return (first >>> type / 9 & 1) != 0 && (second >>> type % 9 & 1) != 0;
        }
        int green = (type - 81) / 18 + 1;
        int form = (type - 81) % 18;
        return (greens >>> green & 1) != 0 && ((form < 9 ? first >>> form : second >>> form - 9) & 1) != 0;
    }

    /** The {@code n}th set bit of a mask, from 0. */
    private static int select(int mask, int n) {
        int rest = mask;
        for (int skip = 0; skip < n; skip++) {
            rest &= rest - 1;
        }
        return Integer.numberOfTrailingZeros(rest);
    }
}
