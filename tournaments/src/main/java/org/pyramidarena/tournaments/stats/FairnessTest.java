package org.pyramidarena.tournaments.stats;

/**
 * A test of the seats' win shares against a fair share.
 *
 * @param method {@code binomial} (two players: seat 0's wins among decisive games against one half),
 *     {@code chi-square} (three or more: win shares against games / players, players - 1 degrees of
 *     freedom) or {@code none} (one player, or no decisive games)
 * @param statistic seat 0's decisive wins for the binomial test, the chi-square statistic otherwise
 * @param pValue the two-sided p-value; NaN for {@code none}
 */
public record FairnessTest(String method, double statistic, double pValue) {
    /** The test that could not be made. */
    public static final FairnessTest NONE = new FairnessTest("none", Double.NaN, Double.NaN);
}
