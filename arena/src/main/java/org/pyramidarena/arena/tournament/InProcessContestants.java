package org.pyramidarena.arena.tournament;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.pyramidarena.api.Bot;
import org.pyramidarena.api.Game;
import org.pyramidarena.arena.bots.BotRegistry;
import org.pyramidarena.arena.match.Contestant;
import org.pyramidarena.arena.match.InProcessContestant;

/**
 * Built-in bots in this JVM. Every call makes a new {@link InProcessContestant}, so no player is
 * ever shared between matches; the {@link Bot} itself is shared, as its contract allows.
 */
public final class InProcessContestants implements ContestantFactory {

    private final Map<String, Bot> bots = new ConcurrentHashMap<>();

    @Override
    public void check(String bot, Game game) {
        if (!resolve(bot).plays(game)) {
            throw new IllegalArgumentException("bot '" + bot + "' does not play " + game.id());
        }
    }

    @Override
    public Contestant create(String bot, String label) {
        return new InProcessContestant(resolve(bot), label);
    }

    @Override
    public boolean exclusive() {
        return false;
    }

    private Bot resolve(String bot) {
        return bots.computeIfAbsent(bot, BotRegistry::byName);
    }
}
