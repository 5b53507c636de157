package org.pyramidarena.games.pyraos;

import java.util.Arrays;
import org.pyramidarena.api.State;

/**
 * A Pyraos state: the spheres of each seat in the pyramid, the seat to move, the number of moves
 * played, how the game ended (if it did), and the history of positions. Pyraos has no hidden
 * information, so a seat's {@link PyraosView} shows all of it.
 *
 * <p>A <em>position</em> is the arrangement of spheres by colour on the 30 positions together with
 * the player to move (reserves follow from it: 15 less the spheres on the board, or a seat's
 * spheres under a handicap, {@link Pyraos#HANDICAP}, less those); {@link
 * #positionKey()} identifies it exactly. The history holds the position after every move and the
 * initial one, however they were reached. Two states are equal when they have the same position,
 * move count, ending and the same history counted as a multiset (how often each position
 * occurred): exactly when every future of the game, repetition draws and the move limit included,
 * is the same from both.
 */
public final class PyraosState implements State {

    /** How a game ended. */
    public enum Ending {
        /** The game is not over. */
        NONE,
        /** The winner placed the apex sphere. */
        APEX,
        /** The loser, to move, could neither place nor lift a sphere. */
        NO_MOVE,
        /** The same position occurred for the third time: a draw. */
        REPETITION,
        /** 300 moves were played: a draw. */
        MOVE_LIMIT
    }

    private static final int MASK = PyraosBoard.ALL;

    // Positions holding seat 0's and seat 1's spheres (bit p for position p).
    private final int spheres0;
    private final int spheres1;
    private final int actor;
    private final int moveCount;
    private final Ending ending;
    private final int winner;
    private final History history;
    /** Spheres seat 1 has beyond 15 when positive, seat 0 when negative: {@link Pyraos#HANDICAP}. */
    private final int handicap;

    private PyraosState(int spheres0, int spheres1, int actor, int moveCount, Ending ending, int winner,
                        History history, int handicap) {
        this.spheres0 = spheres0;
        this.spheres1 = spheres1;
        this.actor = actor;
        this.moveCount = moveCount;
        this.ending = ending;
        this.winner = winner;
        this.history = history;
        this.handicap = handicap;
    }

    static PyraosState initial() {
        return start(0, 0, 0, 0);
    }

    /** The state before the first move of a game played with a handicap ({@link Pyraos#HANDICAP}). */
    static PyraosState initial(int handicap) {
        return start(0, 0, 0, 0, handicap);
    }

    /**
     * A game in progress with no earlier positions: the given spheres on the board and seat {@code
     * actor} to move after {@code moveCount} moves.
     */
    static PyraosState start(int spheres0, int spheres1, int actor, int moveCount) {
        return start(spheres0, spheres1, actor, moveCount, 0);
    }

    /** {@link #start(int, int, int, int)} in a game played with a handicap ({@link Pyraos#HANDICAP}). */
    static PyraosState start(int spheres0, int spheres1, int actor, int moveCount, int handicap) {
        return new PyraosState(spheres0, spheres1, actor, moveCount, Ending.NONE, -1,
                History.EMPTY.with(key(spheres0, spheres1, actor)), handicap);
    }

    /** The state after a move: the new board with its position added to the history. */
    PyraosState next(int spheres0, int spheres1, int nextSeat, Ending ending, int winner) {
        History extended = history.with(key(spheres0, spheres1, nextSeat));
        return new PyraosState(spheres0, spheres1, ending == Ending.NONE ? nextSeat : State.NONE,
                moveCount + 1, ending, winner, extended, handicap);
    }

    /**
     * The state after {@code count} more moves reaching the positions of {@code keys}, oldest first:
     * the board of the last key, the seat to move its seat unless the game ended there. One state
     * for the whole line, as the state after each of its moves by {@link #next} would end.
     */
    PyraosState extended(long[] keys, int count, Ending ending, int winner) {
        History extended = history;
        for (int i = 0; i < count; i++) {
            extended = extended.with(keys[i]);
        }
        long last = keys[count - 1];
        return new PyraosState(keySpheres(last, 0), keySpheres(last, 1),
                ending == Ending.NONE ? keySeat(last) : State.NONE, moveCount + count, ending, winner, extended,
                handicap);
    }

    /** The state rebuilt from a view's values. */
    static PyraosState of(int spheres0, int spheres1, int actor, int moveCount, Ending ending, int winner,
                          long[] keys, int handicap) {
        History history = History.EMPTY;
        for (long key : keys) {
            history = history.with(key);
        }
        return new PyraosState(spheres0, spheres1, actor, moveCount, ending, winner, history, handicap);
    }

    /**
     * The spheres a seat owns, on the board and in reserve: 15, plus a handicap's extra spheres
     * for the seat it favours ({@link Pyraos#HANDICAP}).
     */
    public int spheresOwned(int seat) {
        return capacity(handicap, seat);
    }

    /** The spheres a seat owns: 15, plus {@code handicap} for seat 1 or {@code -handicap} for seat 0. */
    static int capacity(int handicap, int seat) {
        return PyraosBoard.SPHERES_PER_PLAYER + Math.max(0, seat == 1 ? handicap : -handicap);
    }

    /** The exact identity of a position: seat 0's spheres, seat 1's spheres, the seat to move. */
    static long key(int spheres0, int spheres1, int seatToMove) {
        return spheres0 | (long) spheres1 << 30 | (long) seatToMove << 60;
    }

    static int keySpheres(long key, int seat) {
        return (int) (key >>> 30 * seat) & MASK;
    }

    static int keySeat(long key) {
        return (int) (key >>> 60);
    }

    @Override
    public int actor() {
        return actor;
    }

    @Override
    public int players() {
        return 2;
    }

    /** The number of moves played (a pass counts as a move). */
    public int moveCount() {
        return moveCount;
    }

    /** The positions (bit {@code p} for position {@code p}) holding a seat's spheres. */
    public int spheres(int seat) {
        return seat == 0 ? spheres0 : spheres1;
    }

    /** The positions holding a sphere. */
    public int occupied() {
        return spheres0 | spheres1;
    }

    /** The seat whose sphere is on a position, or -1 when it is empty. */
    public int owner(int position) {
        return (spheres0 >> position & 1) != 0 ? 0 : (spheres1 >> position & 1) != 0 ? 1 : -1;
    }

    /** The spheres a seat has in reserve. */
    public int reserve(int seat) {
        return capacity(handicap, seat) - Integer.bitCount(spheres(seat));
    }

    /** How the game ended; {@link Ending#NONE} while it goes on. */
    public Ending ending() {
        return ending;
    }

    /** The winning seat, or -1 while the game goes on or after a draw. */
    public int winner() {
        return winner;
    }

    /**
     * The current position: the spheres by colour and the seat to move (for a finished game the
     * seat that would have been to move).
     */
    public long positionKey() {
        return history.key;
    }

    /** How many times the current position has occurred, this time included. */
    public int repetitions() {
        return history.count(history.key);
    }

    /** How many times a position (a {@link #positionKey()}) occurs in the history. */
    int occurrences(long key) {
        return history.count(key);
    }

    /** The position keys of the history, oldest first, the current position last. */
    long[] historyKeys() {
        return history.toArray();
    }

    /**
     * The history as a view shows it ({@link PyraosView#publicKey} of each key, oldest first): the
     * array each history node keeps once a view has asked for it, so that a view, asked for at
     * every move, neither walks the history nor converts every key again. Shared: never to be
     * changed.
     */
    long[] publicHistoryKeys() {
        return history.publicKeys();
    }

    /** The number of positions in the history, the current one included. */
    int historySize() {
        return history.size;
    }

    /** Entry {@code index} of {@link #publicHistoryKeys()}. */
    long publicHistoryKey(int index) {
        return history.publicKeys()[index];
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PyraosState s && spheres0 == s.spheres0 && spheres1 == s.spheres1
                && actor == s.actor && moveCount == s.moveCount && ending == s.ending && winner == s.winner
                && handicap == s.handicap && history.sameMultiset(s.history);
    }

    @Override
    public int hashCode() {
        return ((spheres0 * 31 + spheres1) * 31 + moveCount * 7 + actor) * 31 + Long.hashCode(history.sum);
    }

    @Override
    public String toString() {
        return "PyraosState[move " + moveCount + ", actor " + actor + ", ending " + ending + "]";
    }

    /**
     * A persistent list of position keys, newest first, with an order-free hash of its keys kept
     * as it grows: one small node per move, shared by every later state.
     */
    private static final class History {

        static final History EMPTY = new History(0, null, 0, 0, -1);

        final long key;
        final History previous;
        final int size;
        final long sum;
        /**
         * The most spheres on the board in any position of this history: a position is never found
         * in a history whose positions all hold fewer spheres, so a count stops there, which in the
         * usual game (the board filling up) is at once.
         */
        final int mostSpheres;

        private History(long key, History previous, int size, long sum, int mostSpheres) {
            this.key = key;
            this.previous = previous;
            this.size = size;
            this.sum = sum;
            this.mostSpheres = mostSpheres;
        }

        /** This node's history as public keys, oldest first; made on first use, never changed. */
        private volatile long[] publicKeys;

        /** The public keys of this history, oldest first; shared, so callers copy before handing it out. */
        long[] publicKeys() {
            long[] known = publicKeys;
            if (known != null) {
                return known;
            }
            // From the newest node that already knows its keys (or the start) forward to this one.
            java.util.ArrayDeque<History> missing = new java.util.ArrayDeque<>();
            History node = this;
            while (node.size > 0 && node.publicKeys == null) {
                missing.push(node);
                node = node.previous;
            }
            long[] keys = node.size > 0 ? node.publicKeys : new long[0];
            while (!missing.isEmpty()) {
                History next = missing.pop();
                keys = Arrays.copyOf(keys, next.size);
                keys[next.size - 1] = PyraosView.publicKey(next.key);
                next.publicKeys = keys;
            }
            return keys;
        }

        History with(long newKey) {
            return new History(newKey, this, size + 1, sum + mix(newKey), Math.max(mostSpheres, spheres(newKey)));
        }

        /** The spheres on the board in a position. */
        private static int spheres(long key) {
            return Long.bitCount(key & (1L << 60) - 1);
        }

        int count(long wanted) {
            int count = 0;
            int spheres = spheres(wanted);
            for (History node = this; node.mostSpheres >= spheres; node = node.previous) {
                if (node.key == wanted) {
                    count++;
                }
            }
            return count;
        }

        long[] toArray() {
            long[] keys = new long[size];
            int i = size;
            for (History node = this; node.size > 0; node = node.previous) {
                keys[--i] = node.key;
            }
            return keys;
        }

        boolean sameMultiset(History other) {
            if (this == other) {
                return true;
            }
            if (size != other.size || sum != other.sum) {
                return false;
            }
            long[] mine = toArray();
            long[] theirs = other.toArray();
            Arrays.sort(mine);
            Arrays.sort(theirs);
            return Arrays.equals(mine, theirs);
        }

        private static long mix(long z) {
            z = (z ^ (z >>> 33)) * 0xFF51AFD7ED558CCDL;
            z = (z ^ (z >>> 33)) * 0xC4CEB9FE1A85EC53L;
            return z ^ (z >>> 33);
        }
    }
}
