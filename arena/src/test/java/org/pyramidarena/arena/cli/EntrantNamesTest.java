package org.pyramidarena.arena.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.bots.PythonBotTest;
import org.pyramidarena.arena.bots.TestJars;
import org.pyramidarena.bots.RandomBot;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.io.ResultsCsv;

/**
 * Entrants given as a {@code cmd:} line or a JAR path, without {@code NAME=} (issue 24): they stand
 * under the name their bot gives itself, as {@code match} shows it and writing-a-bot.md promises.
 */
class EntrantNamesTest {

    @TempDir
    Path dir;

    private List<String> entrants(Path out) {
        return ResultsCsv.read(out.resolve("results.csv")).stream().map(MatchRecord::seats).flatMap(List::stream)
                .map(SeatResult::bot).distinct().sorted().toList();
    }

    @Test
    void anUnnamedCmdEntrantStandsUnderItsHelloName() {
        assumeTrue(PythonBotTest.hasPython(), "python3 is not installed");
        Path out = dir.resolve("cmd");
        CliRun run = CliRun.of("tournament", "--games", "pylon", "--bot",
                "cmd:python3 " + Path.of("..", "sample-bots", "python", "random_bot.py") + ",random",
                "--sandbox", "none", "--replays", "none", "--out", out.toString(), "--quiet");
        assertEquals(0, run.status(), run.err());
        assertEquals(List.of("random", "random-py"), entrants(out));
    }

    @Test
    void anUnnamedJarEntrantStandsUnderItsBotsNameNumberedWhenTaken() throws IOException {
        Path jar = TestJars.botJar(dir.resolve("my-random.jar"), RandomBot.class);
        Path out = dir.resolve("jar");
        CliRun run = CliRun.of("tournament", "--games", "pylon", "--bot", jar + ",random,greedy", "--sandbox", "none",
                "--replays", "none", "--out", out.toString(), "--quiet");
        assertEquals(0, run.status(), run.err());
        assertEquals(List.of("greedy", "random-1", "random-2"), entrants(out));
        assertTrue(Files.readString(out.resolve("settings.json")).contains("\"random-1=" ),
                "settings.json names the entrant, so a resumed run stands it under the same name");
    }

    @Test
    void aNamedEntrantKeepsItsNameAndACmdLineMayHoldAnEqualsSign() {
        assumeTrue(PythonBotTest.hasPython(), "python3 is not installed");
        Path out = dir.resolve("named");
        CliRun run = CliRun.of("tournament", "--games", "pylon", "--bot",
                "py=cmd:python3 -X utf8=1 " + Path.of("..", "sample-bots", "python", "random_bot.py") + ",greedy",
                "--sandbox", "none", "--replays", "none", "--out", out.toString(), "--quiet");
        assertEquals(0, run.status(), run.err());
        assertEquals(List.of("greedy", "py"), entrants(out));
    }
}
