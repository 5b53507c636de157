package org.pyramidarena.tournaments;

/**
 * How a match, or one seat's part in it, ended. Recorded with every result so faults can be told
 * from games played out (cutechess's result types).
 */
public enum TerminationReason {
    /** Played to the end under the rules (including a game's own move caps and repetition draws). */
    NORMAL,
    /** The seat did not answer within its clock. */
    TIMEOUT,
    /** The seat's process died or exited. */
    CRASH,
    /** The seat's code threw an exception. */
    EXCEPTION,
    /** The seat returned a move the rules do not allow. */
    ILLEGAL_MOVE,
    /** The seat's reply was empty or not a move at all. */
    MALFORMED_REPLY,
    /** The seat wrote more output than it is allowed. */
    OUTPUT_FLOOD,
    /** The connection to the seat was lost. */
    DISCONNECTED,
    /** The seat wrote when no answer was due: a line before its turn, or a second answer. */
    PROTOCOL_VIOLATION,
    /** The seat's processes went past the sandbox's memory cap (heap and off-heap together). */
    MEMORY,
    /** The referee stopped the match at its own action cap. */
    ACTION_LIMIT;

    private final String label = name().toLowerCase(java.util.Locale.ROOT);

    /** The lower-case name used in result files, e.g. {@code illegal_move}. */
    public String label() {
        return label; // made once: every row of results.csv names one
    }

    /** Parses {@link #label()} (any case). */
    public static TerminationReason fromLabel(String label) {
        return valueOf(label.trim().toUpperCase(java.util.Locale.ROOT));
    }

    /** True for the reasons that are a seat's fault. */
    public boolean isFault() {
        return this != NORMAL && this != ACTION_LIMIT;
    }
}
