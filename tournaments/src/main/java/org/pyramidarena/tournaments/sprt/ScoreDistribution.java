package org.pyramidarena.tournaments.sprt;

import org.apache.commons.math3.analysis.solvers.BrentSolver;

/**
 * A discrete distribution of scores in [0, 1] (three outcomes of a game or five of a pair) and the
 * constrained maximum-likelihood fits the generalized SPRT needs.
 *
 * <p>Both fits maximize {@code sum p_i log q_i} over distributions {@code q} on the same scores
 * under one constraint {@code c(q) = 0}. The Lagrange conditions give {@code q_i = p_i / (1 + x g_i)},
 * where {@code g} is the constraint's gradient shifted so that {@code sum q_i g_i = 0}, and the
 * multiplier {@code x} is the root of {@code sum p_i g_i / (1 + x g_i) = 0} (the "secular equation"
 * in M. Van den Bergh's notes on the generalized SPRT used by fishtest). That function falls strictly
 * in {@code x}, so the root is bracketed by the poles {@code -1/max g} and {@code -1/min g}.
 */
final class ScoreDistribution {
    private static final int MAX_FIXED_POINT_ITERATIONS = 200;
    private static final double FIXED_POINT_TOLERANCE = 1e-13;

    private final double[] scores;
    private final double[] probabilities;

    ScoreDistribution(double[] scores, double[] probabilities) {
        this.scores = scores.clone();
        this.probabilities = probabilities.clone();
    }

    /** The empirical distribution of counts over evenly spaced scores 0, 1/(k-1), ..., 1. */
    static ScoreDistribution ofCounts(double[] counts) {
        double total = 0;
        for (double c : counts) {
            total += c;
        }
        double[] scores = new double[counts.length];
        double[] probabilities = new double[counts.length];
        for (int i = 0; i < counts.length; i++) {
            scores[i] = (double) i / (counts.length - 1);
            probabilities[i] = counts[i] / total;
        }
        return new ScoreDistribution(scores, probabilities);
    }

    double mean() {
        double mean = 0;
        for (int i = 0; i < scores.length; i++) {
            mean += probabilities[i] * scores[i];
        }
        return mean;
    }

    double variance() {
        double mean = mean();
        double variance = 0;
        for (int i = 0; i < scores.length; i++) {
            variance += probabilities[i] * (scores[i] - mean) * (scores[i] - mean);
        }
        return variance;
    }

    /** The closest distribution (in the likelihood sense) whose mean score is {@code mean}. */
    ScoreDistribution fitWithMean(double mean) {
        double[] gradient = new double[scores.length];
        for (int i = 0; i < scores.length; i++) {
            gradient[i] = scores[i] - mean;
        }
        return reweighted(gradient);
    }

    /**
     * The closest distribution whose t-value {@code (mean - reference) / sd} equals {@code t}.
     * The constraint's gradient depends on the fitted mean and deviation, so it is a fixed-point
     * iteration; the shifted gradient is {@code a_i - reference - t sd (1 + ((a_i - mean)/sd)^2) / 2}.
     */
    ScoreDistribution fitWithTValue(double reference, double t) {
        ScoreDistribution fit = this;
        // Results that are nearly all at one end (a much stronger bot: every pair lost) have a tiny
        // deviation, and the gradient at the observed distribution has one sign: no reweighting of
        // it meets the constraint. The iteration then starts from the fit with the reference mean,
        // whose deviation is of the order of the scores; it reaches the same fixed point.
        if (!meetable(tValueGradient(fit, reference, t))) {
            fit = fitWithMean(reference);
        }
        for (int iteration = 0; iteration < MAX_FIXED_POINT_ITERATIONS; iteration++) {
            ScoreDistribution next = reweighted(tValueGradient(fit, reference, t));
            double change = 0;
            for (int i = 0; i < scores.length; i++) {
                change = Math.max(change, Math.abs(next.probabilities[i] - fit.probabilities[i]));
            }
            fit = next;
            if (change < FIXED_POINT_TOLERANCE) {
                break;
            }
        }
        return fit;
    }

    /** The shifted gradient of the t-value constraint at {@code fit}. */
    private double[] tValueGradient(ScoreDistribution fit, double reference, double t) {
        double mean = fit.mean();
        double sd = Math.sqrt(fit.variance());
        double[] gradient = new double[scores.length];
        for (int i = 0; i < scores.length; i++) {
            double z = (scores[i] - mean) / sd;
            gradient[i] = scores[i] - reference - t * sd * (1 + z * z) / 2;
        }
        return gradient;
    }

    /** Whether a reweighting of this distribution can make {@code sum q_i g_i} zero: g takes both signs. */
    private boolean meetable(double[] gradient) {
        boolean below = false;
        boolean above = false;
        for (int i = 0; i < gradient.length; i++) {
            if (probabilities[i] > 0) {
                below |= gradient[i] < 0;
                above |= gradient[i] > 0;
            }
        }
        return below && above;
    }

    /** {@code sum p_i log(other_i / this_i)} weighted by the probabilities of {@code empirical}. */
    static double expectedLogRatio(ScoreDistribution empirical, ScoreDistribution numerator,
                                   ScoreDistribution denominator) {
        double sum = 0;
        for (int i = 0; i < empirical.scores.length; i++) {
            if (empirical.probabilities[i] > 0) {
                sum += empirical.probabilities[i]
                        * Math.log(numerator.probabilities[i] / denominator.probabilities[i]);
            }
        }
        return sum;
    }

    private ScoreDistribution reweighted(double[] gradient) {
        if (!meetable(gradient)) {
            throw new IllegalStateException("the constraint cannot be met by reweighting these results");
        }
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < gradient.length; i++) {
            if (probabilities[i] > 0) {
                low = Math.min(low, gradient[i]);
                high = Math.max(high, gradient[i]);
            }
        }
        double x = new BrentSolver(1e-15, 1e-15).solve(1000, multiplier -> {
            double sum = 0;
            for (int i = 0; i < gradient.length; i++) {
                sum += probabilities[i] * gradient[i] / (1 + multiplier * gradient[i]);
            }
            return sum;
        }, -1 / high * (1 - 1e-12), -1 / low * (1 - 1e-12));
        double[] fitted = new double[gradient.length];
        for (int i = 0; i < gradient.length; i++) {
            fitted[i] = probabilities[i] / (1 + x * gradient[i]);
        }
        return new ScoreDistribution(scores, fitted);
    }
}
