package org.pyramidarena.arena.bots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.cli.ArenaCommand;
import org.pyramidarena.arena.rogues.Rogues;
import org.pyramidarena.bots.RandomBot;

/** Bot JARs: found through their service entry, refused in one line when they are not bot JARs. */
class BotLoadingTest {

    @TempDir
    Path dir;

    private record Run(int status, String out, String err) {
    }

    private static Run arena(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = ArenaCommand.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(status, out.toString(), err.toString());
    }

    private Path randomJar() throws Exception {
        return TestJars.botJar(dir.resolve("random-bot.jar"), RandomBot.class);
    }

    @Test
    void aJarsBotIsTheClassItsServiceEntryNames() throws Exception {
        BotJar jar = BotJar.inspect(randomJar());
        assertEquals(RandomBot.class.getName(), jar.botClass());
        assertTrue(jar.path().isAbsolute());
    }

    @Test
    void aJarWithoutAServiceEntryIsRefused() throws Exception {
        Path jar = TestJars.jar(dir.resolve("plain.jar"), List.of(), List.of(RandomBot.class));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BotJar.inspect(jar));
        assertTrue(e.getMessage().contains("has no META-INF/services/org.pyramidarena.api.Bot"), e.getMessage());
    }

    @Test
    void aJarNamingSeveralBotsIsRefused() throws Exception {
        Path jar = TestJars.jar(dir.resolve("two.jar"),
                List.of(Rogues.Mute.class.getName(), Rogues.Thrower.class.getName()), List.of(Rogues.class));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BotJar.inspect(jar));
        assertTrue(e.getMessage().contains("names several bots"), e.getMessage());
    }

    @Test
    void aJarBuiltForANewerJavaIsRefused() throws Exception {
        byte[] classFile = {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE, 0, 0, 0, 70};
        Path jar = TestJars.jarWithEntry(dir.resolve("future.jar"), "future.FutureBot", "future/FutureBot.class", classFile);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BotJar.inspect(jar));
        assertTrue(e.getMessage().contains("is built for Java 26 (class file version 70"), e.getMessage());
    }

    @Test
    void aServiceEntryNamingAMissingClassIsRefused() throws Exception {
        Path jar = TestJars.jar(dir.resolve("missing.jar"), List.of("nowhere.Bot"), List.of(RandomBot.class));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BotJar.inspect(jar));
        assertTrue(e.getMessage().contains("which is not in the JAR"), e.getMessage());
    }

    @Test
    void aBadJarOnTheCommandLineIsOneLineAndStatusTwo() throws Exception {
        Path plain = TestJars.jar(dir.resolve("plain.jar"), List.of(), List.of(RandomBot.class));
        for (String[] args : new String[][] {
                {"match", "--game", "pylon", "--bot", plain.toString(), "--bot", "random"},
                {"match", "--game", "pylon", "--bot", dir.resolve("absent.jar").toString(), "--bot", "random"},
                {"match", "--game", "pylon", "--bot", "random", "--bot", "random", "--isolation", "sandbox"},
                {"match", "--game", "pylon", "--bot", "random", "--bot", "random", "--bot-memory", "lots"},
                {"bots", plain.toString()}}) {
            Run run = arena(args);
            assertEquals(2, run.status(), String.join(" ", args) + ": " + run.out() + run.err());
            assertEquals(1, run.err().strip().lines().count(), run.err());
            assertFalse(run.err().contains("Exception"), run.err());
        }
    }

    @Test
    void bothIsolationModesPlayTheSameMovesForTheSameSeed() throws Exception {
        String jar = randomJar().toString();
        Run process = arena("match", "--game", "pylon", "--bot", jar, "--bot", "random", "--seed", "1",
                "--output", dir.resolve("p").toString());
        Run inProcess = arena("match", "--game", "pylon", "--bot", jar, "--bot", "random", "--seed", "1",
                "--isolation", "in-process", "--trust-bots", "--output", dir.resolve("i").toString());
        assertEquals(0, process.status(), process.err());
        assertEquals(0, inProcess.status(), inProcess.err());
        assertEquals(inProcess.out(), process.out());
        assertTrue(process.out().contains("outcome:"));
        // The process run really used a bot process: it has a working directory and a log.
        try (var dirs = Files.list(dir.resolve("p").resolve("bots"))) {
            assertEquals(1, dirs.count());
        }
        try (var dirs = Files.list(dir.resolve("i").resolve("bots"))) {
            assertEquals(0, dirs.count());
        }
    }

    @Test
    void botsListsWhatJarsOfferAndTheGamesEachPlays() throws Exception {
        Run run = arena("bots", randomJar().toString(), TestJars.botJar(dir.resolve("mute.jar"), Rogues.Mute.class).toString());
        assertEquals(0, run.status(), run.err());
        assertTrue(run.out().contains("random "), run.out());
        assertTrue(run.out().contains("mute "), run.out());
        assertTrue(run.out().lines().anyMatch(line -> line.contains("games:") && line.contains("pylon")), run.out());
        Run builtIn = arena("bots");
        assertEquals(0, builtIn.status(), builtIn.err());
        assertTrue(builtIn.out().contains("random") && builtIn.out().contains("built-in"), builtIn.out());
    }

    @Test
    void aFaultingBotProcessesLogsAreKeptAndNamed() throws Exception {
        Path thrower = TestJars.botJar(dir.resolve("thrower.jar"), Rogues.Thrower.class);
        Run run = arena("match", "--game", "pylon", "--bot", thrower.toString(), "--bot", "random", "--quiet");
        assertEquals(ArenaCommand.MATCH_FAULTED, run.status(), run.err());
        String line = run.out().lines().filter(l -> l.startsWith("bot logs: ")).findFirst().orElseThrow();
        Path logs = Path.of(line.substring("bot logs: ".length()));
        try (var files = Files.list(logs)) {
            assertTrue(files.anyMatch(f -> f.getFileName().toString().startsWith("thrower-")), logs.toString());
        }
        try (var paths = Files.walk(logs.getParent())) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
        Run clean = arena("match", "--game", "pylon", "--bot", randomJar().toString(), "--bot", "random", "--quiet");
        assertFalse(clean.out().contains("bot logs:"), clean.out());
    }
}
