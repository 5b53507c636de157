package org.pyramidarena.tournaments.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.apache.commons.math3.distribution.BinomialDistribution;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.TerminationReason;

/**
 * Balance statistics per game, variant and player count: is any seat favoured?
 *
 * <p>Counted from ranks, so a faulting seat's forfeit is a loss (the referee ranks it last). Whether
 * the bots are equally strong does not matter as long as the schedule rotates them through the
 * seats, which the arena's pairings do.
 *
 * @param groups one entry per game, variant and player count, sorted by those
 */
public record Balance(List<BalanceGroup> groups) {
    private static final double CONFIDENCE = 0.95;

    public Balance {
        groups = List.copyOf(groups);
    }

    /**
     * Computes the balance statistics.
     *
     * @param records the match results, in any order
     * @return the statistics of every game, variant and player count present
     */
    public static Balance compute(List<MatchRecord> records) {
        Builder builder = new Builder();
        records.forEach(builder::add);
        return builder.build();
    }

    /**
     * Computes the balance statistics from records given one at a time, keeping per game a few
     * counters, two bytes per match (seat 0's score, for the variance of the first-seat advantage)
     * and a histogram of the game lengths (for the percentiles), not the records. Adding records in
     * the order of a list gives exactly what {@link #compute} gives for that list, every sum
     * added in the same order.
     */
    public static final class Builder {
        private final Map<String, Group> groups = new TreeMap<>();
        /** The group of the last match: a tournament's matches come in runs of one game. */
        private Group last;

        /** Adds one match's result. */
        public void add(MatchRecord record) {
            if (last == null || last.players != record.players() || !last.game.equals(record.game())
                    || !last.variant.equals(record.variant())) {
                last = groups.computeIfAbsent(record.game() + "\u0000" + record.variant() + "\u0000"
                        + String.format(java.util.Locale.ROOT, "%03d", record.players()), k -> new Group(record));
            }
            last.add(record);
        }

        /** The statistics of the records added so far. */
        public Balance build() {
            List<BalanceGroup> built = new ArrayList<>();
            for (Group group : groups.values()) {
                built.add(group.build());
            }
            built.sort(Comparator.comparing(BalanceGroup::game).thenComparing(BalanceGroup::variant)
                    .thenComparingInt(BalanceGroup::players));
            return new Balance(built);
        }
    }

    /** The running counts of one game, variant and player count. */
    private static final class Group {
        private final String game;
        private final String variant;
        private final int players;
        private long games;
        private final long[] wins;
        private final long[] draws;
        private final double[] shares;
        private final double[] rankSum;
        private final double[] scoreSum;
        /** Per match in order, twice seat 0's count of seats beaten (ties half): exact, and small. */
        private char[] firstSeatBeaten = new char[1024];
        /** Matches by length in moves. */
        private long[] lengths = new long[256];
        /** Matches by termination, by the reason's ordinal. */
        private final long[] terminations = new long[TerminationReason.values().length];

        Group(MatchRecord first) {
            game = first.game();
            variant = first.variant();
            players = first.players();
            wins = new long[players];
            draws = new long[players];
            shares = new double[players];
            rankSum = new double[players];
            scoreSum = new double[players];
        }

        void add(MatchRecord record) {
            int bestRank = Integer.MAX_VALUE;
            for (int seat = 0; seat < players; seat++) {
                bestRank = Math.min(bestRank, record.seat(seat).rank());
            }
            long sharing = 0;
            for (int seat = 0; seat < players; seat++) {
                sharing += record.seat(seat).rank() == bestRank ? 1 : 0;
            }
            for (int seat = 0; seat < players; seat++) {
                SeatResult result = record.seat(seat);
                if (result.rank() == bestRank) {
                    if (sharing == 1) {
                        wins[seat]++;
                    } else {
                        draws[seat]++;
                    }
                    shares[seat] += 1.0 / sharing;
                }
                rankSum[seat] += result.rank();
                scoreSum[seat] += result.score();
            }
            int beatenTwice = 0;
            for (int seat = 1; seat < players; seat++) {
                int difference = Integer.compare(record.seat(seat).rank(), record.seat(0).rank());
                beatenTwice += difference > 0 ? 2 : difference == 0 ? 1 : 0;
            }
            if (games == firstSeatBeaten.length) {
                firstSeatBeaten = Arrays.copyOf(firstSeatBeaten, 2 * firstSeatBeaten.length);
            }
            firstSeatBeaten[(int) games] = (char) beatenTwice;
            int moves = record.moves();
            if (moves >= lengths.length) {
                lengths = Arrays.copyOf(lengths, Math.max(moves + 1, 2 * lengths.length));
            }
            lengths[moves]++;
            terminations[record.termination().ordinal()]++;
            games++;
        }

        BalanceGroup build() {
            List<SeatBalance> seats = new ArrayList<>();
            for (int seat = 0; seat < players; seat++) {
                Wilson interval = Wilson.interval(shares[seat], games, CONFIDENCE);
                seats.add(new SeatBalance(seat, games, wins[seat], draws[seat], games - wins[seat] - draws[seat],
                        shares[seat] / games, interval.low(), interval.high(), rankSum[seat] / games,
                        scoreSum[seat] / games));
            }
            EloEstimate advantage = players > 1 ? firstSeatElo()
                    : new EloEstimate(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
            return new BalanceGroup(game, variant, players, games, seats, fairness(players, wins, shares, games),
                    advantage, length(lengths, games), terminationCounts());
        }

        /** The matches by termination, every reason in its declared order. */
        private Map<TerminationReason, Long> terminationCounts() {
            Map<TerminationReason, Long> counts = new LinkedHashMap<>();
            for (TerminationReason reason : TerminationReason.values()) {
                counts.put(reason, terminations[reason.ordinal()]);
            }
            return counts;
        }

        /** Seat 0's mean score against the others as Elo, summed match by match in order. */
        private EloEstimate firstSeatElo() {
            int n = (int) games;
            double mean = 0;
            for (int g = 0; g < n; g++) {
                mean += firstSeatScore(g);
            }
            mean /= n;
            double variance = 0;
            for (int g = 0; g < n; g++) {
                double score = firstSeatScore(g);
                variance += (score - mean) * (score - mean);
            }
            variance /= n;
            return EloEstimate.fromMeanScore(mean, variance, n, CONFIDENCE);
        }

        private double firstSeatScore(int g) {
            return (firstSeatBeaten[g] / 2.0) / (players - 1);
        }
    }

    /**
     * The test against a fair share: two seats, an exact two-sided binomial test of seat 0's wins
     * among decisive games against 1/2; more seats, a chi-square goodness-of-fit test of the win
     * shares against games / players each.
     */
    static FairnessTest fairness(int players, long[] wins, double[] shares, long games) {
        if (players == 2) {
            long decisive = wins[0] + wins[1];
            if (decisive == 0) {
                return FairnessTest.NONE;
            }
            // Commons Math's BinomialTest pairs the two tails by exact equality of their probabilities,
            // which rounding breaks even at p = 1/2 (it gives 0.046 for 60 of 100 instead of 0.0569);
            // at p = 1/2 the tails are symmetric, so the two-sided p-value is twice the smaller tail.
            BinomialDistribution distribution = new BinomialDistribution(null, (int) decisive, 0.5);
            double lower = distribution.cumulativeProbability((int) wins[0]);
            double upper = distribution.cumulativeProbability((int) (decisive - wins[0]));
            double p = Math.min(1.0, 2 * Math.min(lower, upper));
            return new FairnessTest("binomial", wins[0], p);
        }
        if (players < 2 || games == 0) {
            return FairnessTest.NONE;
        }
        double expected = (double) games / players;
        double statistic = 0;
        for (double share : shares) {
            statistic += (share - expected) * (share - expected) / expected;
        }
        double p = 1 - new ChiSquaredDistribution(null, players - 1).cumulativeProbability(statistic);
        return new FairnessTest("chi-square", statistic, p);
    }

    /**
     * The mean, median and 95th percentile of the lengths in a histogram ({@code counts[m]} matches
     * of m moves), the percentiles by R's type 7 as Commons Math's {@code Percentile} computes it
     * from the sorted lengths: position {@code 1 + (n - 1) p}, interpolated between its neighbours.
     */
    static GameLength length(long[] counts, long n) {
        long sum = 0;
        for (int m = 0; m < counts.length; m++) {
            sum += m * counts[m];
        }
        return new GameLength((double) sum / n, percentile(counts, n, 0.5), percentile(counts, n, 0.95));
    }

    private static double percentile(long[] counts, long n, double p) {
        if (n == 1) {
            return ordered(counts, 0);
        }
        double position = 1 + (n - 1) * p;
        double floor = Math.floor(position);
        long whole = (long) floor;
        if (position < 1) {
            return ordered(counts, 0);
        }
        if (position >= n) {
            return ordered(counts, n - 1);
        }
        double lower = ordered(counts, whole - 1);
        double upper = ordered(counts, whole);
        return lower + (position - floor) * (upper - lower);
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
}
