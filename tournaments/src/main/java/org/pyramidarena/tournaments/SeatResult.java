package org.pyramidarena.tournaments;

import java.util.Objects;

/**
 * One seat's result in a match.
 *
 * @param bot the bot's name at this seat
 * @param rank 1 for first; tied seats share a rank (competition ranking); a faulting seat ranks last
 * @param score the game's raw score for the seat
 * @param termination {@link TerminationReason#NORMAL}, or the fault this seat committed
 * @param timeMillis the thinking time the seat used over the match, in milliseconds
 */
public record SeatResult(String bot, int rank, double score, TerminationReason termination, long timeMillis) {
    public SeatResult {
        Objects.requireNonNull(bot, "bot");
        Objects.requireNonNull(termination, "termination");
    }
}
