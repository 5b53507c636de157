package org.pyramidarena.arena.players;

import java.util.List;
import org.pyramidarena.api.Clock;
import org.pyramidarena.api.Event;
import org.pyramidarena.api.MatchContext;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.View;

/**
 * A bot at one seat of one match, as the referee drives it: in this JVM on the bot's own thread,
 * or in another process over the wire protocol. No method throws because of the bot: every failure
 * of the bot comes back as a faulted {@link Answer}.
 */
public interface Contestant extends AutoCloseable {

    /** The bot's name. */
    String name();

    /** Starts the match; the bot creates its player (counted against its first move's time). */
    void startMatch(MatchContext context);

    /**
     * Asks for a move and waits for it: under a wall clock at most the clock's total time, under a
     * CPU clock until the bot has used its total in CPU time or {@code wallLimitMillis} of real time
     * has passed.
     *
     * @param wallLimitMillis the most real time the move may take: the clock's total under a wall
     *     clock, the wall-clock guard's bound under a CPU clock
     * @return the answer, or a fault (timeout, exception, crash, malformed reply, ...), with the time
     *     it took in both clocks where they were measured
     */
    Answer chooseMove(View view, List<? extends Move> legalMoves, Clock clock, long wallLimitMillis);

    /**
     * Asks for a move as {@link #chooseMove(View, List, Clock, long)} does, in a match whose
     * decisions share a {@link DecisionClock}. A contestant that times its moves itself (the default)
     * forgets the clock's mark; one on the referee's thread times its move from it.
     */
    default Answer chooseMove(View view, List<? extends Move> legalMoves, Clock clock, long wallLimitMillis,
                              DecisionClock decisions) {
        decisions.forget();
        return chooseMove(view, legalMoves, clock, wallLimitMillis);
    }

    /** Asks for a move with no real-time allowance beyond the clock's total. */
    default Answer chooseMove(View view, List<? extends Move> legalMoves, Clock clock) {
        return chooseMove(view, legalMoves, clock, clock.totalMillis());
    }

    /** Tells the bot of an action it may observe; never blocks the referee for long. */
    void event(Event event);

    /**
     * Whether the bot hears events at all, asked once the match has started: a bot in this JVM
     * whose player keeps {@link org.pyramidarena.api.Player#onEvent}'s default (which does nothing)
     * does not, and the referee then makes it no events. A bot in another process always does.
     */
    default boolean hearsEvents() {
        return true;
    }

    /**
     * Whether the bot reads the views it is given, asked once the match has started: a bot in this
     * JVM whose player says it does not ({@link org.pyramidarena.api.Player#readsView}) is handed a
     * {@link org.pyramidarena.api.SeatView} instead of the game's view. A bot in another process or
     * on a thread of its own always is given the game's view.
     */
    default boolean readsView() {
        return true;
    }

    /** Tells the bot the match is over. */
    void endMatch(Outcome outcome);

    /** Releases the seat's resources (threads, processes); never throws. */
    @Override
    void close();
}
