package org.pyramidarena.arena.match;

import java.util.Objects;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.pairing.MatchSpec;

/**
 * What fixes a match besides its rules and contestants.
 *
 * @param matchSeed the seed the bots' own seeds and the fallback policy's derive from (one-way, see
 *     {@link MatchRunner#botSeed})
 * @param dealSeed the seed the chance generator's seed derives from ({@link MatchRunner#chanceSeed});
 *     matches that only rotate the same bots' seats share it, so they see the same deals
 * @param timeControl the clock rules
 * @param actionLimit the referee's own cap on actions, a guard against rules that never end; a
 *     match reaching it ends as a draw with {@code ACTION_LIMIT}
 * @param opening what the referee plays before the bots are asked ({@link Opening#NONE} for nothing)
 */
public record MatchSettings(long matchSeed, long dealSeed, TimeControl timeControl, int actionLimit,
                            Opening opening) {

    /** The referee's default action cap, far beyond any game's own end. */
    public static final int DEFAULT_ACTION_LIMIT = 100_000;

    public MatchSettings {
        Objects.requireNonNull(timeControl, "timeControl");
        Objects.requireNonNull(opening, "opening");
        if (actionLimit < 1) {
            throw new IllegalArgumentException("the action limit must be positive");
        }
    }

    /** Settings without an opening. */
    public MatchSettings(long matchSeed, long dealSeed, TimeControl timeControl, int actionLimit) {
        this(matchSeed, dealSeed, timeControl, actionLimit, Opening.NONE);
    }

    /** These settings with an opening. */
    public MatchSettings withOpening(Opening value) {
        return new MatchSettings(matchSeed, dealSeed, timeControl, actionLimit, value);
    }

    /**
     * A single match's settings from a master seed, as {@code arena match} plays it: the match seed
     * {@code masterSeed.derive("match", 0)}, the deal seed {@code masterSeed.derive("deal", 0)} (match
     * and group 0 of a tournament with that master seed), the default action cap.
     */
    public static MatchSettings of(MasterSeed masterSeed, TimeControl timeControl) {
        return new MatchSettings(MatchSpec.matchSeed(masterSeed, 0), MatchSpec.dealSeed(masterSeed, 0), timeControl,
                DEFAULT_ACTION_LIMIT);
    }
}
