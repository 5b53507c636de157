package org.pyramidarena.arena.cli;

import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Rules;
import picocli.CommandLine.Option;

/** The options that choose a game and its setup, shared by the commands that play one. */
final class GameOptions {

    @Option(names = "--game", required = true, paramLabel = "ID", description = "The game: see 'arena games'.")
    String game;

    @Option(names = "--players", paramLabel = "N", description = "The number of seats (default: the game's fewest).")
    Integer players;

    @Option(names = "--variant", paramLabel = "NAME", description = "The rule variant (default: the game's first), with any design parameters after '?': "
            + "standard?komi=2.5 (see 'arena games').")
    String variant;

    Game game() {
        return Games.byId(game);
    }

    GameSetup setup() {
        Game definition = game();
        return GameSetup.parse(players == null ? definition.minPlayers() : players,
                variant == null ? definition.defaultVariant() : variant);
    }

    Rules<?, ?> rules() {
        return game().rules(setup());
    }
}
