package org.pyramidarena.arena.balance;

import java.util.Objects;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.Scoring;
import org.pyramidarena.api.State;

/**
 * What a balance study reads from a game's states besides who won: the running score that says who
 * leads during a game, and whether a finished game was stopped by a cap of its own rules rather than
 * decided.
 *
 * <p>Both come from the game's contract, so a game registered later is measured like the five that
 * ship: the running score is {@link Rules#runningScore}, read as the game's {@link
 * org.pyramidarena.api.Game#scoring()} says (which way leads; a proxy is named in the metrics'
 * notes), and a cap is {@link Rules#endedByCap}. A game whose scoring is {@link Scoring#AT_END} (the
 * contract's default) has no running score to read during a game: its lead metrics are "not
 * applicable".
 */
public final class GameMeasures {

    /** The sole leader's seat is returned as it is; no sole leader (a tie at the top) is this. */
    public static final int NO_LEADER = -1;

    /** The rules read; null for {@link #none()}. */
    private final Rules<?, ?> rules;
    private final Scoring scoring;

    private GameMeasures(Rules<?, ?> rules, Scoring scoring) {
        this.rules = rules;
        this.scoring = Objects.requireNonNull(scoring, "scoring");
    }

    /** The measures of a game's rules. */
    public static GameMeasures of(Rules<?, ?> rules) {
        return new GameMeasures(rules, rules.game().scoring());
    }

    /** Measures without a running score or caps: what a game with no rules to read gets. */
    public static GameMeasures none() {
        return new GameMeasures(null, Scoring.AT_END);
    }

    /** Whether the game has a running score during a game, so that leads can be measured. */
    public boolean scored() {
        return scoring.kind() != Scoring.Kind.AT_END;
    }

    /**
     * What the running score is, for the metrics' notes: empty for a game's own score, a proxy's
     * description, or why the lead metrics are not applicable.
     */
    public String scoreNote() {
        return switch (scoring.kind()) {
            case POINTS -> "";
            case PROXY -> "proxy: " + scoring.proxy();
            case AT_END -> "not applicable: the game has no running score";
        };
    }

    /**
     * The seat with the strictly best running score in a state (the highest, or the lowest where the
     * game's lower score leads), or {@link #NO_LEADER} when the top is shared or the game has no
     * running score.
     */
    public int leader(State state) {
        return scored() ? leader(runningScore(rules, state)) : NO_LEADER;
    }

    /**
     * The seat with the strictly best of these scores, in the direction of the game's scoring, or
     * {@link #NO_LEADER} when the top is shared or the game has no running score.
     *
     * @param scores one per seat, in the running score's units
     */
    public int leader(double[] scores) {
        if (!scored()) {
            return NO_LEADER;
        }
        int best = NO_LEADER;
        boolean shared = false;
        for (int seat = 0; seat < scores.length; seat++) {
            if (best == NO_LEADER || scoring.ahead(scores[seat], scores[best])) {
                best = seat;
                shared = false;
            } else if (scores[seat] == scores[best]) {
                shared = true;
            }
        }
        return shared ? NO_LEADER : best;
    }

    /**
     * Whether a game that ended normally has its outcome's scores as its last running score, so that
     * its leader at the end can be read from them instead of from the state again: a game keeping
     * points of its own ({@link Scoring.Kind#POINTS}), whose running score is the outcome's at the
     * end. (Pyrametto's is a search over each vault, which the rules made for the outcome already.)
     */
    public boolean outcomeIsLastScore() {
        return scoring.kind() == Scoring.Kind.POINTS;
    }

    /** Whether a finished game was ended by a cap of its rules, not decided by them. */
    public boolean capped(State finished) {
        return rules != null && endedByCap(rules, finished);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static double[] runningScore(Rules rules, State state) {
        return rules.runningScore(state);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static boolean endedByCap(Rules rules, State finished) {
        return rules.endedByCap(finished);
    }
}
