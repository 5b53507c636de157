package org.pyramidarena.api;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/** The games registered through {@link java.util.ServiceLoader}. */
public final class Games {

    private Games() {
    }

    /**
     * Every registered game visible to this class's loader, sorted by id. The registry is read once,
     * on first use: the class path does not change while the program runs, and games are
     * stateless, so every lookup after the first is a walk of five entries instead of a scan of the
     * class path that makes each game anew.
     */
    public static List<Game> all() {
        return Registered.GAMES;
    }

    /** The games of this class's loader, read when first asked for. */
    private static final class Registered {
        static final List<Game> GAMES = all(Games.class.getClassLoader());
    }

    /** Every game registered in a class loader, sorted by id. */
    public static List<Game> all(ClassLoader loader) {
        List<Game> games = new ArrayList<>();
        ServiceLoader.load(Game.class, loader).forEach(games::add);
        games.sort(Comparator.comparing(Game::id));
        return List.copyOf(games);
    }

    /** The registered game with this id, if any. */
    public static Optional<Game> find(String id) {
        return all().stream().filter(g -> g.id().equals(id)).findFirst();
    }

    /**
     * The registered game with this id.
     *
     * @throws IllegalArgumentException naming the known games when there is none
     */
    public static Game byId(String id) {
        return find(id).orElseThrow(() -> new IllegalArgumentException("unknown game '" + id
                + "' (games: " + String.join(", ", all().stream().map(Game::id).toList()) + ")"));
    }
}
