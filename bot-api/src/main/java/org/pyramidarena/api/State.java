package org.pyramidarena.api;

/**
 * A complete game state: everything the rules need, hidden information included.
 *
 * <p>States are immutable values: no method of the rules, and nothing else, changes a state once it
 * exists. Implementations define {@code equals} and {@code hashCode} by value (records do), so
 * states can key transposition tables and repetition counts. A bot is never handed a state by the
 * referee; it receives {@link View}s.
 */
public interface State {

    /** The actor whose decision it is: a seat number {@code >= 0}, {@link #CHANCE}, or {@link #NONE} when the game is over. */
    int actor();

    /** The number of seats. */
    int players();

    /** True when the game is over; then {@link #actor()} is {@link #NONE}. */
    default boolean isTerminal() {
        return actor() == NONE;
    }

    /** {@link #actor()} at a chance node: the rules list the outcomes and the runner samples one. */
    int CHANCE = -1;

    /** {@link #actor()} once the game is over. */
    int NONE = -2;
}
