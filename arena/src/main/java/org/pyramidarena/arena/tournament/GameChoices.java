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
 * {@code ID[:PLAYERS][/VARIANT][?PARAMETER=VALUE&...]}, e.g. {@code pylon}, {@code pyrametto:4},
 * {@code pylon:2/standard}, {@code pylon?komi=2.5}, or {@code all}. A game's variant name, as
 * results and replays record it, carries the parameters given ({@code standard?komi=2.5}).
 */
public final class GameChoices {

    private GameChoices() {
    }

    /**
     * One choice as written, its parts not yet checked against the game.
     *
     * @param game the game id
     * @param players the player count, or null when none is written
     * @param variant the variant's name, or null when none is written
     * @param parameters the parameters written after {@code ?}, by name; empty for none
     */
    public record Choice(String game, Integer players, String variant, Map<String, Double> parameters) {

        /**
         * Splits {@code ID[:PLAYERS][/VARIANT][?NAME=VALUE&...]} into its parts.
         *
         * @throws IllegalArgumentException naming the choice when the player count is not a number or
         *     a parameter is malformed
         */
        public static Choice parse(String choice) {
            String text = choice.trim();
            Map<String, Double> parameters = Map.of();
            int mark = text.indexOf(GameSetup.PARAMETERS);
            if (mark >= 0) {
                try {
                    parameters = GameSetup.parse(1, text.substring(mark)).parameters();
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("game '" + choice.trim() + "': " + e.getMessage(), e);
                }
                text = text.substring(0, mark).trim();
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
                    throw new IllegalArgumentException("game '" + choice.trim() + "': '" + count
                            + "' is not a player count (write ID[:PLAYERS][/VARIANT][?PARAMETER=VALUE], e.g. pyrametto:4)");
                }
                text = text.substring(0, colon).trim();
            }
            return new Choice(text, players, variant == null || variant.isEmpty() ? null : variant, parameters);
        }
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
            Choice parsed = Choice.parse(choice);
            Game game = Games.byId(parsed.game());
            String resolvedVariant = (parsed.variant() == null ? game.defaultVariant() : parsed.variant())
                    + GameSetup.parameterNotation(parsed.parameters());
            List<Integer> counts = parsed.players() == null ? defaultPlayers(game) : List.of(parsed.players());
            for (int count : counts) {
                game.checkSetup(GameSetup.parse(count, resolvedVariant));
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

    /**
     * A short label for standings: {@code ID} or {@code ID:PLAYERS}, plus {@code /VARIANT} when not
     * the default, plus the parameters given ({@code pylon?komi=2.5}).
     */
    public static String label(GameEntry entry) {
        GameSetup setup = GameSetup.parse(entry.players(), entry.variant());
        return label(entry.game(), setup.players(), setup.variant(), setup.parameters());
    }

    /** {@link #label(GameEntry)} of a game, player count, variant name and parameters. */
    public static String label(String id, int players, String variant, Map<String, Double> parameters) {
        Game game = Games.find(id).orElse(null);
        StringBuilder label = new StringBuilder(id);
        if (game == null || game.minPlayers() != game.maxPlayers()) {
            label.append(':').append(players);
        }
        if (game == null || !game.defaultVariant().equals(variant)) {
            label.append('/').append(variant);
        }
        return label.append(GameSetup.parameterNotation(parameters)).toString();
    }
}
