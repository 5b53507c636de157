package org.pyramidarena.tournaments.stats;

/**
 * Conversions between logistic Elo differences and expected scores, the scale every rating and
 * SPRT figure in this module is reported on: an Elo difference {@code d} means an expected score of
 * {@code 1 / (1 + 10^(-d/400))}.
 */
public final class Elo {
    /** Elo points per natural-log unit of odds: 400 / ln 10. */
    public static final double PER_NAT = 400.0 / Math.log(10.0);

    private Elo() {
    }

    /**
     * The expected score of the stronger side of an Elo difference.
     *
     * @param elo the difference in Elo points (any finite value)
     * @return the expected score in (0, 1)
     */
    public static double toScore(double elo) {
        return 1.0 / (1.0 + Math.pow(10.0, -elo / 400.0));
    }

    /**
     * The Elo difference whose expected score is {@code score}.
     *
     * @param score an expected score in [0, 1]
     * @return the Elo difference; infinite at 0 and 1, NaN outside [0, 1]
     */
    public static double fromScore(double score) {
        return -400.0 * Math.log10(1.0 / score - 1.0);
    }
}
