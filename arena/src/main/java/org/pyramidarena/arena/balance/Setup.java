package org.pyramidarena.arena.balance;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;

/**
 * One setup of a balance study: a game, its number of seats and a rule variant.
 *
 * @param game the game id
 * @param players the number of seats, at least 2
 * @param variant the variant's name
 */
public record Setup(String game, int players, String variant) {

    public Setup {
        Objects.requireNonNull(game, "game");
        Objects.requireNonNull(variant, "variant");
        if (players < 2) {
            throw new IllegalArgumentException("a balance study needs at least 2 seats, not " + players);
        }
    }

    /**
     * Reads a comma-separated list of setups, each {@code ID[:PLAYERS][/VARIANT]}: {@code pyraos},
     * {@code pyraos/pylos}, {@code pyrametto:4}, {@code pyrinoes/to-50}. A setup without a player
     * count takes {@code players} (or the game's fewest), without a variant {@code variant} (or the
     * game's default). Each setup is checked against its game.
     *
     * @param choices the setups as written, in the study's order
     * @param players the player count of setups naming none; null for each game's fewest
     * @param variant the variant of setups naming none; null for each game's default
     * @throws IllegalArgumentException naming the setup that is not one, or one named twice
     */
    public static List<Setup> parse(List<String> choices, Integer players, String variant) {
        LinkedHashSet<Setup> setups = new LinkedHashSet<>();
        for (String choice : choices) {
            String text = choice.trim();
            String chosenVariant = variant;
            int slash = text.indexOf('/');
            if (slash >= 0) {
                chosenVariant = text.substring(slash + 1).trim();
                text = text.substring(0, slash).trim();
            }
            Integer chosenPlayers = players;
            int colon = text.indexOf(':');
            if (colon >= 0) {
                String count = text.substring(colon + 1).trim();
                try {
                    chosenPlayers = Integer.parseInt(count);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("setup '" + choice.trim() + "': '" + count
                            + "' is not a player count (write ID[:PLAYERS][/VARIANT], e.g. pyrametto:4)");
                }
                text = text.substring(0, colon).trim();
            }
            Game game = Games.byId(text);
            Setup setup = new Setup(game.id(), chosenPlayers == null ? Math.max(2, game.minPlayers()) : chosenPlayers,
                    chosenVariant == null || chosenVariant.isEmpty() ? game.defaultVariant() : chosenVariant);
            game.checkSetup(new GameSetup(setup.players(), setup.variant()));
            if (!setups.add(setup)) {
                throw new IllegalArgumentException("setup '" + choice.trim() + "' is named twice (as "
                        + setup.notation() + ")");
            }
        }
        if (setups.isEmpty()) {
            throw new IllegalArgumentException("no setup chosen");
        }
        return new ArrayList<>(setups);
    }

    /** The explicit notation, as tournaments' settings take it: {@code ID:PLAYERS/VARIANT}. */
    public String notation() {
        return game + ":" + players + "/" + variant;
    }

    /**
     * A short label: {@code ID}, plus {@code :PLAYERS} for a game of several player counts and
     * {@code /VARIANT} for a variant other than the default.
     */
    public String label() {
        Game definition = Games.find(game).orElse(null);
        StringBuilder label = new StringBuilder(game);
        if (definition == null || definition.minPlayers() != definition.maxPlayers()) {
            label.append(':').append(players);
        }
        if (definition == null || !definition.defaultVariant().equals(variant)) {
            label.append('/').append(variant);
        }
        return label.toString();
    }

    /** A folder and element id part: {@code ID-PLAYERS-VARIANT} in lower case, other characters as '-'. */
    public String slug() {
        return slug(game + "-" + players + "-" + variant);
    }

    /** Lower case letters, digits, '-' and '_'; any other character becomes '-'. */
    static String slug(String text) {
        return text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_-]", "-");
    }
}
