package org.pyramidarena.tournaments.stats;

import java.util.Arrays;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * Percentile bootstrap intervals and the p-values that agree with them: both read the same sorted
 * replicates with the same quantile (R's type 7, as Commons Math's {@link Percentile} gives it), so
 * the interval at confidence {@code 1 - a} leaves out a value exactly when that value's p-value is
 * below {@code a} (for a value on an end of the interval itself, up to the last bit of rounding). Replicates that are not finite (undefined in that resample) are left out of both.
 */
public final class PercentileBootstrap {

    private PercentileBootstrap() {
    }

    /**
     * The percentile interval: the {@code (1 - confidence) / 2} and {@code (1 + confidence) / 2}
     * quantiles of the finite replicates.
     *
     * @return {@code {low, high}}; both NaN when no replicate is finite
     */
    public static double[] interval(double[] replicates, double confidence) {
        double[] defined = finite(replicates);
        if (defined.length == 0) {
            return new double[] {Double.NaN, Double.NaN};
        }
        Percentile percentile = new Percentile().withEstimationType(Percentile.EstimationType.R_7);
        percentile.setData(defined);
        double tail = 100 * (1 - confidence) / 2;
        return new double[] {percentile.evaluate(tail), percentile.evaluate(100 - tail)};
    }

    /**
     * The two-sided p-value of "the quantity is {@code value}" that agrees with {@link #interval}:
     * the smallest {@code a} for which the interval at confidence {@code 1 - a} leaves {@code value}
     * out, that is twice the smaller share of the replicates' quantile scale on either side of it
     * (interpolated as type 7 interpolates). It is 0 when every replicate lies on one side (the
     * bootstrap cannot tell a smaller p from 0: below about {@code 2 / R} for R replicates), and 1
     * when the value is the replicates' median or every replicate equals it.
     *
     * @return a p-value in [0, 1]; NaN when no replicate is finite
     */
    public static double pValue(double[] replicates, double value) {
        double[] x = finite(replicates);
        int n = x.length;
        if (n == 0) {
            return Double.NaN;
        }
        Arrays.sort(x);
        if (n == 1) {
            return x[0] == value ? 1 : 0;
        }
        // The quantile Q(p) interpolates x at position h = (n - 1) p. The interval [Q(a/2), Q(1 - a/2)]
        // leaves the value out when a/2 > sup{p : Q(p) <= value} or 1 - a/2 < inf{p : Q(p) >= value}.
        double below;
        if (x[0] > value) {
            below = 0;
        } else if (x[n - 1] <= value) {
            below = 1;
        } else {
            int k = lastAtMost(x, value);
            below = (k + (value - x[k]) / (x[k + 1] - x[k])) / (n - 1);
        }
        double above;
        if (x[n - 1] < value) {
            above = 0;
        } else if (x[0] >= value) {
            above = 1;
        } else {
            int k = lastAtMost(x, Math.nextDown(value)) + 1;
            above = 1 - ((k - 1) + (value - x[k - 1]) / (x[k] - x[k - 1])) / (n - 1);
        }
        return Math.min(1, 2 * Math.min(below, above));
    }

    /** The last index whose value is at most {@code value}; x sorted, x[0] <= value. */
    private static int lastAtMost(double[] x, double value) {
        int low = 0;
        int high = x.length - 1;
        while (low < high) {
            int middle = (low + high + 1) >>> 1;
            if (x[middle] <= value) {
                low = middle;
            } else {
                high = middle - 1;
            }
        }
        return low;
    }

    private static double[] finite(double[] replicates) {
        return Arrays.stream(replicates).filter(Double::isFinite).toArray();
    }
}
