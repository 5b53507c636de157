package org.pyramidarena.tournaments.pairing;

import java.util.Objects;

/**
 * One game a tournament plays: which game, which variant and how many seats each match has.
 *
 * @param game the game id, as {@link org.pyramidarena.api.Game#id()}; never null
 * @param variant the variant name; never null
 * @param players the number of seats per match, at least 2
 */
public record GameEntry(String game, String variant, int players) {
    public GameEntry {
        Objects.requireNonNull(game, "game");
        Objects.requireNonNull(variant, "variant");
        if (players < 2) {
            throw new IllegalArgumentException("a tournament game needs at least 2 seats, not " + players);
        }
    }
}
