package org.pyramidarena.arena.match;

import java.util.Objects;

/**
 * What fixes a match besides its rules and contestants.
 *
 * @param matchSeed the seed the bots' own seeds and the fallback policy derive from
 * @param dealSeed the seed chance outcomes are sampled with; matches that only rotate the same
 *     bots' seats share it, so they see the same deals
 * @param timeControl the clock rules
 * @param actionLimit the referee's own cap on actions, a guard against rules that never end; a
 *     match reaching it ends as a draw with {@code ACTION_LIMIT}
 */
public record MatchSettings(long matchSeed, long dealSeed, TimeControl timeControl, int actionLimit) {

    /** The referee's default action cap, far beyond any game's own end. */
    public static final int DEFAULT_ACTION_LIMIT = 100_000;

    public MatchSettings {
        Objects.requireNonNull(timeControl, "timeControl");
        if (actionLimit < 1) {
            throw new IllegalArgumentException("the action limit must be positive");
        }
    }

    /** One seed for the bots and the deals alike, the default clock and action cap. */
    public static MatchSettings of(long seed, TimeControl timeControl) {
        return new MatchSettings(seed, seed, timeControl, DEFAULT_ACTION_LIMIT);
    }
}
