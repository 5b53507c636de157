/**
 * Balance statistics per game and seat ({@link org.pyramidarena.tournaments.stats.Balance#compute}) and the
 * small formulas shared with ratings and SPRT: Elo and score conversion, Elo estimates, Wilson intervals;
 * and what balance studies read from bootstrap replicates: percentile intervals with the p-values that
 * agree with them ({@link org.pyramidarena.tournaments.stats.PercentileBootstrap}), Holm's correction for
 * many comparisons, the games a study needs ({@link org.pyramidarena.tournaments.stats.Power}), and where a
 * measured advantage crosses zero along a rule parameter ({@link org.pyramidarena.tournaments.stats.Crossing}).
 */
package org.pyramidarena.tournaments.stats;
