package org.pyramidarena.arena.bots;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.pyramidarena.api.Bot;
import org.pyramidarena.api.BotOption;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.Options;
import org.pyramidarena.arena.common.Hashes;
import org.pyramidarena.arena.players.BotText;
import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.arena.players.DirectContestant;
import org.pyramidarena.arena.players.InProcessContestant;

/** A bot in the referee's JVM: a built-in bot, or a JAR's bot in its own {@link BotClassLoader}. */
public final class InProcessBotSource implements BotSource {

    private final Bot bot;
    private final String origin;
    private final BotClassLoader loader;
    private final List<BotOption> options;

    private InProcessBotSource(Bot bot, String origin, BotClassLoader loader) {
        this.bot = bot;
        this.origin = origin;
        this.loader = loader;
        this.options = declared(bot, origin);
    }

    /** The options a bot declares, read once; a declaration that fails refuses the bot. */
    private static List<BotOption> declared(Bot bot, String origin) {
        List<BotOption> declared;
        try {
            declared = List.copyOf(bot.options());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("bot " + bot.name() + " (" + origin + ") failed to declare its "
                    + "options: " + BotText.message(String.valueOf(e)), e);
        }
        Set<String> names = new HashSet<>();
        for (BotOption option : declared) {
            if (!names.add(option.name())) {
                throw new IllegalArgumentException("bot " + bot.name() + " (" + origin + ") declares option "
                        + option.name() + " twice");
            }
        }
        return declared;
    }

    /** A built-in bot, on the arena's own class path. */
    public static InProcessBotSource builtIn(Bot bot) {
        return new InProcessBotSource(bot, "built-in", null);
    }

    /**
     * A JAR's bot, loaded in a class loader that shows it only the bot API.
     *
     * @throws IllegalArgumentException when the bot cannot be created
     */
    public static InProcessBotSource load(BotJar jar) {
        BotClassLoader loader = BotClassLoader.of(jar);
        try {
            Bot bot = loader.newBot(jar);
            BotText.requireName(bot.name(), "bot " + jar.path());
            return new InProcessBotSource(bot, jar.path().toString(), loader);
        } catch (RuntimeException e) {
            closeQuietly(loader);
            throw e;
        }
    }

    @Override
    public String name() {
        return bot.name();
    }

    @Override
    public String origin() {
        return origin;
    }

    @Override
    public String jarSha256() {
        if (loader == null) {
            return Hashes.jarSha256(bot.getClass());
        }
        try {
            return Hashes.sha256(Path.of(origin));
        } catch (IOException e) {
            return null;
        }
    }

    @Override
    public List<BotOption> options() {
        return options;
    }

    @Override
    public boolean plays(Game game) {
        return bot.plays(game);
    }

    /**
     * A built-in bot is trusted: it plays on the referee's own thread (a hand-off to a thread of its
     * own per call would cost more than a random bot's whole move) and reads the views the rules
     * make, which read the referee's position. A JAR's bot gets a thread of its own, abandoned if it
     * overruns, and copies of the views (see {@link InProcessContestant}).
     */
    @Override
    public Contestant seat(String label, Options values) {
        return loader == null ? new DirectContestant(bot, values) : new InProcessContestant(bot, label, values);
    }

    @Override
    public void close() {
        if (loader != null) {
            closeQuietly(loader);
        }
    }

    private static void closeQuietly(BotClassLoader loader) {
        try {
            loader.close();
        } catch (IOException ignored) {
            // Only the JAR file handle is released; nothing to report.
        }
    }
}
