package org.pyramidarena.bots.search;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.BiPredicate;
import java.util.function.LongSupplier;
import org.pyramidarena.api.Chance;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;
import org.pyramidarena.api.View;

/**
 * Single-observer information-set Monte-Carlo tree search (Cowling, Powley and Whitehouse, 2012):
 * each iteration samples a full state consistent with the searcher's view with {@link
 * Rules#determinize}, walks the tree over the moves legal in that sample (UCB1 with availability
 * counts), resolves chance nodes by their probabilities, finishes with a random playout and backs
 * up each seat's reward. A playout may be cut short (a length cap, or a game-specific condition
 * such as the end of the round) and scored by a game-specific evaluation. Moves are matched by notation across samples.
 *
 * <p>The search is deterministic for a seed and an iteration budget; the deadline only stops it
 * early when the machine is too slow for the budget.
 *
 * @param <S> the game's state type
 * @param <M> the game's move type
 */
public final class InformationSetMcts<S extends State, M extends Move> {

    private final Rules<S, M> rules;
    private final SplittableRandom rng;
    private final Settings settings;

    /**
     * How the search plays a game.
     *
     * @param exploration the UCB1 exploration constant (rewards are in [0, 1])
     * @param playoutCap the longest random playout, in actions; a playout cut short is scored by the
     *     evaluation, or 0.5 for every seat without one
     * @param evaluator judges a playout cut short, or null to score it 0.5 for every seat
     * @param evaluationScale the evaluation difference that counts as a clear lead: a seat's reward at
     *     a cut is the logistic of its evaluation divided by this scale
     * @param cut ends a playout early when it holds for the state the search started from and the
     *     playout's state (for example: the round has changed), or null
     */
    public record Settings(double exploration, int playoutCap, Evaluator evaluator, double evaluationScale,
                           BiPredicate<State, State> cut) {
        public Settings {
            if (exploration < 0 || playoutCap < 0 || evaluationScale <= 0) {
                throw new IllegalArgumentException("bad search settings");
            }
        }
    }

    /**
     * @param rules the rules to simulate with
     * @param rng the search's only randomness
     * @param settings how to search
     */
    public InformationSetMcts(Rules<S, M> rules, SplittableRandom rng, Settings settings) {
        this.rules = rules;
        this.rng = rng;
        this.settings = settings;
    }

    private static final class Node {
        final int mover;
        final Map<String, Node> children = new HashMap<>();
        int visits;
        int availability;
        double reward;

        Node(int mover) {
            this.mover = mover;
        }
    }

    /**
     * Chooses among the legal moves.
     *
     * @param view the searcher's view
     * @param legal the legal moves, in the rules' order
     * @param iterations the number of iterations to run
     * @param clock the clock the deadline is read on, in nanoseconds (e.g. {@link
     *     org.pyramidarena.api.Clock#now()}, the referee's clock as the thinking thread sees it)
     * @param deadlineNanos a reading of {@code clock} past which the search stops early
     * @return the most visited legal move (the first legal move when the budget allowed none)
     */
    public M choose(View view, List<M> legal, int iterations, LongSupplier clock, long deadlineNanos) {
        if (legal.size() == 1) {
            return legal.get(0);
        }
        Node root = new Node(State.NONE);
        List<Node> path = new ArrayList<>();
        List<M> untried = new ArrayList<>();
        List<M> tried = new ArrayList<>();
        for (int i = 0; i < iterations; i++) {
            if ((i & 15) == 0 && clock.getAsLong() > deadlineNanos) {
                break;
            }
            S state = rules.determinize(view, rng.split());
            S start = state;
            Node node = root;
            path.clear();
            path.add(root);
            while (!state.isTerminal()) {
                if (state.actor() == State.CHANCE) {
                    state = rules.apply(state, Chance.sample(rules.chanceOutcomes(state), rng));
                    continue;
                }
                untried.clear();
                tried.clear();
                for (M move : rules.legalMoves(state)) {
                    Node child = node.children.get(move.notation());
                    if (child == null) {
                        untried.add(move);
                    } else {
                        child.availability++;
                        tried.add(move);
                    }
                }
                int mover = state.actor();
                if (!untried.isEmpty()) {
                    M move = untried.get(rng.nextInt(untried.size()));
                    Node child = new Node(mover);
                    child.availability = 1;
                    node.children.put(move.notation(), child);
                    state = rules.apply(state, move);
                    path.add(child);
                    break;
                }
                M best = null;
                Node bestChild = null;
                double bestScore = Double.NEGATIVE_INFINITY;
                for (M move : tried) {
                    Node child = node.children.get(move.notation());
                    double score = child.reward / child.visits
                            + settings.exploration() * Math.sqrt(Math.log(child.availability) / child.visits);
                    if (score > bestScore) {
                        bestScore = score;
                        best = move;
                        bestChild = child;
                    }
                }
                state = rules.apply(state, best);
                node = bestChild;
                path.add(node);
            }
            double[] rewards = playout(start, state);
            for (Node visited : path) {
                visited.visits++;
                if (visited.mover >= 0) {
                    visited.reward += rewards[visited.mover];
                }
            }
        }
        M choice = legal.get(0);
        int most = -1;
        for (M move : legal) {
            Node child = root.children.get(move.notation());
            if (child != null && child.visits > most) {
                most = child.visits;
                choice = move;
            }
        }
        return choice;
    }

    private double[] playout(S start, S state) {
        BiPredicate<State, State> cut = settings.cut();
        for (int step = 0; !state.isTerminal() && step < settings.playoutCap(); step++) {
            if (cut != null && cut.test(start, state)) {
                break;
            }
            if (state.actor() == State.CHANCE) {
                state = rules.apply(state, Chance.sample(rules.chanceOutcomes(state), rng));
            } else {
                List<M> moves = rules.legalMoves(state);
                state = rules.apply(state, moves.get(rng.nextInt(moves.size())));
            }
        }
        if (state.isTerminal()) {
            return Rewards.of(rules.outcome(state));
        }
        double[] rewards = new double[state.players()];
        for (int seat = 0; seat < rewards.length; seat++) {
            rewards[seat] = settings.evaluator() == null ? 0.5
                    : 1 / (1 + Math.exp(-settings.evaluator().evaluate(state, seat) / settings.evaluationScale()));
        }
        return rewards;
    }
}
