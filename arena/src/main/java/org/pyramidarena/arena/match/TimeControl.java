package org.pyramidarena.arena.match;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The clock rules of a match, the same for every seat.
 *
 * @param moveMillis the time each move may take before the bank is touched, in milliseconds
 * @param bankMillis each seat's time bank at the start, in milliseconds (0 for none): time a move
 *     takes beyond its limit is taken from it; a move exceeding limit plus bank forfeits
 * @param firstMoveMillis extra time for each seat's first move, for start-up, in milliseconds
 */
public record TimeControl(long moveMillis, long bankMillis, long firstMoveMillis) {

    /** One second a move, no bank, two extra seconds for start-up. */
    public static final TimeControl DEFAULT = new TimeControl(1000, 0, 2000);

    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m)?");

    public TimeControl {
        if (moveMillis <= 0) {
            throw new IllegalArgumentException("the move time must be positive");
        }
        if (bankMillis < 0 || firstMoveMillis < 0) {
            throw new IllegalArgumentException("bank and first-move allowance are never negative");
        }
    }

    /**
     * Parses a duration: a number followed by {@code ms}, {@code s} or {@code m}, e.g. {@code 200ms},
     * {@code 1.5s}, {@code 2m}; a bare number is milliseconds.
     *
     * @throws IllegalArgumentException naming the text when it is not a duration
     */
    public static long parseMillis(String text) {
        Matcher m = DURATION.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a duration (e.g. 200ms, 2s, 1m)");
        }
        double value = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "ms" : m.group(2);
        double millis = switch (unit) {
            case "s" -> value * 1000;
            case "m" -> value * 60_000;
            default -> value;
        };
        return Math.round(millis);
    }

    /** The notation used in replays and settings files, e.g. {@code 200ms+10000ms bank, first 2000ms}. */
    public String describe() {
        return moveMillis + "ms/move, bank " + bankMillis + "ms, first move +" + firstMoveMillis + "ms";
    }
}
