package org.pyramidarena.games.euronimoes.oracle;

import java.util.List;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.Variant;

/**
 * Euronimoes: 2-4 players buy dominoes from a five-slot market or draw them from the bone pile, and
 * lay them in their own grids, where columns must run in steps of one; the lowest score wins. See
 * {@code docs/rules/euronimoes.md}.
 */
public final class OracleGame implements Game {

    /** The game's id. */
    public static final String ID = "euronimoes";

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
    public String starterRule() {
        return "The player holding the domino with the highest pip total starts.";
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
    public Rules<OracleState, OracleMove> rules(GameSetup setup) {
        checkSetup(setup);
        return new OracleRules(this, setup);
    }
}
