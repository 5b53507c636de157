package org.pyramidarena.api;

/**
 * An action: a player's move, or the outcome chosen at a chance node.
 *
 * <p>Moves are small immutable values with {@code equals} by value. Each has a compact text
 * notation, returned by {@link #notation()} and by {@code toString()}, that {@link Rules#parseMove}
 * turns back into an equal move. Replays, logs and the wire protocol carry that notation. A
 * notation contains no whitespace, so a sequence of moves can be written separated by spaces.
 */
public interface Move {

    /** The compact text notation; never null, never empty, no whitespace. */
    String notation();
}
