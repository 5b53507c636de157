package org.pyramidarena.arena.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.bots.PythonBotTest;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.tournament.FaultsFile;

/**
 * Every forfeit says why where people look (issue 23): the run's summary, {@code faults.csv} and
 * {@code report.html} list each fault with its reason and detail, also when no replay is kept; and
 * a bot's log named in a message is still there when the message is read.
 */
class FaultReportingTest {

    /** A Python bot that plays the first legal move, and exits with status 3 at its second turn. */
    private static final String QUITTER = """
            import json, sys
            turn = 0
            for line in sys.stdin:
                m = json.loads(line)
                if m["type"] == "hello":
                    print(json.dumps({"type": "hello", "protocol": 1, "name": "quitter", "games": ["*"]}), flush=True)
                elif m["type"] == "your_turn":
                    turn += 1
                    if turn == 2:
                        sys.exit(3)
                    print(json.dumps({"type": "move", "move": m["legal"][0]}), flush=True)
            """;

    @TempDir
    Path dir;

    @Test
    void eachFaultIsListedWithItsReasonAndDetailInTheSummaryTheFileAndTheReport() throws IOException {
        assumeTrue(PythonBotTest.hasPython(), "python3 is not installed; the faulting bot is a Python bot");
        Path script = Files.writeString(dir.resolve("quitter.py"), QUITTER);
        Path out = dir.resolve("run");
        CliRun run = CliRun.of("tournament", "--games", "pylon", "--bot", "quitter=cmd:python3 " + script + ",random",
                "--sandbox", "none", "--replays", "none", "--concurrency", "1", "--out", out.toString(), "--quiet");
        assertEquals(0, run.status(), run.err());

        List<FaultsFile.Fault> faults = FaultsFile.read(out.resolve(RunFolder.FAULTS));
        assertEquals(2, faults.size(), "one fault in each of the two matches: " + faults);
        for (FaultsFile.Fault fault : faults) {
            assertEquals("quitter", fault.bot());
            assertEquals("crash", fault.termination());
            assertEquals("its process exited with status 3", fault.detail());
        }
        assertEquals(List.of(0, 1), faults.stream().map(FaultsFile.Fault::match).toList());

        assertTrue(run.out().contains("2 faults:\n"), run.out());
        assertTrue(run.out().contains("  match 0 (pylon), seat 0 quitter: crash: its process exited with status 3\n"),
                run.out());
        assertTrue(run.out().contains("  match 1 (pylon), seat 1 quitter: crash: its process exited with status 3\n"),
                run.out());
        Matcher logs = Pattern.compile("bot logs: (\\S+)").matcher(run.out());
        assertTrue(logs.find(), "the run names the bots' logs when a bot faulted: " + run.out());
        assertTrue(Files.isDirectory(Path.of(logs.group(1))), "the logs are still there: " + logs.group(1));

        String report = Files.readString(out.resolve("report.html"));
        assertTrue(report.contains("id=\"fault-list\""), "the report lists every fault");
        assertTrue(report.contains("<td class=\"fault\">crash</td><td>its process exited with status 3</td>"),
                "with its reason and detail");
        assertFalse(Files.exists(out.resolve("replays").resolve("match-000000.replay.json.gz")),
                "no replay was kept: the detail comes from faults.csv");
    }

    @Test
    void aMatchInWhichABotForfeitsExitsWithItsOwnStatus() throws IOException {
        assumeTrue(PythonBotTest.hasPython(), "python3 is not installed; the faulting bot is a Python bot");
        Path script = Files.writeString(dir.resolve("quitter.py"), QUITTER);
        CliRun faulted = CliRun.of("match", "--game", "pylon", "--bot", "random", "--bot", "cmd:python3 " + script,
                "--sandbox", "none", "--quiet");
        assertEquals(MatchCommand.FAULTED, faulted.status(), faulted.out() + faulted.err());
        assertTrue(faulted.out().contains("termination: crash - seat 1 (quitter): its process exited with status 3"),
                faulted.out());
        CliRun clean = CliRun.of("match", "--game", "pylon", "--bot", "random", "--bot", "random", "--quiet");
        assertEquals(0, clean.status(), clean.err());
        CliRun bad = CliRun.of("match", "--game", "pylon", "--bot", "random", "--bot", "nobody", "--quiet");
        assertEquals(2, bad.status(), "bad input keeps its own status");
    }

    @Test
    void aQuietMatchPrintsOnlyItsOutcome() {
        CliRun run = CliRun.of("match", "--game", "pylon", "--bot", "greedy", "--bot", "random", "--quiet");
        assertEquals(0, run.status(), run.err());
        assertEquals(List.of("outcome: seat 0 (greedy) rank 1 score 23, seat 1 (random) rank 2 score 7"),
                run.out().lines().toList());
    }

    @Test
    void aRunWithoutFaultsSaysSo() {
        CliRun run = CliRun.of("tournament", "--games", "pylon", "--bot", "greedy,random", "--replays", "none",
                "--out", dir.resolve("clean").toString(), "--quiet");
        assertEquals(0, run.status(), run.err());
        assertTrue(run.out().contains("no faults: every bot answered in time, legally, every move"), run.out());
    }

    @Test
    void aBotThatDoesNotStartIsRefusedWithItsLastWordsAndItsLogIsKept() {
        assumeTrue(PythonBotTest.hasPython(), "python3 is not installed");
        Path missing = dir.resolve("nope.py");
        CliRun run = CliRun.of("match", "--game", "pylon", "--bot", "cmd:python3 " + missing, "--bot", "random",
                "--sandbox", "none");
        assertEquals(2, run.status(), run.out());
        String error = run.err().strip();
        assertEquals(1, error.lines().count(), "one line: " + error);
        assertTrue(error.contains("did not say hello"), error);
        assertTrue(error.contains("its standard error ends: \"") && error.contains("No such file or directory"),
                "Python's own reason, quoted: " + error);
        Matcher log = Pattern.compile("see its log (\\S+\\.stderr\\.log)").matcher(error);
        assertTrue(log.find(), error);
        assertTrue(Files.isRegularFile(Path.of(log.group(1))), "the log named is still there: " + log.group(1));
    }
}
