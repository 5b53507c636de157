package org.pyramidarena.games.pylon.oracle;

/*
 * The oracle: a frozen copy of org.pyramidarena.games.pylon.Pylon as it was before the engine was
 * rewritten for speed (issue 26), renamed into this test package. PylonOracleTest plays the
 * production rules against it move by move. Do not optimise or fix it: it is the reference.
 */

import java.util.List;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.Variant;

/**
 * Pylon (Doug Orleans, 2007): two players place their pyramids on a 5x6 board, then stack them;
 * a stack scores its height for the owner of its top pyramid. See {@code docs/rules/pylon.md}.
 */
public final class OraclePylon implements Game {

    /** The game's id. */
    public static final String ID = "pylon";

    private static final List<Variant> VARIANTS =
            List.of(new Variant("standard", "the rules of pylon.txt as completed by DECISIONS.md"));

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String displayName() {
        return "Pylon";
    }

    @Override
    public String starterRule() {
        return "Seat 0 places first.";
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
    public Rules<OraclePylonState, OraclePylonMove> rules(GameSetup setup) {
        checkSetup(setup);
        return new OraclePylonRules(this, setup);
    }
}
