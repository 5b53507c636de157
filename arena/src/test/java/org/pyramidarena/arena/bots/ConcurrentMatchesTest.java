package org.pyramidarena.arena.bots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.cli.ArenaCommand;
import org.pyramidarena.arena.match.MatchListener;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchRunner;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.sandbox.SandboxSupport;
import org.pyramidarena.bots.GreedyBot;
import org.pyramidarena.bots.RandomBot;
import org.pyramidarena.bots.search.Evaluator;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.TerminationReason;

/**
 * Each bot process and each cage belongs to one match (issue 36). In a gauntlet of bot JARs at
 * concurrency 2 a bot was killed ({@code crash: its process exited with status 137}) in the middle
 * of a match beside another of the same JAR: bubblewrap's {@code --die-with-parent} kills the bot
 * when the thread that started it ends, and a process started by one match thread served the other
 * thread's match once the first had no match left. And after an {@code sprt} run a frozen bot JVM
 * stayed behind: a pair still playing when the run ended started or returned a process after its
 * bot was closed. Skipped, with the reason printed, where bubblewrap cannot run.
 */
class ConcurrentMatchesTest {

    private static final Rules<?, ?> PYLON = Games.byId("pylon").rules(new GameSetup(2, "standard"));
    private static final int ROUNDS = 8;

    @TempDir
    Path dir;

    private Sandbox sandbox;
    private LoadedBots bots;

    @BeforeEach
    void sandbox() {
        sandbox = SandboxSupport.bwrapOrSkip(Sandbox.Limits.DEFAULT.withMemory(Sandbox.parseSize("128m")));
        bots = new LoadedBots(dir.resolve("run"));
    }

    @AfterEach
    void closeBots() throws Exception {
        if (bots == null) {
            return; // skipped: no sandbox here
        }
        bots.close();
        RoguesGalleryTest.assertNoChildProcesses();
    }

    private ProcessBotSource greedyJar() throws Exception {
        Path jar = TestJars.botJar(dir.resolve("greedy.jar"), GreedyBot.class, Evaluator.class);
        return (ProcessBotSource) bots.load(sandbox, jar.toString());
    }

    private static MatchResult play(BotSource bot, long seed) {
        BotSource random = InProcessBotSource.builtIn(BotRegistry.byName("random"));
        List<Contestant> seats = List.of(random.seat("random"), bot.seat("greedy"));
        try {
            return MatchRunner.run(PYLON, seats, MatchSettings.of(MasterSeed.of(seed), new TimeControl(5000, 0, 5000)),
                    MatchListener.NONE);
        } finally {
            seats.forEach(Contestant::close);
        }
    }

    @Test
    void theSameBotJarInTwoConcurrentMatchesIsNeverKilledByTheOther() throws Exception {
        ProcessBotSource greedy = greedyJar();
        List<String> unexpected = new CopyOnWriteArrayList<>();
        int played = 0;
        for (int round = 0; round < ROUNDS; round++) {
            // Two match threads of their own each round, which end when their match does, as a run's
            // match threads end when no match is left: a process one started serves the other's
            // match in a later round. One plays its match to the end; the other is stopped at a
            // moment that changes from round to round (its match ends, its process is killed).
            long seed = round;
            Thread whole = new Thread(() -> {
                MatchResult result = play(greedy, seed);
                if (result.termination() != TerminationReason.NORMAL) {
                    unexpected.add("round " + seed + ", whole match: " + result.termination() + " " + result.faultDetail());
                }
            }, "whole-" + round);
            Thread stopped = new Thread(() -> {
                MatchResult result = play(greedy, 100 + seed);
                boolean interrupted = result.termination() == TerminationReason.DISCONNECTED
                        && result.faultDetail().endsWith("the referee was interrupted");
                if (result.termination() != TerminationReason.NORMAL && !interrupted) {
                    unexpected.add("round " + seed + ", stopped match: " + result.termination() + " "
                            + result.faultDetail());
                }
            }, "stopped-" + round);
            whole.start();
            stopped.start();
            Thread.sleep(15L * (round % 4));
            stopped.interrupt();
            whole.join();
            stopped.join();
            played += 2;
        }
        assertEquals(List.of(), unexpected, "matches that ended otherwise than played or stopped");
        assertEquals(2 * ROUNDS, played);
        List<ProcessHandle> processes = greedy.processes();
        assertTrue(processes.size() >= 2, "a process for each match at once: " + processes);
        greedy.close();
        assertEquals(List.of(), alive(processes), "bot processes outlived the bot");
        assertEquals(List.of(), awaitNoCages(), "cages left after the bot was closed");
    }

    @Test
    void aClosedBotStartsNoProcess() throws Exception {
        ProcessBotSource greedy = greedyJar();
        greedy.close();
        // A pair of an sprt run still playing when the run ended asked for its next seat after the
        // close: the process it started served that one match and was frozen for good after it.
        assertThrows(IllegalStateException.class, () -> greedy.seat("late"));
        assertEquals(List.of(), alive(greedy.processes()), "the bot's processes outlived it");
        assertEquals(List.of(), awaitNoCages(), "cages left after the bot was closed");
    }

    @Test
    void anSprtRunOfBotJarsLeavesNoProcessAndNoCage() throws Exception {
        Path candidate = TestJars.botJar(dir.resolve("greedy.jar"), GreedyBot.class, Evaluator.class);
        Path baseline = TestJars.botJar(dir.resolve("random.jar"), RandomBot.class);
        StringWriter out = new StringWriter();
        int status = ArenaCommand.execute(new String[] {"sprt", "--game", "pylon", "--candidate", candidate.toString(),
                "--baseline", baseline.toString(), "--elo0", "0", "--elo1", "400", "--max-games", "40", "--concurrency",
                "2", "--sandbox", "bwrap", "--bot-memory", "128m", "--time", "5s"}, new PrintWriter(out, true),
                new PrintWriter(out, true));
        assertTrue(status == 0 || status == 1 || status == 3, out.toString());
        RoguesGalleryTest.assertNoChildProcesses();
        assertEquals(List.of(), awaitNoCages(), "cages left after the run");
    }

    private static List<String> alive(List<ProcessHandle> processes) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (processes.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        return processes.stream().filter(ProcessHandle::isAlive).map(p -> p.pid() + " "
                + p.info().commandLine().orElse("")).toList();
    }

    /** This JVM's cages still there after up to 5 s: a cage is removed once its processes have gone. */
    private List<Path> awaitNoCages() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!SandboxSupport.cages(sandbox).isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        return SandboxSupport.cages(sandbox);
    }
}
