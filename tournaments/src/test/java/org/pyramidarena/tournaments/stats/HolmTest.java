package org.pyramidarena.tournaments.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

/** Holm's step-down adjustment against a hand computation. */
class HolmTest {

    @Test
    void theKthSmallestIsMultipliedByMMinusKPlusOneAndKeptNonDecreasing() {
        // Sorted 0.005 x 4 = 0.02, 0.01 x 3 = 0.03, 0.03 x 2 = 0.06, 0.04 x 1 = 0.04, raised to 0.06.
        assertArrayEquals(new double[] {0.03, 0.06, 0.06, 0.02},
                Holm.adjust(new double[] {0.01, 0.04, 0.03, 0.005}), 1e-12);
    }

    @Test
    void noTestIsLeftOutOfTheFamilyAndAdjustedValuesStopAtOne() {
        // m = 3: 0.02 x 3 = 0.06, 0.6 x 2 and 0.9 x 1 capped at 1.
        assertArrayEquals(new double[] {Double.NaN, 0.06, 1, 1},
                Holm.adjust(new double[] {Double.NaN, 0.02, 0.6, 0.9}), 1e-12);
    }
}
