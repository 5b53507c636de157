package org.pyramidarena.bots.search;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;

/**
 * Negamax alpha-beta with iterative deepening and a transposition table, for two-player games
 * with neither chance nor hidden information. States are values, so the table keys on them
 * directly. The search stops at a node budget rather than a time, so its moves are reproducible;
 * the deadline only cuts it short on a machine too slow for the budget.
 *
 * @param <S> the game's state type
 * @param <M> the game's move type
 */
public final class AlphaBeta<S extends State, M extends Move> {

    private static final double WIN = 1e6;

    private final Rules<S, M> rules;
    private final Evaluator evaluator;
    private final Map<S, Entry<M>> table = new HashMap<>();
    private long nodes;
    private long budget;
    private long deadline;
    private LongSupplier clock;
    /** The deepest search the last {@link #choose} completed (0 for a forced move), and its score. */
    private int depthReached;
    private double scoreReached;

    private record Entry<M>(int depth, double value, int bound, M best) {
    }

    private static final int EXACT = 0;
    private static final int LOWER = 1;
    private static final int UPPER = 2;

    /**
     * @param rules the rules
     * @param evaluator judges states at the search horizon
     */
    public AlphaBeta(Rules<S, M> rules, Evaluator evaluator) {
        this.rules = rules;
        this.evaluator = evaluator;
    }

    /** Thrown through the search when the budget or the deadline is spent. */
    private static final class OutOfBudget extends RuntimeException {
        OutOfBudget() {
            super(null, null, false, false);
        }
    }

    /**
     * The best move found by deepening until the node budget is spent.
     *
     * @param state a state where a seat is to move
     * @param nodeBudget the number of nodes to visit at most
     * @param clock the clock the deadline is read on, in nanoseconds (e.g. {@link
     *     org.pyramidarena.api.Clock#now()}, the referee's clock as the thinking thread sees it)
     * @param deadlineNanos a reading of {@code clock} past which the search stops early
     */
    public M choose(S state, long nodeBudget, LongSupplier clock, long deadlineNanos) {
        List<M> moves = rules.legalMoves(state);
        nodes = 0;
        depthReached = 0;
        scoreReached = 0;
        if (moves.size() == 1) {
            return moves.get(0);
        }
        budget = nodeBudget;
        deadline = deadlineNanos;
        this.clock = clock;
        table.clear();
        M best = moves.get(0);
        for (int depth = 1; depth <= 64; depth++) {
            try {
                double alpha = -Double.MAX_VALUE;
                M bestAtDepth = null;
                int me = state.actor();
                Entry<M> entry = table.get(state);
                int first = entry == null || entry.best() == null ? -1 : moves.indexOf(entry.best());
                for (int k = first < 0 ? 0 : -1; k < moves.size(); k++) {
                    if (k == first) {
                        continue;
                    }
                    M move = moves.get(k < 0 ? first : k);
                    double value = childValue(rules.apply(state, move), depth - 1, alpha, Double.MAX_VALUE, me);
                    if (bestAtDepth == null || value > alpha) {
                        alpha = value;
                        bestAtDepth = move;
                    }
                }
                best = bestAtDepth;
                depthReached = depth;
                scoreReached = alpha;
                table.put(state, new Entry<>(depth, alpha, EXACT, best));
                if (Math.abs(alpha) >= WIN / 2) {
                    break;
                }
            } catch (OutOfBudget e) {
                break;
            }
        }
        return best;
    }

    /**
     * What the last {@link #choose} reached, as a bot's info ({@link org.pyramidarena.api.Player#moveInfo}):
     * {@code depth 5 score 3.50 nodes 80000}, the score the evaluator's for the seat that chose, or
     * {@code win} or {@code loss} where the search saw the end; {@code forced} when there was one
     * legal move and nothing was searched.
     */
    public String info() {
        if (depthReached == 0) {
            return nodes == 0 ? "forced" : "depth 0 nodes " + Math.min(nodes, budget);
        }
        String score = scoreReached >= WIN / 2 ? "win" : scoreReached <= -WIN / 2 ? "loss"
                : String.format(Locale.ROOT, "%.2f", scoreReached);
        return "depth " + depthReached + " score " + score + " nodes " + Math.min(nodes, budget);
    }

    private double negamax(S state, int depth, double alpha, double beta) {
        if (++nodes > budget || ((nodes & 1023) == 0 && clock.getAsLong() > deadline)) {
            throw new OutOfBudget();
        }
        int seat = state.actor();
        if (depth == 0) {
            return evaluator.evaluate(state, seat);
        }
        double originalAlpha = alpha;
        Entry<M> entry = table.get(state);
        M hint = null;
        if (entry != null) {
            hint = entry.best();
            if (entry.depth() >= depth) {
                if (entry.bound() == EXACT) {
                    return entry.value();
                } else if (entry.bound() == LOWER) {
                    alpha = Math.max(alpha, entry.value());
                } else {
                    beta = Math.min(beta, entry.value());
                }
                if (alpha >= beta) {
                    return entry.value();
                }
            }
        }
        List<M> moves = rules.legalMoves(state);
        // The table's best move first, then the others in the rules' order, without a copy.
        int first = hint == null ? -1 : moves.indexOf(hint);
        int count = moves.size();
        double best = -Double.MAX_VALUE;
        M bestMove = null;
        for (int k = first < 0 ? 0 : -1; k < count; k++) {
            if (k == first) {
                continue;
            }
            M move = moves.get(k < 0 ? first : k);
            double value = childValue(rules.apply(state, move), depth - 1, alpha, beta, seat);
            if (value > best) {
                best = value;
                bestMove = move;
            }
            alpha = Math.max(alpha, value);
            if (alpha >= beta) {
                break;
            }
        }
        int bound = best <= originalAlpha ? UPPER : best >= beta ? LOWER : EXACT;
        table.put(state, new Entry<>(depth, best, bound, bestMove));
        return best;
    }

    /**
     * The value of a child state for the seat that moved into it. A seat may move twice in a row
     * (Pylon's phase change): then the value is not negated.
     */
    private double childValue(S next, int depth, double alpha, double beta, int mover) {
        if (next.isTerminal()) {
            Outcome outcome = rules.outcome(next);
            int other = 1 - mover;
            return outcome.rank(mover) < outcome.rank(other) ? WIN : outcome.rank(mover) > outcome.rank(other) ? -WIN : 0;
        }
        return next.actor() == mover ? negamax(next, depth, alpha, beta) : -negamax(next, depth, -beta, -alpha);
    }
}
