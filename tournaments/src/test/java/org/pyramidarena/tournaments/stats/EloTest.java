package org.pyramidarena.tournaments.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class EloTest {

    @Test
    void threeToOneIsFourHundredTimesLogTenOfThree() {
        assertEquals(190.849, Elo.fromScore(0.75), 1e-3);
        assertEquals(0.75, Elo.toScore(Elo.fromScore(0.75)), 1e-12);
    }

    @Test
    void evenScoreIsZeroElo() {
        assertEquals(0.0, Elo.fromScore(0.5), 1e-12);
        assertEquals(0.5, Elo.toScore(0.0), 1e-12);
    }

    @Test
    void estimateFromMeanScoreIsSymmetricInScore() {
        EloEstimate estimate = EloEstimate.fromMeanScore(0.5, 0.25, 100, 0.95);
        assertEquals(0.0, estimate.elo(), 1e-12);
        assertEquals(-estimate.low(), estimate.high(), 1e-9);
        assertEquals(0.5, estimate.los(), 1e-12);
        // mean 0.5 ± 1.96 * 0.05
        assertEquals(Elo.fromScore(0.5 + 1.959964 * 0.05), estimate.high(), 1e-3);
    }

    @Test
    void anIntervalThatReachesAScoreOfZeroShowsItsEndsNotAnInfiniteHalfWidth() {
        assertEquals("0.00 ± 68.99 (95%)", EloEstimate.fromMeanScore(0.5, 0.25, 100, 0.95).shown(95));
        // 1 point in 100 games: the normal interval of the score runs below 0, so its low end is -inf.
        EloEstimate nearlyAllLost = EloEstimate.fromMeanScore(0.01, 0.0099, 100, 0.95);
        assertEquals(Double.POSITIVE_INFINITY, nearlyAllLost.error());
        assertEquals("-798.25 (95%: -inf to -606.86)", nearlyAllLost.shown(95));
        assertEquals("-inf", EloEstimate.fromMeanScore(0.0, 0.0, 100, 0.95).shown(95));
        assertEquals("inf", EloEstimate.fromMeanScore(1.0, 0.0, 100, 0.95).shown(95));
    }
}
