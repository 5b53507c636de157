package org.pyramidarena.arena.match;

import org.pyramidarena.api.Move;
import org.pyramidarena.tournaments.TerminationReason;

/**
 * A contestant's answer to "your move": the notation of a move, or the fault that prevented one.
 *
 * @param notation the move's notation as the bot gave it; null when {@code fault} is set
 * @param fault null for an answer, otherwise what went wrong
 * @param detail a short description of the fault for logs and result files ("" when none)
 * @param nanos the time from asking to answering, in nanoseconds
 * @param move the move object a bot in the referee's JVM returned, whose notation is {@code
 *     notation}; null for a bot in another process and for a fault. The referee uses it only when it
 *     is one of the very objects of the legal-move list it handed out, and otherwise parses the
 *     notation.
 */
public record Answer(String notation, TerminationReason fault, String detail, long nanos, Move move) {

    /** A move given in time, as notation. */
    public static Answer move(String notation, long nanos) {
        return new Answer(notation, null, "", nanos, null);
    }

    /** A move given in time by a bot in the referee's JVM: the move object and its notation. */
    public static Answer move(Move move, String notation, long nanos) {
        return new Answer(notation, null, "", nanos, move);
    }

    /** A fault. */
    public static Answer fault(TerminationReason reason, String detail, long nanos) {
        return new Answer(null, reason, detail, nanos, null);
    }

    /** True when the contestant faulted. */
    public boolean isFault() {
        return fault != null;
    }
}
