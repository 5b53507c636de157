package org.pyramidarena.tournaments.sprt;

/** The scale on which the SPRT's Elo bounds are given. */
public enum SprtModel {
    /**
     * Normalized Elo (the default): the t-value {@code (score - 0.5) / sd} of one game, times
     * 800 / ln 10. It makes the test's length independent of the draw rate.
     */
    NORMALIZED,
    /** Ordinary logistic Elo, as in rating lists. */
    LOGISTIC
}
