package org.pyramidarena.tournaments.sprt;

import org.apache.commons.math3.analysis.solvers.BrentSolver;
import org.apache.commons.math3.exception.NoBracketingException;
import org.apache.commons.math3.exception.TooManyEvaluationsException;

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
    /** The search's grid: eight steps per halving of the distance, forty halvings. */
    private static final int SEARCH_STEPS_PER_HALVING = 8;
    private static final int SEARCH_STEPS = 40 * SEARCH_STEPS_PER_HALVING;

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
     * Where the iteration cannot go on (results nearly all in one category: the gradient at an
     * iterate takes one sign, so no reweighting meets it) or does not settle, the fit is found by
     * {@link #fitWithTValueBySearch} instead, which works for every set of results.
     */
    ScoreDistribution fitWithTValue(double reference, double t) {
        try {
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
                    return fit;
                }
            }
        } catch (IllegalStateException | NoBracketingException e) {
            // An iterate no reweighting can reach: search instead.
        }
        return fitWithTValueBySearch(reference, t);
    }

    /**
     * The t-value fit found along its mean. A stationary point of the likelihood under the
     * constraint is {@code q_i = p_i / (1 + x g_i)} with {@code g} the shifted gradient at the
     * point's own mean {@code m} and deviation {@code (m - reference) / t}; given {@code m}, that
     * fixes {@code g}, the secular equation fixes {@code x}, and the point is one exactly when the
     * reweighted distribution's mean is {@code m} again (its deviation then follows). So the search
     * scans the distance {@code d = |m - reference|} from the widest the scores allow down to a
     * millionth of a millionth of it, brackets every change of sign of {@code mean(q) - m}, refines
     * each, and keeps the stationary point of highest likelihood. With results nearly all in one
     * category there can be several, close together.
     */
    private ScoreDistribution fitWithTValueBySearch(double reference, double t) {
        if (t == 0) {
            return fitWithMean(reference);
        }
        double sign = Math.signum(t);
        double widest = 0;
        for (double score : scores) {
            widest = Math.max(widest, sign * (score - reference));
        }
        if (widest <= 0) {
            throw new IllegalArgumentException("no distribution on these scores has a mean beyond " + reference);
        }
        ScoreDistribution best = null;
        double bestLikelihood = Double.NEGATIVE_INFINITY;
        ScoreDistribution closest = null;
        double closestMiss = Double.POSITIVE_INFINITY;
        double previousDistance = Double.NaN;
        double previousMiss = Double.NaN;
        for (int step = 0; step <= SEARCH_STEPS; step++) {
            double distance = widest * Math.pow(2, -(double) step / SEARCH_STEPS_PER_HALVING);
            ScoreDistribution candidate = atDistance(reference, t, sign, distance);
            double miss = candidate == null ? Double.NaN : candidate.mean() - (reference + sign * distance);
            if (candidate != null && Math.abs(miss) < closestMiss) {
                closestMiss = Math.abs(miss);
                closest = candidate;
            }
            boolean crossed = !Double.isNaN(miss) && !Double.isNaN(previousMiss)
                    && (miss == 0 || Math.signum(miss) != Math.signum(previousMiss));
            if (crossed) {
                ScoreDistribution root = refined(reference, t, sign, distance, previousDistance);
                if (root != null) {
                    double likelihood = logLikelihoodOfThis(root);
                    if (likelihood > bestLikelihood) {
                        bestLikelihood = likelihood;
                        best = root;
                    }
                }
            }
            previousDistance = distance;
            previousMiss = miss;
        }
        if (best != null) {
            return best;
        }
        if (closest != null) {
            return closest;
        }
        throw new IllegalStateException("no distribution with t-value " + t + " reweights these results");
    }

    /** The stationary point between two distances whose misses differ in sign, or null where a reweighting fails. */
    private ScoreDistribution refined(double reference, double t, double sign, double low, double high) {
        try {
            double distance = new BrentSolver(1e-16, 1e-15).solve(1000, d -> {
                ScoreDistribution at = atDistance(reference, t, sign, d);
                if (at == null) {
                    throw new IllegalStateException("not reachable at " + d);
                }
                return at.mean() - (reference + sign * d);
            }, Math.min(low, high), Math.max(low, high));
            return atDistance(reference, t, sign, distance);
        } catch (IllegalStateException | NoBracketingException e) {
            return null;
        }
    }

    /** The reweighting for mean {@code reference + sign * distance}, or null where none reaches its gradient. */
    private ScoreDistribution atDistance(double reference, double t, double sign, double distance) {
        double mean = reference + sign * distance;
        double sd = distance / Math.abs(t);
        double[] gradient = new double[scores.length];
        for (int i = 0; i < scores.length; i++) {
            double z = (scores[i] - mean) / sd;
            gradient[i] = scores[i] - reference - t * sd * (1 + z * z) / 2;
        }
        if (!meetable(gradient)) {
            return null;
        }
        try {
            return reweighted(gradient);
        } catch (NoBracketingException | TooManyEvaluationsException e) {
            return null; // the secular equation's root too close to a pole to bracket in doubles
        }
    }

    /** {@code sum p_i log q_i}: the log-likelihood per observation of {@code fit} for these results. */
    private double logLikelihoodOfThis(ScoreDistribution fit) {
        double sum = 0;
        for (int i = 0; i < scores.length; i++) {
            if (probabilities[i] > 0) {
                sum += probabilities[i] * Math.log(fit.probabilities[i]);
            }
        }
        return sum;
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
