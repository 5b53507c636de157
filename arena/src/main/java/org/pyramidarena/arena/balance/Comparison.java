package org.pyramidarena.arena.balance;

import java.util.ArrayList;
import java.util.List;
import org.pyramidarena.tournaments.stats.Holm;
import org.pyramidarena.tournaments.stats.PercentileBootstrap;

/**
 * Whether two setups' advantages differ, for one bot: the difference of the estimates, its 95%
 * percentile interval over the differences of the setups' bootstrap replicates, and the two-sided
 * p-value read from the same replicates ({@link PercentileBootstrap#pValue}), so that the interval
 * leaves 0 out exactly when p is below 0.05. Setups of one game and player count play the same deals
 * and draw the same bootstrap blocks, so their replicates are paired; others' are independent, which
 * is what their games are. The p-values of a study's comparisons are then adjusted together by Holm's
 * method ({@link #adjusted}).
 *
 * @param bot the bot
 * @param first the first setup
 * @param second the second setup
 * @param metric the metric compared ({@link Metric#STARTER_ADVANTAGE})
 * @param difference the first setup's estimate minus the second's
 * @param low the interval's low end; NaN when there is none
 * @param high the interval's high end; NaN when there is none
 * @param pValue the two-sided p-value of "no difference"; NaN when there is none
 * @param pHolm the p-value adjusted by Holm's method over the study's comparisons; NaN when none
 * @param paired whether the two setups' games were paired (the same deals and bootstrap blocks)
 * @param gamesFirst the games the first estimate rests on
 * @param gamesSecond the games the second estimate rests on
 * @param note empty, or why there is no interval or p-value
 */
public record Comparison(String bot, Setup first, Setup second, String metric, double difference, double low,
                         double high, double pValue, double pHolm, boolean paired, long gamesFirst, long gamesSecond,
                         String note) {

    /** The family of tests Holm's method adjusts over, as the tables name it. */
    public static final String CORRECTION = "Holm";

    /**
     * Compares two setups' estimates of a metric from their replicates (not yet adjusted: {@link
     * #adjusted}).
     *
     * @param firstEstimate the first setup's estimate
     * @param firstReplicates its bootstrap replicates, in draw order
     * @param secondEstimate the second setup's estimate
     * @param secondReplicates its replicates, in draw order
     */
    public static Comparison of(String bot, String metric, Setup first, Metrics.Estimate firstEstimate,
                                double[] firstReplicates, Setup second, Metrics.Estimate secondEstimate,
                                double[] secondReplicates) {
        if (firstReplicates.length != secondReplicates.length) {
            throw new IllegalArgumentException("replicates of unequal count: " + firstReplicates.length + " and "
                    + secondReplicates.length);
        }
        boolean paired = first.sharesDealsWith(second);
        double difference = firstEstimate.value() - secondEstimate.value();
        long fewest = Math.min(firstEstimate.games(), secondEstimate.games());
        String note = "";
        double[] interval = {Double.NaN, Double.NaN};
        double p = Double.NaN;
        if (fewest < Metrics.MINIMUM_GAMES) {
            note = "no interval: " + fewest + " " + Metrics.TOO_FEW + " " + Metrics.MINIMUM_GAMES;
        } else if (firstReplicates.length == 0) {
            note = "no bootstrap replicates";
        } else {
            double[] differences = new double[firstReplicates.length];
            for (int r = 0; r < differences.length; r++) {
                differences[r] = firstReplicates[r] - secondReplicates[r];
            }
            interval = PercentileBootstrap.interval(differences, Metrics.CONFIDENCE);
            p = PercentileBootstrap.pValue(differences, 0);
        }
        return new Comparison(bot, first, second, metric, difference, interval[0], interval[1], p, Double.NaN, paired,
                firstEstimate.games(), secondEstimate.games(), note);
    }

    /** The comparisons with their p-values adjusted together by Holm's method. */
    public static List<Comparison> adjusted(List<Comparison> comparisons) {
        double[] p = comparisons.stream().mapToDouble(Comparison::pValue).toArray();
        double[] holm = Holm.adjust(p);
        List<Comparison> adjusted = new ArrayList<>();
        for (int i = 0; i < comparisons.size(); i++) {
            Comparison c = comparisons.get(i);
            adjusted.add(new Comparison(c.bot, c.first, c.second, c.metric, c.difference, c.low, c.high, c.pValue,
                    holm[i], c.paired, c.gamesFirst, c.gamesSecond, c.note));
        }
        return adjusted;
    }

    /** Whether the difference is found after the correction: Holm's p below 1 - {@link Metrics#CONFIDENCE}. */
    public boolean found() {
        return pHolm < 1 - Metrics.CONFIDENCE;
    }
}
