package org.pyramidarena.tournaments;

import java.util.List;
import java.util.Objects;

/**
 * The result of one match: what the statistics are computed from.
 *
 * @param tournament the tournament's name
 * @param round the round number, from 1
 * @param match the match's index in the schedule, from 0 (unique within a tournament)
 * @param game the game id
 * @param variant the variant name
 * @param seats one entry per seat, by seat; seat 0 is the first player
 * @param termination how the match ended: {@link TerminationReason#NORMAL} or the first fault
 * @param moves the number of actions taken by seats (chance outcomes not counted)
 * @param seed the match seed
 * @param opening the match's opening: its first actions up to the last one the opening forced, in the
 *     game's notation separated by single spaces (a line an opening book can hold); "" when it had none
 */
public record MatchRecord(String tournament, int round, int match, String game, String variant,
                          List<SeatResult> seats, TerminationReason termination, int moves, long seed,
                          String opening) {
    public MatchRecord {
        Objects.requireNonNull(game, "game");
        Objects.requireNonNull(variant, "variant");
        Objects.requireNonNull(termination, "termination");
        Objects.requireNonNull(opening, "opening");
        seats = List.copyOf(seats);
        if (seats.isEmpty()) {
            throw new IllegalArgumentException("a match has at least one seat");
        }
    }

    /** A match without an opening. */
    public MatchRecord(String tournament, int round, int match, String game, String variant, List<SeatResult> seats,
                       TerminationReason termination, int moves, long seed) {
        this(tournament, round, match, game, variant, seats, termination, moves, seed, "");
    }

    /** The number of seats. */
    public int players() {
        return seats.size();
    }

    /** The seat's result. */
    public SeatResult seat(int seat) {
        return seats.get(seat);
    }
}
