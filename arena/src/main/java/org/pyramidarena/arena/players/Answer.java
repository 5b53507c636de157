package org.pyramidarena.arena.players;

import org.pyramidarena.api.Move;
import org.pyramidarena.tournaments.TerminationReason;

/**
 * A contestant's answer to "your move": the notation of a move, or the fault that prevented one.
 *
 * @param notation the move's notation as the bot gave it; null when {@code fault} is set
 * @param fault null for an answer, otherwise what went wrong
 * @param detail a short description of the fault for logs and result files ("" when none)
 * @param nanos the real time from asking to answering, in nanoseconds
 * @param cpuNanos the CPU time the bot used from asking to answering, in nanoseconds: its process
 *     tree's for a bot in a process of its own, its thinking thread's for a bot in the referee's
 *     JVM; -1 when it was not measured
 * @param move the move object a bot in the referee's JVM returned, whose notation is {@code
 *     notation}; null for a bot in another process and for a fault. The referee uses it only when it
 *     is one of the very objects of the legal-move list it handed out, and otherwise parses the
 *     notation.
 * @param guardNanos the part of the real time the wall guard of a CPU clock counts, in nanoseconds:
 *     the real time less the time the bot was running or waiting for a CPU; -1 when it was not
 *     measured (the guard then counts the real time). Measured only for a trusted bot's move whose
 *     CPU time was not read ({@link DirectContestant}): other contestants apply the guard while
 *     they wait.
 * @param note what the bot said beside its move (its info, the lines it wrote on standard error
 *     during the turn); null when it said nothing, as nearly every answer
 */
public record Answer(String notation, TerminationReason fault, String detail, long nanos, long cpuNanos, Move move,
                     long guardNanos, MoveNote note) {

    /** A move given in time, as notation, with what the bot said beside it (null for nothing). */
    public static Answer move(String notation, long nanos, long cpuNanos, MoveNote note) {
        return new Answer(notation, null, "", nanos, cpuNanos, null, -1, note);
    }

    /**
     * A move given in time by a bot in the referee's JVM: the move object and its notation, with what
     * the bot said beside it (null for nothing).
     */
    public static Answer move(Move move, String notation, long nanos, long cpuNanos, MoveNote note) {
        return new Answer(notation, null, "", nanos, cpuNanos, move, -1, note);
    }

    /**
     * A move given in time by a trusted bot on the referee's own thread ({@link DirectContestant}):
     * the move object only, its notation read from it if the referee needs it (it rarely does: a
     * listed move is recorded as the move). Never for a bot whose code must not run on the
     * referee's thread, whose notation is read on its own.
     */
    static Answer direct(Move move, long nanos, long cpuNanos, long guardNanos, MoveNote note) {
        return new Answer(null, null, "", nanos, cpuNanos, move, guardNanos, note);
    }

    /**
     * The move's notation as the bot gave it; for a trusted bot's move (see {@link #direct}), read
     * from the move object now.
     */
    @Override
    public String notation() {
        return notation == null && move != null ? move.notation() : notation;
    }

    /** A fault. */
    public static Answer fault(TerminationReason reason, String detail, long nanos, long cpuNanos) {
        return new Answer(null, reason, detail, nanos, cpuNanos, null, -1, null);
    }

    /** A fault whose CPU time was not measured. */
    public static Answer fault(TerminationReason reason, String detail, long nanos) {
        return fault(reason, detail, nanos, -1);
    }

    /**
     * This answer with a note beside it; this very answer when the note is null. For faults: an
     * answer given in time is made with its note, in one object, which the compiler can then keep
     * out of the heap where the referee's loop inlines the bot's call (two objects that may meet in
     * one variable it cannot).
     */
    public Answer withNote(MoveNote moveNote) {
        return moveNote == null ? this : new Answer(notation, fault, detail, nanos, cpuNanos, move, guardNanos, moveNote);
    }

    /** True when the contestant faulted. */
    public boolean isFault() {
        return fault != null;
    }
}
