package org.pyramidarena.arena.sandbox;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The tests' way to a bubblewrap sandbox: skipped, with the reason on standard error, where it cannot run. */
public final class SandboxSupport {

    private SandboxSupport() {
    }

    /** A bubblewrap sandbox with these limits, or the calling tests skipped with the reason printed. */
    public static Sandbox bwrapOrSkip(Sandbox.Limits limits) {
        try {
            return Sandbox.resolve(SandboxMode.BWRAP, limits, false, line -> { });
        } catch (IllegalArgumentException e) {
            System.err.println("SKIPPED (sandbox tests): " + e.getMessage()
                    + "; install Debian's bubblewrap package to run them (.ci/run does)");
            assumeTrue(false, e.getMessage());
            throw e;
        }
    }

    /**
     * The cages of this JVM's referee in a sandbox's cgroups: the groups in its folders but the
     * freezer's keeper; none for the fallback.
     */
    public static List<Path> cages(Sandbox sandbox) {
        List<Path> cages = new ArrayList<>();
        if (sandbox.cgroups() == null) {
            return cages;
        }
        for (Path folder : sandbox.cgroups().folders()) {
            try (Stream<Path> groups = Files.list(folder)) {
                groups.filter(Files::isDirectory).filter(g -> !g.getFileName().toString().equals("keep"))
                        .forEach(cages::add);
            } catch (IOException e) {
                // Gone: no cage there.
            }
        }
        return cages;
    }
}
