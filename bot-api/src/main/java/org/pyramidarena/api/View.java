package org.pyramidarena.api;

/**
 * What one seat may know of a state: the state with everything hidden from that seat projected
 * away (other hands, the boneyard), keeping what it may count or see (how many dominoes each hand
 * holds, public layouts).
 *
 * <p>Views are immutable values with {@code equals} by value. Their components are primitives,
 * strings, enums, immutable lists and records of the same kind, so the referee can write a view as
 * JSON for bots in other languages. The referee makes a view at every decision, so the built-in
 * games' views read their lists from the (immutable) position as they are asked for rather than
 * copying it ({@link ViewLists}). In a game of perfect information the view may be the state
 * itself.
 */
public interface View {

    /** The seat this view belongs to, or {@link #OBSERVER} for the public view shown to spectators. */
    int seat();

    /** The actor whose decision it is, as {@link State#actor()}. */
    int actor();

    /** The seat number of a spectator's view: it sees only public information. */
    int OBSERVER = -1;
}
