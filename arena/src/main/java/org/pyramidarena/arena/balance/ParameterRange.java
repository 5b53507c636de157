package org.pyramidarena.arena.balance;

import java.util.ArrayList;
import java.util.List;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.Parameter;

/**
 * The values of a design parameter a study plays: {@code NAME=FROM..TO[:STEP]} for a sweep, or
 * {@code NAME} (the parameter's whole range) or {@code NAME=FROM..TO[:STEP]} for a search for its fair
 * value. The step is the parameter's own ({@link Parameter#step()}) unless given.
 *
 * @param name the parameter's name
 * @param from the first value
 * @param to the last value, at least {@code from}
 * @param step the distance between values, or null for the parameter's own
 */
public record ParameterRange(String name, Double from, Double to, Double step) {

    /** The most values a range may hold. */
    public static final int MOST_VALUES = 201;

    /**
     * Reads {@code NAME}, {@code NAME=FROM..TO} or {@code NAME=FROM..TO:STEP}.
     *
     * @param rangeRequired whether {@code NAME} alone is refused (a sweep names its values)
     * @throws IllegalArgumentException with one line saying what was expected
     */
    public static ParameterRange parse(String text, boolean rangeRequired) {
        String form = rangeRequired ? "NAME=FROM..TO[:STEP], e.g. komi=-4..4:0.5" : "NAME or NAME=FROM..TO[:STEP], "
                + "e.g. komi or komi=-4..4";
        int equals = text.indexOf('=');
        if (equals < 0) {
            if (rangeRequired || text.isBlank()) {
                throw new IllegalArgumentException("'" + text + "' is not a parameter range: write " + form);
            }
            return new ParameterRange(text.trim(), null, null, null);
        }
        String name = text.substring(0, equals).trim();
        String range = text.substring(equals + 1).trim();
        String stepText = null;
        int colon = range.indexOf(':');
        if (colon >= 0) {
            stepText = range.substring(colon + 1);
            range = range.substring(0, colon);
        }
        int dots = range.indexOf("..", 1);
        if (name.isEmpty() || dots < 0) {
            throw new IllegalArgumentException("'" + text + "' is not a parameter range: write " + form);
        }
        double from = Parameter.parse(name, range.substring(0, dots));
        double to = Parameter.parse(name, range.substring(dots + 2));
        Double step = stepText == null ? null : Parameter.parse(name, stepText);
        if (to < from || step != null && !(step > 0)) {
            throw new IllegalArgumentException("'" + text + "': the range runs from the smaller value to the larger, "
                    + "with a positive step");
        }
        return new ParameterRange(name, from, to, step);
    }

    /** As written: {@code NAME=FROM..TO[:STEP]}, or {@code NAME} alone. */
    public String notation() {
        if (from == null) {
            return name;
        }
        return name + "=" + Parameter.format(from) + ".." + Parameter.format(to)
                + (step == null ? "" : ":" + Parameter.format(step));
    }

    /**
     * The values in a game: from {@code FROM} (or the parameter's smallest) by the step up to {@code
     * TO} (or its largest), each checked against the parameter.
     *
     * @throws IllegalArgumentException naming the parameter when the game has none of that name, a
     *     value is outside its range, or there are fewer than 2 or more than {@link #MOST_VALUES} values
     */
    public List<Double> values(Game game) {
        Parameter parameter = game.parameter(name);
        double first = from == null ? parameter.minimum() : from;
        double last = to == null ? parameter.maximum() : to;
        double by = step == null ? parameter.step() : step;
        long count = (long) Math.floor((last - first) / by + 1e-9) + 1;
        if (count < 2 || count > MOST_VALUES) {
            throw new IllegalArgumentException(notation() + " holds " + count + " values of " + name + "; a study "
                    + "plays 2 to " + MOST_VALUES);
        }
        List<Double> values = new ArrayList<>();
        for (long k = 0; k < count; k++) {
            // Rounded to the step's decimals, so that 0.1 steps give 0.3, not 0.30000000000000004.
            double value = new java.math.BigDecimal(Parameter.format(first))
                    .add(new java.math.BigDecimal(Parameter.format(by)).multiply(java.math.BigDecimal.valueOf(k)))
                    .doubleValue();
            parameter.check(value);
            values.add(value);
        }
        return values;
    }
}
