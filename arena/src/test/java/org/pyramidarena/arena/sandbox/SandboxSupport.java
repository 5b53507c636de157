package org.pyramidarena.arena.sandbox;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
}
