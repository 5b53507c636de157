package org.pyramidarena.arena.cli;

import org.pyramidarena.arena.common.ArenaVersion;
import picocli.CommandLine;

/** {@code arena --version}: the arena's version. */
final class VersionProvider implements CommandLine.IVersionProvider {

    @Override
    public String[] getVersion() {
        return new String[] {"Pyramid Arena " + ArenaVersion.version()};
    }
}
