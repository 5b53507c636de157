package org.pyramidarena.api;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The values of a bot's {@link BotOption options} in one match: every option given on the command
 * line, checked against the bot's declaration, and every other declared option at its default.
 * Read them with the option itself, e.g. {@code context.options().integer(ITERATIONS)}: an option
 * not given reads as its default, so a bot also works with {@link #NONE} (in its own tests, say).
 */
public final class Options {

    /** No option given: every option reads as its default. */
    public static final Options NONE = new Options(Map.of(), Map.of());

    private final Map<String, Object> values;
    private final Map<String, Object> given;

    private Options(Map<String, Object> values, Map<String, Object> given) {
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        this.given = Collections.unmodifiableMap(new LinkedHashMap<>(given));
    }

    /**
     * The options of a bot from what was given for it.
     *
     * @param bot the bot's name, for messages
     * @param declared the options the bot declares
     * @param given option names to values as text, as the user wrote them
     * @throws IllegalArgumentException with one line for an option the bot does not declare or a
     *     value the option does not take
     */
    public static Options resolve(String bot, List<BotOption> declared, Map<String, String> given) {
        Map<String, BotOption> byName = new LinkedHashMap<>();
        declared.forEach(option -> byName.put(option.name(), option));
        for (String name : given.keySet()) {
            if (!byName.containsKey(name)) {
                throw new IllegalArgumentException(declared.isEmpty()
                        ? bot + " has no options, so '" + name + "' cannot be set"
                        : bot + " has no option '" + name + "' (its options: " + String.join(", ", byName.keySet())
                        + ")");
            }
        }
        Map<String, Object> values = new LinkedHashMap<>();
        Map<String, Object> chosen = new LinkedHashMap<>();
        for (BotOption option : byName.values()) {
            String text = given.get(option.name());
            if (text != null) {
                Object value;
                try {
                    value = option.parse(text);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(bot + ": " + e.getMessage(), e);
                }
                values.put(option.name(), value);
                chosen.put(option.name(), value);
            } else if (option.defaultValue() != null) {
                values.put(option.name(), option.parse(option.defaultValue()));
            }
        }
        return new Options(values, chosen);
    }

    /** Whether the option has a value: given, or declared with a default. */
    public boolean has(BotOption option) {
        return values.containsKey(option.name());
    }

    /** An {@link BotOption.Type#INTEGER} option's value (given, or its default). */
    public int integer(BotOption option) {
        return (Integer) value(option, BotOption.Type.INTEGER);
    }

    /** A {@link BotOption.Type#DECIMAL} option's value (given, or its default). */
    public double decimal(BotOption option) {
        return (Double) value(option, BotOption.Type.DECIMAL);
    }

    /** A {@link BotOption.Type#BOOLEAN} option's value (given, or its default). */
    public boolean flag(BotOption option) {
        return (Boolean) value(option, BotOption.Type.BOOLEAN);
    }

    /** A {@link BotOption.Type#CHOICE} option's value (given, or its default). */
    public String choice(BotOption option) {
        return (String) value(option, BotOption.Type.CHOICE);
    }

    private Object value(BotOption option, BotOption.Type type) {
        if (option.type() != type) {
            throw new IllegalArgumentException("option " + option.name() + " is " + option.type().label()
                    + ", not " + type.label());
        }
        Object value = values.get(option.name());
        if (value == null) {
            if (option.defaultValue() == null) {
                throw new IllegalStateException("option " + option.name() + " has no value and no default: "
                        + "ask has() first");
            }
            return option.parse(option.defaultValue());
        }
        return value;
    }

    /**
     * Every value, given or default, by option name in declaration order: {@link Integer}, {@link
     * Double}, {@link Boolean} or {@link String}.
     */
    public Map<String, Object> values() {
        return values;
    }

    /** Only the values given for this bot, by option name in declaration order. */
    public Map<String, Object> given() {
        return given;
    }

    /**
     * The values given, as a {@code --bot} value writes them: {@code iterations=800&exploration=0.5}
     * (in declaration order; empty when none was given).
     */
    public String notation() {
        List<String> parts = new ArrayList<>();
        given.forEach((name, value) -> parts.add(name + "=" + value));
        return String.join("&", parts);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Options that && values.equals(that.values) && given.equals(that.given);
    }

    @Override
    public int hashCode() {
        return Objects.hash(values, given);
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
