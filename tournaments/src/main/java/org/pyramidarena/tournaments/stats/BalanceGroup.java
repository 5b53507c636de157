package org.pyramidarena.tournaments.stats;

import java.util.List;
import java.util.Map;

import org.pyramidarena.tournaments.TerminationReason;

/**
 * Balance statistics of one game, variant and player count.
 *
 * @param game the game id
 * @param variant the variant name
 * @param players the number of seats
 * @param games the number of games
 * @param seats one entry per seat, by seat
 * @param fairness the test of the seats against a fair share
 * @param firstSeatAdvantage seat 0's advantage in Elo from its mean pairwise score against the other
 *     seats (1 for each seat it outranked, 1/2 for a tie, over N-1), with the 95% interval and LOS
 * @param length the game length in moves
 * @param terminations how many games ended for each reason (every reason present, zero included)
 */
public record BalanceGroup(String game, String variant, int players, long games, List<SeatBalance> seats,
                           FairnessTest fairness, EloEstimate firstSeatAdvantage, GameLength length,
                           Map<TerminationReason, Long> terminations) {
    public BalanceGroup {
        seats = List.copyOf(seats);
        terminations = Map.copyOf(terminations);
    }
}
