package org.pyramidarena.api;

import java.util.List;

/**
 * A bot's player in one match, at one seat.
 *
 * <p>The referee calls the methods of one player from one thread at a time, in game order:
 * {@link #chooseMove} when it is this seat's turn (followed by {@link #moveInfo} where the player
 * says what it was thinking), {@link #onEvent} for every action this seat may observe (its own
 * moves included), {@link #onMatchEnd} once.
 */
public interface Player {

    /**
     * Chooses a move.
     *
     * @param view what this seat may know of the state; never the state itself
     * @param legalMoves the legal moves, never empty, in the rules' order
     * @param clock the time this move may take; past it the seat forfeits
     * @return one of {@code legalMoves}; anything else forfeits the match
     */
    Move chooseMove(View view, List<? extends Move> legalMoves, Clock clock);

    /**
     * Whether this player reads the views it is given, asked once when the match starts. A player
     * that never does (one that picks among the legal moves without looking at the position, as the
     * random bot does) may answer false; the referee then hands it a {@link SeatView}, which knows
     * only the seat and whose turn it is, instead of making the game's view at each of its
     * decisions (which costs the referee more than the rules' own work in the games with the
     * cheapest moves). The default is true.
     */
    default boolean readsView() {
        return true;
    }

    /**
     * Whether every move of this player takes a constant time far below a millisecond (it reads no
     * view and searches nothing: a uniform draw among the legal moves, as the random bot makes),
     * asked once when the match starts. The referee takes the answer only from the built-in bots it
     * calls on its own thread, and then does not time their moves: reading the clock costs about a
     * fifth of a move of the cheapest games' rules, and such a move cannot come near a limit counted
     * in milliseconds. Their moves are recorded without a time. A bot from a JAR is timed whatever
     * it answers. The default is false.
     */
    default boolean instant() {
        return false;
    }

    /**
     * What this player was thinking when it chose the move it has just returned: its search depth,
     * its score, its principal variation, any short note. The referee keeps it with the move in the
     * match's replay, and the replay viewer shows it beside the move, so that a lost game reads as
     * more than a list of moves. Write it as names and values, as UCI engines write their {@code
     * info} lines: {@code "depth 6 score 0.35 nodes 80000"}. Null or empty (the default) keeps
     * nothing.
     *
     * <p>Asked right after each {@link #chooseMove} that returned, on the same thread, and counted
     * in that move's time. A player that keeps this default is never asked. The referee removes
     * control characters and cuts the text to 200 characters. An exception thrown here becomes the
     * note ({@code "moveInfo() threw ..."}); the move stands.
     *
     * <p>Why a method of its own, asked after the move, rather than a second return value of
     * {@code chooseMove} or a callback in the {@link MatchContext}: a new return type would have
     * changed every bot ever written, while this default leaves them compiling and playing as they
     * did; a callback could be called at any moment from any of the bot's threads, after a timeout
     * as well, and the referee would have to guess which move it belongs to, whereas this answer
     * belongs to the move just returned; and a player that says nothing costs the referee nothing
     * (no call, no object), which keeps statistics runs of millions of matches at full speed.
     *
     * @return a short text about the last move, or null for none
     */
    default String moveInfo() {
        return null;
    }

    /**
     * Told of an action as far as this seat may see it, after it was applied.
     *
     * @param event the action, redacted where part of it is hidden from this seat
     */
    default void onEvent(Event event) {
    }

    /**
     * Told that the match is over.
     *
     * @param outcome the final ranking, forfeits included
     */
    default void onMatchEnd(Outcome outcome) {
    }
}
