package org.pyramidarena.tournaments.ratings;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

import org.apache.commons.math3.distribution.NormalDistribution;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.stats.Elo;
import org.pyramidarena.tournaments.stats.EloEstimate;

/**
 * Elo standings of one pool of results: a joint maximum-likelihood Bradley-Terry fit on the Elo
 * scale (draws as half points, Ordo's model), with parametric bootstrap error bars, the likelihood
 * of superiority between any two bots and optionally a fitted first-seat advantage.
 *
 * <p>The bootstrap, per replicate: each pair's two-player games are simulated from the fitted
 * expected score and that pair's observed draw rate (aggregated counts, not game by game: a pair
 * with more than 64 games draws its total score from the normal approximation); games of three or
 * more seats are resampled as whole games (Poisson-weighted per distinct result, which is the same
 * as resampling game by game); then the ratings are refitted, starting from the fit. Error bars are
 * z × the replicates' standard deviation; LOS is Φ(difference / sd of the replicates' difference).
 */
public final class RatingTable {
    /** The standard normal, without a random generator (nothing samples from it): made once. */
    private static final NormalDistribution STANDARD_NORMAL = new NormalDistribution(null, 0, 1);

    private final String label;
    private final double confidence;
    private final List<Rating> ratings;
    private final double firstSeatAdvantage;
    private final double firstSeatAdvantageError;
    private final boolean virtualDrawsAdded;
    /** Bootstrap replicates in Elo, [replicate][row], rows in rating order; empty without bootstrap. */
    private final double[][] replicates;

    private RatingTable(String label, double confidence, List<Rating> ratings, double firstSeatAdvantage, double firstSeatAdvantageError,
                       boolean virtualDrawsAdded, double[][] replicates) {
        this.label = label;
        this.confidence = confidence;
        this.ratings = List.copyOf(ratings);
        this.firstSeatAdvantage = firstSeatAdvantage;
        this.firstSeatAdvantageError = firstSeatAdvantageError;
        this.virtualDrawsAdded = virtualDrawsAdded;
        this.replicates = replicates;
    }

    /**
     * Computes the standings of a pool of results.
     *
     * @param label what the table is about: a game id, or "all"
     * @param records the results; their order does not matter
     * @param options the fit and bootstrap options
     * @return the table, rows by descending rating; empty when no two different bots met
     * @throws IllegalArgumentException when the anchor bot is given but absent from the records
     */
    public static RatingTable compute(String label, List<MatchRecord> records, RatingOptions options) {
        Objects.requireNonNull(options, "options");
        return compute(label, new PairwiseData(records, options.firstSeatAdvantage()), options);
    }

    /** The standings of the records reduced to {@code data} (made with the options' seat advantage). */
    static RatingTable compute(String label, PairwiseData data, RatingOptions options) {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(options, "options");
        int bots = data.bots.size();
        int anchor = -1;
        if (options.anchorBot() != null) {
            anchor = data.bots.indexOf(options.anchorBot());
            if (anchor < 0) {
                throw new IllegalArgumentException("anchor bot '" + options.anchorBot() + "' has no rated games in " + label);
            }
        }
        if (bots == 0) {
            return new RatingTable(label, options.confidence(), List.of(), Double.NaN, Double.NaN, false, new double[0][]);
        }
        int cells = data.cellCount();
        double[] games = new double[cells];
        double[] score = new double[cells];
        for (int c = 0; c < cells; c++) {
            games[c] = data.twoPlayerGames[c] + data.multiPlayerWeight[c];
            score[c] = data.twoPlayerScore[c] + data.multiPlayerScore[c];
        }
        boolean regularized = regularizeIfUnbounded(data, games, score, options);
        BradleyTerry.Pairs pairs = new BradleyTerry.Pairs(bots, data.first, data.second, data.advantage);
        double[] strengths = BradleyTerry.fit(pairs, games, score, options.firstSeatAdvantage(), new double[bots + 1]);

        double[][] botReplicates = new Bootstrap(data, pairs, strengths, options, regularized).replicates();
        double z = EloEstimate.zForConfidence(options.confidence());
        double shift = options.anchorElo() - (anchor >= 0 ? strengths[anchor] * Elo.PER_NAT : 0);

        Integer[] order = new Integer[bots];
        for (int k = 0; k < bots; k++) {
            order[k] = k;
        }
        Arrays.sort(order, Comparator.<Integer>comparingDouble(k -> -strengths[k]).thenComparing(k -> data.bots.get(k)));
        List<Rating> rows = new ArrayList<>();
        double[][] replicatesByRow = new double[botReplicates.length][bots];
        for (int row = 0; row < bots; row++) {
            int k = order[row];
            double error = Double.NaN;
            if (botReplicates.length > 0) {
                double[] values = new double[botReplicates.length];
                for (int b = 0; b < botReplicates.length; b++) {
                    double gauge = anchor >= 0 ? botReplicates[b][anchor] : 0;
                    values[b] = (botReplicates[b][k] - gauge) * Elo.PER_NAT;
                    replicatesByRow[b][row] = values[b];
                }
                error = z * standardDeviation(values);
            }
            double pairGames = data.pairGames[k];
            rows.add(new Rating(row + 1, data.bots.get(k), strengths[k] * Elo.PER_NAT + shift, error, data.games[k],
                    100 * data.pairScore[k] / pairGames, 100 * data.pairDraws[k] / pairGames));
        }
        double advantage = Double.NaN;
        double advantageError = Double.NaN;
        if (options.firstSeatAdvantage()) {
            advantage = strengths[bots] * Elo.PER_NAT;
            if (botReplicates.length > 0) {
                double[] values = new double[botReplicates.length];
                for (int b = 0; b < botReplicates.length; b++) {
                    values[b] = botReplicates[b][bots] * Elo.PER_NAT;
                }
                advantageError = z * standardDeviation(values);
            }
        }
        return new RatingTable(label, options.confidence(), rows, advantage, advantageError, regularized, replicatesByRow);
    }

    /** Adds the virtual draws to every cell when the plain maximum does not exist. */
    static boolean regularizeIfUnbounded(PairwiseData data, double[] games, double[] score, RatingOptions options) {
        boolean bounded = BradleyTerry.hasFiniteMaximum(data.bots.size(), data.first, data.second, games, score);
        if (bounded && options.firstSeatAdvantage()) {
            bounded = advantageIsBounded(data.advantage, games, score);
        }
        if (bounded) {
            return false;
        }
        addVirtualDraws(games, score, options);
        return true;
    }

    static void addVirtualDraws(double[] games, double[] score, RatingOptions options) {
        for (int c = 0; c < games.length; c++) {
            games[c] += options.virtualDraws();
            score[c] += options.virtualDraws() / 2;
        }
    }

    /** The advantage runs off when seat 0 won (or lost) every advantaged result. */
    private static boolean advantageIsBounded(boolean[] advantaged, double[] games, double[] score) {
        boolean firstScored = false;
        boolean secondScored = false;
        for (int c = 0; c < games.length; c++) {
            if (advantaged[c] && games[c] > 0) {
                firstScored |= score[c] > 0;
                secondScored |= score[c] < games[c];
            }
        }
        return firstScored == secondScored;
    }

    private static double standardDeviation(double[] values) {
        double mean = Arrays.stream(values).average().orElse(Double.NaN);
        double sum = 0;
        for (double v : values) {
            sum += (v - mean) * (v - mean);
        }
        return values.length > 1 ? Math.sqrt(sum / (values.length - 1)) : Double.NaN;
    }

    /**
     * The same table about something else: the fit of one game's results is also the fit of a
     * pool that holds only that game.
     */
    RatingTable relabelled(String newLabel) {
        return new RatingTable(Objects.requireNonNull(newLabel, "newLabel"), confidence, ratings, firstSeatAdvantage,
                firstSeatAdvantageError, virtualDrawsAdded, replicates);
    }

    /** What the table is about: a game id, or "all". */
    public String label() {
        return label;
    }

    /** The confidence level of the errors, e.g. 0.95. */
    public double confidence() {
        return confidence;
    }

    /** The rows, by descending rating. */
    public List<Rating> ratings() {
        return ratings;
    }

    /** The row of {@code bot}, or null when it has no rated games here. */
    public Rating rating(String bot) {
        return ratings.stream().filter(r -> r.bot().equals(bot)).findFirst().orElse(null);
    }

    /** The fitted first-seat advantage in Elo; NaN when not fitted. */
    public double firstSeatAdvantage() {
        return firstSeatAdvantage;
    }

    /** Its bootstrap error in Elo; NaN when not fitted or without bootstrap. */
    public double firstSeatAdvantageError() {
        return firstSeatAdvantageError;
    }

    /**
     * Whether the results had no finite maximum-likelihood ratings (a perfect or zero score against
     * the rest), so the options' virtual draws were added to every pair that met.
     */
    public boolean virtualDrawsAdded() {
        return virtualDrawsAdded;
    }

    /** The number of bootstrap replicates behind the errors and LOS. */
    public int bootstrapSamples() {
        return replicates.length;
    }

    /**
     * The likelihood of superiority: the probability that row {@code a}'s bot is truly stronger than
     * row {@code b}'s, from the bootstrap's spread of their difference.
     *
     * @param a a row index (0 for the top row)
     * @param b another row index
     * @return a probability; 0.5 on the diagonal; NaN without bootstrap
     */
    public double likelihoodOfSuperiority(int a, int b) {
        if (a == b) {
            return 0.5;
        }
        if (replicates.length < 2) {
            return Double.NaN;
        }
        double[] differences = new double[replicates.length];
        for (int r = 0; r < replicates.length; r++) {
            differences[r] = replicates[r][a] - replicates[r][b];
        }
        double sd = standardDeviation(differences);
        double difference = ratings.get(a).elo() - ratings.get(b).elo();
        if (!(sd > 0)) {
            return difference > 0 ? 1 : difference < 0 ? 0 : 0.5;
        }
        return STANDARD_NORMAL.cumulativeProbability(difference / sd);
    }

    /** The full likelihood-of-superiority matrix, rows and columns in rating order. */
    public double[][] losMatrix() {
        int n = ratings.size();
        double[][] matrix = new double[n][n];
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                matrix[a][b] = likelihoodOfSuperiority(a, b);
            }
        }
        return matrix;
    }
}
