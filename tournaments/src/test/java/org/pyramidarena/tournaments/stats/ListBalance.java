package org.pyramidarena.tournaments.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.apache.commons.math3.distribution.BinomialDistribution;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.TerminationReason;

/**
 * The balance statistics as computed before {@link Balance.Builder}: from the whole list of records.
 * Kept as the oracle the builder is checked against.
 *
 * <p>
 * Balance statistics per game, variant and player count: is any seat favoured?
 *
 * <p>Counted from ranks, so a faulting seat's forfeit is a loss (the referee ranks it last). Whether
 * the bots are equally strong does not matter as long as the schedule rotates them through the
 * seats, which the arena's pairings do.
 *
 * @param groups one entry per game, variant and player count, sorted by those
 */
record ListBalance(List<BalanceGroup> groups) {
    private static final double CONFIDENCE = 0.95;

    ListBalance {
        groups = List.copyOf(groups);
    }

    /**
     * Computes the balance statistics.
     *
     * @param records the match results, in any order
     * @return the statistics of every game, variant and player count present
     */
    static ListBalance compute(List<MatchRecord> records) {
        Map<String, List<MatchRecord>> grouped = new TreeMap<>();
        for (MatchRecord record : records) {
            grouped.computeIfAbsent(record.game() + "\u0000" + record.variant() + "\u0000"
                    + String.format(java.util.Locale.ROOT, "%03d", record.players()), k -> new ArrayList<>()).add(record);
        }
        List<BalanceGroup> groups = new ArrayList<>();
        for (List<MatchRecord> group : grouped.values()) {
            groups.add(group(group));
        }
        groups.sort(Comparator.comparing(BalanceGroup::game).thenComparing(BalanceGroup::variant)
                .thenComparingInt(BalanceGroup::players));
        return new ListBalance(groups);
    }

    private static BalanceGroup group(List<MatchRecord> records) {
        MatchRecord first = records.get(0);
        int players = first.players();
        long games = records.size();
        long[] wins = new long[players];
        long[] draws = new long[players];
        double[] shares = new double[players];
        double[] rankSum = new double[players];
        double[] scoreSum = new double[players];
        double[] firstSeatScores = new double[records.size()];
        double[] moves = new double[records.size()];
        Map<TerminationReason, Long> terminations = new EnumMap<>(TerminationReason.class);
        for (TerminationReason reason : TerminationReason.values()) {
            terminations.put(reason, 0L);
        }
        for (int g = 0; g < records.size(); g++) {
            MatchRecord record = records.get(g);
            int bestRank = record.seats().stream().mapToInt(SeatResult::rank).min().orElseThrow();
            long sharing = record.seats().stream().filter(s -> s.rank() == bestRank).count();
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
            if (players > 1) {
                double beaten = 0;
                for (int seat = 1; seat < players; seat++) {
                    int difference = Integer.compare(record.seat(seat).rank(), record.seat(0).rank());
                    beaten += difference > 0 ? 1 : difference == 0 ? 0.5 : 0;
                }
                firstSeatScores[g] = beaten / (players - 1);
            }
            moves[g] = record.moves();
            terminations.merge(record.termination(), 1L, Long::sum);
        }
        List<SeatBalance> seats = new ArrayList<>();
        for (int seat = 0; seat < players; seat++) {
            Wilson interval = Wilson.interval(shares[seat], games, CONFIDENCE);
            seats.add(new SeatBalance(seat, games, wins[seat], draws[seat], games - wins[seat] - draws[seat],
                    shares[seat] / games, interval.low(), interval.high(), rankSum[seat] / games,
                    scoreSum[seat] / games));
        }
        EloEstimate advantage = players > 1 ? meanScoreElo(firstSeatScores)
                : new EloEstimate(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        return new BalanceGroup(first.game(), first.variant(), players, games, seats,
                fairness(players, wins, shares, games), advantage, length(moves), new LinkedHashMap<>(terminations));
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
        double p = 1 - new ChiSquaredDistribution(players - 1).cumulativeProbability(statistic);
        return new FairnessTest("chi-square", statistic, p);
    }

    private static EloEstimate meanScoreElo(double[] scores) {
        double mean = 0;
        for (double score : scores) {
            mean += score;
        }
        mean /= scores.length;
        double variance = 0;
        for (double score : scores) {
            variance += (score - mean) * (score - mean);
        }
        variance /= scores.length;
        return EloEstimate.fromMeanScore(mean, variance, scores.length, CONFIDENCE);
    }

    private static GameLength length(double[] moves) {
        Percentile percentile = new Percentile().withEstimationType(Percentile.EstimationType.R_7);
        percentile.setData(moves);
        double mean = 0;
        for (double m : moves) {
            mean += m;
        }
        return new GameLength(mean / moves.length, percentile.evaluate(50), percentile.evaluate(95));
    }
}
