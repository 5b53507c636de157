package org.pyramidarena.arena.bots;

import org.pyramidarena.api.Game;
import org.pyramidarena.arena.match.Contestant;

/**
 * A bot as the referee holds it between matches: a built-in bot, a JAR loaded in this JVM, or a
 * program run in processes of its own. It hands out a {@link Contestant} per seat.
 */
public interface BotSource extends AutoCloseable {

    /** The bot's name, as it gave it. */
    String name();

    /** Where the bot came from, for listings: a JAR path, a command line, "built-in". */
    String origin();

    /** The SHA-256 of the bot's JAR in hex, for replays; null when it does not come from a JAR file. */
    default String jarSha256() {
        return null;
    }

    /** Whether the bot plays a game, as it said. */
    boolean plays(Game game);

    /**
     * A contestant for one seat of one match; close it when the match is over.
     *
     * @param label a label for threads and logs, e.g. {@code "random@seat0"}
     */
    Contestant seat(String label);

    /** Stops every process and thread of the bot; never throws. */
    @Override
    void close();
}
