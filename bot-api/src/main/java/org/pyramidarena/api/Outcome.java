package org.pyramidarena.api;

import java.util.List;

/**
 * How a finished game ranked its seats.
 *
 * @param ranks each seat's rank, indexed by seat: 1 is first; tied seats share a rank and the next
 *     rank skips accordingly (competition ranking, "1, 1, 3"). Never null, one entry per seat.
 * @param scores each seat's raw score under the game's own scoring, indexed by seat (higher or
 *     lower may be better, as the game says); never null, one entry per seat
 */
public record Outcome(List<Integer> ranks, List<Double> scores) {

    public Outcome {
        ranks = List.copyOf(ranks);
        scores = List.copyOf(scores);
        if (ranks.size() != scores.size() || ranks.isEmpty()) {
            throw new IllegalArgumentException("one rank and one score per seat");
        }
        for (int seat = 0; seat < ranks.size(); seat++) {
            int rank = ranks.get(seat);
            long better = ranks.stream().filter(r -> r < rank).count();
            if (rank != better + 1) {
                throw new IllegalArgumentException("ranks " + ranks + " are not a competition ranking");
            }
        }
    }

    /**
     * Ranks seats by score, higher scores first, equal scores tied.
     *
     * @param scores one per seat
     */
    public static Outcome byHigherScore(double... scores) {
        return ranked(scores, true);
    }

    /**
     * Ranks seats by score, lower scores first, equal scores tied.
     *
     * @param scores one per seat
     */
    public static Outcome byLowerScore(double... scores) {
        return ranked(scores, false);
    }

    /**
     * An outcome from explicit ranks.
     *
     * @param ranks one per seat, a competition ranking
     * @param scores one per seat
     */
    public static Outcome of(int[] ranks, double[] scores) {
        return new Outcome(java.util.Arrays.stream(ranks).boxed().toList(),
                java.util.Arrays.stream(scores).boxed().toList());
    }

    private static Outcome ranked(double[] scores, boolean higherIsBetter) {
        int[] ranks = new int[scores.length];
        for (int seat = 0; seat < scores.length; seat++) {
            int better = 0;
            for (double other : scores) {
                if (higherIsBetter ? other > scores[seat] : other < scores[seat]) {
                    better++;
                }
            }
            ranks[seat] = better + 1;
        }
        return of(ranks, scores);
    }

    /** The number of seats. */
    public int players() {
        return ranks.size();
    }

    /** The rank of a seat, 1 for first. */
    public int rank(int seat) {
        return ranks.get(seat);
    }

    /** The raw score of a seat. */
    public double score(int seat) {
        return scores.get(seat);
    }

    /** True when every seat shares first place. */
    public boolean isDraw() {
        return ranks.stream().allMatch(r -> r == 1);
    }

    /** True when this seat alone is first. */
    public boolean isSoleWinner(int seat) {
        return rank(seat) == 1 && ranks.stream().filter(r -> r == 1).count() == 1;
    }

    /**
     * This outcome with one seat moved to last place alone, the others keeping their order: what
     * the referee records when that seat forfeits.
     */
    public Outcome withLast(int seat) {
        int n = players();
        int[] order = new int[n];
        double[] sc = new double[n];
        for (int s = 0; s < n; s++) {
            sc[s] = score(s);
            order[s] = s == seat ? Integer.MAX_VALUE : rank(s);
        }
        int[] ranks = new int[n];
        for (int s = 0; s < n; s++) {
            int better = 0;
            for (int o = 0; o < n; o++) {
                if (order[o] < order[s]) {
                    better++;
                }
            }
            ranks[s] = better + 1;
        }
        return of(ranks, sc);
    }
}
