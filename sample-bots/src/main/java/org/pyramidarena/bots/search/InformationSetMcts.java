package org.pyramidarena.bots.search;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
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
 * up each seat's reward. Moves are matched by notation across samples.
 *
 * <p>The search is deterministic for a seed and an iteration budget; the deadline only stops it
 * early when the machine is too slow for the budget.
 *
 * @param <S> the game's state type
 * @param <M> the game's move type
 */
public final class InformationSetMcts<S extends State, M extends Move> {

    private static final double EXPLORATION = 0.7;

    private final Rules<S, M> rules;
    private final SplittableRandom rng;
    private final int playoutCap;

    /**
     * @param rules the rules to simulate with
     * @param rng the search's only randomness
     * @param playoutCap the longest random playout; a playout cut short scores 0.5 for every seat
     */
    public InformationSetMcts(Rules<S, M> rules, SplittableRandom rng, int playoutCap) {
        this.rules = rules;
        this.rng = rng;
        this.playoutCap = playoutCap;
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
     * @param deadlineNanos a {@link System#nanoTime()} past which the search stops early
     * @return the most visited legal move (the first legal move when the budget allowed none)
     */
    public M choose(View view, List<M> legal, int iterations, long deadlineNanos) {
        if (legal.size() == 1) {
            return legal.get(0);
        }
        Node root = new Node(State.NONE);
        List<Node> path = new ArrayList<>();
        List<M> untried = new ArrayList<>();
        List<M> tried = new ArrayList<>();
        for (int i = 0; i < iterations; i++) {
            if ((i & 15) == 0 && System.nanoTime() > deadlineNanos) {
                break;
            }
            S state = rules.determinize(view, rng.split());
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
                            + EXPLORATION * Math.sqrt(Math.log(child.availability) / child.visits);
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
            double[] rewards = playout(state);
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

    private double[] playout(S state) {
        for (int step = 0; !state.isTerminal() && step < playoutCap; step++) {
            if (state.actor() == State.CHANCE) {
                state = rules.apply(state, Chance.sample(rules.chanceOutcomes(state), rng));
            } else {
                List<M> moves = rules.legalMoves(state);
                state = rules.apply(state, moves.get(rng.nextInt(moves.size())));
            }
        }
        if (!state.isTerminal()) {
            double[] neutral = new double[state.players()];
            java.util.Arrays.fill(neutral, 0.5);
            return neutral;
        }
        return Rewards.of(rules.outcome(state));
    }
}
