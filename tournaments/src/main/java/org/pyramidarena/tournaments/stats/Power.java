package org.pyramidarena.tournaments.stats;

/**
 * How many games a balance study needs to see an advantage: the normal approximation for a mean
 * score, {@code n = ((z(1 - a/2) + z(power)) sd / effect)^2}.
 */
public final class Power {

    private Power() {
    }

    /**
     * The variance of one game's score of a seat against another (1, 1/2 or 0) under "no advantage",
     * from the share of those games drawn: the score is 1/2 away from its mean in every decided game.
     *
     * @param drawRate the share of drawn games, 0 to 1
     */
    public static double varianceFromDraws(double drawRate) {
        if (!(drawRate >= 0 && drawRate <= 1)) {
            throw new IllegalArgumentException("a draw rate is a share from 0 to 1, not " + drawRate);
        }
        return (1 - drawRate) / 4;
    }

    /**
     * The games needed to find an advantage of {@code effect} (on the score's scale, e.g. 0.02 for 2
     * percentage points) with a two-sided test at {@code confidence}, with probability {@code power}.
     *
     * @param variance one game's variance of the score ({@link #varianceFromDraws})
     * @param effect the advantage to find, above 0
     * @param confidence the test's confidence, e.g. 0.95
     * @param power the chance of finding it, e.g. 0.8
     * @return games, rounded up; 0 when the variance is 0 (every game alike)
     */
    public static long gamesToDetect(double variance, double effect, double confidence, double power) {
        if (!(effect > 0) || !(confidence > 0 && confidence < 1) || !(power > 0 && power < 1) || !(variance >= 0)) {
            throw new IllegalArgumentException("an effect above 0, a confidence and a power between 0 and 1");
        }
        double z = EloEstimate.zForConfidence(confidence) + EloEstimate.zForConfidence(2 * power - 1);
        return (long) Math.ceil(z * z * variance / (effect * effect));
    }
}
