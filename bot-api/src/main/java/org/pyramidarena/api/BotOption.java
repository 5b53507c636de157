package org.pyramidarena.api;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One setting a bot can be given from the command line, such as its search budget: declared by
 * {@link Bot#options()} (or the {@code options} of a process bot's {@code hello}), set with
 * {@code --bot "mcts?iterations=800&exploration=0.5"}, and read in {@link MatchContext#options()}.
 *
 * <p>Values are checked by the referee before anything is played, so a bot reads only values its
 * declaration allows. Make options with {@link #integer}, {@link #decimal}, {@link #flag} and
 * {@link #choice}.
 *
 * @param name the option's name: lower-case letters, digits and '-', starting with a letter, at
 *     most 32 characters
 * @param type what its values are
 * @param defaultValue the value when none is given, as text; null when the bot decides by itself
 *     (its help should say how, e.g. "default: the game's own")
 * @param min the smallest value of a number, or null for no bound
 * @param max the largest value of a number, or null for no bound
 * @param choices the values of a {@link Type#CHOICE}, empty for the other types
 * @param help one line saying what the option does
 */
public record BotOption(String name, Type type, String defaultValue, Double min, Double max, List<String> choices,
                        String help) {

    /** The kinds of value an option takes. */
    public enum Type {
        /** A whole number ({@code int}). */
        INTEGER,
        /** A decimal number ({@code double}). */
        DECIMAL,
        /** {@code true} or {@code false}. */
        BOOLEAN,
        /** One of a list of words. */
        CHOICE;

        /** The type's name in listings and in the wire protocol: {@code integer}, {@code decimal}, ... */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /**
         * The type of a label.
         *
         * @throws IllegalArgumentException for no type's label
         */
        public static Type parse(String label) {
            for (Type type : values()) {
                if (type.label().equals(label)) {
                    return type;
                }
            }
            throw new IllegalArgumentException("'" + label + "' is not an option type (integer, decimal, boolean "
                    + "or choice)");
        }
    }

    /** The longest option name. */
    public static final int MAX_NAME = 32;

    public BotOption {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        choices = choices == null ? List.of() : List.copyOf(choices);
        help = help == null ? "" : help;
        if (!validName(name)) {
            throw new IllegalArgumentException("'" + name + "' is not an option name: lower-case letters, digits "
                    + "and '-', starting with a letter, at most " + MAX_NAME + " characters");
        }
        if ((min != null || max != null) && type != Type.INTEGER && type != Type.DECIMAL) {
            throw new IllegalArgumentException("option " + name + ": only numbers have bounds");
        }
        if (min != null && max != null && min > max) {
            throw new IllegalArgumentException("option " + name + ": its smallest value is above its largest");
        }
        if (type == Type.CHOICE) {
            if (choices.isEmpty()) {
                throw new IllegalArgumentException("option " + name + ": a choice needs its choices");
            }
            for (String choice : choices) {
                if (!validName(choice)) {
                    throw new IllegalArgumentException("option " + name + ": '" + choice + "' is not a choice: "
                            + "lower-case letters, digits and '-', starting with a letter");
                }
            }
        } else if (!choices.isEmpty()) {
            throw new IllegalArgumentException("option " + name + ": only a choice has choices");
        }
        if (defaultValue != null) {
            parse(name, type, min, max, choices, defaultValue);
        }
    }

    /** Whether a text is a valid option name (and a valid choice). */
    public static boolean validName(String text) {
        return text != null && text.length() <= MAX_NAME && text.matches("[a-z][a-z0-9-]*");
    }

    /** A whole-number option from {@code min} to {@code max}. */
    public static BotOption integer(String name, Integer defaultValue, int min, int max, String help) {
        return new BotOption(name, Type.INTEGER, defaultValue == null ? null : defaultValue.toString(),
                (double) min, (double) max, List.of(), help);
    }

    /** A decimal option from {@code min} to {@code max}. */
    public static BotOption decimal(String name, Double defaultValue, double min, double max, String help) {
        return new BotOption(name, Type.DECIMAL, defaultValue == null ? null : defaultValue.toString(), min, max,
                List.of(), help);
    }

    /** A {@code true}/{@code false} option. */
    public static BotOption flag(String name, boolean defaultValue, String help) {
        return new BotOption(name, Type.BOOLEAN, Boolean.toString(defaultValue), null, null, List.of(), help);
    }

    /** An option that takes one of some words. */
    public static BotOption choice(String name, String defaultValue, List<String> choices, String help) {
        return new BotOption(name, Type.CHOICE, defaultValue, null, null, choices, help);
    }

    /**
     * A value of this option from its text: an {@link Integer}, {@link Double}, {@link Boolean} or
     * {@link String} by the option's type.
     *
     * @throws IllegalArgumentException with one line saying what the option takes
     */
    public Object parse(String text) {
        return parse(name, type, min, max, choices, text);
    }

    private static Object parse(String name, Type type, Double min, Double max, List<String> choices, String text) {
        Objects.requireNonNull(text, "text");
        Object value;
        try {
            value = switch (type) {
                case INTEGER -> Integer.valueOf(text.strip());
                case DECIMAL -> {
                    double number = Double.parseDouble(text.strip());
                    if (!Double.isFinite(number)) {
                        throw new NumberFormatException();
                    }
                    yield number;
                }
                case BOOLEAN -> switch (text.strip()) {
                    case "true" -> Boolean.TRUE;
                    case "false" -> Boolean.FALSE;
                    default -> throw new NumberFormatException();
                };
                case CHOICE -> {
                    if (!choices.contains(text.strip())) {
                        throw new NumberFormatException();
                    }
                    yield text.strip();
                }
            };
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " takes " + takes(type, min, max, choices) + ", not '"
                    + text + "'");
        }
        if (value instanceof Number number && (min != null && number.doubleValue() < min
                || max != null && number.doubleValue() > max)) {
            throw new IllegalArgumentException(name + " takes " + takes(type, min, max, choices) + ", not '"
                    + text + "'");
        }
        return value;
    }

    /** What the option takes, e.g. {@code "a whole number from 1 to 100000"}, {@code "one of uct, puct"}. */
    public String takes() {
        return takes(type, min, max, choices);
    }

    private static String takes(Type type, Double min, Double max, List<String> choices) {
        return switch (type) {
            case INTEGER -> "a whole number" + range(min, max, true);
            case DECIMAL -> "a decimal number" + range(min, max, false);
            case BOOLEAN -> "true or false";
            case CHOICE -> "one of " + String.join(", ", choices);
        };
    }

    private static String range(Double min, Double max, boolean whole) {
        if (min == null && max == null) {
            return "";
        }
        if (max == null) {
            return " of at least " + number(min, whole);
        }
        if (min == null) {
            return " of at most " + number(max, whole);
        }
        return " from " + number(min, whole) + " to " + number(max, whole);
    }

    private static String number(double value, boolean whole) {
        return whole || value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value)
                : Double.toString(value);
    }

    /**
     * The option in one line, for listings: its name, {@code =} and its default (when it has one),
     * what it takes and its help, as in {@code "nodes=80000  a whole number from 1 to 2147483647:
     * nodes searched a move"}.
     */
    public String describe() {
        return name + (defaultValue == null ? "" : "=" + defaultValue) + "  " + takes()
                + (help.isEmpty() ? "" : ": " + help);
    }
}
