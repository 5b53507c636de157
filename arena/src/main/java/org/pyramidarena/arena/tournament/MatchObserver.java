package org.pyramidarena.arena.tournament;

import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.match.MatchListener;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.pairing.MatchSpec;

/**
 * Hears the matches a {@link TournamentRunner} plays while they are played, e.g. to collect what
 * happens at each decision. Its methods are called from the match threads at once, each match on
 * one thread: an implementation must be thread-safe.
 */
public interface MatchObserver {

    /** Hears nothing. */
    MatchObserver NONE = (spec, rules) -> MatchListener.NONE;

    /**
     * The listener of one match, asked for before it starts.
     *
     * @param spec the match
     * @param rules its rules
     * @return the listener the referee tells each action of the match; {@link MatchListener#NONE} for none
     */
    MatchListener listener(MatchSpec spec, Rules<?, ?> rules);

    /**
     * The contestants of one match, asked for after {@link #listener}: the runner's own, or ones
     * that pass through them and also hear what the referee hands each seat (its legal moves).
     *
     * @param spec the match
     * @param listener the match's listener
     * @param contestants the runner's contestants
     * @return the factory that makes the match's seats
     */
    default ContestantFactory contestants(MatchSpec spec, MatchListener listener, ContestantFactory contestants) {
        return contestants;
    }

    /**
     * The match is over: called with the listener {@link #listener} gave for it, before its record is
     * written to the results.
     *
     * @param spec the match
     * @param listener its listener
     * @param record its result
     */
    default void played(MatchSpec spec, MatchListener listener, MatchRecord record) {
    }
}
