package org.pyramidarena.tournaments.stats;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * Holm's step-down correction for multiple comparisons (Holm 1979, "A simple sequentially
 * rejective multiple test procedure"): of m p-values tested together, the k-th smallest is
 * multiplied by {@code m - k + 1}, and the adjusted values are made non-decreasing in that order.
 * Rejecting where an adjusted p-value is below {@code a} keeps the chance of any false finding in
 * the family at most {@code a}, whatever the tests' dependence, and rejects at least what
 * Bonferroni does.
 */
public final class Holm {

    private Holm() {
    }

    /**
     * The adjusted p-values, in the order given. p-values that are NaN (no test) stay NaN and do not
     * count towards m.
     */
    public static double[] adjust(double[] pValues) {
        double[] adjusted = new double[pValues.length];
        Arrays.fill(adjusted, Double.NaN);
        Integer[] order = IntStream.range(0, pValues.length).filter(i -> !Double.isNaN(pValues[i])).boxed()
                .sorted(Comparator.comparingDouble(i -> pValues[i])).toArray(Integer[]::new);
        int m = order.length;
        double running = 0;
        for (int k = 0; k < m; k++) {
            running = Math.max(running, Math.min(1, (m - k) * pValues[order[k]]));
            adjusted[order[k]] = running;
        }
        return adjusted;
    }
}
