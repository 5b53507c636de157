package org.pyramidarena.arena.balance;

import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * Whether two setups' first-seat advantages differ, for one bot: the difference of the estimates,
 * its 95% interval from the paired bootstrap replicates (both setups' games resampled by the same
 * draws, so the pairing of their deals is kept), and a two-sided p-value from the difference over
 * the replicates' standard deviation on a normal distribution.
 *
 * @param bot the bot
 * @param first the first setup
 * @param second the second setup
 * @param difference the first setup's advantage minus the second's
 * @param low the interval's low end
 * @param high the interval's high end
 * @param pValue the two-sided p-value of "no difference" (1 when every replicate's difference is 0)
 */
public record Comparison(String bot, Setup first, Setup second, double difference, double low, double high,
                         double pValue) {

    /**
     * Compares two setups' advantages.
     *
     * @param firstAdvantage the first setup's estimate
     * @param firstReplicates its bootstrap replicates
     * @param secondAdvantage the second setup's estimate
     * @param secondReplicates its replicates, drawn with the same blocks in the same order
     */
    public static Comparison of(String bot, Setup first, double firstAdvantage, double[] firstReplicates,
                                Setup second, double secondAdvantage, double[] secondReplicates) {
        if (firstReplicates.length != secondReplicates.length) {
            throw new IllegalArgumentException("unpaired replicates: " + firstReplicates.length + " and "
                    + secondReplicates.length);
        }
        double difference = firstAdvantage - secondAdvantage;
        double[] differences = new double[firstReplicates.length];
        double mean = 0;
        for (int r = 0; r < differences.length; r++) {
            differences[r] = firstReplicates[r] - secondReplicates[r];
            mean += differences[r];
        }
        mean /= Math.max(1, differences.length);
        double variance = 0;
        for (double d : differences) {
            variance += (d - mean) * (d - mean);
        }
        double deviation = differences.length > 1 ? Math.sqrt(variance / (differences.length - 1)) : Double.NaN;
        double p;
        if (deviation == 0) {
            p = difference == 0 ? 1 : 0;
        } else if (Double.isNaN(deviation)) {
            p = Double.NaN;
        } else {
            p = 2 * new NormalDistribution(null, 0, 1).cumulativeProbability(-Math.abs(difference) / deviation);
        }
        double[] interval = Metrics.interval(differences, difference);
        return new Comparison(bot, first, second, difference, interval[0], interval[1], p);
    }
}
