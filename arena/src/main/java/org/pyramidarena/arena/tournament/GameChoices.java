package org.pyramidarena.arena.tournament;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.tournaments.pairing.GameEntry;

/**
 * The games of a tournament as written on the command line and in settings files:
 * {@code ID[:PLAYERS][/VARIANT]}, e.g. {@code pylon}, {@code pyrametto:4}, {@code pylon:2/standard},
 * or {@code all}.
 */
public final class GameChoices {

    private GameChoices() {
    }

    /**
     * Resolves game choices against the registered games, in the order given.
     *
     * <p>{@code all} stands for every registered game: two-player games with 2 players, games
     * for more players with 3 and with 4 (each where the game allows it; a game for 5 or more
     * only is played with its fewest). A choice without a player count takes the same counts as
     * {@code all} gives that game (so {@code euronimoes} is 3 and 4 players, never 2: a game for
     * several players is played as one, and each player count more doubles a run); without a
     * variant, the game's default.
     *
     * @throws IllegalArgumentException naming the bad choice, and a game, player count and variant
     *     that two choices both name (e.g. {@code euronimoes,euronimoes:4})
     */
    public static List<GameEntry> resolve(List<String> choices) {
        Set<GameEntry> entries = new LinkedHashSet<>();
        Map<GameEntry, String> chosenBy = new HashMap<>();
        for (String choice : choices) {
            String text = choice.trim();
            if (text.equals("all")) {
                for (Game game : Games.all()) {
                    for (int players : defaultPlayers(game)) {
                        add(entries, chosenBy, new GameEntry(game.id(), game.defaultVariant(), players), choice);
                    }
                }
                continue;
            }
            String variant = null;
            int slash = text.indexOf('/');
            if (slash >= 0) {
                variant = text.substring(slash + 1).trim();
                text = text.substring(0, slash).trim();
            }
            Integer players = null;
            int colon = text.indexOf(':');
            if (colon >= 0) {
                String count = text.substring(colon + 1).trim();
                try {
                    players = Integer.parseInt(count);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("game '" + choice + "': '" + count
                            + "' is not a player count (write ID[:PLAYERS][/VARIANT], e.g. pyrametto:4)");
                }
                text = text.substring(0, colon).trim();
            }
            Game game = Games.byId(text);
            String resolvedVariant = variant == null ? game.defaultVariant() : variant;
            List<Integer> counts = players == null ? defaultPlayers(game) : List.of(players);
            for (int count : counts) {
                game.checkSetup(new GameSetup(count, resolvedVariant));
                if (count < 2) {
                    throw new IllegalArgumentException("game '" + choice + "': a tournament match needs at least 2 players");
                }
                add(entries, chosenBy, new GameEntry(game.id(), resolvedVariant, count), choice);
            }
        }
        if (entries.isEmpty()) {
            throw new IllegalArgumentException("no games chosen");
        }
        return List.copyOf(entries);
    }

    private static void add(Set<GameEntry> entries, Map<GameEntry, String> chosenBy, GameEntry entry,
                            String choice) {
        String earlier = chosenBy.putIfAbsent(entry, choice.trim());
        if (earlier != null) {
            throw new IllegalArgumentException("games '" + earlier + "' and '" + choice.trim() + "' both choose "
                    + notation(entry) + (earlier.equals(choice.trim()) ? "" : "; '" + earlier + "' means "
                    + String.join(" and ", resolve(List.of(earlier)).stream().map(GameChoices::label).toList())
                    + ", as in 'all'") + "; name each player count once, e.g. " + entry.game() + ":2,"
                    + entry.game() + ":4");
        }
        entries.add(entry);
    }

    /** The player counts {@code all} plays a game with: 2 for two-player games, else 3 and 4 where allowed. */
    static List<Integer> defaultPlayers(Game game) {
        if (game.maxPlayers() <= 2) {
            return List.of(Math.max(2, game.minPlayers()));
        }
        List<Integer> counts = new ArrayList<>();
        for (int players = 3; players <= 4; players++) {
            if (players >= game.minPlayers() && players <= game.maxPlayers()) {
                counts.add(players);
            }
        }
        return counts.isEmpty() ? List.of(game.minPlayers()) : counts;
    }

    /** The explicit notation of an entry, as written to settings files: {@code ID:PLAYERS/VARIANT}. */
    public static String notation(GameEntry entry) {
        return entry.game() + ":" + entry.players() + "/" + entry.variant();
    }

    /** A short label for standings: {@code ID} or {@code ID:PLAYERS}, plus {@code /VARIANT} when not the default. */
    public static String label(GameEntry entry) {
        Game game = Games.find(entry.game()).orElse(null);
        StringBuilder label = new StringBuilder(entry.game());
        if (game == null || game.minPlayers() != game.maxPlayers()) {
            label.append(':').append(entry.players());
        }
        if (game == null || !game.defaultVariant().equals(entry.variant())) {
            label.append('/').append(entry.variant());
        }
        return label.toString();
    }
}
