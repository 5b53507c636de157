package org.pyramidarena.tournaments.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Where a fitted line through measured advantages crosses zero, with a bootstrap interval. */
class CrossingTest {

    /** Points on advantage = 0.1 - 0.05 x, each replicate shifted by its own noise. */
    private static double[][] noisyReplicates(double[] x, double noise, int samples, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[][] replicates = new double[x.length][samples];
        for (int r = 0; r < samples; r++) {
            for (int i = 0; i < x.length; i++) {
                replicates[i][r] = 0.1 - 0.05 * x[i] + noise * random.nextGaussian();
            }
        }
        return replicates;
    }

    @Test
    void theRootOfAnExactLineIsFoundAndItsIntervalHoldsIt() {
        double[] x = {1, 1.5, 2.5, 3};
        double[] y = {0.05, 0.025, -0.025, -0.05};
        Crossing crossing = Crossing.fit(x, y, noisyReplicates(x, 0.01, 2000, 3), 0.95);
        assertEquals(2, crossing.value(), 1e-12);
        assertEquals(-0.05, crossing.slope(), 1e-12);
        assertTrue(crossing.low() < 2 && 2 < crossing.high(), crossing.low() + " " + crossing.high());
        assertTrue(crossing.high() - crossing.low() < 1, "a precise line places its root closely");
        assertEquals(0, crossing.undefined());
    }

    @Test
    void replicatesTooFlatToPlaceTheCrossingLeaveItWithoutAnInterval() {
        double[] x = {1, 2, 3, 4};
        double[] y = {0.01, 0.005, -0.005, -0.01};
        Crossing crossing = Crossing.fit(x, y, noisyReplicates(x, 0.5, 500, 4), 0.95);
        assertEquals(2.5, crossing.value(), 1e-9);
        assertTrue(crossing.undefined() > 25, "many replicates slope upwards: " + crossing.undefined());
        assertTrue(Double.isNaN(crossing.low()) && Double.isNaN(crossing.high()), "no interval");
    }
}
