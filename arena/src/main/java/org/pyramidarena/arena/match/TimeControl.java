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
 * @param clock which time is counted against those limits: {@link ClockKind#WALL} (real time) or
 *     {@link ClockKind#CPU} (the processor time the bot uses); null reads as wall, the clock of
 *     replays written before the arena had a choice
 * @param wallGuard under a CPU clock, how much real time a move may take at most, so that a bot
 *     that sleeps or blocks still forfeits; null reads as {@link WallGuard#DEFAULT}
 */
public record TimeControl(long moveMillis, long bankMillis, long firstMoveMillis, ClockKind clock,
                          WallGuard wallGuard) {

    /** One second a move, no bank, two extra seconds for start-up, wall clock. */
    public static final TimeControl DEFAULT = new TimeControl(1000, 0, 2000);

    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m)?");

    public TimeControl {
        if (moveMillis <= 0) {
            throw new IllegalArgumentException("the move time must be positive");
        }
        if (bankMillis < 0 || firstMoveMillis < 0) {
            throw new IllegalArgumentException("bank and first-move allowance are never negative");
        }
        clock = clock == null ? ClockKind.WALL : clock;
        wallGuard = wallGuard == null ? WallGuard.DEFAULT : wallGuard;
    }

    /** A wall clock. */
    public TimeControl(long moveMillis, long bankMillis, long firstMoveMillis) {
        this(moveMillis, bankMillis, firstMoveMillis, ClockKind.WALL, WallGuard.DEFAULT);
    }

    /** These rules on another clock. */
    public TimeControl on(ClockKind kind, WallGuard guard) {
        return new TimeControl(moveMillis, bankMillis, firstMoveMillis, kind, guard);
    }

    /** True under a CPU clock. */
    public boolean cpu() {
        return clock == ClockKind.CPU;
    }

    /**
     * The most real time the referee waits for a move whose limit (move time and bank) is {@code
     * totalMillis}: the limit itself under a wall clock, the guard's bound under a CPU clock.
     */
    public long wallLimitMillis(long totalMillis) {
        return cpu() ? wallGuard.limitMillis(totalMillis) : totalMillis;
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

    /** The notation used in headers and settings files, e.g. {@code 200ms/move cpu, bank 0ms, first move +2000ms, wall guard 3x+1000ms}. */
    public String describe() {
        return moveMillis + "ms/move " + clock.label() + ", bank " + bankMillis + "ms, first move +" + firstMoveMillis
                + "ms" + (cpu() ? ", wall guard " + wallGuard.describe() : "");
    }

    /** The clock a time control counts. */
    public enum ClockKind {
        /** Real time, from asking to answering. */
        WALL("wall"),
        /** Processor time the bot uses while asked: its process tree's, or its thinking thread's. */
        CPU("cpu");

        private final String label;

        ClockKind(String label) {
            this.label = label;
        }

        /** {@code wall} or {@code cpu}, as on the command line. */
        public String label() {
            return label;
        }

        /**
         * Parses {@link #label()}.
         *
         * @throws IllegalArgumentException naming the choices
         */
        public static ClockKind parse(String text) {
            for (ClockKind kind : values()) {
                if (kind.label.equals(text.trim().toLowerCase(Locale.ROOT))) {
                    return kind;
                }
            }
            throw new IllegalArgumentException("unknown clock '" + text + "' (cpu or wall)");
        }
    }

    /**
     * The real-time bound on a move under a CPU clock: {@code factor} times the move's limit plus
     * {@code marginMillis}. A bot computing flat out on one core uses its CPU limit in about the
     * limit's real time, and on a machine shared with other work in a few times that; a bot that
     * sleeps or waits on something uses no CPU at all and is stopped by this bound.
     *
     * @param factor the multiple of the limit, at least 1
     * @param marginMillis the margin added, in milliseconds, never negative
     */
    public record WallGuard(double factor, long marginMillis) {

        /** Three times the limit plus one second. */
        public static final WallGuard DEFAULT = new WallGuard(3, 1000);

        private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)x(?:\\+(.+))?");

        public WallGuard {
            if (!(factor >= 1) || Double.isInfinite(factor) || marginMillis < 0) {
                throw new IllegalArgumentException("a wall guard's factor is at least 1 and its margin never negative");
            }
        }

        /**
         * Parses {@code FACTORx} or {@code FACTORx+DURATION}, e.g. {@code 3x+1s}, {@code 2x}, {@code 1.5x+500ms}.
         *
         * @throws IllegalArgumentException naming the text when it is not one
         */
        public static WallGuard parse(String text) {
            Matcher m = FORM.matcher(text.trim().toLowerCase(Locale.ROOT));
            if (!m.matches()) {
                throw new IllegalArgumentException("'" + text + "' is not a wall guard (e.g. 3x+1s: three times the "
                        + "move's limit plus a second)");
            }
            double factor = Double.parseDouble(m.group(1));
            if (factor < 1) {
                throw new IllegalArgumentException("'" + text + "': the wall guard's factor is at least 1");
            }
            return new WallGuard(factor, m.group(2) == null ? 0 : parseMillis(m.group(2)));
        }

        /** The bound for a move whose limit is {@code totalMillis}. */
        public long limitMillis(long totalMillis) {
            return (long) Math.ceil(factor * totalMillis) + marginMillis;
        }

        /** The notation {@link #parse} reads, e.g. {@code 3x+1000ms}. */
        public String describe() {
            String f = factor == Math.rint(factor) ? Long.toString((long) factor) : Double.toString(factor);
            return f + "x" + (marginMillis > 0 ? "+" + marginMillis + "ms" : "");
        }
    }
}
