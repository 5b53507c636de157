package org.pyramidarena.arena.match;

/**
 * One action of a match as it happened.
 *
 * @param actor the seat that acted, or {@link org.pyramidarena.api.State#CHANCE}
 * @param notation the action's notation
 * @param micros the real time the seat took to answer, in microseconds (0 for chance and fallback moves)
 * @param cpuMicros the CPU time the seat used to answer, in microseconds (0 for chance and fallback
 *     moves); -1 when it was not measured
 * @param fallback true when the referee's fallback policy moved for a seat that had faulted
 * @param opening true when the action is part of the match's {@link Opening}: its first actions up to
 *     the last one the opening forced
 */
public record ActionRecord(int actor, String notation, long micros, long cpuMicros, boolean fallback,
                           boolean opening) {

    /** An action outside any opening. */
    public ActionRecord(int actor, String notation, long micros, long cpuMicros, boolean fallback) {
        this(actor, notation, micros, cpuMicros, fallback, false);
    }
}
