package org.pyramidarena.tournaments.pairing;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import org.pyramidarena.tournaments.MasterSeed;

/**
 * What every pairing strategy is given besides the results: the entrants, the games and the master
 * seed. The order of {@code bots} is the seeding order: it breaks ties in standings and fixes the
 * first round of a Swiss tournament.
 *
 * @param bots the bots' names, distinct, at least two; never null
 * @param games the games every pairing plays, in order, at least one; never null
 * @param masterSeed the seed every deal and match seed is derived from
 */
public record PairingSetup(List<String> bots, List<GameEntry> games, MasterSeed masterSeed) {
    public PairingSetup {
        bots = List.copyOf(bots);
        games = List.copyOf(games);
        if (bots.size() < 2) {
            throw new IllegalArgumentException("a tournament needs at least 2 bots, not " + bots.size());
        }
        if (new HashSet<>(bots).size() != bots.size()) {
            throw new IllegalArgumentException("bot names must be distinct: " + bots);
        }
        if (games.isEmpty()) {
            throw new IllegalArgumentException("a tournament needs at least one game");
        }
        games.forEach(g -> Objects.requireNonNull(g, "game"));
        Objects.requireNonNull(masterSeed, "masterSeed");
    }
}
