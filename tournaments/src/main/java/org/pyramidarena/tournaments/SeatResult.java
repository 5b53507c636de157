package org.pyramidarena.tournaments;

import java.util.Objects;

/**
 * One seat's result in a match.
 *
 * @param bot the bot's name at this seat
 * @param rank 1 for first; tied seats share a rank (competition ranking); a faulting seat ranks last
 * @param score the game's raw score for the seat
 * @param termination {@link TerminationReason#NORMAL}, or the fault this seat committed
 * @param timeMillis the thinking time the seat used over the match, in milliseconds of real time
 * @param cpuMillis the CPU time the seat used thinking over the match, in milliseconds; -1 when it
 *     was not measured (a bot process without a CPU count, a file written before the arena kept one)
 */
public record SeatResult(String bot, int rank, double score, TerminationReason termination, long timeMillis,
                         long cpuMillis) {
    public SeatResult {
        Objects.requireNonNull(bot, "bot");
        Objects.requireNonNull(termination, "termination");
    }

    /** A result whose CPU time was not measured. */
    public SeatResult(String bot, int rank, double score, TerminationReason termination, long timeMillis) {
        this(bot, rank, score, termination, timeMillis, -1);
    }
}
