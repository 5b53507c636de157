package org.pyramidarena.tournaments.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class WilsonTest {

    @Test
    void sevenOfTenMatchesTheHandComputedInterval() {
        // p = 0.7, n = 10, z = 1.959964: centre (p + z²/2n)/(1 + z²/n), half-width z/(1 + z²/n) * sqrt(p(1-p)/n + z²/4n²)
        Wilson interval = Wilson.interval(7, 10, 0.95);
        assertEquals(0.39678, interval.low(), 1e-5);
        assertEquals(0.89221, interval.high(), 1e-5);
    }

    @Test
    void noSuccessesStartsAtZeroAndStaysAboveIt() {
        Wilson interval = Wilson.interval(0, 20, 0.95);
        assertEquals(0.0, interval.low(), 1e-12);
        assertEquals(0.16113, interval.high(), 1e-5);
    }

    @Test
    void noTrialsGiveTheWholeRange() {
        assertEquals(new Wilson(0.0, 1.0), Wilson.interval(0, 0, 0.95));
    }
}
