package org.pyramidarena.tournaments.ratings;

/**
 * One row of a standings table.
 *
 * @param rank 1 for the highest rating
 * @param bot the bot's name
 * @param elo the rating in Elo, on the table's scale (pool average or anchor)
 * @param error half the width of the bootstrap confidence interval in Elo; NaN without bootstrap
 * @param games the games that counted for the rating (games against copies of itself excluded)
 * @param scorePercent the pairwise score over those games, in percent (multiplayer games weighted 1/(N-1))
 * @param drawPercent the share of drawn pairwise results, in percent
 */
public record Rating(int rank, String bot, double elo, double error, long games, double scorePercent,
                     double drawPercent) {
}
