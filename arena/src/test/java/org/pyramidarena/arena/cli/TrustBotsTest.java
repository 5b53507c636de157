package org.pyramidarena.arena.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pyramidarena.arena.bots.TestJars;
import org.pyramidarena.arena.rogues.Rogues;
import org.pyramidarena.tournaments.io.ResultsCsv;

/**
 * {@code --trust-bots}: every command that could load a bot JAR into the referee's JVM (match, bots,
 * tournament, sprt, balance) does so only with it, and refuses without it before anything is loaded
 * or played. The JAR is the forger's, which reports every move it is asked for in a system property
 * of this JVM: a report shows the JAR played here; the announcer's class says so when it is loaded.
 */
class TrustBotsTest {

    private static final String REFUSAL = "its code can read and change everything the referee has";

    @TempDir
    Path temp;

    private Path jar;

    @BeforeEach
    void forgerJar() throws IOException {
        jar = TestJars.botJar(temp.resolve("forger.jar"), Rogues.Forger.class);
        System.clearProperty(Rogues.Forger.REPORT);
    }

    /** A short run of the command with the JAR in-process, writing to {@code out} where it writes at all. */
    private List<String> inProcess(String command, Path out) {
        return switch (command) {
            case "tournament" -> List.of("tournament", "--games", "pylon", "--bot", jar + ",random", "--isolation",
                    "in-process", "--time", "5s", "--concurrency", "1", "--out", out.toString(), "--quiet");
            case "sprt" -> List.of("sprt", "--game", "pylon", "--candidate", jar.toString(), "--baseline", "random",
                    "--isolation", "in-process", "--max-games", "10", "--time", "5s", "--concurrency", "1");
            case "balance" -> List.of("balance", "--game", "pylon", "--bot", jar.toString(), "--games", "4",
                    "--isolation", "in-process", "--time", "5s", "--concurrency", "1", "--out", out.toString(),
                    "--quiet");
            case "match" -> List.of("match", "--game", "pylon", "--bot", jar.toString(), "--bot", "random",
                    "--isolation", "in-process", "--time", "5s", "--output", out.toString(), "--quiet");
            case "bots" -> List.of("bots", "--isolation", "in-process", "--output", out.toString(), jar.toString());
            default -> throw new IllegalArgumentException(command);
        };
    }

    private static CliRun run(List<String> args, String... more) {
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of(more));
        return CliRun.of(all.toArray(String[]::new));
    }

    @ParameterizedTest
    @ValueSource(strings = {"tournament", "sprt", "balance", "match", "bots"})
    void aBotJarInProcessWithoutTrustBotsIsRefusedInOneLineBeforeAnythingIsPlayed(String command) {
        Path out = temp.resolve("out");
        CliRun run = run(inProcess(command, out));
        assertEquals(Errors.BAD_INPUT, run.status(), run.out() + run.err());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertTrue(run.err().contains(REFUSAL), run.err());
        assertTrue(run.err().contains("give --trust-bots"), run.err());
        assertEquals("", run.out(), "nothing is announced, nothing played");
        assertFalse(Files.exists(out), "no output folder");
        assertNull(System.getProperty(Rogues.Forger.REPORT), "the JAR's bot was never asked for a move");
    }

    @ParameterizedTest
    @ValueSource(strings = {"tournament", "sprt", "balance", "match"})
    void withTrustBotsTheBotJarPlaysInTheRefereesJvm(String command) throws IOException {
        Path out = temp.resolve("out");
        CliRun run = run(inProcess(command, out), "--trust-bots");
        assertNotEquals(Errors.BAD_INPUT, run.status(), run.out() + run.err());
        assertNotNull(System.getProperty(Rogues.Forger.REPORT), "the JAR's bot played in this JVM");
        if (command.equals("sprt")) {
            assertTrue(run.out().contains("LLR: "), run.out());
        } else if (command.equals("match")) {
            assertEquals(0, run.status(), run.out() + run.err());
            assertTrue(run.out().contains("(forger) rank"), run.out());
        } else {
            assertEquals(0, run.status(), run.out() + run.err());
            assertFalse(ResultsCsv.read(out.resolve("results.csv")).isEmpty());
        }
    }

    @Test
    void aResumedOrRepeatedInProcessTournamentOfBotJarsIsGivenTrustBotsAgain() throws IOException {
        Path out = temp.resolve("out");
        CliRun first = run(inProcess("tournament", out), "--trust-bots");
        assertEquals(0, first.status(), first.err());
        String settings = Files.readString(out.resolve("settings.json"));
        assertTrue(settings.contains("\"in-process\""), settings);
        assertFalse(settings.contains("trust"), settings);

        CliRun resumed = CliRun.of("tournament", "--resume", "--out", out.toString(), "--quiet");
        assertEquals(Errors.BAD_INPUT, resumed.status(), resumed.out() + resumed.err());
        assertEquals(1, resumed.err().strip().lines().count(), resumed.err());
        assertTrue(resumed.err().contains("give --trust-bots with --resume"), resumed.err());
        assertEquals("", resumed.out());

        CliRun trusted = CliRun.of("tournament", "--resume", "--out", out.toString(), "--trust-bots",
                "--concurrency", "2", "--quiet");
        assertEquals(0, trusted.status(), trusted.err());
        assertTrue(trusted.out().contains("(0 played now, 2 from before)"), trusted.out());

        Path again = temp.resolve("again");
        CliRun repeated = CliRun.of("tournament", "--config", out.resolve("settings.json").toString(), "--out",
                again.toString(), "--quiet");
        assertEquals(Errors.BAD_INPUT, repeated.status(), repeated.out() + repeated.err());
        assertTrue(repeated.err().contains(REFUSAL), repeated.err());
        assertFalse(Files.exists(again));
    }

    @Test
    void builtInBotsInProcessAndBotJarsInProcessesNeedNoFlag() {
        CliRun builtIn = CliRun.of("tournament", "--games", "pylon", "--bot", "random,greedy", "--isolation",
                "in-process", "--out", temp.resolve("built-in").toString(), "--quiet");
        assertEquals(0, builtIn.status(), builtIn.err());
        CliRun process = CliRun.of("sprt", "--game", "pylon", "--candidate", jar.toString(), "--baseline", "random",
                "--max-games", "2", "--time", "5s", "--concurrency", "1");
        assertNotEquals(Errors.BAD_INPUT, process.status(), process.out() + process.err());
        assertNull(System.getProperty(Rogues.Forger.REPORT), "the JAR's bot played in a JVM of its own");
    }

    @Test
    void everyCommandThatLoadsBotJarsOffersTrustBotsAndSaysInProcessIsForTrustedCode() {
        CliRun help = CliRun.of("match", "--help");
        assertTrue(help.out().replaceAll("\\s+", " ").contains("for trusted code only"), help.out());
        for (String command : List.of("match", "bots", "tournament", "sprt", "balance")) {
            CliRun commandHelp = CliRun.of(command, "--help");
            assertTrue(commandHelp.out().contains("--trust-bots"), command + ": " + commandHelp.out());
        }
    }

    @Test
    void botsListsABotJarFromAProcessOfItsOwnAndInTheRefereesJvmOnlyWithTrustBots() throws IOException {
        Path announcer = TestJars.botJar(temp.resolve("announcer.jar"), Rogues.Announcer.class);
        System.clearProperty(Rogues.Announcer.LOADED);
        CliRun listed = CliRun.of("bots", "--output", temp.resolve("listed").toString(), announcer.toString());
        assertEquals(0, listed.status(), listed.out() + listed.err());
        assertTrue(listed.out().startsWith("announcer "), listed.out());
        assertNull(System.getProperty(Rogues.Announcer.LOADED), "the JAR's class was initialised in this JVM");

        CliRun trusted = CliRun.of("bots", "--isolation", "in-process", "--trust-bots", announcer.toString());
        assertEquals(0, trusted.status(), trusted.out() + trusted.err());
        assertTrue(trusted.out().startsWith("announcer "), trusted.out());
        assertNotNull(System.getProperty(Rogues.Announcer.LOADED), "with --trust-bots the JAR is listed in this JVM");
        System.clearProperty(Rogues.Announcer.LOADED);
    }

    @Test
    void aBotJarWhoseInitialiserNeverEndsCannotHangBotsWithoutTrustBots() throws IOException {
        Path endless = TestJars.botJar(temp.resolve("endless.jar"), Rogues.EndlessInitialiser.class);
        // Loaded here, the initialiser would hold this thread for good: the refusal comes first.
        CliRun refused = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> CliRun.of("bots", "--isolation", "in-process", endless.toString()));
        assertEquals(Errors.BAD_INPUT, refused.status(), refused.out() + refused.err());
        assertTrue(refused.err().contains("give --trust-bots"), refused.err());
    }

    /**
     * A contest's bots are the teams', never the organiser's: {@code serve} runs them outside
     * bubblewrap ({@code auto} where it cannot run, or {@code none}) only with {@code --trust-bots},
     * and {@code serve init} asks for bubblewrap unless told otherwise.
     */
    @Test
    void serveRefusesToRunTheTeamsBotsUnsandboxedWithoutTrustBots() throws IOException {
        Path contest = temp.resolve("cup");
        assertEquals(0, CliRun.of("serve", "init", contest.toString(), "--name", "cup").status());
        Path settings = contest.resolve("contest.json");
        String sandboxed = Files.readString(settings);
        assertTrue(sandboxed.contains("\"sandbox\" : \"bwrap\""), sandboxed);
        for (String mode : List.of("auto", "none")) {
            Files.writeString(settings, sandboxed.replace("\"bwrap\"", "\"" + mode + "\""));
            CliRun serve = CliRun.of("serve", "--dir", contest.toString(), "--port", "0");
            assertEquals(2, serve.status(), serve.err());
            assertTrue(serve.err().contains("\"sandbox\": \"" + mode + "\"") && serve.err().contains("--trust-bots")
                    && serve.err().lines().count() == 1, serve.err());
            assertFalse(serve.out().contains("serving"), serve.out());
        }
    }
}
