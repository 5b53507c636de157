package org.pyramidarena.api;

import java.util.Objects;

/**
 * One outcome of a chance node.
 *
 * @param move the action the outcome stands for; applying it with {@link Rules#apply} moves the
 *     game on, just as a player's move does
 * @param probability in {@code (0, 1]}; the probabilities of a node's outcomes sum to 1
 * @param <M> the game's move type
 */
public record ChanceOutcome<M extends Move>(M move, double probability) {
    public ChanceOutcome {
        Objects.requireNonNull(move, "move");
        if (!(probability > 0 && probability <= 1)) {
            throw new IllegalArgumentException("probability must be in (0, 1], not " + probability);
        }
    }
}
