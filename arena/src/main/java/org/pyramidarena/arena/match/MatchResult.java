package org.pyramidarena.arena.match;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.State;
import org.pyramidarena.tournaments.TerminationReason;

/**
 * What a match produced.
 *
 * @param actions every action in order, chance outcomes included
 * @param outcome the final ranking, forfeits applied
 * @param termination {@link TerminationReason#NORMAL}, or the first fault
 * @param seatTerminations each seat's own fault, or NORMAL
 * @param faultDetail a description of the first fault, "" when none
 * @param seatFaultDetails each seat's own fault described (cleaned of the bot's control characters), ""
 *     for a seat that did not fault
 * @param moves the number of actions taken by seats
 * @param seatMicros the real answering time each seat used, in microseconds
 * @param seatCpuMicros the CPU time each seat used answering, in microseconds; -1 for a seat whose
 *     CPU time was not measured on every move
 * @param finalState the last state reached (not terminal when a forfeit ended the match)
 * @param faultStderr the lines the bot of the first fault wrote on standard error during the turn it
 *     faulted in, cleaned and capped as a move's ({@link ActionRecord#stderr}); empty when there was
 *     no fault or none were kept
 */
public record MatchResult(List<ActionRecord> actions, Outcome outcome, TerminationReason termination,
                          List<TerminationReason> seatTerminations, String faultDetail,
                          List<String> seatFaultDetails, int moves,
                          List<Long> seatMicros, List<Long> seatCpuMicros, State finalState,
                          List<String> faultStderr) {

    /** A result with no standard error kept for its fault. */
    public MatchResult(List<ActionRecord> actions, Outcome outcome, TerminationReason termination,
                       List<TerminationReason> seatTerminations, String faultDetail, List<String> seatFaultDetails,
                       int moves, List<Long> seatMicros, List<Long> seatCpuMicros, State finalState) {
        this(actions, outcome, termination, seatTerminations, faultDetail, seatFaultDetails, moves, seatMicros,
                seatCpuMicros, finalState, List.of());
    }

    public MatchResult {
        // The referee's own log is unmodifiable once handed out, and makes its records only as they are read.
        actions = actions instanceof ActionLog ? actions : List.copyOf(actions);
        seatTerminations = List.copyOf(seatTerminations);
        seatFaultDetails = List.copyOf(seatFaultDetails);
        seatMicros = List.copyOf(seatMicros);
        seatCpuMicros = List.copyOf(seatCpuMicros);
        faultStderr = List.copyOf(faultStderr);
    }

    /**
     * This result as a public page may show it: every fault detail and every bot's info passed through
     * {@code shown} (which takes out what the public must not read, the server's paths say), and the
     * lines bots wrote on standard error left out, the fault's and every move's: a bot's standard error
     * is for its own team, not its opponents.
     */
    public MatchResult forPublic(UnaryOperator<String> shown) {
        List<ActionRecord> records = new ArrayList<>(actions.size());
        for (ActionRecord action : actions) {
            records.add(new ActionRecord(action.actor(), action.notation(), action.micros(), action.cpuMicros(),
                    action.fallback(), action.opening(), action.info() == null ? null : shown.apply(action.info()),
                    List.of()));
        }
        return new MatchResult(records, outcome, termination, seatTerminations, shown.apply(faultDetail),
                seatFaultDetails.stream().map(shown).toList(), moves, seatMicros, seatCpuMicros, finalState, List.of());
    }
}
