package org.pyramidarena.api;

import java.util.Objects;

/**
 * What fixes the rules of a match besides the game itself.
 *
 * @param players the number of seats, numbered {@code 0 .. players-1}; seat 0 is the first player
 *     unless the game's rules say otherwise
 * @param variant the variant's name, one of the game's {@link Game#variants()}
 */
public record GameSetup(int players, String variant) {
    public GameSetup {
        Objects.requireNonNull(variant, "variant");
        if (players < 1) {
            throw new IllegalArgumentException("players must be at least 1, not " + players);
        }
    }
}
