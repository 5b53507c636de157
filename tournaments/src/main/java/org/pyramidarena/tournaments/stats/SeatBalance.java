package org.pyramidarena.tournaments.stats;

/**
 * How one seat fared over the games of one game, variant and player count.
 *
 * @param seat the seat; seat 0 is the first player only in games where seat 0 starts
 * @param games games played from this seat
 * @param wins games this seat ranked first alone
 * @param draws games this seat shared first rank
 * @param losses games this seat did not rank first
 * @param winShare the fraction of games won, a shared first place split between its seats, in [0, 1]
 * @param winShareLow the Wilson 95% interval's lower end
 * @param winShareHigh the Wilson 95% interval's upper end
 * @param meanRank the mean rank (1 is first)
 * @param meanScore the mean raw game score
 */
public record SeatBalance(int seat, long games, long wins, long draws, long losses, double winShare,
                          double winShareLow, double winShareHigh, double meanRank, double meanScore) {
}
