package org.pyramidarena.api;

import java.util.List;

/**
 * A bot: the entry point the arena finds in a bot JAR through {@link java.util.ServiceLoader}, by a
 * {@code META-INF/services/org.pyramidarena.api.Bot} entry naming the implementing class.
 *
 * <p>Implementations need a public no-argument constructor. One instance may create players for
 * many matches, possibly at once on different threads; keep per-match state in the {@link Player}.
 */
public interface Bot {

    /** The bot's name as shown in standings: short, no spaces. */
    String name();

    /**
     * Whether this bot plays a game.
     *
     * @param game a game definition
     */
    boolean plays(Game game);

    /**
     * The settings this bot can be given from the command line ({@code --bot
     * "mcts?iterations=800&exploration=0.5"}), with their types, defaults and ranges; their values
     * reach each player in {@link MatchContext#options()}. None by default.
     */
    default List<BotOption> options() {
        return List.of();
    }

    /**
     * Creates the player for one match.
     *
     * @param context the game, setup, seat, seed and time control of the match; the rules in it
     *     may be used freely for simulation
     */
    Player newPlayer(MatchContext context);
}
