package org.pyramidarena.arena.bots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.match.MatchListener;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchRunner;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.TerminationReason;

/** The sample Python bot, speaking only the wire protocol, plays a match of every registered game. */
public class PythonBotTest {

    static final Path SCRIPT = Path.of("..", "sample-bots", "python", "random_bot.py");

    @TempDir
    static Path dir;

    private static RunDirectory run;
    private static BotSource python;

    public static boolean hasPython() {
        try {
            Process process = new ProcessBuilder("python3", "--version").redirectErrorStream(true).start();
            return process.waitFor(10, TimeUnit.SECONDS) && process.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @BeforeAll
    static void startPython() {
        assumeTrue(hasPython(), "python3 is not installed; the Python bot is not tested");
        assumeTrue(Files.isRegularFile(SCRIPT), "the Python bot is not at " + SCRIPT.toAbsolutePath());
        run = new RunDirectory(dir.resolve("run"));
        python = new BotLoader(Isolation.PROCESS, "64m", run, BotLoader.DEFAULT_HELLO_MILLIS)
                .load("cmd:python3 " + SCRIPT);
    }

    @AfterAll
    static void stopPython() throws InterruptedException {
        if (python != null) {
            python.close();
            run.close();
        }
        RoguesGalleryTest.assertNoChildProcesses();
    }

    @TestFactory
    Stream<DynamicTest> thePythonBotCompletesAMatchOfEveryGame() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Game game : Games.all()) {
            tests.add(DynamicTest.dynamicTest(game.id(), () -> {
                assertEquals(true, python.plays(game));
                Rules<?, ?> rules = game.rules(game.defaultSetup());
                List<Contestant> seats = new ArrayList<>();
                seats.add(python.seat("python@seat0"));
                BotSource random = InProcessBotSource.builtIn(BotRegistry.byName("random"));
                for (int seat = 1; seat < rules.setup().players(); seat++) {
                    seats.add(random.seat("random@seat" + seat));
                }
                try {
                    MatchResult result = MatchRunner.run(rules, seats,
                            MatchSettings.of(MasterSeed.of(2), new TimeControl(2000, 0, 2000)), MatchListener.NONE);
                    assertEquals(TerminationReason.NORMAL, result.termination(), result.faultDetail());
                    assertEquals(true, result.finalState().isTerminal());
                } finally {
                    seats.forEach(Contestant::close);
                }
            }));
        }
        return tests.stream();
    }
}
