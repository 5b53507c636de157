package org.pyramidarena.arena.match;

import java.util.List;

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
 * @param info what the seat's bot said it was thinking about the move, cleaned and capped; null
 *     when it said nothing (see {@link org.pyramidarena.arena.players.MoveNote})
 * @param stderr the lines the seat's bot wrote on standard error during the turn, cleaned and
 *     capped; empty when none were kept (always, for a bot in the referee's JVM). A fallback move
 *     that follows a fault carries what the seat said in the turn it faulted in.
 */
public record ActionRecord(int actor, String notation, long micros, long cpuMicros, boolean fallback,
                           boolean opening, String info, List<String> stderr) {

    public ActionRecord {
        stderr = List.copyOf(stderr);
    }

    /** An action outside any opening, with nothing said beside it. */
    public ActionRecord(int actor, String notation, long micros, long cpuMicros, boolean fallback) {
        this(actor, notation, micros, cpuMicros, fallback, false, null, List.of());
    }
}
