package org.pyramidarena.tournaments.ratings;

/**
 * How ratings are computed. Build from {@link #defaults()} with the {@code with...} methods.
 *
 * @param confidence the two-sided confidence level of the error bars, in (0, 1); default 0.95
 * @param bootstrapSamples parametric bootstrap replicates for the error bars and the likelihood of
 *     superiority; 0 skips the bootstrap (errors and LOS are then NaN); default 200
 * @param seed the bootstrap's seed; the same seed and records give the same errors
 * @param firstSeatAdvantage whether to fit a first-seat advantage term (in Elo) together with the ratings;
 *     it applies to every pairwise result in which one side held seat 0 (in games of 3-5 seats, seat 0
 *     against each other seat; pairs of later seats carry no advantage term)
 * @param anchorBot the bot whose rating is fixed at {@code anchorElo}, or null to put the pool
 *     average at {@code anchorElo}
 * @param anchorElo the anchor bot's rating or the pool average, in Elo; default 0
 * @param virtualDraws virtual draws added to every pair of bots that met, only when the results have
 *     no finite maximum-likelihood ratings (a bot or group that won, or lost, every game against the
 *     rest); default 0.5. A perfect score would otherwise push ratings to infinity.
 */
public record RatingOptions(double confidence, int bootstrapSamples, long seed, boolean firstSeatAdvantage,
                            String anchorBot, double anchorElo, double virtualDraws) {
    public RatingOptions {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be between 0 and 1, got " + confidence);
        }
        if (bootstrapSamples < 0) {
            throw new IllegalArgumentException("bootstrap samples must not be negative, got " + bootstrapSamples);
        }
        if (!(virtualDraws > 0)) {
            throw new IllegalArgumentException("virtual draws must be positive, got " + virtualDraws);
        }
        if (!Double.isFinite(anchorElo)) {
            throw new IllegalArgumentException("the anchor Elo must be finite, got " + anchorElo);
        }
    }

    /** 95% errors from 200 bootstrap replicates with seed 1, no seat advantage, pool average 0. */
    public static RatingOptions defaults() {
        return new RatingOptions(0.95, 200, 1L, false, null, 0.0, 0.5);
    }

    /** These options with another confidence level. */
    public RatingOptions withConfidence(double level) {
        return new RatingOptions(level, bootstrapSamples, seed, firstSeatAdvantage, anchorBot, anchorElo, virtualDraws);
    }

    /** These options with another number of bootstrap replicates. */
    public RatingOptions withBootstrap(int samples, long bootstrapSeed) {
        return new RatingOptions(confidence, samples, bootstrapSeed, firstSeatAdvantage, anchorBot, anchorElo, virtualDraws);
    }

    /** These options with or without the fitted first-seat advantage. */
    public RatingOptions withFirstSeatAdvantage(boolean fit) {
        return new RatingOptions(confidence, bootstrapSamples, seed, fit, anchorBot, anchorElo, virtualDraws);
    }

    /** These options with {@code bot}'s rating fixed at {@code elo} (null bot: the pool average). */
    public RatingOptions withAnchor(String bot, double elo) {
        return new RatingOptions(confidence, bootstrapSamples, seed, firstSeatAdvantage, bot, elo, virtualDraws);
    }
}
