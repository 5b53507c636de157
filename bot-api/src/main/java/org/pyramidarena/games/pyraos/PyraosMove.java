package org.pyramidarena.games.pyraos;

import java.util.concurrent.atomic.AtomicReferenceArray;
import org.pyramidarena.api.Move;

/**
 * A Pyraos move, one unit: a placement from reserve or a lift, with the removals it earns; or a
 * pass (variant {@code pass} only).
 *
 * <p>Notation (positions as in {@link PyraosBoard}): a placement is its position, {@code 1b2}; a lift
 * is origin, hyphen, destination, {@code 1a1-2b2}; each removal appends {@code x} and the removed
 * position, {@code 1b2x1b2x1a1}; a pass is {@code pass}. Two removals are a set: the result does not
 * depend on their order, so a move holds them higher index first (an upper sphere before one it
 * rested on, which is always an order in which both removals are legal) and {@link #parse} accepts
 * either order.
 *
 * @param from the lifted sphere's position, or -1 for a placement or a pass
 * @param to the destination, {@code 0..29}, or -1 for a pass
 * @param first the first removal, or -1 for none
 * @param second the second removal, lower index than {@code first}, or -1 for none
 */
public record PyraosMove(int from, int to, int first, int second) implements Move {

    /** The pass move. */
    public static final PyraosMove PASS = new PyraosMove(-1, -1, -1, -1);

    private static final int N = PyraosBoard.POSITIONS;
    private static final PyraosMove[] PLACEMENTS = new PyraosMove[N];
    private static final PyraosMove[] LIFTS = new PyraosMove[N * N];

    /** The notations of the placements and lifts without removals: placement {@code to}, lift {@code N + from * N + to}. */
    private static final String[] NOTATIONS = new String[N + N * N];

    static {
        for (int to = 0; to < N; to++) {
            PLACEMENTS[to] = new PyraosMove(-1, to, -1, -1);
            NOTATIONS[to] = PyraosBoard.name(to);
            for (int from = 0; from < N; from++) {
                if (from != to) {
                    LIFTS[from * N + to] = new PyraosMove(from, to, -1, -1);
                    NOTATIONS[N + from * N + to] = PyraosBoard.name(from) + "-" + PyraosBoard.name(to);
                }
            }
        }
    }

    public PyraosMove {
        if (first >= 0 && second > first) {
            int swap = first;
            first = second;
            second = swap;
        }
        if (to == -1) {
            if (from != -1 || first != -1 || second != -1) {
                throw new IllegalArgumentException("a pass has no positions");
            }
        } else {
            if (!inRange(to) || from < -1 || from >= N || from == to) {
                throw new IllegalArgumentException("a move goes to a position 0..29, a lift from another one");
            }
            if (first < -1 || first >= N || second < -1 || (first == -1 && second != -1)) {
                throw new IllegalArgumentException("removals are positions 0..29");
            }
            if (first >= 0 && first == second) {
                throw new IllegalArgumentException("a sphere is removed at most once");
            }
        }
    }

    private static boolean inRange(int position) {
        return position >= 0 && position < N;
    }

    /** The placement on {@code to} with no removal; a shared instance. */
    public static PyraosMove place(int to) {
        return PLACEMENTS[to];
    }

    /** The lift from {@code from} to {@code to} with no removal; a shared instance. */
    public static PyraosMove lift(int from, int to) {
        PyraosMove move = inRange(from) && inRange(to) ? LIFTS[from * N + to] : null;
        if (move == null) {
            throw new IllegalArgumentException("a lift joins two different positions 0..29");
        }
        return move;
    }

    /** This placement or lift followed by removals ({@code -1} for none), in either order. */
    public PyraosMove withRemovals(int one, int two) {
        return new PyraosMove(from, to, one, two);
    }

    /**
     * The moves with removals the rules have listed, made on first use and shared from then on:
     * by base move (placement {@code to}, or lift {@code N + from * N + to}), an array by removal
     * pair (see {@link #removalIndex}). The arrays are published through the atomic array; their
     * entries are immutable moves, which any thread may see or, before it is set, make again.
     */
    private static final AtomicReferenceArray<PyraosMove[]> WITH_REMOVALS =
            new AtomicReferenceArray<>(N + N * N);

    /** Removal pairs {@code first > second}, or {@code second = -1}, numbered without gaps. */
    private static int removalIndex(int first, int second) {
        return first * (first + 1) / 2 + second + 1;
    }

    /**
     * This placement or lift with removals {@code first > second} (second -1 for none), both
     * positions already known valid; a shared instance.
     */
    PyraosMove sharedWithRemovals(int first, int second) {
        int base = isLift() ? N + from * N + to : to;
        PyraosMove[] known = WITH_REMOVALS.get(base);
        if (known == null) {
            WITH_REMOVALS.compareAndSet(base, null, new PyraosMove[removalIndex(N, -1)]);
            known = WITH_REMOVALS.get(base);
        }
        int index = removalIndex(first, second);
        PyraosMove move = known[index];
        if (move == null) {
            move = new PyraosMove(from, to, first, second);
            known[index] = move;
        }
        return move;
    }

    /** This placement or lift without its removals; a shared instance. */
    public PyraosMove withoutRemovals() {
        return isPass() ? PASS : isLift() ? lift(from, to) : place(to);
    }

    /** True for the pass. */
    public boolean isPass() {
        return to < 0;
    }

    /** True for a placement from reserve. */
    public boolean isPlacement() {
        return to >= 0 && from < 0;
    }

    /** True for a lift. */
    public boolean isLift() {
        return from >= 0;
    }

    /** The number of removals, 0 to 2. */
    public int removals() {
        return first < 0 ? 0 : second < 0 ? 1 : 2;
    }

    @Override
    public String notation() {
        if (isPass()) {
            return "pass";
        }
        String base = NOTATIONS[isLift() ? N + from * N + to : to];
        if (first < 0) {
            return base;
        }
        StringBuilder out = new StringBuilder(15);
        out.append(base).append('x').append(PyraosBoard.name(first));
        if (second >= 0) {
            out.append('x').append(PyraosBoard.name(second));
        }
        return out.toString();
    }

    @Override
    public String toString() {
        return notation();
    }

    /**
     * Parses {@code pass}, {@code 1b2}, {@code 1a1-2b2}, with up to two removals {@code x1c3}.
     *
     * @throws IllegalArgumentException when the text is none of these forms
     */
    public static PyraosMove parse(String text) {
        if (text.equals("pass")) {
            return PASS;
        }
        String[] parts = text.split("x", -1);
        if (parts.length > 3) {
            throw new IllegalArgumentException("'" + text + "': a move removes at most two spheres");
        }
        try {
            String base = parts[0];
            PyraosMove move;
            if (base.length() == 7 && base.charAt(3) == '-') {
                move = lift(PyraosBoard.parse(base.substring(0, 3)), PyraosBoard.parse(base.substring(4)));
            } else {
                move = place(PyraosBoard.parse(base));
            }
            if (parts.length == 1) {
                return move;
            }
            int one = PyraosBoard.parse(parts[1]);
            int two = parts.length == 3 ? PyraosBoard.parse(parts[2]) : -1;
            return move.withRemovals(one, two);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + text + "' is not a Pyraos move (expected e.g. 1b2, 1a1-2b2,"
                    + " 1b2x1b2x1a1 or pass): " + e.getMessage(), e);
        }
    }
}
