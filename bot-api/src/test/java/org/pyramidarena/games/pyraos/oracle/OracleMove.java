package org.pyramidarena.games.pyraos.oracle;

import org.pyramidarena.api.Move;

/**
 * A Pyraos move, one unit: a placement from reserve or a lift, with the removals it earns; or a
 * pass (variant {@code pass} only).
 *
 * <p>Notation (positions as in {@link OracleBoard}): a placement is its position, {@code 1b2}; a lift
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
public record OracleMove(int from, int to, int first, int second) implements Move {

    /** The pass move. */
    public static final OracleMove PASS = new OracleMove(-1, -1, -1, -1);

    private static final int N = OracleBoard.POSITIONS;
    private static final OracleMove[] PLACEMENTS = new OracleMove[N];
    private static final OracleMove[] LIFTS = new OracleMove[N * N];

    static {
        for (int to = 0; to < N; to++) {
            PLACEMENTS[to] = new OracleMove(-1, to, -1, -1);
            for (int from = 0; from < N; from++) {
                if (from != to) {
                    LIFTS[from * N + to] = new OracleMove(from, to, -1, -1);
                }
            }
        }
    }

    public OracleMove {
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
    public static OracleMove place(int to) {
        return PLACEMENTS[to];
    }

    /** The lift from {@code from} to {@code to} with no removal; a shared instance. */
    public static OracleMove lift(int from, int to) {
        OracleMove move = inRange(from) && inRange(to) ? LIFTS[from * N + to] : null;
        if (move == null) {
            throw new IllegalArgumentException("a lift joins two different positions 0..29");
        }
        return move;
    }

    /** This placement or lift followed by removals ({@code -1} for none), in either order. */
    public OracleMove withRemovals(int one, int two) {
        return new OracleMove(from, to, one, two);
    }

    /** This placement or lift without its removals; a shared instance. */
    public OracleMove withoutRemovals() {
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
        StringBuilder out = new StringBuilder(15);
        if (isLift()) {
            out.append(OracleBoard.name(from)).append('-');
        }
        out.append(OracleBoard.name(to));
        if (first >= 0) {
            out.append('x').append(OracleBoard.name(first));
        }
        if (second >= 0) {
            out.append('x').append(OracleBoard.name(second));
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
    public static OracleMove parse(String text) {
        if (text.equals("pass")) {
            return PASS;
        }
        String[] parts = text.split("x", -1);
        if (parts.length > 3) {
            throw new IllegalArgumentException("'" + text + "': a move removes at most two spheres");
        }
        try {
            String base = parts[0];
            OracleMove move;
            if (base.length() == 7 && base.charAt(3) == '-') {
                move = lift(OracleBoard.parse(base.substring(0, 3)), OracleBoard.parse(base.substring(4)));
            } else {
                move = place(OracleBoard.parse(base));
            }
            if (parts.length == 1) {
                return move;
            }
            int one = OracleBoard.parse(parts[1]);
            int two = parts.length == 3 ? OracleBoard.parse(parts[2]) : -1;
            return move.withRemovals(one, two);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + text + "' is not a Pyraos move (expected e.g. 1b2, 1a1-2b2,"
                    + " 1b2x1b2x1a1 or pass): " + e.getMessage(), e);
        }
    }
}
