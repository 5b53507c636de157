package org.pyramidarena.arena.bots;

import java.util.List;
import java.util.Map;
import org.pyramidarena.api.BotOption;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.Options;
import org.pyramidarena.arena.players.Contestant;

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

    /** The options the bot declares, as it declared them (none by default). */
    List<BotOption> options();

    /**
     * The bot's options with the values given, checked against its declaration.
     *
     * @param given option names to values as written ({@link BotSpec#options()})
     * @throws IllegalArgumentException with one line for an unknown option or a bad value
     */
    default Options options(Map<String, String> given) {
        return Options.resolve(name(), options(), given);
    }

    /**
     * A contestant for one seat of one match; close it when the match is over.
     *
     * @param label a label for threads and logs, e.g. {@code "random@seat0"}
     * @param options the bot's options at this seat, from {@link #options(Map)}
     */
    Contestant seat(String label, Options options);

    /** A contestant for one seat with every option at its default. */
    default Contestant seat(String label) {
        return seat(label, options(Map.of()));
    }

    /** Stops every process and thread of the bot; never throws. */
    @Override
    void close();
}
