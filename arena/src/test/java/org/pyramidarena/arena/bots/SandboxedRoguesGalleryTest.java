package org.pyramidarena.arena.bots;

import org.junit.jupiter.api.BeforeAll;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.sandbox.SandboxSupport;

/**
 * The rogues' gallery with every bot process in bubblewrap ({@code --sandbox bwrap}); skipped, with
 * the reason printed, where bubblewrap cannot run.
 */
class SandboxedRoguesGalleryTest extends RoguesGallery {

    private static Sandbox sandbox;

    @BeforeAll
    static void bubblewrapRunsHere() {
        sandbox = SandboxSupport.bwrapOrSkip(Sandbox.Limits.DEFAULT.withMemory(Sandbox.parseSize("128m")));
    }

    @Override
    Sandbox sandbox() {
        return sandbox;
    }

    @Override
    String sandboxOption() {
        return "bwrap";
    }

    @Override
    String memoryOption() {
        // A sandboxed JVM's memory cap counts the whole JVM, not only its heap.
        return "128m";
    }

    /**
     * A bot that closes its standard output without exiting is timed out rather than disconnected:
     * bubblewrap's monitor, outside the bot's namespace, holds the pipe open.
     */
    @Override
    String expectedReason(String rogue, String reason) {
        return rogue.equals("Hangup") ? "timeout" : reason;
    }
}
