package org.pyramidarena.arena.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.bots.TestJars;
import org.pyramidarena.bots.GreedyBot;
import org.pyramidarena.bots.RandomBot;

/**
 * The CI gate of docs/regression-testing.md, {@code sample-bots/starter/ci/sprt-gate.sh}, run as a
 * bot author's CI job would run it, against two bot JARs built here: a better build passes, a worse
 * one fails, bad input is refused.
 */
class SprtGateTest {

    private static final Path SCRIPT = Path.of("..", "sample-bots", "starter", "ci", "sprt-gate.sh");

    @TempDir
    Path dir;

    /** What the script printed and its exit status. */
    private record Gate(int status, String output) {
    }

    /** The arena as this build has it: the test's own class path (arena.sh would build the arena first). */
    private static String arena(String... javaOptions) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return String.join(" ", java, String.join(" ", javaOptions), "-cp", System.getProperty("java.class.path"),
                "org.pyramidarena.arena.cli.ArenaCommand");
    }

    private Gate gate(String gateKind, String... args) throws IOException, InterruptedException {
        return gateOn(arena(), gateKind, args);
    }

    private Gate gateOn(String arena, String gateKind, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", SCRIPT.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("ARENA", arena);
        if (gateKind != null) {
            builder.environment().put("GATE", gateKind);
        }
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(5, TimeUnit.MINUTES), "the gate finished");
        return new Gate(process.exitValue(), output);
    }

    @Test
    void aBetterBuildPassesAndAWorseOneFails() throws Exception {
        Path better = TestJars.botJar(dir.resolve("new.jar"), GreedyBot.class, org.pyramidarena.bots.search.AlphaBeta.class);
        Path worse = TestJars.botJar(dir.resolve("released.jar"), RandomBot.class);
        String[] options = {"--sandbox", "none", "--time", "1s", "--concurrency", "2", "--max-games", "4000"};

        Gate passed = gate(null, concat(new String[] {better.toString(), worse.toString(), "pylon"}, options));
        assertEquals(0, passed.status(), passed.output());
        assertTrue(passed.output().contains("H1 accepted") && passed.output().contains("sprt-gate: PASSED"),
                passed.output());

        Gate failed = gate("non-regression", concat(new String[] {worse.toString(), better.toString(), "pylon"},
                options));
        assertEquals(1, failed.status(), failed.output());
        assertTrue(failed.output().contains("H0 accepted") && failed.output().contains("sprt-gate: FAILED"),
                failed.output());
    }

    @Test
    void badInputIsRefused() throws Exception {
        Gate missing = gate(null, "new.jar");
        assertEquals(2, missing.status(), missing.output());
        assertTrue(missing.output().startsWith("usage: "), missing.output());
        Gate unknown = gate("sometimes", "a.jar", "b.jar", "pylon");
        assertEquals(2, unknown.status(), unknown.output());
        Gate noJar = gate(null, dir.resolve("nope.jar").toString(), "random", "pylon", "--sandbox", "none");
        assertEquals(2, noJar.status(), noJar.output());
    }

    /**
     * A run that fails is an error of the gate (status 4), never a rejection of the change (1): not
     * when the arena fails in the middle of the test (its status 4), and not when the JVM does not
     * even start, whose status 1 is sprt's "H0 accepted" but comes without its decision line.
     */
    @Test
    void aFailureOfTheArenaIsAnErrorNeverARejection() throws Exception {
        Gate failed = gate(null, "cmd:" + SprtExitStatusTest.botThatCannotStartAgain(dir), "random", "pylon",
                "--sandbox", "none", "--max-games", "10", "--concurrency", "1");
        assertEquals(4, failed.status(), failed.output());
        assertTrue(failed.output().contains("arena sprt: failed: "), failed.output());
        assertTrue(failed.output().contains("sprt-gate: ERROR: the arena failed (exit status 4) and decided nothing"),
                failed.output());
        assertFalse(failed.output().contains("sprt-gate: FAILED"), failed.output());

        Gate noJvm = gateOn(arena("-XX:+NoSuchOption"), null, "new.jar", "released.jar", "pylon");
        assertEquals(4, noJvm.status(), noJvm.output());
        assertTrue(noJvm.output().contains("sprt-gate: ERROR: the arena failed (exit status 1) and decided nothing"),
                noJvm.output());
        assertFalse(noJvm.output().contains("H0 accepted"), noJvm.output());
    }

    private static String[] concat(String[] first, String[] second) {
        String[] all = new String[first.length + second.length];
        System.arraycopy(first, 0, all, 0, first.length);
        System.arraycopy(second, 0, all, first.length, second.length);
        return all;
    }
}
