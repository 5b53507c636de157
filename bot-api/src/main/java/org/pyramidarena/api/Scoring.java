package org.pyramidarena.api;

import java.util.Objects;

/**
 * What a game's running score ({@link Rules#runningScore}) is: whether the game keeps one while it
 * is played, which way it leads, and whether it is the game's own score or a stand-in for it. Those
 * who follow a game as it goes read it: a balance study's lead metrics (who leads at each tenth of a
 * game) and a replay viewer's scores beside each seat.
 *
 * @param kind what the running score's numbers are
 * @param lowerIsBetter true when the lower score leads, as in a game of penalty points (Euronimoes);
 *     false when the higher leads. Always false for a {@link Kind#PROXY} (a game picks a stand-in
 *     that is higher for the seat ahead) and for {@link Kind#AT_END}, whose zeros say nothing of who leads
 * @param proxy for a {@link Kind#PROXY}, what stands in for the score, in a few lower-case words for
 *     reports (e.g. {@code "spheres in reserve"}); empty for the other kinds
 */
public record Scoring(Kind kind, boolean lowerIsBetter, String proxy) {

    /** What a running score's numbers are. */
    public enum Kind {
        /**
         * The game scores only at its end, or keeps no score of its own while it is played: the running
         * score is 0 for every seat before the end and the outcome's scores at the end, so who leads
         * during a game cannot be read from it. What a game that does not implement the running score has.
         */
        AT_END,
        /**
         * The game's own points so far, in the units of its outcome's scores and with the setup's design
         * parameters counted as the outcome counts them (a komi included); at the end, exactly the
         * outcome's scores.
         */
        POINTS,
        /**
         * A stand-in that says who is ahead in a game that scores only at its end (the spheres a Pyraos
         * player still holds: who runs out first loses), higher for the seat ahead. It is not the game's
         * score, so it need not be the outcome's at the end, and viewers do not show it as a score.
         */
        PROXY
    }

    /** A game that scores only at its end: the default of {@link Game#scoring()}. */
    public static final Scoring AT_END = new Scoring(Kind.AT_END, false, "");

    /** Points so far, the higher leading. */
    public static final Scoring HIGHER_POINTS_LEAD = new Scoring(Kind.POINTS, false, "");

    /** Points so far, the lower leading (penalty points). */
    public static final Scoring LOWER_POINTS_LEAD = new Scoring(Kind.POINTS, true, "");

    public Scoring {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(proxy, "proxy");
        if (kind != Kind.POINTS && lowerIsBetter) {
            throw new IllegalArgumentException("only points may have the lower leading, not a " + kind);
        }
        if ((kind == Kind.PROXY) == proxy.isBlank()) {
            throw new IllegalArgumentException(kind == Kind.PROXY ? "a proxy says what stands in for the score"
                    : "only a proxy names a stand-in, not " + kind);
        }
    }

    /**
     * A stand-in for the score, the higher leading.
     *
     * @param what what stands in, in a few lower-case words for reports, e.g. {@code "spheres in reserve"}
     */
    public static Scoring proxy(String what) {
        return new Scoring(Kind.PROXY, false, what);
    }

    /** Whether a seat with {@code score} leads a seat with {@code other}, in the direction of this scoring. */
    public boolean ahead(double score, double other) {
        return lowerIsBetter ? score < other : score > other;
    }
}
