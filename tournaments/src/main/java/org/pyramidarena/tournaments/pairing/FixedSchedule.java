package org.pyramidarena.tournaments.pairing;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.pyramidarena.tournaments.MatchRecord;

/**
 * A format whose whole schedule is known before any match is played (round-robin, gauntlet), so
 * the arena may also take {@link #schedule(PairingSetup)} at once and play it at any concurrency.
 */
public interface FixedSchedule extends PairingStrategy {

    /**
     * Every match of the tournament, by index (indices run from 0 without gaps), rounds ascending.
     *
     * @throws IllegalArgumentException when the setup does not suit the format
     */
    List<MatchSpec> schedule(PairingSetup setup);

    @Override
    default Optional<Round> nextRound(PairingSetup setup, List<MatchRecord> results) {
        Set<Integer> done = new HashSet<>();
        results.forEach(r -> done.add(r.match()));
        List<MatchSpec> all = schedule(setup);
        for (int i = 0; i < all.size(); i++) {
            if (!done.contains(all.get(i).index())) {
                int round = all.get(i).round();
                List<MatchSpec> matches = new ArrayList<>();
                for (MatchSpec m : all) {
                    if (m.round() == round) {
                        matches.add(m);
                    }
                }
                return Optional.of(new Round(round, matches));
            }
        }
        return Optional.empty();
    }
}
