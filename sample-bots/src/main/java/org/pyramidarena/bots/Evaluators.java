package org.pyramidarena.bots;

import java.util.Map;
import java.util.Optional;
import org.pyramidarena.bots.search.Evaluator;
import org.pyramidarena.games.pylon.PylonState;
import org.pyramidarena.games.pyraos.PyraosState;
import org.pyramidarena.games.pyrinoes.PyrinoesState;
import org.pyramidarena.games.pyrametto.PyramettoState;

/** The game-specific evaluations the greedy and alpha-beta bots judge positions by. */
final class Evaluators {

    private static final Map<String, Evaluator> BY_GAME = Map.of(
            // Pylon: pyramids under my tops minus the opponent's.
            "pylon", (state, seat) -> {
                PylonState s = (PylonState) state;
                return s.score(seat) - s.score(1 - seat);
            },
            // Pyraos: spheres kept in reserve are the whole game; the apex goes to whoever has more.
            "pyraos", (state, seat) -> {
                PyraosState s = (PyraosState) state;
                return s.reserve(seat) - s.reserve(1 - seat);
            },
            // Pyrinoes: the match score, and fewer dominoes left in hand than the opponent.
            "pyrinoes", (state, seat) -> {
                PyrinoesState s = (PyrinoesState) state;
                return s.score(seat) - s.score(1 - seat) + 3.0 * (s.handSize(1 - seat) - s.handSize(seat));
            },
            // Pyrametto: my vault's best score against the best of the others'.
            "pyrametto", (state, seat) -> {
                PyramettoState s = (PyramettoState) state;
                int best = Integer.MIN_VALUE;
                for (int other = 0; other < s.players(); other++) {
                    if (other != seat) {
                        best = Math.max(best, s.score(other));
                    }
                }
                return s.score(seat) - best;
            });

    private Evaluators() {
    }

    /** The evaluation for a game, if the sample bots have one. */
    static Optional<Evaluator> forGame(String gameId) {
        return Optional.ofNullable(BY_GAME.get(gameId));
    }
}
