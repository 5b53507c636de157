package org.pyramidarena.tournaments.pairing;

import java.util.List;
import java.util.Optional;
import org.pyramidarena.tournaments.MatchRecord;

/**
 * A tournament format answering "who plays next". Implementations are pure: the answer depends
 * only on the setup and the results, never on the order the results arrived in.
 *
 * <p>The arena's loop: ask for the next round, play every match of it whose index it has no record
 * for (writing {@link MatchSpec#byeRecord(String)} for byes), then ask again; stop when the answer
 * is empty. Resuming an interrupted tournament is the same loop over the records on disk.
 */
public interface PairingStrategy {

    /** The format's name as used on the command line, e.g. {@code "swiss"}. */
    String name();

    /**
     * The earliest round that is not complete in {@code results}: all its matches, including any
     * already recorded (the arena skips those by index).
     *
     * @param setup the bots, games and master seed; never null
     * @param results every record of this tournament so far, in any order; never null
     * @return the round to play next, or empty when the tournament is over
     * @throws IllegalArgumentException when the setup does not suit the format (the message says why)
     */
    Optional<Round> nextRound(PairingSetup setup, List<MatchRecord> results);
}
