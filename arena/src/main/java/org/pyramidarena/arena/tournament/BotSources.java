package org.pyramidarena.arena.tournament;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.pyramidarena.api.Game;
import org.pyramidarena.arena.bots.BotLoader;
import org.pyramidarena.arena.bots.BotSource;
import org.pyramidarena.arena.match.Contestant;

/**
 * The contestants of a tournament from its bots as entered (built-in names, JAR paths, {@code cmd:}
 * command lines), each loaded once by a {@link BotLoader} and asked for a fresh seat per match. A
 * bot in process isolation hands each seat a process of its own (an idle one, or a new one), so a
 * bot process is never in two matches at once.
 */
public final class BotSources implements ContestantFactory {

    private final BotLoader loader;
    // Asked for at every seat of every match, by every match thread: a bot already loaded is found
    // without a lock; a bot is loaded once, the threads that want it meanwhile waiting for it.
    private final Map<String, BotSource> sources = new ConcurrentHashMap<>();

    /** @param loader loads each bot on first use */
    public BotSources(BotLoader loader) {
        this.loader = loader;
    }

    private BotSource source(String bot) {
        BotSource source = sources.get(bot);
        return source != null ? source : sources.computeIfAbsent(bot, loader::load);
    }

    @Override
    public String name(String bot) {
        return source(bot).name();
    }

    @Override
    public boolean plays(String bot, Game game) {
        return source(bot).plays(game);
    }

    @Override
    public Contestant create(String bot, String label) {
        return source(bot).seat(label);
    }

    @Override
    public String jarSha256(String bot) {
        return source(bot).jarSha256();
    }

    @Override
    public void close() {
        List<BotSource> all = List.copyOf(sources.values());
        sources.clear();
        all.forEach(BotSource::close);
    }
}
