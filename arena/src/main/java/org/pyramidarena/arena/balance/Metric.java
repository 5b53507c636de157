package org.pyramidarena.arena.balance;

import java.util.ArrayList;
import java.util.List;

/**
 * The design metrics of a balance study, after Cameron Browne's evaluation criteria as Ludii
 * computes them, with the definitions this arena uses (docs/balance.md explains how to read them).
 * Every metric is an estimate over the games of one setup and bot; {@link Metrics} gives each a 95%
 * bootstrap interval.
 */
public enum Metric {
    /** Seat 0's mean score against each other seat (1 beaten, 1/2 tied, 0 beaten by it) minus 1/2. */
    FIRST_SEAT_ADVANTAGE("first_seat_advantage", "share"),
    /** The largest distance of any seat's win share (a shared first place split) from the fair share 1/N. */
    BALANCE("balance", "share"),
    /** The share of games whose first place is shared: draws, the referee's cap included. */
    DRAWISHNESS("drawishness", "share"),
    /** The share of games the rules ended: not a cap of the rules or the referee, not a fault. */
    COMPLETION("completion", "share"),
    /** The mean number of moves (decisions of the seats) a game. */
    DURATION_MEAN("duration_mean", "moves"),
    /** The median number of moves. */
    DURATION_MEDIAN("duration_median", "moves"),
    /** The 95th percentile of the number of moves. */
    DURATION_P95("duration_p95", "moves"),
    /** The mean number of legal moves at a decision, over all decisions. */
    BRANCHING_FACTOR("branching_factor", "moves"),
    /** The share of decisions with exactly one legal move. */
    FORCED_SHARE("forced_share", "share"),
    /**
     * The mean number of times a game's sole leader by the running score changes, read at the start
     * and after each tenth of the game (ties at the top skipped).
     */
    LEAD_CHANGES("lead_changes", "changes"),
    /**
     * Over games with a sole winner: the share of the game, to the tenth, from the first tenth after
     * which the winner leads at every tenth to the end; 0 when the winner does not lead at the end.
     */
    DECISIVENESS("decisiveness", "share");

    /** The branching factor is also given per tenth of the game: {@code branching_10} .. {@code branching_100}. */
    public static final String BRANCHING_CURVE = "branching_";
    /** How often the leader at a tenth of the game wins: {@code leader_wins_10} .. {@code leader_wins_100}. */
    public static final String LEADER_CURVE = "leader_wins_";
    /** The tenths of a game the curves are given at. */
    public static final int TENTHS = 10;

    private final String label;
    private final String unit;

    Metric(String label, String unit) {
        this.label = label;
        this.unit = unit;
    }

    /** The name in metrics.csv. */
    public String label() {
        return label;
    }

    /** The unit: share (0 to 1), moves or changes. */
    public String unit() {
        return unit;
    }

    /** Whether the metric needs a running score. */
    public boolean needsScores() {
        return this == LEAD_CHANGES || this == DECISIVENESS;
    }

    /** The name of a point of the branching curve, e.g. {@code branching_30} for the third tenth. */
    public static String branchingAt(int tenth) {
        return BRANCHING_CURVE + (10 * tenth);
    }

    /** The name of a point of the leader curve, e.g. {@code leader_wins_50} at half the game. */
    public static String leaderAt(int tenth) {
        return LEADER_CURVE + (10 * tenth);
    }

    /** Every metric name in metrics.csv order, the curves after the metric they belong to. */
    public static List<String> names() {
        List<String> names = new ArrayList<>();
        for (Metric metric : values()) {
            names.add(metric.label);
            if (metric == BRANCHING_FACTOR) {
                for (int tenth = 1; tenth <= TENTHS; tenth++) {
                    names.add(branchingAt(tenth));
                }
            }
            if (metric == DECISIVENESS) {
                for (int tenth = 1; tenth <= TENTHS; tenth++) {
                    names.add(leaderAt(tenth));
                }
            }
        }
        return List.copyOf(names);
    }
}
