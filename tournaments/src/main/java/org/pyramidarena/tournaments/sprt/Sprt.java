package org.pyramidarena.tournaments.sprt;

import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.OptionalLong;

import org.pyramidarena.tournaments.stats.Elo;
import org.pyramidarena.tournaments.stats.EloEstimate;

/**
 * A generalized sequential probability ratio test of a candidate against a baseline: an immutable
 * snapshot of the results so far and everything derived from them.
 *
 * <p>The log-likelihood ratio follows the generalized SPRT of the chess-engine testing world
 * (fishtest's {@code LLRcalc}, M. Van den Bergh, "A practical introduction to the GSPRT" and
 * "Normalized Elo"): under each hypothesis the result distribution is the maximum-likelihood one
 * satisfying that hypothesis (expected score {@code L(elo)} for {@link SprtModel#LOGISTIC}; t-value
 * {@code elo / (800 / ln 10)} per game for {@link SprtModel#NORMALIZED}), and the LLR is the log
 * ratio of the observed results' likelihoods under the two. A pair's t-value is √2 times a game's,
 * because a pair's score (averaged over its two games) has half a game's variance. As fishtest does,
 * an empty category is counted as 0.001 results so the fits exist from the first pair.
 *
 * <p>Updated with {@link #afterPair}; seat-swapped pairs are what remove the first-seat advantage and
 * most of the opening luck from the variance, which is why the pentanomial model is the one used for
 * live tests. {@link #fromTrinomial} is for game counts without pairs.
 */
public final class Sprt {
    private static final double REGULARIZATION = 1e-3;
    private static final double NORMALIZED_ELO_PER_T = 800.0 / Math.log(10.0);
    private static final double CONFIDENCE = 0.95;

    private final SprtOptions options;
    /** Five counts (pairs scoring 0, 0.5, 1, 1.5, 2) or three (games lost, drawn, won). */
    private final long[] counts;
    private final long wins;
    private final long draws;
    private final long losses;
    private final boolean gameCountsKnown;

    private final double llr;
    private final EloEstimate elo;

    private Sprt(SprtOptions options, long[] counts, long wins, long draws, long losses, boolean gameCountsKnown) {
        this.options = Objects.requireNonNull(options, "options");
        for (long count : counts) {
            if (count < 0) {
                throw new IllegalArgumentException("counts must not be negative: " + Arrays.toString(counts));
            }
        }
        this.counts = counts;
        this.wins = wins;
        this.draws = draws;
        this.losses = losses;
        this.gameCountsKnown = gameCountsKnown;

        double[] regularized = new double[counts.length];
        double total = 0;
        for (int i = 0; i < counts.length; i++) {
            regularized[i] = counts[i] == 0 ? REGULARIZATION : counts[i];
            total += regularized[i];
        }
        ScoreDistribution observed = ScoreDistribution.ofCounts(regularized);
        this.llr = total * logRatio(observed, counts.length == 5);
        this.elo = EloEstimate.fromMeanScore(observed.mean(), observed.variance(), total, CONFIDENCE);
    }

    private double logRatio(ScoreDistribution observed, boolean pairs) {
        ScoreDistribution h0;
        ScoreDistribution h1;
        if (options.model() == SprtModel.LOGISTIC) {
            h0 = observed.fitWithMean(Elo.toScore(options.elo0()));
            h1 = observed.fitWithMean(Elo.toScore(options.elo1()));
        } else {
            double perObservation = pairs ? Math.sqrt(2.0) : 1.0;
            h0 = observed.fitWithTValue(0.5, options.elo0() / NORMALIZED_ELO_PER_T * perObservation);
            h1 = observed.fitWithTValue(0.5, options.elo1() / NORMALIZED_ELO_PER_T * perObservation);
        }
        return ScoreDistribution.expectedLogRatio(observed, h1, h0);
    }

    /**
     * A test with no results yet, to be updated pair by pair.
     *
     * @param options the hypotheses and error rates
     * @return the empty test (LLR 0, decision CONTINUE)
     */
    public static Sprt start(SprtOptions options) {
        return new Sprt(options, new long[5], 0, 0, 0, true);
    }

    /**
     * The test from pentanomial pair counts. Game wins, draws and losses are then unknown.
     *
     * @param options the hypotheses and error rates
     * @param pairCounts five counts: pairs where the candidate scored 0, 0.5, 1, 1.5 and 2 points
     * @return the test
     */
    public static Sprt fromPentanomial(SprtOptions options, long... pairCounts) {
        if (pairCounts.length != 5) {
            throw new IllegalArgumentException("pentanomial counts are five numbers, got " + pairCounts.length);
        }
        return new Sprt(options, pairCounts.clone(), 0, 0, 0, false);
    }

    /**
     * The test from pentanomial pair counts together with the game counts of the same pairs, as a
     * played test holds them (and as the counts of several played tests add up). The LLR is that
     * of {@link #fromPentanomial}; the game counts are only reported.
     *
     * @param options the hypotheses and error rates
     * @param pairCounts five counts: pairs where the candidate scored 0, 0.5, 1, 1.5 and 2 points
     * @param wins games the candidate won in those pairs
     * @param draws games drawn
     * @param losses games the candidate lost
     * @return the test
     * @throws IllegalArgumentException when the game counts cannot be those of the pairs: a pair
     *     scoring 0 is two losses, ½ a loss and a draw, 1 two draws or a win and a loss, 1½ a win
     *     and a draw, 2 two wins
     */
    public static Sprt fromPairs(SprtOptions options, long[] pairCounts, long wins, long draws, long losses) {
        if (pairCounts.length != 5) {
            throw new IllegalArgumentException("pentanomial counts are five numbers, got " + pairCounts.length);
        }
        long[] n = pairCounts.clone();
        long pairs = Arrays.stream(n).sum();
        long splitPairs = wins - n[3] - 2 * n[4];
        if (wins < 0 || draws < 0 || losses < 0 || wins + draws + losses != 2 * pairs
                || splitPairs != losses - 2 * n[0] - n[1] || splitPairs < 0 || splitPairs > n[2]) {
            throw new IllegalArgumentException("wins " + wins + ", draws " + draws + " and losses " + losses
                    + " cannot be the games of the pairs " + Arrays.toString(n));
        }
        return new Sprt(options, n, wins, draws, losses, true);
    }

    /**
     * The test from game counts, each game an independent observation (the trinomial model).
     *
     * @param options the hypotheses and error rates
     * @param losses games the candidate lost
     * @param draws games drawn
     * @param wins games the candidate won
     * @return the test
     */
    public static Sprt fromTrinomial(SprtOptions options, long losses, long draws, long wins) {
        return new Sprt(options, new long[] {losses, draws, wins}, wins, draws, losses, true);
    }

    /**
     * The test after one more seat-swapped pair of games.
     *
     * @param firstGameScore the candidate's score in the first game: 0, 0.5 or 1
     * @param secondGameScore the candidate's score in the second game, seats swapped: 0, 0.5 or 1
     * @return a new test; this one is unchanged
     * @throws IllegalStateException on a test made from trinomial counts
     */
    public Sprt afterPair(double firstGameScore, double secondGameScore) {
        if (counts.length != 5) {
            throw new IllegalStateException("a test from trinomial counts cannot take pairs");
        }
        long[] next = counts.clone();
        next[(int) Math.round(2 * (checkedScore(firstGameScore) + checkedScore(secondGameScore)))]++;
        long w = wins + (firstGameScore == 1 ? 1 : 0) + (secondGameScore == 1 ? 1 : 0);
        long d = draws + (firstGameScore == 0.5 ? 1 : 0) + (secondGameScore == 0.5 ? 1 : 0);
        long l = losses + (firstGameScore == 0 ? 1 : 0) + (secondGameScore == 0 ? 1 : 0);
        return new Sprt(options, next, w, d, l, gameCountsKnown);
    }

    private static double checkedScore(double score) {
        if (score != 0 && score != 0.5 && score != 1) {
            throw new IllegalArgumentException("a game score is 0, 0.5 or 1, got " + score);
        }
        return score;
    }

    /** The options the test runs under. */
    public SprtOptions options() {
        return options;
    }

    /** The log-likelihood ratio of H1 against H0. */
    public double llr() {
        return llr;
    }

    /** ln(beta / (1 - alpha)). */
    public double lowerBound() {
        return options.lowerBound();
    }

    /** ln((1 - beta) / alpha). */
    public double upperBound() {
        return options.upperBound();
    }

    /** The decision the LLR allows now. */
    public SprtDecision decision() {
        if (llr >= upperBound()) {
            return SprtDecision.H1_ACCEPTED;
        }
        if (llr <= lowerBound()) {
            return SprtDecision.H0_ACCEPTED;
        }
        return SprtDecision.CONTINUE;
    }

    /** The logistic Elo of the mean score with its 95% interval and the likelihood of superiority. */
    public EloEstimate elo() {
        return elo;
    }

    /** The pentanomial counts (pairs scoring 0, 0.5, 1, 1.5, 2), empty for a trinomial test. */
    public long[] pentanomial() {
        return counts.length == 5 ? counts.clone() : new long[0];
    }

    /** Games won by the candidate, when known (not for {@link #fromPentanomial}). */
    public OptionalLong wins() {
        return gameCountsKnown ? OptionalLong.of(wins) : OptionalLong.empty();
    }

    /** Games drawn, when known. */
    public OptionalLong draws() {
        return gameCountsKnown ? OptionalLong.of(draws) : OptionalLong.empty();
    }

    /** Games lost by the candidate, when known. */
    public OptionalLong losses() {
        return gameCountsKnown ? OptionalLong.of(losses) : OptionalLong.empty();
    }

    /** The number of games: twice the pairs, or the trinomial total. */
    public long games() {
        long total = Arrays.stream(counts).sum();
        return counts.length == 5 ? 2 * total : total;
    }

    /**
     * One line for the terminal, beginning exactly {@code LLR: 2.95 (-2.94,2.94) <0.00,5.00>}, then
     * Elo with its 95% interval, LOS, games, W/L/D when known and the pentanomial counts.
     */
    public String statusLine() {
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "LLR: %.2f (%.2f,%.2f) <%.2f,%.2f>",
                llr, lowerBound(), upperBound(), options.elo0(), options.elo1()));
        line.append("  Elo: ").append(elo.shown((int) Math.round(100 * CONFIDENCE))).append(String.format(Locale.ROOT, "  LOS: %.1f%%  Games: %d",
                100 * elo.los(), games()));
        if (gameCountsKnown) {
            line.append(String.format(Locale.ROOT, "  W: %d  L: %d  D: %d", wins, losses, draws));
        }
        if (counts.length == 5) {
            line.append(String.format(Locale.ROOT, "  Ptnml(0-2): %d, %d, %d, %d, %d",
                    counts[0], counts[1], counts[2], counts[3], counts[4]));
        }
        return line.toString();
    }

    @Override
    public String toString() {
        return statusLine();
    }
}
