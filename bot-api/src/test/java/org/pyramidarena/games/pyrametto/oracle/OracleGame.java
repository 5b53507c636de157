package org.pyramidarena.games.pyrametto.oracle;

import java.util.List;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.Variant;

/**
 * Pyrametto: a push-your-luck dice game for 3 to 5 players after Coloretto, scored like Volcano.
 * Players roll a size die and a colour die, put the pyramid shown on one of the round's stacks, or
 * take a stack into their vault and sit out the round. See {@code docs/rules/pyrametto.md}.
 */
public final class OracleGame implements Game {

    /** The game's id. */
    public static final String ID = "pyrametto";

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
    public String starterRule() {
        return "Seat 0 starts the first round; whoever takes the last stack starts the next.";
    }

    @Override
    public int minPlayers() {
        return 3;
    }

    @Override
    public int maxPlayers() {
        return OracleState.MAX_PLAYERS;
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
