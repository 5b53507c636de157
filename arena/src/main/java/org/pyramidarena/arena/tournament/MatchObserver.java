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
