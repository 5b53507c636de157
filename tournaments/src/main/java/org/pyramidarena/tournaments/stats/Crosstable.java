package org.pyramidarena.tournaments.stats;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;

/**
 * Head-to-head results of a pool of matches: for every two bots, how many pairwise games they played
 * and how many points each scored against the other.
 *
 * <p>Every pair of seats held by different bots in a match is one pairwise game: the better rank
 * scores 1, the worse 0, a shared rank 1/2 each. A two-player match is therefore one game; a
 * four-player match gives each pair of its bots one game (unweighted, unlike the ratings, which
 * weight multiplayer pairs 1/(N-1)). Seats of the same bot against each other do not count.
 */
public final class Crosstable {
    private final String label;
    private final List<String> bots;
    private final double[][] score;
    private final long[][] games;

    private Crosstable(String label, List<String> bots, double[][] score, long[][] games) {
        this.label = label;
        this.bots = List.copyOf(bots);
        this.score = score;
        this.games = games;
    }

    /**
     * Computes the crosstable.
     *
     * @param label what the table is about: a game id, or "all"
     * @param records the matches, in any order
     * @return the table, bots in name order; only bots that met another bot appear
     */
    public static Crosstable compute(String label, List<MatchRecord> records) {
        Builder builder = new Builder(label);
        records.forEach(builder::add);
        return builder.build();
    }

    /**
     * Computes a crosstable from matches given one at a time, keeping a cell per pair of bots met
     * instead of the matches: a run adds its results up while they are played. Adding the records
     * of a list in its order gives what {@link #compute} gives for that list (every cell's points
     * are sums of halves, exact in any order).
     */
    public static final class Builder {
        private final String label;
        /** Per bot, per opponent: the points scored and the pairwise games. */
        private final Map<String, Map<String, double[]>> pairs = new HashMap<>();

        /** @param label what the table is about: a game id, or "all" */
        public Builder(String label) {
            this.label = Objects.requireNonNull(label, "label");
        }

        /** Adds one match's pairwise games. */
        public void add(MatchRecord record) {
            List<SeatResult> seats = record.seats();
            for (int i = 0; i < seats.size(); i++) {
                for (int j = i + 1; j < seats.size(); j++) {
                    SeatResult a = seats.get(i);
                    SeatResult b = seats.get(j);
                    if (a.bot().equals(b.bot())) {
                        continue;
                    }
                    double aScore = a.rank() < b.rank() ? 1 : a.rank() == b.rank() ? 0.5 : 0;
                    add(a.bot(), b.bot(), aScore);
                    add(b.bot(), a.bot(), 1 - aScore);
                }
            }
        }

        private void add(String bot, String opponent, double points) {
            double[] cell = pairs.computeIfAbsent(bot, k -> new HashMap<>()).computeIfAbsent(opponent,
                    k -> new double[2]);
            cell[0] += points;
            cell[1]++;
        }

        /**
         * Adds another builder's pairwise games, as if its matches had been added here: how a run
         * makes its overall table from its per-game ones, adding each match once. Every cell's
         * points are sums of halves, exact in any order.
         *
         * @param other the builder whose games to add; it is left as it was
         */
        public void addAll(Builder other) {
            other.pairs.forEach((bot, opponents) -> opponents.forEach((opponent, cell) -> {
                double[] sum = pairs.computeIfAbsent(bot, k -> new HashMap<>()).computeIfAbsent(opponent,
                        k -> new double[2]);
                sum[0] += cell[0];
                sum[1] += cell[1];
            }));
        }

        /** The table of the matches added so far, bots in name order. */
        public Crosstable build() {
            List<String> bots = new ArrayList<>(new TreeMap<>(pairs).keySet());
            int n = bots.size();
            double[][] score = new double[n][n];
            long[][] games = new long[n][n];
            for (int r = 0; r < n; r++) {
                for (Map.Entry<String, double[]> cell : pairs.get(bots.get(r)).entrySet()) {
                    int c = bots.indexOf(cell.getKey());
                    score[r][c] = cell.getValue()[0];
                    games[r][c] = (long) cell.getValue()[1];
                }
            }
            return new Crosstable(label, bots, score, games);
        }
    }

    /** What the table is about: a game id, or "all". */
    public String label() {
        return label;
    }

    /** The bots, in name order. */
    public List<String> bots() {
        return bots;
    }

    /** The points {@code bot} scored against {@code opponent}; 0 when they never met. */
    public double score(String bot, String opponent) {
        int r = bots.indexOf(bot);
        int c = bots.indexOf(opponent);
        return r < 0 || c < 0 ? 0 : score[r][c];
    }

    /** The pairwise games between the two bots; 0 when they never met (or are the same bot). */
    public long games(String bot, String opponent) {
        int r = bots.indexOf(bot);
        int c = bots.indexOf(opponent);
        return r < 0 || c < 0 ? 0 : games[r][c];
    }

    /** The points {@code bot} scored against every other bot together. */
    public double totalScore(String bot) {
        int r = bots.indexOf(bot);
        double total = 0;
        for (int c = 0; r >= 0 && c < bots.size(); c++) {
            total += score[r][c];
        }
        return total;
    }

    /** The pairwise games {@code bot} played against every other bot together. */
    public long totalGames(String bot) {
        int r = bots.indexOf(bot);
        long total = 0;
        for (int c = 0; r >= 0 && c < bots.size(); c++) {
            total += games[r][c];
        }
        return total;
    }
}
