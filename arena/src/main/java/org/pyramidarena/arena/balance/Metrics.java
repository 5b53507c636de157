package org.pyramidarena.arena.balance;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.stats.PercentileBootstrap;
import org.pyramidarena.tournaments.stats.Wilson;

/**
 * The design metrics of one setup and bot, each with a 95% bootstrap interval.
 *
 * <p>Each game is reduced to a few sums as soon as it is played ({@link #features}), kept by its
 * place in the schedule. Every metric is a ratio of sums over the games (or, for the duration's
 * median and 95th percentile, an order statistic of the lengths), so a bootstrap replicate only adds
 * up resampled games. Resampling is by blocks of consecutive games: a block is the setup's own seat
 * rotation on one deal (2 games for two players, 5 for five), whose games are not independent. The
 * resampled blocks come from a Commons Math {@link Well19937c} seeded for the block's size ({@link
 * #seed}), so a setup's intervals are the same alone as beside any other setups, and two setups with
 * the same rotation (the same game and player count, so the same deals) get the same draws: their
 * replicates are paired, and their differences are the bootstrap of the difference. The interval is
 * the 2.5th to 97.5th percentile of the replicates (R's type 7, {@link PercentileBootstrap});
 * replicates where a metric is undefined are left out.
 *
 * <p>No interval is given for an estimate resting on fewer than {@link #MINIMUM_GAMES} games (the
 * note says so), and a share every game agrees on (0 or 1, every replicate alike) gets the Wilson
 * interval over its deals instead of the bootstrap's empty one.
 */
public final class Metrics {

    /** The interval's coverage. */
    public static final double CONFIDENCE = 0.95;

    /** The fewest games an estimate must rest on to be given an interval. */
    public static final int MINIMUM_GAMES = 30;

    /** The stream of the master seed that the bootstrap's seeds derive from, one per block size. */
    public static final String BOOTSTRAP_STREAM = "balance-bootstrap";

    static final int ONE = 0;
    static final int ADVANTAGE = 1;
    static final int DRAWN = 2;
    static final int COMPLETED = 3;
    static final int MOVES = 4;
    static final int LEGAL = 5;
    static final int DECISIONS = 6;
    static final int FORCED = 7;
    static final int LEAD_CHANGES = 8;
    static final int DECISIVE = 9;
    static final int DECIDED = 10;
    static final int TENTH_LEGAL = 11;
    static final int TENTH_DECISIONS = TENTH_LEGAL + Metric.TENTHS;
    static final int LEADER_WINS = TENTH_DECISIONS + Metric.TENTHS;
    static final int LEADER_COUNTED = LEADER_WINS + Metric.TENTHS;
    static final int STARTER_ADVANTAGE = LEADER_COUNTED + Metric.TENTHS;
    static final int SHARES = STARTER_ADVANTAGE + 1;

    /**
     * One metric's estimate.
     *
     * @param metric the metric's name ({@link Metric#names()})
     * @param unit share, moves or changes
     * @param value the estimate; NaN when it is undefined (no games it applies to)
     * @param low the interval's low end; NaN when there is none
     * @param high the interval's high end; NaN when there is none
     * @param games the number of games the estimate rests on
     * @param note empty, or what the running score is (a proxy), why the metric does not apply, or
     *     why there is no interval (too few games) or not the bootstrap's (every game alike)
     */
    public record Estimate(String metric, String unit, double value, double low, double high, long games,
                           String note) {

        /**
         * As the summary and the report show it: a share in percent, anything else with two
         * decimals, then the 95% interval, or {@code missing} in its place when there is none for
         * too few games; "n/a" when not applicable and {@code missing} when there is no value.
         */
        public String shown(String missing) {
            if (!Double.isFinite(value)) {
                return note.startsWith("not applicable") ? "n/a" : missing;
            }
            boolean share = unit.equals("share");
            String shownValue = share ? percent(value) : fixed(value);
            if (!Double.isFinite(low)) {
                return tooFew() ? shownValue + " [" + missing + "]" : shownValue;
            }
            return shownValue + " [" + (share ? percent(low) : fixed(low)) + ", " + (share ? percent(high) : fixed(high))
                    + "]";
        }

        /** Whether the interval was left out because the estimate rests on too few games. */
        public boolean tooFew() {
            return note.contains(TOO_FEW);
        }
    }

    /** A difference of shares in signed percentage points, {@code missing} when there is none. */
    public static String points(double value, String missing) {
        return Double.isFinite(value) ? String.format(Locale.ROOT, "%+.2f pp", 100 * value).replace("-0.00", "+0.00")
                : missing;
    }

    private static String percent(double value) {
        return fixed(100 * value) + "%";
    }

    private static String fixed(double value) {
        String text = String.format(Locale.ROOT, "%.2f", value);
        return text.equals("-0.00") ? "0.00" : text;
    }

    /**
     * The metrics of a setup and bot.
     *
     * @param estimates one per metric name, in {@link Metric#names()} order
     * @param advantageReplicates the bootstrap replicates of the first-seat advantage, in draw order
     * @param starterReplicates the bootstrap replicates of the starter's advantage, in draw order
     * @param lengths each game's moves, in schedule order
     * @param block the games of one resampled block
     */
    public record Result(List<Estimate> estimates, double[] advantageReplicates, double[] starterReplicates,
                         int[] lengths, int block) {

        /** The estimate of a metric by name. */
        public Estimate get(String metric) {
            return estimates.stream().filter(e -> e.metric().equals(metric)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no metric " + metric));
        }

        /** The estimate of a metric. */
        public Estimate get(Metric metric) {
            return get(metric.label());
        }
    }

    private Metrics() {
    }

    /**
     * A game's sums: one per column above, then each seat's share of the win.
     *
     * @param game what was kept of the game
     * @param scored whether the game has a running score (lead figures are kept)
     */
    static double[] features(GameTrace game, boolean scored) {
        int players = game.players();
        double[] row = new double[SHARES + players];
        int[] ranks = game.ranks();
        int best = Integer.MAX_VALUE;
        for (int rank : ranks) {
            best = Math.min(best, rank);
        }
        int sharing = 0;
        for (int rank : ranks) {
            sharing += rank == best ? 1 : 0;
        }
        for (int seat = 0; seat < players; seat++) {
            row[SHARES + seat] = ranks[seat] == best ? 1.0 / sharing : 0;
        }
        row[ONE] = 1;
        row[ADVANTAGE] = advantage(ranks, 0);
        row[STARTER_ADVANTAGE] = advantage(ranks, game.starter());
        row[DRAWN] = sharing > 1 ? 1 : 0;
        row[COMPLETED] = game.completed() ? 1 : 0;
        row[MOVES] = game.moves();
        int[] legal = game.legal();
        int n = legal.length;
        // Decision i falls in tenth TENTHS * i / n (rounded down): the decisions of a tenth run up
        // to (tenth + 1) * n / TENTHS, rounded up. Ten divisions a game, not one a decision: the
        // study's collection cost random Pyraos's match loop 6.6-6.9% instead of 7.15-7.32%
        // (BalanceListenerBenchmark -p game=pyraos -p clock=cpu); the sums are the same, added in
        // the same order.
        int i = 0;
        for (int tenth = 0; tenth < Metric.TENTHS; tenth++) {
            int end = (int) (((long) (tenth + 1) * n + Metric.TENTHS - 1) / Metric.TENTHS);
            row[TENTH_DECISIONS + tenth] = end - i;
            for (; i < end; i++) {
                row[LEGAL] += legal[i];
                row[FORCED] += legal[i] == 1 ? 1 : 0;
                row[TENTH_LEGAL + tenth] += legal[i];
            }
        }
        row[DECISIONS] = n;
        if (scored && game.leaders() != null) {
            int[] leaders = game.leaders();
            int changes = 0;
            int last = GameMeasures.NO_LEADER;
            for (int leader : leaders) {
                if (leader != GameMeasures.NO_LEADER) {
                    changes += last != GameMeasures.NO_LEADER && leader != last ? 1 : 0;
                    last = leader;
                }
            }
            row[LEAD_CHANGES] = changes;
            int winner = sharing == 1 ? firstPlace(ranks, best) : -1;
            if (winner >= 0) {
                row[DECISIVE] = 1;
                // The first tenth from which the winner leads at every tenth to the end (11 when it
                // does not lead at the end).
                int from = leaders.length;
                while (from > 0 && leaders[from - 1] == winner) {
                    from--;
                }
                row[DECIDED] = from == leaders.length ? 0 : 1 - (double) from / Metric.TENTHS;
                for (int tenth = 1; tenth <= Metric.TENTHS; tenth++) {
                    if (leaders[tenth] != GameMeasures.NO_LEADER) {
                        row[LEADER_COUNTED + tenth - 1] = 1;
                        row[LEADER_WINS + tenth - 1] = leaders[tenth] == winner ? 1 : 0;
                    }
                }
            }
        }
        return row;
    }

    /** A seat's mean score against each other seat (1 ranked better, 1/2 tied, 0 worse), minus 1/2. */
    private static double advantage(int[] ranks, int seat) {
        double score = 0;
        for (int other = 0; other < ranks.length; other++) {
            if (other != seat) {
                score += ranks[seat] < ranks[other] ? 1 : ranks[seat] == ranks[other] ? 0.5 : 0;
            }
        }
        return score / (ranks.length - 1) - 0.5;
    }

    /**
     * The bootstrap's seed for a setup whose blocks hold {@code block} games: a setup draws the same
     * blocks alone as in any study, and setups of one rotation draw alike (their replicates paired).
     */
    public static long seed(MasterSeed master, int block) {
        return master.derive(BOOTSTRAP_STREAM, block);
    }

    private static int firstPlace(int[] ranks, int best) {
        int seat = 0;
        while (ranks[seat] != best) {
            seat++;
        }
        return seat;
    }

    /**
     * The place in a game of n decisions at a tenth of it: before decision {@code round(tenth n / 10)}
     * (halves up); the end at tenth 10, place n.
     */
    public static int at(int tenth, int n) {
        return (int) (((long) tenth * n * 2 + Metric.TENTHS) / (2L * Metric.TENTHS));
    }

    /**
     * Computes the metrics.
     *
     * @param games each game's features ({@link #features}) in schedule order; a multiple of {@code block} many
     * @param players the number of seats
     * @param measures the game's measures: whether lead metrics apply, and the note on its running score
     * @param block the games in one resampled block: the setup's seat rotation
     * @param samples the bootstrap replicates; 0 for no intervals
     * @param seed the bootstrap's seed ({@link #seed})
     */
    public static Result compute(List<double[]> games, int players, GameMeasures measures, int block, int samples,
                                 long seed) {
        return compute(games, players, measures, block, samples, seed, 1);
    }

    /**
     * Computes the metrics, the bootstrap's replicates summed on up to {@code threads} threads. The
     * blocks each replicate draws come from the one generator in the same order whatever the
     * threads, and each replicate adds its blocks up in the order drawn, so the result is the same
     * to the last bit as on one thread.
     *
     * @param threads the threads the replicates may use, the caller's included; at least 1
     * @see #compute(List, int, GameMeasures, int, int, long)
     */
    public static Result compute(List<double[]> games, int players, GameMeasures measures, int block, int samples,
                                 long seed, int threads) {
        Objects.requireNonNull(measures, "measures");
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, not " + threads);
        }
        if (games.isEmpty() || block < 1 || games.size() % block != 0) {
            throw new IllegalArgumentException(games.size() + " games are not whole blocks of " + block);
        }
        int columns = SHARES + players;
        int blocks = games.size() / block;
        double[][] blockSums = new double[blocks][columns];
        int[] lengths = new int[games.size()];
        int longest = 0;
        double[] total = new double[columns];
        for (int g = 0; g < games.size(); g++) {
            double[] row = games.get(g);
            double[] sums = blockSums[g / block];
            for (int c = 0; c < columns; c++) {
                sums[c] += row[c];
                total[c] += row[c];
            }
            lengths[g] = (int) row[MOVES];
            longest = Math.max(longest, lengths[g]);
        }
        long[] counts = new long[longest + 1];
        for (int length : lengths) {
            counts[length]++;
        }
        List<String> names = Metric.names();
        double[] point = values(total, counts, games.size(), players);
        double[][] replicates = new double[names.size()][samples];
        new Replicates(blockSums, lengths, block, longest, games.size(), players, replicates)
                .draw(new Well19937c(seed), samples, threads);
        List<Estimate> estimates = new ArrayList<>(names.size());
        String note = measures.scoreNote();
        for (int m = 0; m < names.size(); m++) {
            String name = names.get(m);
            boolean lead = name.equals(Metric.LEAD_CHANGES.label()) || name.equals(Metric.DECISIVENESS.label())
                    || name.startsWith(Metric.LEADER_CURVE);
            if (lead && !measures.scored()) {
                estimates.add(new Estimate(name, unit(name), Double.NaN, Double.NaN, Double.NaN, 0, note));
                continue;
            }
            long counted = (long) total[gamesColumn(name)];
            double[] interval = interval(replicates[m], point[m]);
            String why = lead ? note : "";
            if (Double.isFinite(point[m]) && counted < MINIMUM_GAMES) {
                interval = new double[] {Double.NaN, Double.NaN};
                why = join(why, "no interval: " + counted + " " + TOO_FEW + " " + MINIMUM_GAMES);
            } else if (samples > 0 && unit(name).equals("share") && (point[m] == 0 || point[m] == 1)
                    && interval[0] == point[m] && interval[1] == point[m]) {
                long deals = Math.max(1, counted / block);
                Wilson wilson = Wilson.interval(point[m] * deals, deals, CONFIDENCE);
                interval = new double[] {wilson.low(), wilson.high()};
                why = join(why, "every game alike: Wilson interval over " + deals + " deals");
            }
            estimates.add(new Estimate(name, unit(name), point[m], interval[0], interval[1], counted, why));
        }
        return new Result(List.copyOf(estimates), replicates[names.indexOf(Metric.FIRST_SEAT_ADVANTAGE.label())],
                replicates[names.indexOf(Metric.STARTER_ADVANTAGE.label())], lengths, block);
    }

    /**
     * The bootstrap's replicates: each draws as many blocks as the cell has, with replacement, and
     * computes the metrics of the games of the blocks drawn. The draws come from one generator, in
     * batches of replicates (at most {@link #BATCH_DRAWS} block numbers held at once); the replicates
     * of a batch are then added up by the threads side by side, each replicate by one thread in the
     * order of its draws.
     */
    private static final class Replicates {

        /** Block numbers drawn ahead of their replicates' sums: 16 MB of them at most. */
        static final int BATCH_DRAWS = 1 << 22;

        private final double[][] blockSums;
        private final int[] lengths;
        private final int block;
        private final int longest;
        private final int games;
        private final int players;
        private final double[][] replicates;

        Replicates(double[][] blockSums, int[] lengths, int block, int longest, int games, int players,
                   double[][] replicates) {
            this.blockSums = blockSums;
            this.lengths = lengths;
            this.block = block;
            this.longest = longest;
            this.games = games;
            this.players = players;
            this.replicates = replicates;
        }

        void draw(RandomGenerator random, int samples, int threads) {
            int blocks = blockSums.length;
            int batch = Math.max(1, Math.min(samples, BATCH_DRAWS / blocks));
            int[][] draws = new int[Math.min(batch, samples)][blocks];
            for (int first = 0; first < samples; first += batch) {
                int count = Math.min(batch, samples - first);
                for (int i = 0; i < count; i++) {
                    int[] drawn = draws[i];
                    for (int b = 0; b < blocks; b++) {
                        drawn[b] = random.nextInt(blocks);
                    }
                }
                sumSplit(draws, first, count, threads);
            }
        }

        /** Adds up replicates {@code first} to {@code first + count - 1}, split among the threads. */
        private void sumSplit(int[][] draws, int first, int count, int threads) {
            int parts = Math.min(threads, count);
            if (parts <= 1) {
                sum(draws, first, 0, count);
                return;
            }
            Thread[] helpers = new Thread[parts - 1];
            Throwable[] failures = new Throwable[parts - 1];
            for (int p = 1; p < parts; p++) {
                int from = count * p / parts;
                int to = count * (p + 1) / parts;
                int slot = p - 1;
                helpers[slot] = new Thread(() -> {
                    try {
                        sum(draws, first, from, to);
                    } catch (RuntimeException | Error e) {
                        failures[slot] = e;
                    }
                }, "study-bootstrap-" + p);
                helpers[slot].setDaemon(true);
                helpers[slot].start();
            }
            sum(draws, first, 0, count / parts);
            boolean interrupted = false;
            for (Thread helper : helpers) {
                while (true) {
                    try {
                        helper.join();
                        break;
                    } catch (InterruptedException e) {
                        // The helpers finish their sums in any case; the interrupt is kept for the caller.
                        interrupted = true;
                    }
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            for (Throwable failure : failures) {
                if (failure instanceof RuntimeException runtime) {
                    throw runtime;
                }
                if (failure instanceof Error error) {
                    throw error;
                }
            }
        }

        /** Adds up the replicates of the batch from {@code from} to {@code to - 1}, on this thread. */
        private void sum(int[][] draws, int first, int from, int to) {
            int columns = blockSums[0].length;
            double[] sums = new double[columns];
            long[] counts = new long[longest + 1];
            for (int i = from; i < to; i++) {
                Arrays.fill(sums, 0);
                Arrays.fill(counts, 0);
                for (int drawn : draws[i]) {
                    double[] blockSum = blockSums[drawn];
                    for (int c = 0; c < columns; c++) {
                        sums[c] += blockSum[c];
                    }
                    for (int g = drawn * block; g < (drawn + 1) * block; g++) {
                        counts[lengths[g]]++;
                    }
                }
                double[] values = values(sums, counts, games, players);
                for (int m = 0; m < replicates.length; m++) {
                    replicates[m][first + i] = values[m];
                }
            }
        }
    }

    /** What a note says of an estimate resting on too few games for an interval. */
    static final String TOO_FEW = "games, fewer than";

    private static String join(String note, String more) {
        return note.isEmpty() ? more : note + "; " + more;
    }

    private static String unit(String name) {
        for (Metric metric : Metric.values()) {
            if (metric.label().equals(name)) {
                return metric.unit();
            }
        }
        return name.startsWith(Metric.BRANCHING_CURVE) ? "moves" : "share";
    }

    /** The column whose total is the number of games an estimate rests on. */
    private static int gamesColumn(String name) {
        if (name.equals(Metric.DECISIVENESS.label())) {
            return DECISIVE;
        }
        if (name.startsWith(Metric.LEADER_CURVE)) {
            return LEADER_COUNTED + Integer.parseInt(name.substring(Metric.LEADER_CURVE.length())) / 10 - 1;
        }
        return ONE;
    }

    /** Every metric's value from sums over games and their lengths' counts, in {@link Metric#names()} order. */
    private static double[] values(double[] sums, long[] lengthCounts, long games, int players) {
        double[] values = new double[Metric.names().size()];
        int m = 0;
        double n = sums[ONE];
        values[m++] = ratio(sums[ADVANTAGE], n);
        values[m++] = ratio(sums[STARTER_ADVANTAGE], n);
        double balance = 0;
        for (int seat = 0; seat < players; seat++) {
            balance = Math.max(balance, Math.abs(ratio(sums[SHARES + seat], n) - 1.0 / players));
        }
        values[m++] = balance;
        values[m++] = ratio(sums[DRAWN], n);
        values[m++] = ratio(sums[COMPLETED], n);
        values[m++] = ratio(sums[MOVES], n);
        values[m++] = percentile(lengthCounts, games, 0.5);
        values[m++] = percentile(lengthCounts, games, 0.95);
        values[m++] = ratio(sums[LEGAL], sums[DECISIONS]);
        for (int tenth = 0; tenth < Metric.TENTHS; tenth++) {
            values[m++] = ratio(sums[TENTH_LEGAL + tenth], sums[TENTH_DECISIONS + tenth]);
        }
        values[m++] = ratio(sums[FORCED], sums[DECISIONS]);
        values[m++] = ratio(sums[LEAD_CHANGES], n);
        values[m++] = ratio(sums[DECIDED], sums[DECISIVE]);
        for (int tenth = 0; tenth < Metric.TENTHS; tenth++) {
            values[m++] = ratio(sums[LEADER_WINS + tenth], sums[LEADER_COUNTED + tenth]);
        }
        return values;
    }

    private static double ratio(double numerator, double denominator) {
        return denominator == 0 ? Double.NaN : numerator / denominator;
    }

    /**
     * A percentile of the lengths counted in {@code counts} ({@code counts[m]} games of m moves) by R's
     * type 7, as Commons Math's {@code Percentile} gives it from the sorted lengths (and balance.csv's
     * {@code moves_median} and {@code moves_p95}): position {@code 1 + (n - 1) p}, interpolated.
     */
    static double percentile(long[] counts, long n, double p) {
        double position = 1 + (n - 1) * p;
        long whole = (long) Math.floor(position);
        double lower = ordered(counts, whole - 1);
        if (whole >= n) {
            return lower;
        }
        return lower + (position - whole) * (ordered(counts, whole) - lower);
    }

    /** The k-th smallest length, from 0. */
    private static double ordered(long[] counts, long k) {
        long seen = 0;
        for (int m = 0; m < counts.length; m++) {
            seen += counts[m];
            if (seen > k) {
                return m;
            }
        }
        throw new IllegalArgumentException("fewer than " + (k + 1) + " lengths");
    }

    /**
     * The percentile interval of a metric's replicates (undefined ones left out); none when the
     * estimate is undefined or there are no replicates.
     */
    static double[] interval(double[] replicates, double estimate) {
        if (!Double.isFinite(estimate)) {
            return new double[] {Double.NaN, Double.NaN};
        }
        return PercentileBootstrap.interval(replicates, CONFIDENCE);
    }
}
