package org.pyramidarena.benchmarks;

import java.util.List;
import java.util.SplittableRandom;
import org.pyramidarena.api.Chance;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;

/**
 * Fixed positions for the search benchmarks, reached by seeded random play from the start: the
 * first seat's turn with a choice ({@code early}), or the first such turn at or past half the length
 * of the game the same seed plays to its end ({@code middle}). Only APIs that exist since the
 * first engines are used, so the same benchmarks compile into an older build.
 */
final class SearchPositions {

    private SearchPositions() {
    }

    /** The rules of a game for a player count (0: its fewest), in its default variant. */
    static Rules<?, ?> rules(String game, int players) {
        Game definition = Games.byId(game);
        return definition.rules(new GameSetup(players == 0 ? definition.minPlayers() : players,
                definition.defaultVariant()));
    }

    /**
     * A position where a seat chooses among two moves or more.
     *
     * @param stage {@code early} or {@code middle}
     * @param seed the random play's seed
     */
    static <S extends State, M extends Move> S position(Rules<S, M> rules, String stage, long seed) {
        int length = 0;
        S state = rules.initialState();
        SplittableRandom rng = new SplittableRandom(seed);
        while (!state.isTerminal()) {
            state = step(rules, state, rng);
            length++;
        }
        int from = switch (stage) {
            case "early" -> 0;
            case "middle" -> length / 2;
            default -> throw new IllegalArgumentException("stage: early or middle, not " + stage);
        };
        rng = new SplittableRandom(seed);
        state = rules.initialState();
        for (int actions = 0; ; actions++) {
            if (state.isTerminal()) {
                throw new IllegalStateException("no choice left in the game of seed " + seed);
            }
            if (actions >= from && state.actor() != State.CHANCE && rules.legalMoves(state).size() > 1) {
                return state;
            }
            state = step(rules, state, rng);
        }
    }

    private static <S extends State, M extends Move> S step(Rules<S, M> rules, S state, SplittableRandom rng) {
        if (state.actor() == State.CHANCE) {
            return rules.apply(state, Chance.sample(rules.chanceOutcomes(state), rng));
        }
        List<M> moves = rules.legalMoves(state);
        return rules.apply(state, moves.get(rng.nextInt(moves.size())));
    }
}
