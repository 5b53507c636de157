package org.pyramidarena.arena.match;

import java.util.List;
import java.util.Objects;

/**
 * What the referee plays at the start of a match before any bot is asked: a line of actions (a
 * book's), then a number of plies drawn at random. The bots hear these actions as they hear any
 * (their events), and are first asked to move where the opening ends; no clock runs meanwhile.
 *
 * <p>The line is forced action for action, chance outcomes included: in a game with chance a line
 * names one position exactly (its deal, its dice), as a replay's first actions do. The random plies
 * that follow force only the seats' decisions, each drawn uniformly among the legal moves by the
 * opening's generator ({@link MatchRunner#openingSeed}, keyed by the deal seed, so that the matches
 * of a paired deal get the same plies); the chance between them is sampled from the deal seed as in
 * any match. The opening of a played match is its first actions up to the last one it forced.
 *
 * @param line the actions played first, in the game's notation, chance outcomes included; empty
 *     for none
 * @param randomPlies how many seat decisions after the line are drawn at random, at least 0; fewer
 *     are played when the game ends first
 */
public record Opening(List<String> line, int randomPlies) {

    /** No opening: the bots play from the first action. */
    public static final Opening NONE = new Opening(List.of(), 0);

    public Opening {
        line = List.copyOf(Objects.requireNonNull(line, "line"));
        if (randomPlies < 0) {
            throw new IllegalArgumentException("random plies are never negative, not " + randomPlies);
        }
    }

    /** True when the opening forces nothing. */
    public boolean isNone() {
        return line.isEmpty() && randomPlies == 0;
    }

    /** The opening in words: {@code the line Le4 Ld4, then 4 random plies}; {@code none}. */
    public String describe() {
        String plies = randomPlies + " random " + (randomPlies == 1 ? "ply" : "plies");
        if (line.isEmpty()) {
            return randomPlies == 0 ? "none" : plies;
        }
        return "the line " + String.join(" ", line) + (randomPlies == 0 ? "" : ", then " + plies);
    }
}
