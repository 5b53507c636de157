package org.pyramidarena.arena.match;

import org.pyramidarena.api.State;
import org.pyramidarena.tournaments.TerminationReason;

/** Hears of a match as it is played, e.g. to print it. */
public interface MatchListener {

    /** Hears of no event. */
    MatchListener NONE = new MatchListener() {
    };

    /**
     * An action was applied.
     *
     * @param index the action's index, from 0
     * @param action the action
     * @param after the state after it
     */
    default void action(int index, ActionRecord action, State after) {
    }

    /** A seat faulted; the detail says how. */
    default void fault(int seat, TerminationReason reason, String detail) {
    }
}
