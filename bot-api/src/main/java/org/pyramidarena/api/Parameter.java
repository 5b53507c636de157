package org.pyramidarena.api;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * A numeric design parameter of a game, such as a komi or a handicap: a number a designer tunes to
 * make the game fairer. A game declares its parameters in {@link Game#parameters()}; a setup gives
 * values for some of them ({@link GameSetup#parameters()}, written {@code standard?komi=2.5} after
 * the variant's name), and the rules enforce a parameter only when it is given: a setup giving none
 * plays exactly the game's rules.
 *
 * @param name lower-case letters, digits and '-', starting with a letter
 * @param description one sentence: what the value changes, in which unit, and whom a larger value
 *     favours
 * @param minimum the smallest value accepted
 * @param maximum the largest value accepted, at least {@code minimum}
 * @param defaultValue what the rules play when the parameter is not given, within the range
 * @param whole true when only whole numbers are accepted
 * @param step the natural step between two values worth telling apart (half a point of komi, one
 *     sphere), the default step of a sweep and the resolution of a search for a fair value; positive
 */
public record Parameter(String name, String description, double minimum, double maximum, double defaultValue,
                        boolean whole, double step) {

    public Parameter {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        if (!name.matches("[a-z][a-z0-9-]*")) {
            throw new IllegalArgumentException("'" + name + "' is not a parameter name: lower-case letters, digits "
                    + "and '-', starting with a letter");
        }
        if (!(minimum <= maximum) || !(minimum <= defaultValue && defaultValue <= maximum)) {
            throw new IllegalArgumentException("parameter " + name + ": the default " + defaultValue
                    + " must lie in " + minimum + " .. " + maximum);
        }
        if (!(step > 0) || whole && step != Math.rint(step)) {
            throw new IllegalArgumentException("parameter " + name + ": the step must be positive (and whole for a "
                    + "whole-numbered parameter), not " + step);
        }
    }

    /**
     * Checks a value against the range and, for a whole-numbered parameter, its wholeness.
     *
     * @throws IllegalArgumentException with one line naming the parameter, the value and what is accepted
     */
    public void check(double value) {
        if (!Double.isFinite(value) || value < minimum || value > maximum || whole && value != Math.rint(value)) {
            throw new IllegalArgumentException("parameter " + name + " takes " + (whole ? "a whole number" : "a number")
                    + " from " + format(minimum) + " to " + format(maximum) + ", not " + format(value));
        }
    }

    /**
     * A value as setups write it: the shortest plain decimal, no exponent and no trailing zeros
     * ({@code 2}, {@code 2.5}, {@code -0.25}); {@code NaN} and infinities as Java writes them.
     */
    public static String format(double value) {
        if (!Double.isFinite(value)) {
            return Double.toString(value);
        }
        if (value == 0) {
            return "0";
        }
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }

    /**
     * Reads a value as {@link #format} writes it: a plain decimal with an optional sign.
     *
     * @param name the parameter's name, for the message
     * @throws IllegalArgumentException when the text is not a plain decimal
     */
    public static double parse(String name, String text) {
        String number = text.trim();
        if (!number.matches("[-+]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)")) {
            throw new IllegalArgumentException("parameter " + name + ": '" + text + "' is not a number");
        }
        return Double.parseDouble(number);
    }
}
