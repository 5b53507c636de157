package org.pyramidarena.tournaments.stats;

import java.util.Locale;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * An Elo difference estimated from a mean score, with a symmetric error and the likelihood of
 * superiority.
 *
 * @param elo the logistic Elo of the mean score
 * @param error half the width of the confidence interval, in Elo (NaN when the variance is unknown)
 * @param low the interval's lower end in Elo
 * @param high the interval's upper end in Elo
 * @param los the probability that the true score exceeds one half (normal approximation)
 */
public record EloEstimate(double elo, double error, double low, double high, double los) {
    /**
     * The standard normal distribution, made once: made without a random generator, since nothing
     * here samples from it (the no-argument constructor seeds a new generator every time).
     */
    private static final NormalDistribution STANDARD_NORMAL = new NormalDistribution(null, 0, 1);

    /**
     * Estimates the Elo from the mean of {@code count} independent observations of a score in [0, 1].
     * The interval is the normal interval of the mean score, mapped to Elo; the error is half its
     * width, so it is symmetric in score and slightly asymmetric in Elo.
     *
     * @param mean the observed mean score in [0, 1]
     * @param variance the variance of one observation
     * @param count the number of observations (may be fractional for weighted data), positive
     * @param confidence the two-sided confidence level, e.g. 0.95
     * @return the estimate; NaN figures when count is not positive
     */
    public static EloEstimate fromMeanScore(double mean, double variance, double count, double confidence) {
        if (!(count > 0)) {
            return new EloEstimate(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        double z = zForConfidence(confidence);
        double standardError = Math.sqrt(variance / count);
        double low = Elo.fromScore(Math.max(0.0, mean - z * standardError));
        double high = Elo.fromScore(Math.min(1.0, mean + z * standardError));
        double los = standardError > 0
                ? STANDARD_NORMAL.cumulativeProbability((mean - 0.5) / standardError)
                : (mean > 0.5 ? 1.0 : mean < 0.5 ? 0.0 : 0.5);
        return new EloEstimate(Elo.fromScore(mean), (high - low) / 2.0, low, high, los);
    }

    /**
     * The estimate as a terminal line shows it: {@code 12.34 ± 5.67 (95%)} while the interval is finite.
     * Where the interval reaches a score of 0 or 1 (a side that lost or won nearly every game), its
     * half-width is infinite and says nothing; the ends are shown instead, the open one as {@code inf}:
     * {@code -853.20 (95%: -inf to -612.45)}, or the Elo alone where every game went one way ({@code -inf}).
     *
     * @param confidencePercent the confidence level the estimate was made at, in percent, for the label
     */
    public String shown(int confidencePercent) {
        if (Double.isNaN(elo)) {
            return "-";
        }
        if (Double.isFinite(low) && Double.isFinite(high)) {
            // + 0.0 turns a -0.0 (an even score) into 0.0, which prints without a sign.
            return String.format(Locale.ROOT, "%.2f ± %.2f (%d%%)", elo + 0.0, error, confidencePercent);
        }
        if (low == high) {
            return text(elo);
        }
        return String.format(Locale.ROOT, "%s (%d%%: %s to %s)", text(elo), confidencePercent, text(low), text(high));
    }

    private static String text(double value) {
        return Double.isInfinite(value) ? (value > 0 ? "inf" : "-inf") : String.format(Locale.ROOT, "%.2f", value);
    }

    /**
     * The two-sided normal quantile for a confidence level, e.g. 1.95996 for 0.95.
     *
     * @param confidence a level strictly between 0 and 1
     * @return the quantile
     */
    public static double zForConfidence(double confidence) {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be between 0 and 1, got " + confidence);
        }
        return STANDARD_NORMAL.inverseCumulativeProbability(0.5 + confidence / 2.0);
    }
}
