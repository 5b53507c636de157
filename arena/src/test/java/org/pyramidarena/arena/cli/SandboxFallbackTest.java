package org.pyramidarena.arena.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.bots.TestJars;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.bots.RandomBot;

/**
 * A machine without bubblewrap, as a newcomer's machine with only a JDK is (issue 37): the
 * {@code auto} sandbox's warning comes when a bot process is about to start without a sandbox,
 * once, and never before a one-line input error or in a run of built-in bots alone. Bubblewrap is
 * hidden from the arena by pointing {@link Sandbox#BWRAP_PROPERTY} at nothing, so these tests run
 * the same with or without it installed.
 */
class SandboxFallbackTest {

    private static final String WARNING = "warning: no sandbox (";

    @TempDir
    Path dir;

    @BeforeEach
    void hideBubblewrap() {
        System.setProperty(Sandbox.BWRAP_PROPERTY, dir.resolve("no-bwrap-here").toString());
    }

    @AfterEach
    void showBubblewrap() {
        System.clearProperty(Sandbox.BWRAP_PROPERTY);
    }

    @Test
    void badInputIsOneLineWhereNoSandboxCanRun() throws Exception {
        Path plain = TestJars.jar(dir.resolve("plain.jar"), List.of(), List.of(RandomBot.class));
        for (String[] args : List.of(
                new String[] {"match", "--game", "pylon", "--bot", plain.toString(), "--bot", "random"},
                new String[] {"match", "--game", "no-such-game", "--bot", "random", "--bot", "random"},
                new String[] {"tournament", "--games", "pylon", "--bot", "random," + plain, "--out",
                        dir.resolve("t").toString()},
                new String[] {"sprt", "--game", "pylon", "--candidate", plain.toString(), "--baseline", "random"})) {
            CliRun run = CliRun.of(args);
            assertEquals(2, run.status(), String.join(" ", args) + ": " + run.err());
            assertEquals(1, run.err().strip().lines().count(), String.join(" ", args) + ": " + run.err());
            assertFalse(run.err().contains(WARNING), run.err());
        }
    }

    @Test
    void builtInBotsAloneAreNotWarnedOfASandboxTheyNeverNeed() {
        CliRun run = CliRun.of("match", "--game", "pylon", "--bot", "random", "--bot", "random", "--quiet");
        assertEquals(0, run.status(), run.err());
        assertFalse(run.err().contains(WARNING), run.err());
    }

    @Test
    void theFallbackIsWarnedOnceWhenTheFirstBotProcessStarts() throws Exception {
        String jar = TestJars.botJar(dir.resolve("random-bot.jar"), RandomBot.class).toString();
        CliRun run = CliRun.of("match", "--game", "pylon", "--bot", jar, "--bot", jar, "--quiet");
        assertEquals(0, run.status(), run.err());
        List<String> warnings = run.err().lines().filter(line -> line.startsWith(WARNING)).toList();
        assertEquals(1, warnings.size(), run.err());
        assertTrue(warnings.get(0).contains("bubblewrap is not at "), warnings.get(0));
        assertTrue(run.out().contains("outcome:"), run.out());
    }

    @Test
    void bwrapAskedForWhereItCannotRunIsRefusedInOneLine() {
        CliRun run = CliRun.of("match", "--game", "pylon", "--bot", "random", "--bot", "random", "--sandbox", "bwrap");
        assertEquals(2, run.status(), run.err());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertTrue(run.err().contains("--sandbox bwrap: bubblewrap is not at "), run.err());
    }
}
