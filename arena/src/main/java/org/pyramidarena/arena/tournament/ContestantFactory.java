package org.pyramidarena.arena.tournament;

import java.util.Map;
import org.pyramidarena.api.Game;
import org.pyramidarena.arena.players.Contestant;

/**
 * Makes the contestants of a tournament's matches: the one place that knows how a bot is started
 * (in this JVM, or in a process of its own). Closing it stops every bot it started.
 */
public interface ContestantFactory extends AutoCloseable {

    /**
     * Whether a bot plays a game, as the bot says.
     *
     * @param bot the bot, as entered: a built-in name, a JAR path or a {@code cmd:} command line,
     *     with its options or without ({@code mcts?iterations=800})
     * @throws IllegalArgumentException with a one-line message when the bot cannot be loaded or an
     *     option it is given is not one of its options or a value it takes
     */
    boolean plays(String bot, Game game);

    /**
     * A fresh contestant for one seat of one match; the caller closes it when the match is over.
     *
     * @param bot the bot, as entered
     * @param label names the seat in thread names and logs, e.g. {@code "random@m12s0"}
     */
    Contestant create(String bot, String label);

    /**
     * The name the bot gives itself ({@code name()} of a Java bot, the {@code hello} name of a
     * process bot): what an entrant that names no name of its own stands under.
     */
    default String name(String bot) {
        return bot;
    }

    /**
     * The options given to the bot as entered ({@code mcts?iterations=800}), checked against its
     * declaration, by name; empty when none was given.
     */
    default Map<String, Object> options(String bot) {
        return Map.of();
    }

    /** The SHA-256 of the bot's JAR in hex, for replays; null when the bot does not come from a JAR. */
    String jarSha256(String bot);

    /** Stops every bot process and thread; never throws. */
    @Override
    void close();
}
