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

    /**
     * Whether {@link #action} reads the action's record. A listener that needs only who acted says
     * false and hears {@link #acted} instead: the referee then makes no record, and no notation, for
     * it at every action.
     */
    default boolean readsRecords() {
        return true;
    }

    /**
     * An action was applied, told without its record to a listener whose {@link #readsRecords} is
     * false.
     *
     * @param index the action's index, from 0
     * @param actor the seat that acted, or {@link State#CHANCE}
     * @param fallback true when the referee's fallback policy moved for a seat that had faulted
     * @param offered how many legal moves the referee listed for the seat that acted (the list it
     *     handed the seat, or the one its fallback policy chose from); -1 where it listed none: a
     *     chance outcome, or a move of the match's opening line
     * @param after the state after it
     */
    default void acted(int index, int actor, boolean fallback, int offered, State after) {
    }

    /** A seat faulted; the detail says how. */
    default void fault(int seat, TerminationReason reason, String detail) {
    }
}
