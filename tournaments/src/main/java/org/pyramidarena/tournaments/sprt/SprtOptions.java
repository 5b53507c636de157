package org.pyramidarena.tournaments.sprt;

import java.util.Objects;

/**
 * The hypotheses and error rates of a sequential probability ratio test.
 *
 * @param elo0 the Elo of H0 (the candidate is no better than this), on the model's scale
 * @param elo1 the Elo of H1, greater than elo0
 * @param alpha the false positive rate, in (0, 1)
 * @param beta the false negative rate, in (0, 1)
 * @param model the scale of elo0 and elo1
 */
public record SprtOptions(double elo0, double elo1, double alpha, double beta, SprtModel model) {
    /** Default error rates, 0.05 each. */
    public static final double DEFAULT_ERROR_RATE = 0.05;

    public SprtOptions {
        Objects.requireNonNull(model, "model");
        if (!(elo1 > elo0)) {
            throw new IllegalArgumentException("elo1 must be greater than elo0, got " + elo0 + " and " + elo1);
        }
        if (!(alpha > 0 && alpha < 1) || !(beta > 0 && beta < 1)) {
            throw new IllegalArgumentException("alpha and beta must be between 0 and 1, got " + alpha + " and " + beta);
        }
    }

    /** Bounds in normalized Elo with alpha = beta = 0.05. */
    public static SprtOptions of(double elo0, double elo1) {
        return new SprtOptions(elo0, elo1, DEFAULT_ERROR_RATE, DEFAULT_ERROR_RATE, SprtModel.NORMALIZED);
    }

    /** The LLR at or below which H0 is accepted: ln(beta / (1 - alpha)). */
    public double lowerBound() {
        return Math.log(beta / (1 - alpha));
    }

    /** The LLR at or above which H1 is accepted: ln((1 - beta) / alpha). */
    public double upperBound() {
        return Math.log((1 - beta) / alpha);
    }
}
