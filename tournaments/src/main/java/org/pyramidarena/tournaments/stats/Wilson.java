package org.pyramidarena.tournaments.stats;

/**
 * The Wilson score interval for a proportion, which stays inside [0, 1] and behaves at 0 and 1
 * successes where the normal (Wald) interval does not.
 *
 * @param low the lower end, in [0, 1]
 * @param high the upper end, in [0, 1]
 */
public record Wilson(double low, double high) {

    /**
     * The interval for {@code successes} out of {@code trials}. Successes may be fractional (a tie
     * for first split between seats counts as a fraction of a win).
     *
     * @param successes successes, 0 to trials
     * @param trials trials; with none the interval is [0, 1]
     * @param confidence the two-sided confidence level, e.g. 0.95
     * @return the interval
     */
    public static Wilson interval(double successes, double trials, double confidence) {
        if (!(trials > 0)) {
            return new Wilson(0.0, 1.0);
        }
        double z = EloEstimate.zForConfidence(confidence);
        double p = successes / trials;
        double z2 = z * z;
        double centre = (p + z2 / (2 * trials)) / (1 + z2 / trials);
        double half = z / (1 + z2 / trials) * Math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials));
        return new Wilson(Math.max(0.0, centre - half), Math.min(1.0, centre + half));
    }
}
