package org.pyramidarena.api;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Seeded random playthroughs for tests: every player picks uniformly, chance by its probabilities. */
public final class RandomPlay {

    /** The longest game a test plays before it declares the rules non-terminating. */
    public static final int MAX_ACTIONS = 200_000;

    private RandomPlay() {
    }

    /** The states of one random game from the initial state to the end, both included. */
    public static <S extends State, M extends Move> List<S> game(Rules<S, M> rules, long seed) {
        return game(rules, rules.initialState(), seed);
    }

    /** The states of one random game from {@code start} to the end, both included. */
    public static <S extends State, M extends Move> List<S> game(Rules<S, M> rules, S start, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        List<S> states = new ArrayList<>();
        S state = start;
        states.add(state);
        while (!state.isTerminal()) {
            state = rules.apply(state, next(rules, state, rng));
            states.add(state);
            if (states.size() > MAX_ACTIONS) {
                throw new AssertionError("no end after " + MAX_ACTIONS + " actions");
            }
        }
        return states;
    }

    /** The final state of one random game. */
    public static <S extends State, M extends Move> S finalState(Rules<S, M> rules, long seed) {
        List<S> states = game(rules, seed);
        return states.get(states.size() - 1);
    }

    /** One random action at a non-terminal state: a uniform legal move, or a sampled chance outcome. */
    public static <S extends State, M extends Move> M next(Rules<S, M> rules, S state, SplittableRandom rng) {
        if (state.actor() == State.CHANCE) {
            return Chance.sample(rules.chanceOutcomes(state), rng);
        }
        List<M> moves = rules.legalMoves(state);
        return moves.get(rng.nextInt(moves.size()));
    }

    /** The state after a space-separated list of move notations (chance nodes resolved by seed). */
    public static <S extends State, M extends Move> S after(Rules<S, M> rules, String moves, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        S state = rules.initialState();
        for (String notation : moves.trim().isEmpty() ? new String[0] : moves.trim().split("\\s+")) {
            while (state.actor() == State.CHANCE) {
                state = rules.apply(state, Chance.sample(rules.chanceOutcomes(state), rng));
            }
            state = rules.apply(state, rules.parseMove(notation));
        }
        while (state.actor() == State.CHANCE) {
            state = rules.apply(state, Chance.sample(rules.chanceOutcomes(state), rng));
        }
        return state;
    }
}
