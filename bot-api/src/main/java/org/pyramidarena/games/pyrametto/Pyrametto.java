package org.pyramidarena.games.pyrametto;

import java.util.List;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Parameter;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.Scoring;
import org.pyramidarena.api.Variant;

/**
 * Pyrametto: a push-your-luck dice game for 3 to 5 players after Coloretto, scored like Volcano.
 * Players roll a size die and a colour die, put the pyramid shown on one of the round's stacks, or
 * take a stack into their vault and sit out the round. See {@code docs/rules/pyrametto.md}.
 */
public final class Pyrametto implements Game {

    /** The game's id. */
    public static final String ID = "pyrametto";

    /** The komi's name: points taken from the score of seat 0, who starts the first round. */
    public static final String KOMI = "komi";

    private static final List<Parameter> PARAMETERS = List.of(new Parameter(KOMI, "points taken from the score of "
            + "seat 0, who starts the first round (a negative komi gives them to seat 0); a larger komi favours the "
            + "others", -20, 20, 0, false, 0.5));

    private static final List<Variant> VARIANTS =
            List.of(new Variant("standard", "the rules of pyrametto.txt as completed by DECISIONS.md"));

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String displayName() {
        return "Pyrametto";
    }

    @Override
    public int minPlayers() {
        return 3;
    }

    @Override
    public int maxPlayers() {
        return PyramettoState.MAX_PLAYERS;
    }

    @Override
    public List<Variant> variants() {
        return VARIANTS;
    }

    @Override
    public List<Parameter> parameters() {
        return PARAMETERS;
    }

    @Override
    public String starterRule() {
        return "Seat 0 starts the first round; the player who takes the last stack starts the next.";
    }

    /**
     * Points so far, the higher leading: each vault's best split as if the game ended now, seat 0's less the
     * komi ({@link PyramettoRules#runningScore}).
     */
    @Override
    public Scoring scoring() {
        return Scoring.HIGHER_POINTS_LEAD;
    }

    @Override
    public Rules<PyramettoState, PyramettoMove> rules(GameSetup setup) {
        checkSetup(setup);
        return new PyramettoRules(this, setup);
    }
}
