package org.pyramidarena.tournaments.stats;

/**
 * Game length in moves (actions by seats; chance outcomes not counted). Percentiles interpolate
 * linearly between order statistics (R's type 7, the default of R and pandas).
 *
 * @param mean the mean
 * @param median the median
 * @param percentile95 the 95th percentile
 */
public record GameLength(double mean, double median, double percentile95) {
}
