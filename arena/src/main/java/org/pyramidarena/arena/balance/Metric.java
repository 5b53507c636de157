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
    /**
     * The same for the seat that acted first in the game ({@link org.pyramidarena.api.Rules#starter}
     * at its first decision): the first player's advantage, whoever that is.
     */
    STARTER_ADVANTAGE("starter_advantage", "share"),
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

    /**
     * What a metric of metrics.csv is, in one plain sentence for readers of a report: any metric's
     * name, the curves' points ({@code branching_30}, {@code leader_wins_50}) included.
     *
     * @throws IllegalArgumentException for no metric's name
     */
    public static String describe(String name) {
        if (name.matches(BRANCHING_CURVE + "[0-9]+")) {
            String at = name.substring(BRANCHING_CURVE.length());
            return "legal moves per decision over the decisions in the tenth of the game that ends at " + at
                    + "% of it: the curve of choice over a game";
        }
        if (name.matches(LEADER_CURVE + "[0-9]+")) {
            String at = name.substring(LEADER_CURVE.length());
            return "over games with a sole winner and a sole leader at " + at + "% of the game: how often that leader "
                    + "wins; near 1 early, the game is decided early; near 1/N late, the lead means little";
        }
        return switch (name) {
            case "first_seat_advantage" -> "seat 0's mean score against each other seat (1 ranking better, 1/2 tied, "
                    + "0 worse) minus 1/2: 0 is fair to seat 0, whether or not it starts";
            case "starter_advantage" -> "the starter's mean score against each other seat minus 1/2: the first "
                    + "player's advantage, whoever that is; 0 is fair";
            case "balance" -> "the largest distance of any seat's win share from the fair share 1/N: 0 is perfectly "
                    + "balanced; never below 0, so even a fair game shows a little";
            case "drawishness" -> "the share of games whose first place is shared (draws, games stopped by the "
                    + "referee's cap included)";
            case "completion" -> "the share of games the rules ended (not a cap of the rules or the referee, not a "
                    + "fault): below 1, games can stall";
            case "duration_mean" -> "the mean number of moves a game (decisions of the seats; chance outcomes do not "
                    + "count)";
            case "duration_median" -> "the median number of moves a game";
            case "duration_p95" -> "the 95th percentile of the moves a game: long, some games drag on";
            case "branching_factor" -> "legal moves per decision over all decisions: how much choice a player has";
            case "forced_share" -> "the share of decisions with exactly one legal move";
            case "lead_changes" -> "how many times a game's sole leader by the running score changes, read at the "
                    + "start and after each tenth of the game: 0, whoever leads first keeps the lead";
            case "decisiveness" -> "over games with a sole winner: the share of the game left when the winner took "
                    + "the lead for good (0.3: with 30% of the game to go)";
            default -> throw new IllegalArgumentException("no metric " + name);
        };
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
