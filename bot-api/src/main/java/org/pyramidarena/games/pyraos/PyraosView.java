package org.pyramidarena.games.pyraos;

import java.util.List;
import org.pyramidarena.api.View;
import org.pyramidarena.api.ViewLists;

/**
 * What a seat sees of a Pyraos state: all of it, since Pyraos has no hidden information.
 *
 * <p>The lists are immutable; a view made by the rules reads them from the position as they are
 * asked for ({@link ViewLists}).
 *
 * @param seat the seat viewing, or {@link View#OBSERVER}
 * @param actor the seat to move, or {@link org.pyramidarena.api.State#NONE}
 * @param moveCount the number of moves played
 * @param board the owner of each position (index as in {@link PyraosBoard}: level 1 row by row, then
 *     level 2, 3 and the apex), -1 when empty
 * @param reserves the spheres each seat has in reserve, by seat
 * @param ending how the game ended, {@link PyraosState.Ending#NONE} while it goes on
 * @param winner the winning seat, -1 while the game goes on or after a draw
 * @param history every position so far, oldest first, the current one last, each written as the
 *     number {@code sum(cell(p) * 3^p) + seatToMove * 3^30} with cell 0 for empty, 1 for seat 0 and
 *     2 for seat 1 (below 2^53, so exact in any JSON reader)
 */
public record PyraosView(int seat, int actor, int moveCount, List<Integer> board, List<Integer> reserves,
                         PyraosState.Ending ending, int winner, List<Long> history) implements View {

    public PyraosView {
        board = ViewLists.copyOf(board);
        reserves = List.copyOf(reserves);
        history = ViewLists.copyOf(history);
    }

    private static final int N = PyraosBoard.POSITIONS;
    private static final long[] POWERS_OF_THREE = new long[N + 1];

    /**
     * TERNARY[k][b]: the sum of 3^p over the positions p = 8k + i whose bit i is set in byte b, so
     * that the base-3 value of a set of positions is four lookups instead of a loop over them.
     */
    private static final long[][] TERNARY = new long[(N + 7) / 8][256];

    static {
        POWERS_OF_THREE[0] = 1;
        for (int i = 1; i <= N; i++) {
            POWERS_OF_THREE[i] = POWERS_OF_THREE[i - 1] * 3;
        }
        for (int k = 0; k < TERNARY.length; k++) {
            for (int b = 0; b < 256; b++) {
                long sum = 0;
                for (int i = 0; i < 8 && 8 * k + i < N; i++) {
                    if ((b >> i & 1) != 0) {
                        sum += POWERS_OF_THREE[8 * k + i];
                    }
                }
                TERNARY[k][b] = sum;
            }
        }
    }

    static PyraosView of(PyraosState state, int seat) {
        // The history is read from the state when asked for: its public keys are worked out once per
        // history node, on the first read, and a bot that never reads them never pays for them.
        return new PyraosView(seat, state.actor(), state.moveCount(), ViewLists.of(N, state, PyraosState::owner),
                List.of(state.reserve(0), state.reserve(1)), state.ending(), state.winner(),
                ViewLists.of(state.historySize(), state, PyraosState::publicHistoryKey));
    }

    /** The full state this view shows. */
    PyraosState toState() {
        int spheres0 = 0;
        int spheres1 = 0;
        for (int p = 0; p < N; p++) {
            int owner = board.get(p);
            if (owner == 0) {
                spheres0 |= 1 << p;
            } else if (owner == 1) {
                spheres1 |= 1 << p;
            }
        }
        long[] keys = new long[history.size()];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = privateKey(history.get(i));
        }
        // The spheres each seat owns, on the board and in reserve, tell the handicap.
        int extra1 = reserves.get(1) + Integer.bitCount(spheres1) - PyraosBoard.SPHERES_PER_PLAYER;
        int extra0 = reserves.get(0) + Integer.bitCount(spheres0) - PyraosBoard.SPHERES_PER_PLAYER;
        return PyraosState.of(spheres0, spheres1, actor, moveCount, ending, winner, keys,
                extra1 > 0 ? extra1 : -extra0);
    }

    /**
     * A position key as a view shows it: the cells in base 3 (0 empty, 1 seat 0, 2 seat 1), plus the
     * seat to move times 3^30.
     */
    static long publicKey(long key) {
        int spheres0 = PyraosState.keySpheres(key, 0);
        int spheres1 = PyraosState.keySpheres(key, 1);
        // Position p holds 1 for seat 0's sphere and 2 for seat 1's: the sum of 3^p * cell.
        return PyraosState.keySeat(key) * POWERS_OF_THREE[N] + ternary(spheres0) + 2 * ternary(spheres1);
    }

    /** The sum of 3^p over the positions p in a set. */
    private static long ternary(int positions) {
        long sum = 0;
        for (int k = 0; k < TERNARY.length; k++) {
            sum += TERNARY[k][positions >>> 8 * k & 0xFF];
        }
        return sum;
    }

    private static long privateKey(long value) {
        int spheres0 = 0;
        int spheres1 = 0;
        for (int p = 0; p < N; p++) {
            int cell = (int) (value % 3);
            value /= 3;
            if (cell == 1) {
                spheres0 |= 1 << p;
            } else if (cell == 2) {
                spheres1 |= 1 << p;
            }
        }
        return PyraosState.key(spheres0, spheres1, (int) value);
    }

    @Override
    public String toString() {
        return "PyraosView[seat " + seat + ", move " + moveCount + "]";
    }
}
