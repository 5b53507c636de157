package org.pyramidarena.arena.match;

import org.pyramidarena.tournaments.TerminationReason;

/**
 * A contestant's answer to "your move": the notation of a move, or the fault that prevented one.
 *
 * @param notation the move's notation as the bot gave it; null when {@code fault} is set
 * @param fault null for an answer, otherwise what went wrong
 * @param detail a short description of the fault for logs and result files ("" when none)
 * @param nanos the time from asking to answering, in nanoseconds
 */
public record Answer(String notation, TerminationReason fault, String detail, long nanos) {

    /** A move given in time. */
    public static Answer move(String notation, long nanos) {
        return new Answer(notation, null, "", nanos);
    }

    /** A fault. */
    public static Answer fault(TerminationReason reason, String detail, long nanos) {
        return new Answer(null, reason, detail, nanos);
    }

    /** True when the contestant faulted. */
    public boolean isFault() {
        return fault != null;
    }
}
