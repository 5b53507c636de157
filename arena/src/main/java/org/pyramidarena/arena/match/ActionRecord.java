package org.pyramidarena.arena.match;

/**
 * One action of a match as it happened.
 *
 * @param actor the seat that acted, or {@link org.pyramidarena.api.State#CHANCE}
 * @param notation the action's notation
 * @param micros the time the seat took to answer, in microseconds (0 for chance and fallback moves)
 * @param fallback true when the referee's fallback policy moved for a seat that had faulted
 */
public record ActionRecord(int actor, String notation, long micros, boolean fallback) {
}
