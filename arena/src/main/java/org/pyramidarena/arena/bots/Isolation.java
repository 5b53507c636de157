package org.pyramidarena.arena.bots;

import java.util.Arrays;
import java.util.Locale;

/** How a bot JAR is run: in a JVM of its own, or in the referee's JVM in a class loader of its own. */
public enum Isolation {
    /** A JVM per bot, spoken to over the wire protocol; a hang or crash is contained. */
    PROCESS("process"),
    /** The referee's JVM, the bot's own class loader and thread; for trusted bots. */
    IN_PROCESS("in-process");

    private final String label;

    Isolation(String label) {
        this.label = label;
    }

    /** The name used on the command line. */
    public String label() {
        return label;
    }

    /**
     * Parses {@link #label()}.
     *
     * @throws IllegalArgumentException naming the choices
     */
    public static Isolation parse(String text) {
        return Arrays.stream(values()).filter(i -> i.label.equals(text.trim().toLowerCase(Locale.ROOT))).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown isolation '" + text
                        + "' (choose process or in-process)"));
    }
}
