package org.pyramidarena.arena.tournament;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.Options;
import org.pyramidarena.arena.bots.BotLoader;
import org.pyramidarena.arena.bots.BotSource;
import org.pyramidarena.arena.bots.BotSpec;
import org.pyramidarena.arena.players.Contestant;

/**
 * The contestants of a tournament from its bots as entered (built-in names, JAR paths, {@code cmd:}
 * command lines, each with options or without: {@link BotSpec}), each bot loaded once by a {@link
 * BotLoader} and asked for a fresh seat per match. The same bot entered at two settings is loaded
 * once and plays each seat with that seat's options. A bot in process isolation hands each seat a
 * process of its own (an idle one, or a new one), so a bot process is never in two matches at once.
 */
public final class BotSources implements ContestantFactory {

    private final BotLoader loader;
    // Asked for at every seat of every match, by every match thread: a bot already loaded is found
    // without a lock; a bot is loaded once, the threads that want it meanwhile waiting for it.
    private final Map<String, BotSource> sources = new ConcurrentHashMap<>();
    private final Map<String, Entry> entries = new ConcurrentHashMap<>();

    /** A {@code --bot} value's source and its options, checked. */
    private record Entry(BotSource source, Options options) {
    }

    /** @param loader loads each bot on first use */
    public BotSources(BotLoader loader) {
        this.loader = loader;
    }

    /**
     * The source and options of a bot as entered, the bot loaded and its options checked on first use.
     *
     * @throws IllegalArgumentException with one line when the bot cannot be loaded or an option is wrong
     */
    private Entry entry(String bot) {
        Entry entry = entries.get(bot);
        return entry != null ? entry : entries.computeIfAbsent(bot, text -> {
            BotSpec spec = BotSpec.parse(text);
            BotSource source = sources.computeIfAbsent(spec.bot(), loader::load);
            return new Entry(source, source.options(spec.options()));
        });
    }

    /** The name the bot gives itself, followed by the options given to it: {@code mcts?iterations=800}. */
    @Override
    public String name(String bot) {
        Entry entry = entry(bot);
        String options = entry.options().notation();
        return options.isEmpty() ? entry.source().name() : entry.source().name() + BotSpec.OPTIONS + options;
    }

    @Override
    public boolean plays(String bot, Game game) {
        return entry(bot).source().plays(game);
    }

    @Override
    public Contestant create(String bot, String label) {
        Entry entry = entry(bot);
        return entry.source().seat(label, entry.options());
    }

    @Override
    public Map<String, Object> options(String bot) {
        return entry(bot).options().given();
    }

    @Override
    public String jarSha256(String bot) {
        return entry(bot).source().jarSha256();
    }

    @Override
    public void close() {
        List<BotSource> all = List.copyOf(sources.values());
        sources.clear();
        entries.clear();
        all.forEach(BotSource::close);
    }
}
