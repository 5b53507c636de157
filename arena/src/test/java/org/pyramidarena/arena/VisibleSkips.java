package org.pyramidarena.arena;

import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * Prints every skipped test with its reason on standard error, where the build's log shows it:
 * a test that needs a tool this machine lacks (bubblewrap, Chromium, Python, PostgreSQL, Slurm)
 * skips visibly, never silently. Registered for every test class of the module through
 * {@code META-INF/services} and {@code junit-platform.properties}.
 */
public final class VisibleSkips implements TestWatcher {

    @Override
    public void testAborted(ExtensionContext context, Throwable cause) {
        System.err.println("SKIPPED " + context.getRequiredTestClass().getSimpleName() + " "
                + context.getDisplayName() + ": " + (cause == null ? "no reason given" : cause.getMessage()));
    }

    @Override
    public void testDisabled(ExtensionContext context, Optional<String> reason) {
        System.err.println("SKIPPED " + context.getRequiredTestClass().getSimpleName() + " "
                + context.getDisplayName() + ": " + reason.orElse("disabled"));
    }
}
