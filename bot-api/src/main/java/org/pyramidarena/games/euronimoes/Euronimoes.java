package org.pyramidarena.games.euronimoes;

import java.util.List;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Parameter;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.Scoring;
import org.pyramidarena.api.Variant;

/**
 * Euronimoes: 2-4 players buy dominoes from a five-slot market or draw them from the bone pile, and
 * lay them in their own grids, where columns must run in steps of one; the lowest score wins. See
 * {@code docs/rules/euronimoes.md}.
 */
public final class Euronimoes implements Game {

    /** The game's id. */
    public static final String ID = "euronimoes";

    /**
     * The komi's name: points added to the score of the player who takes the first turn (the lowest
     * score wins, so this is a penalty); a negative komi takes them off instead.
     */
    public static final String KOMI = "komi";

    private static final List<Parameter> PARAMETERS = List.of(new Parameter(KOMI, "points added to the score of "
            + "the player who takes the first turn (the lowest score wins; a negative komi takes them off); a "
            + "larger komi favours the others", -20, 20, 0, false, 0.5));

    private static final List<Variant> VARIANTS =
            List.of(new Variant("standard", "the rules of euronimoes.txt as completed by DECISIONS.md"));

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String displayName() {
        return "Euronimoes";
    }

    @Override
    public int minPlayers() {
        return 2;
    }

    @Override
    public int maxPlayers() {
        return 4;
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
        return "The player holding the domino with the highest pip total starts (the lowest such seat on a tie); "
                + "turns then go in seat order.";
    }

    /**
     * Points so far, the lower leading: the score each seat would have if the game ended now, with the komi on
     * the starter's once the starter is known ({@link EuronimoesRules#runningScore}).
     */
    @Override
    public Scoring scoring() {
        return Scoring.LOWER_POINTS_LEAD;
    }

    @Override
    public Rules<EuronimoesState, EuronimoesMove> rules(GameSetup setup) {
        checkSetup(setup);
        return new EuronimoesRules(this, setup);
    }
}
