package org.pyramidarena.arena.sandbox;

import java.util.Arrays;
import java.util.Locale;

/** The {@code --sandbox} choices: how bot processes are confined. */
public enum SandboxMode {
    /** Bubblewrap when this machine can run it, otherwise none (with a warning). */
    AUTO("auto"),
    /** Bubblewrap, and refuse to start where it cannot run. */
    BWRAP("bwrap"),
    /** No sandbox: bot processes run as the referee's user with everything it has. */
    NONE("none");

    private final String label;

    SandboxMode(String label) {
        this.label = label;
    }

    /** The name used on the command line and in settings files. */
    public String label() {
        return label;
    }

    /**
     * Parses {@link #label()}.
     *
     * @throws IllegalArgumentException naming the choices
     */
    public static SandboxMode parse(String text) {
        return Arrays.stream(values()).filter(m -> m.label.equals(text.trim().toLowerCase(Locale.ROOT))).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown sandbox '" + text
                        + "' (choose auto, bwrap or none)"));
    }
}
