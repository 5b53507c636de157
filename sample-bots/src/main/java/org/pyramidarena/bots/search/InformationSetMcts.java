package org.pyramidarena.bots.search;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import org.pyramidarena.api.Chance;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;
import org.pyramidarena.api.View;

/**
 * Single-observer information-set Monte-Carlo tree search (Cowling, Powley and Whitehouse, 2012):
 * each iteration samples a full state consistent with the searcher's view with {@link
 * Rules#determinize}, walks the tree over the moves legal in that sample (UCB1 with availability
 * counts), resolves chance nodes by their probabilities, finishes with a random playout ({@link
 * Rules#randomPlayout}, the rules' own fast path) and backs up each seat's reward. A playout may be
 * cut short (a length cap, or a game-specific condition such as the end of the round) and scored by
 * a game-specific evaluation.
 *
 * <p>Moves are matched across samples by value: a move that is a record (the five games' moves
 * are, and their notation round-trips to an equal record) is its own key; any other move is keyed
 * by its notation. The walk allocates no list and no string: children live in a small open-addressing
 * table per node, and the path and the untried moves in buffers reused from one iteration to the next.
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
    private Node[] path = new Node[64];
    private int[] untried = new int[64];
    private double[] rewards = new double[0];

    /**
     * How the search plays a game.
     *
     * @param exploration the UCB1 exploration constant (rewards are in [0, 1])
     * @param playoutCap the longest random playout, in actions; a playout cut short is scored by the
     *     evaluation, or 0.5 for every seat without one
     * @param evaluator judges a playout cut short, or null to score it 0.5 for every seat
     * @param evaluationScale the evaluation difference that counts as a clear lead: a seat's reward at
     *     a cut is the logistic of its evaluation divided by this scale
     * @param cut the stop of a playout, made from the state the search started from (for example:
     *     the round has changed, {@code PyrinoesRules.roundOver}), handed to the rules' {@code
     *     randomPlayout}; or null to play to the cap
     */
    public record Settings(double exploration, int playoutCap, Evaluator evaluator, double evaluationScale,
                           Function<State, Predicate<State>> cut) {
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

    /** The key a move's child is found by: the move itself when it is a value (a record), else its notation. */
    static Object key(Move move) {
        return move instanceof Record ? move : move.notation();
    }

    /**
     * A node of the tree: the seat that moved into it, its statistics, and its children in an
     * open-addressing table keyed by {@link #key}.
     */
    static final class Node {
        final int mover;
        int visits;
        int availability;
        double reward;
        private Object[] keys;
        private Node[] children;
        private int size;

        Node(int mover) {
            this.mover = mover;
        }

        /** The child of a key, or null. */
        Node child(Object key) {
            Object[] k = keys;
            if (k == null) {
                return null;
            }
            int mask = k.length - 1;
            for (int i = slot(key, mask); ; i = i + 1 & mask) {
                Object at = k[i];
                if (at == null) {
                    return null;
                }
                if (at == key || at.equals(key)) {
                    return children[i];
                }
            }
        }

        /** Adds a child under a key it does not have yet. */
        void add(Object key, Node child) {
            if (keys == null) {
                keys = new Object[8];
                children = new Node[8];
            } else if ((size + 1) * 4 > keys.length * 3) {
                Object[] oldKeys = keys;
                Node[] oldChildren = children;
                keys = new Object[oldKeys.length * 2];
                children = new Node[oldKeys.length * 2];
                for (int i = 0; i < oldKeys.length; i++) {
                    if (oldKeys[i] != null) {
                        put(oldKeys[i], oldChildren[i]);
                    }
                }
            }
            put(key, child);
            size++;
        }

        private void put(Object key, Node child) {
            int mask = keys.length - 1;
            int i = slot(key, mask);
            while (keys[i] != null) {
                i = i + 1 & mask;
            }
            keys[i] = key;
            children[i] = child;
        }

        private static int slot(Object key, int mask) {
            return key.hashCode() * 0x9E3779B9 >>> 16 & mask;
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
        double exploration = settings.exploration();
        for (int i = 0; i < iterations; i++) {
            if ((i & 15) == 0 && clock.getAsLong() > deadlineNanos) {
                break;
            }
            S state = rules.determinize(view, rng.split());
            S start = state;
            Node node = root;
            int depth = 0;
            path[depth++] = root;
            while (!state.isTerminal()) {
                if (state.actor() == State.CHANCE) {
                    state = rules.apply(state, Chance.sample(rules.chanceOutcomes(state), rng));
                    continue;
                }
                List<M> moves = rules.legalMoves(state);
                int count = moves.size();
                if (untried.length < count) {
                    untried = new int[Math.max(count, untried.length * 2)];
                }
                int untriedCount = 0;
                int best = -1;
                Node bestChild = null;
                double bestScore = Double.NEGATIVE_INFINITY;
                for (int m = 0; m < count; m++) {
                    Node child = node.child(key(moves.get(m)));
                    if (child == null) {
                        untried[untriedCount++] = m;
                    } else {
                        int available = ++child.availability;
                        if (untriedCount == 0) {
                            double score = child.reward / child.visits
                                    + exploration * Math.sqrt(Math.log(available) / child.visits);
                            if (score > bestScore) {
                                bestScore = score;
                                best = m;
                                bestChild = child;
                            }
                        }
                    }
                }
                int mover = state.actor();
                if (depth == path.length) {
                    path = Arrays.copyOf(path, depth * 2);
                }
                if (untriedCount > 0) {
                    M move = moves.get(untried[rng.nextInt(untriedCount)]);
                    Node child = new Node(mover);
                    child.availability = 1;
                    node.add(key(move), child);
                    state = rules.apply(state, move);
                    path[depth++] = child;
                    break;
                }
                state = rules.apply(state, moves.get(best));
                node = bestChild;
                path[depth++] = node;
            }
            double[] reward = playout(start, state);
            for (int p = 0; p < depth; p++) {
                Node visited = path[p];
                visited.visits++;
                if (visited.mover >= 0) {
                    visited.reward += reward[visited.mover];
                }
            }
        }
        M choice = legal.get(0);
        int most = -1;
        for (M move : legal) {
            Node child = root.child(key(move));
            if (child != null && child.visits > most) {
                most = child.visits;
                choice = move;
            }
        }
        return choice;
    }

    /** Plays out from the end of the walk and scores the result, into a buffer reused by every iteration. */
    private double[] playout(S start, S state) {
        Function<State, Predicate<State>> cut = settings.cut();
        if (settings.playoutCap() > 0 && !state.isTerminal()) {
            Predicate<State> stop = cut == null ? null : cut.apply(start);
            state = rules.randomPlayout(state, rng, settings.playoutCap(), stop);
        }
        int players = state.players();
        if (rewards.length != players) {
            rewards = new double[players];
        }
        if (state.isTerminal()) {
            Rewards.of(rules.outcome(state), rewards);
            return rewards;
        }
        Evaluator evaluator = settings.evaluator();
        if (evaluator == null) {
            Arrays.fill(rewards, 0.5);
            return rewards;
        }
        evaluator.evaluateAll(state, rewards);
        double scale = settings.evaluationScale();
        for (int seat = 0; seat < players; seat++) {
            rewards[seat] = 1 / (1 + Math.exp(-rewards[seat] / scale));
        }
        return rewards;
    }
}
