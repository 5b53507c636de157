package org.pyramidarena.arena.cli;

import picocli.CommandLine;

/** The arena's version, from its JAR manifest when packaged. */
public final class ArenaVersion implements CommandLine.IVersionProvider {

    /** The version string, e.g. {@code 0.1.0-SNAPSHOT}, or {@code dev} outside a packaged JAR. */
    public static String version() {
        String v = ArenaVersion.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    @Override
    public String[] getVersion() {
        return new String[] {"Pyramid Arena " + version()};
    }
}
