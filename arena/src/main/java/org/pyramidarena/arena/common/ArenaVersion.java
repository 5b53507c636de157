package org.pyramidarena.arena.common;

/** The arena's version, from its JAR manifest when packaged. */
public final class ArenaVersion {

    private ArenaVersion() {
    }

    /** The version string, e.g. {@code 0.1.0-SNAPSHOT}, or {@code dev} outside a packaged JAR. */
    public static String version() {
        String v = ArenaVersion.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
