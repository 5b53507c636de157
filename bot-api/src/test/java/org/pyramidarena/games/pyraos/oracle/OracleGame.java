package org.pyramidarena.games.pyraos.oracle;

import java.util.List;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.Variant;

/**
 * Pyraos (sold as Pylos): two players build a pyramid of 30 spheres on a 4x4 board; completing a
 * square of one's own colour takes spheres back, and whoever places the apex sphere wins. See
 * {@code docs/rules/pyraos.md}.
 */
public final class OracleGame implements Game {

    /** The game's id. */
    public static final String ID = "pyraos";

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
    public String starterRule() {
        return "Seat 0 moves first.";
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
    public Rules<OracleState, OracleMove> rules(GameSetup setup) {
        checkSetup(setup);
        return new OracleRules(this, setup);
    }
}
