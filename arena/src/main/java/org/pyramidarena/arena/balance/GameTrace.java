package org.pyramidarena.arena.balance;

import java.util.Arrays;
import java.util.Objects;

/**
 * What a balance study keeps of one game: its ranks, how it ended, and what the referee saw at each
 * decision of a seat (chance actions are no decisions).
 *
 * @param ranks each seat's rank, 1 best, ties sharing a rank
 * @param completed true when the rules ended the game (not a cap of the rules or the referee, not a fault)
 * @param moves the decisions of the seats, as the results count them (the game's duration)
 * @param legal the number of legal moves at each decision, in order
 * @param leaders the seat leading by the running score at the start and after each tenth of the
 *     game ({@link GameMeasures#NO_LEADER} when the top is shared): entry k is the leader before
 *     decision {@code round(k n / 10)} of the n decisions ({@link Metrics#at}), entry 10 at the end;
 *     11 entries, or null when the game has no running score
 * @param starter the seat that acted first ({@link org.pyramidarena.api.Rules#starter} at the first
 *     decision); 0 for a game without decisions
 */
public record GameTrace(int[] ranks, boolean completed, int moves, int[] legal, int[] leaders, int starter) {

    public GameTrace {
        Objects.requireNonNull(ranks, "ranks");
        Objects.requireNonNull(legal, "legal");
        if (ranks.length < 2) {
            throw new IllegalArgumentException("a game has at least 2 seats");
        }
        if (leaders != null && leaders.length != Metric.TENTHS + 1) {
            throw new IllegalArgumentException("a leader at the start and after each tenth of the game: "
                    + (Metric.TENTHS + 1) + ", not " + leaders.length);
        }
        if (starter < 0 || starter >= ranks.length) {
            throw new IllegalArgumentException("the starter is a seat, not " + starter);
        }
    }

    /** A game that seat 0 started. */
    public GameTrace(int[] ranks, boolean completed, int moves, int[] legal, int[] leaders) {
        this(ranks, completed, moves, legal, leaders, 0);
    }

    /** The number of seats. */
    public int players() {
        return ranks.length;
    }

    /** The winning seat when exactly one seat ranks first, otherwise -1. */
    public int winner() {
        int best = Arrays.stream(ranks).min().orElseThrow();
        int winner = -1;
        for (int seat = 0; seat < ranks.length; seat++) {
            if (ranks[seat] == best) {
                if (winner >= 0) {
                    return -1;
                }
                winner = seat;
            }
        }
        return winner;
    }
}
