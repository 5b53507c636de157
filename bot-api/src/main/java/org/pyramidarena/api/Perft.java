package org.pyramidarena.api;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * Move-path enumeration (chess-engine "perft"): the number of leaf nodes of the game tree a given
 * number of player decisions deep. Chance nodes are not expanded: each is resolved by one sample
 * from a generator seeded with the given seed and the path of actions that led to it, so the count
 * is reproducible and counts player decisions only. A terminal state before the depth counts as one
 * leaf.
 */
public final class Perft {

    private Perft() {
    }

    /** The number of leaves {@code depth} player decisions below {@code state}. */
    public static <S extends State, M extends Move> long count(Rules<S, M> rules, S state, int depth, long seed) {
        S resolved = resolveChance(rules, state, seed);
        if (depth == 0 || resolved.isTerminal()) {
            return 1;
        }
        if (depth == 1) {
            return rules.legalMoves(resolved).size();
        }
        long total = 0;
        List<M> moves = rules.legalMoves(resolved);
        for (int i = 0; i < moves.size(); i++) {
            total += count(rules, rules.apply(resolved, moves.get(i)), depth - 1, Seeds.derive(seed, i));
        }
        return total;
    }

    /** The count under each root move, in the rules' move order ("divide"). */
    public static <S extends State, M extends Move> Map<M, Long> divide(Rules<S, M> rules, S state, int depth, long seed) {
        if (depth < 1) {
            throw new IllegalArgumentException("divide needs a depth of at least 1");
        }
        S resolved = resolveChance(rules, state, seed);
        Map<M, Long> counts = new LinkedHashMap<>();
        List<M> moves = rules.legalMoves(resolved);
        for (int i = 0; i < moves.size(); i++) {
            counts.put(moves.get(i), count(rules, rules.apply(resolved, moves.get(i)), depth - 1, Seeds.derive(seed, i)));
        }
        return counts;
    }

    private static <S extends State, M extends Move> S resolveChance(Rules<S, M> rules, S state, long seed) {
        RandomGenerator rng = null;
        while (state.actor() == State.CHANCE) {
            if (rng == null) {
                rng = new SplittableRandom(seed);
            }
            state = rules.apply(state, Chance.sample(rules.chanceOutcomes(state), rng));
        }
        return state;
    }
}
