package org.pyramidarena.api;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What fixes the rules of a match besides the game itself.
 *
 * @param players the number of seats, numbered {@code 0 .. players-1}; seat 0 is the first player
 *     unless the game's rules say otherwise ({@link Rules#starter})
 * @param variant the variant's name, one of the game's {@link Game#variants()}
 * @param parameters the values given for the game's {@link Game#parameters() design parameters}, by
 *     name (sorted by name); empty when none is given, which plays the game's rules exactly
 */
public record GameSetup(int players, String variant, Map<String, Double> parameters) {

    /** The character between a variant's name and its parameters in {@link #variantNotation()}. */
    public static final char PARAMETERS = '?';

    public GameSetup {
        Objects.requireNonNull(variant, "variant");
        if (players < 1) {
            throw new IllegalArgumentException("players must be at least 1, not " + players);
        }
        parameters = Collections.unmodifiableMap(new TreeMap<>(parameters == null ? Map.of() : parameters));
    }

    /** A setup that gives no parameter. */
    public GameSetup(int players, String variant) {
        this(players, variant, Map.of());
    }

    /**
     * A setup from a variant's notation as {@link #variantNotation()} writes it: the variant's name,
     * then optionally {@code ?NAME=VALUE} with further parameters joined by {@code &}, e.g. {@code
     * standard?komi=2.5}. The parameters' names and values are checked by the game ({@link
     * Game#checkSetup}), not here.
     *
     * @throws IllegalArgumentException when a parameter has no name or value, is not a number, or is
     *     given twice
     */
    public static GameSetup parse(int players, String variantNotation) {
        Objects.requireNonNull(variantNotation, "variant");
        int mark = variantNotation.indexOf(PARAMETERS);
        if (mark < 0) {
            return new GameSetup(players, variantNotation);
        }
        Map<String, Double> values = new TreeMap<>();
        for (String part : variantNotation.substring(mark + 1).split("&", -1)) {
            int equals = part.indexOf('=');
            String name = equals < 0 ? part.trim() : part.substring(0, equals).trim();
            if (equals < 0 || name.isEmpty()) {
                throw new IllegalArgumentException("'" + part + "' in '" + variantNotation + "' is not a parameter: "
                        + "write NAME=VALUE, e.g. standard?komi=2");
            }
            if (values.put(name, Parameter.parse(name, part.substring(equals + 1))) != null) {
                throw new IllegalArgumentException("parameter " + name + " is given twice in '" + variantNotation + "'");
            }
        }
        return new GameSetup(players, variantNotation.substring(0, mark).trim(), values);
    }

    /**
     * The variant's name with the parameters given, as results, replays and settings record it:
     * {@code standard} when none is given, {@code standard?komi=2.5} or {@code
     * standard?handicap=1&komi=2} (by name) otherwise.
     */
    public String variantNotation() {
        return variant + parameterNotation(parameters);
    }

    /**
     * The parameters' part of a variant's notation: empty for none, else {@code ?} and each {@code
     * NAME=VALUE} (by name, values as {@link Parameter#format} writes them) joined by {@code &}.
     */
    public static String parameterNotation(Map<String, Double> parameters) {
        if (parameters.isEmpty()) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        new TreeMap<>(parameters).forEach((name, value) -> parts.add(name + "=" + Parameter.format(value)));
        return PARAMETERS + String.join("&", parts);
    }

    /**
     * A parameter's value: the one given, or {@code otherwise} when it is not given.
     *
     * @param name the parameter's name
     * @param otherwise what to answer when the setup does not give it (usually its default)
     */
    public double parameter(String name, double otherwise) {
        Double value = parameters.get(name);
        return value == null ? otherwise : value;
    }

    /** This setup with one parameter given (replacing an earlier value). */
    public GameSetup withParameter(String name, double value) {
        Map<String, Double> values = new TreeMap<>(parameters);
        values.put(name, value);
        return new GameSetup(players, variant, values);
    }
}
