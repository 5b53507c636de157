package org.pyramidarena.arena.balance;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Parameter;
import org.pyramidarena.arena.tournament.GameChoices;

/**
 * One setup of a balance study: a game, its number of seats, a rule variant and the values of any
 * design parameters given.
 *
 * @param game the game id
 * @param players the number of seats, at least 2
 * @param variant the variant's name
 * @param parameters the parameters given, by name (sorted); empty for none
 */
public record Setup(String game, int players, String variant, Map<String, Double> parameters) {

    public Setup {
        Objects.requireNonNull(game, "game");
        Objects.requireNonNull(variant, "variant");
        parameters = Collections.unmodifiableMap(new TreeMap<>(parameters == null ? Map.of() : parameters));
        if (players < 2) {
            throw new IllegalArgumentException("a balance study needs at least 2 seats, not " + players);
        }
    }

    /** A setup giving no parameter. */
    public Setup(String game, int players, String variant) {
        this(game, players, variant, Map.of());
    }

    /**
     * Reads a list of setups, each {@code ID[:PLAYERS][/VARIANT][?NAME=VALUE&...]}: {@code pyraos},
     * {@code pyraos/pylos}, {@code pyrametto:4}, {@code pyrinoes/to-50}, {@code pylon?komi=2.5}. A
     * setup without a player count takes {@code players} (or the game's fewest), without a variant
     * {@code variant} (or the game's default). Each setup is checked against its game.
     *
     * @param choices the setups as written, in the study's order
     * @param players the player count of setups naming none; null for each game's fewest
     * @param variant the variant of setups naming none; null for each game's default
     * @throws IllegalArgumentException naming the setup that is not one, or one named twice
     */
    public static List<Setup> parse(List<String> choices, Integer players, String variant) {
        LinkedHashSet<Setup> setups = new LinkedHashSet<>();
        for (String choice : choices) {
            GameChoices.Choice parsed;
            try {
                parsed = GameChoices.Choice.parse(choice);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(e.getMessage().replaceFirst("^game '", "setup '"), e);
            }
            Game game = Games.byId(parsed.game());
            Integer chosenPlayers = parsed.players() == null ? players : parsed.players();
            String chosenVariant = parsed.variant() == null ? variant : parsed.variant();
            Setup setup = new Setup(game.id(), chosenPlayers == null ? Math.max(2, game.minPlayers()) : chosenPlayers,
                    chosenVariant == null || chosenVariant.isEmpty() ? game.defaultVariant() : chosenVariant,
                    parsed.parameters());
            game.checkSetup(setup.gameSetup());
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

    /** The rules' setup: players, variant and parameters. */
    public GameSetup gameSetup() {
        return new GameSetup(players, variant, parameters);
    }

    /** The variant's name and the parameters given, as results record them: {@code standard?komi=2.5}. */
    public String variantNotation() {
        return variant + GameSetup.parameterNotation(parameters);
    }

    /** This setup with a parameter given (not checked: the caller checks the values it plays). */
    public Setup withParameter(String name, double value) {
        Map<String, Double> values = new TreeMap<>(parameters);
        values.put(name, value);
        return new Setup(game, players, variant, values);
    }

    /** The explicit notation, as tournaments' settings take it: {@code ID:PLAYERS/VARIANT[?NAME=VALUE]}. */
    public String notation() {
        return game + ":" + players + "/" + variantNotation();
    }

    /**
     * A short label: {@code ID}, plus {@code :PLAYERS} for a game of several player counts,
     * {@code /VARIANT} for a variant other than the default and the parameters given
     * ({@code pylon?komi=2.5}).
     */
    public String label() {
        return GameChoices.label(game, players, variant, parameters);
    }

    /**
     * A folder and element id part: {@code ID-PLAYERS-VARIANT}, then each parameter's {@code
     * -NAME-VALUE}, in lower case, any character but letters, digits, '-', '_' and '.' as '-'
     * ({@code pylon-2-standard-komi-2.5}).
     */
    public String slug() {
        StringBuilder text = new StringBuilder(game + "-" + players + "-" + variant);
        parameters.forEach((name, value) -> text.append('-').append(name).append('-').append(Parameter.format(value)));
        return slug(text.toString());
    }

    /** Lower case letters, digits, '-', '_' and '.'; any other character becomes '-'. */
    static String slug(String text) {
        return text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_.-]", "-");
    }

    /** Whether two setups' games are paired: the same game and player count, so the same deals. */
    public boolean sharesDealsWith(Setup other) {
        return game.equals(other.game) && players == other.players;
    }
}
