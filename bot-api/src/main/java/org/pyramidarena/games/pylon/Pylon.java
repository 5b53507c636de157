package org.pyramidarena.games.pylon;

import java.util.List;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Parameter;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.Scoring;
import org.pyramidarena.api.Variant;

/**
 * Pylon (Doug Orleans, 2007): two players place their pyramids on a 5x6 board, then stack them;
 * a stack scores its height for the owner of its top pyramid. See {@code docs/rules/pylon.md}.
 */
public final class Pylon implements Game {

    /** The game's id. */
    public static final String ID = "pylon";

    /** The komi's name: points taken from the score of seat 0, who places first. */
    public static final String KOMI = "komi";

    private static final List<Variant> VARIANTS =
            List.of(new Variant("standard", "the rules of pylon.txt as completed by DECISIONS.md"));

    private static final List<Parameter> PARAMETERS = List.of(new Parameter(KOMI, "points taken from the score of "
            + "seat 0, who places first (a negative komi gives them to seat 0); a larger komi favours seat 1",
            -15, 15, 0, false, 0.5));

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String displayName() {
        return "Pylon";
    }

    @Override
    public int minPlayers() {
        return 2;
    }

    @Override
    public int maxPlayers() {
        return 2;
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
        return "Seat 0 places first; seat 1, who places the last pyramid, starts the stacking phase.";
    }

    /**
     * Points so far, the higher leading: the pyramids in the stacks a seat tops, seat 0's less the komi ({@link
     * PylonRules#runningScore}).
     */
    @Override
    public Scoring scoring() {
        return Scoring.HIGHER_POINTS_LEAD;
    }

    @Override
    public Rules<PylonState, PylonMove> rules(GameSetup setup) {
        checkSetup(setup);
        return new PylonRules(this, setup);
    }
}
