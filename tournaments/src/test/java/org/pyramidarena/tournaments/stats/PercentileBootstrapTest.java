package org.pyramidarena.tournaments.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The percentile interval and its p-value come from one procedure, so they always agree. */
class PercentileBootstrapTest {

    @Test
    void theIntervalLeavesAValueOutExactlyWhenItsPValueIsBelowOneLessTheConfidence() {
        SplittableRandom random = new SplittableRandom(42);
        int checked = 0;
        for (int trial = 0; trial < 400; trial++) {
            int n = 5 + random.nextInt(300);
            double[] replicates = new double[n];
            for (int r = 0; r < n; r++) {
                // Coarse values, so that ties and values equal to a replicate are common.
                replicates[r] = Math.round(random.nextGaussian() * 8) / 4.0;
            }
            for (double confidence : new double[] {0.8, 0.9, 0.95, 0.99}) {
                double[] interval = PercentileBootstrap.interval(replicates, confidence);
                for (int v = -20; v <= 20; v++) {
                    double value = v / 4.0 + (random.nextBoolean() ? 0 : random.nextDouble() / 4);
                    double p = PercentileBootstrap.pValue(replicates, value);
                    if (Math.abs(value - interval[0]) < 1e-9 || Math.abs(value - interval[1]) < 1e-9) {
                        // On an end itself the two may differ in the last bit of rounding, nowhere else.
                        continue;
                    }
                    boolean outside = value < interval[0] || value > interval[1];
                    assertEquals(outside, p < 1 - confidence, "value " + value + ", interval ["
                            + interval[0] + ", " + interval[1] + "], p " + p + ", confidence " + confidence);
                    checked++;
                }
            }
        }
        assertTrue(checked > 10_000);
    }

    @Test
    void aValueBeyondEveryReplicateHasPZeroTheMedianOneAndTheTailShareInBetween() {
        double[] replicates = new double[1001];
        for (int r = 0; r < replicates.length; r++) {
            replicates[r] = r;
        }
        assertEquals(0, PercentileBootstrap.pValue(replicates, -1));
        assertEquals(0, PercentileBootstrap.pValue(replicates, 1001));
        assertEquals(1, PercentileBootstrap.pValue(replicates, 500));
        // 25 of 1000 quantile steps below: twice 2.5%.
        assertEquals(0.05, PercentileBootstrap.pValue(replicates, 25), 1e-12);
        assertEquals(1, PercentileBootstrap.pValue(new double[] {0, 0, 0}, 0), "every replicate equal to it");
        assertTrue(Double.isNaN(PercentileBootstrap.pValue(new double[] {Double.NaN}, 0)), "no replicate");
    }
}
