package org.pyramidarena.tournaments.pairing;

import java.util.List;

/**
 * One round of a schedule: matches that may be played in any order or at once.
 *
 * @param number the round number, from 1
 * @param matches the round's matches and byes, by index; never empty
 */
public record Round(int number, List<MatchSpec> matches) {
    public Round {
        matches = List.copyOf(matches);
        if (matches.isEmpty()) {
            throw new IllegalArgumentException("a round has at least one match");
        }
    }
}
