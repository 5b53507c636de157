package org.pyramidarena.arena.bots;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;
import org.pyramidarena.api.Bot;

/** The bots built into the arena: the sample bots, found through {@link ServiceLoader}. */
public final class BotRegistry {

    private BotRegistry() {
    }

    /** Every built-in bot, sorted by name. */
    public static List<Bot> builtIn() {
        List<Bot> bots = new ArrayList<>();
        ServiceLoader.load(Bot.class, BotRegistry.class.getClassLoader()).forEach(bots::add);
        bots.sort(Comparator.comparing(Bot::name));
        return List.copyOf(bots);
    }

    /**
     * The built-in bot with this name.
     *
     * @throws IllegalArgumentException naming the known bots when there is none
     */
    public static Bot byName(String name) {
        return builtIn().stream().filter(b -> b.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown bot '" + name + "' (built-in bots: "
                        + String.join(", ", builtIn().stream().map(Bot::name).toList()) + ")"));
    }
}
