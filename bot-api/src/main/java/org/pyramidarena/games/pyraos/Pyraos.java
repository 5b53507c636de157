package org.pyramidarena.games.pyraos;

import java.util.List;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Parameter;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.Scoring;
import org.pyramidarena.api.Variant;

/**
 * Pyraos (sold as Pylos): two players build a pyramid of 30 spheres on a 4x4 board; completing a
 * square of one's own colour takes spheres back, and whoever places the apex sphere wins. See
 * {@code docs/rules/pyraos.md}.
 */
public final class Pyraos implements Game {

    /** The game's id. */
    public static final String ID = "pyraos";

    /**
     * The handicap's name: spheres seat 1 owns beyond the 15 of each player; a negative handicap
     * gives seat 0 that many more instead.
     */
    public static final String HANDICAP = "handicap";

    private static final List<Parameter> PARAMETERS = List.of(new Parameter(HANDICAP, "spheres seat 1 (the second "
            + "player) owns beyond 15; a negative handicap gives that many more to seat 0 (the first player); a "
            + "larger handicap favours seat 1", -5, 5, 0, true, 1));

    private static final List<Variant> VARIANTS = List.of(
            new Variant("standard", "the rules of pyraos.txt with DECISIONS.md: removals of 0-2 after a square,"
                    + " a player who cannot move loses"),
            new Variant("pass", "a player who can neither place nor lift passes instead of losing"),
            new Variant("children", "no spheres are ever removed"),
            new Variant("pylos", "after a square removing 1 or 2 spheres is compulsory (the commercial Pylos rule)"));

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String displayName() {
        return "Pyraos";
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
        return "Seat 0 moves first.";
    }

    /**
     * Pyraos scores only at its end (a win, a loss or a draw); the spheres a seat still holds stand in for the
     * score, since who runs out first loses ({@link PyraosRules#runningScore}). The apex ends the game whatever
     * the reserves, so the stand-in is rough near the top.
     */
    @Override
    public Scoring scoring() {
        return Scoring.proxy("spheres in reserve");
    }

    @Override
    public Rules<PyraosState, PyraosMove> rules(GameSetup setup) {
        checkSetup(setup);
        return new PyraosRules(this, setup);
    }
}
