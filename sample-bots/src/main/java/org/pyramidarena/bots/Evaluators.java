package org.pyramidarena.bots;

import java.util.Map;
import java.util.Optional;
import org.pyramidarena.bots.search.Evaluator;
import org.pyramidarena.games.pylon.PylonState;

/** The game-specific evaluations the greedy and alpha-beta bots judge positions by. */
final class Evaluators {

    private static final Map<String, Evaluator> BY_GAME = Map.of(
            // Pylon: pyramids under my tops minus the opponent's; tall stacks I top count fully.
            "pylon", (state, seat) -> {
                PylonState s = (PylonState) state;
                return s.score(seat) - s.score(1 - seat);
            });

    private Evaluators() {
    }

    /** The evaluation for a game, if the sample bots have one. */
    static Optional<Evaluator> forGame(String gameId) {
        return Optional.ofNullable(BY_GAME.get(gameId));
    }
}
