/**
 * Balance statistics per game and seat ({@link org.pyramidarena.tournaments.stats.Balance#compute}) and the
 * small formulas shared with ratings and SPRT: Elo and score conversion, Elo estimates, Wilson intervals.
 */
package org.pyramidarena.tournaments.stats;
