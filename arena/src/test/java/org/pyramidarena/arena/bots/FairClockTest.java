package org.pyramidarena.arena.bots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.cli.ArenaCommand;
import org.pyramidarena.arena.match.ActionRecord;
import org.pyramidarena.arena.match.MatchListener;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchRunner;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.match.TimeControl.ClockKind;
import org.pyramidarena.arena.match.TimeControl.WallGuard;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.arena.players.DirectContestant;
import org.pyramidarena.arena.players.InProcessContestant;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.sandbox.SandboxSupport;
import org.pyramidarena.arena.tournament.ResultsLines;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.TerminationReason;

/**
 * The CPU clock (issue 23): a bot that does a fixed amount of work a move never forfeits on time
 * however busy the machine, while a bot that sleeps or spins still does; a loaded machine changes
 * no result. The machine is kept busy by burner threads the test starts and stops, several per
 * core. Three kinds of bot are timed: a bot on its own thread in the referee's JVM (thread CPU
 * time), a bot process outside a sandbox ({@code /proc}), and one in the bubblewrap sandbox (its
 * cgroup's CPU count; skipped, with the reason printed, where bubblewrap cannot run).
 *
 * <p>With {@code -Darena.fairclock.kind=wall} the same tests time the loaded matches with the wall
 * clock instead, and the fixed-budget test fails: the proof that the CPU clock is what saves the
 * bots.
 */
class FairClockTest {

    private static final Rules<?, ?> PYLON = Games.byId("pylon").rules(new GameSetup(2, "standard"));

    /** Iterations of the Java worker's loop a move: some tens of milliseconds. */
    private static final long JAVA_WORK = 40_000_000;

    /** Iterations of the Python worker's loop a move: some tens of milliseconds. */
    private static final long PYTHON_WORK = 400_000;

    /**
     * A Python bot that plays the first legal move after {@code work(turn)}; {@code @WORK@} is the
     * body of that function.
     */
    private static final String PYTHON_BOT = """
            import json, sys, time
            def work(turn):
            @WORK@
            def send(message):
                sys.stdout.write(json.dumps(message) + "\\n")
                sys.stdout.flush()
            turn = 0
            for line in sys.stdin:
                m = json.loads(line)
                if m["type"] == "hello":
                    send({"type": "hello", "protocol": 1, "name": "worker", "games": ["*"]})
                elif m["type"] == "your_turn":
                    work(turn)
                    turn += 1
                    send({"type": "move", "move": m["legal"][0]})
                elif m["type"] == "quit":
                    break
            """;

    private static volatile long sink;

    @TempDir
    Path dir;

    private final List<BotSource> sources = new ArrayList<>();
    private RunDirectory run;

    @AfterEach
    void closeBots() {
        sources.forEach(BotSource::close);
        if (run != null) {
            run.close();
        }
    }

    /** The clock the loaded matches are timed with: cpu, or wall to show what it saves. */
    private static ClockKind loadedClock() {
        return ClockKind.parse(System.getProperty("arena.fairclock.kind", "cpu"));
    }

    // ---- the tests

    @ParameterizedTest
    @ValueSource(strings = {"thread", "process", "sandbox"})
    void aFixedBudgetBotNeverTimesOutOnABusyMachine(String kind) throws Exception {
        long idleMicros = costPerMove(play(worker(kind), new TimeControl(5000, 0, 5000, ClockKind.CPU, null)));
        // A tight limit: a few times what a move costs on an idle machine, far less than it takes in
        // real time with four busy threads per core competing for the processors.
        long limitMillis = Math.max(40, 5 * idleMicros / 2000);
        TimeControl tight = new TimeControl(limitMillis, 0, 5000, loadedClock(), WallGuard.parse("10x+1s"));
        MatchResult loaded;
        try (Burners burners = Burners.perCore(4)) {
            loaded = play(worker(kind), tight);
        }
        assertEquals(TerminationReason.NORMAL, loaded.termination(), "idle cost " + idleMicros + " us a move, limit "
                + limitMillis + " ms: " + loaded.faultDetail());
        List<ActionRecord> moves = workerMoves(loaded);
        assertTrue(moves.size() > 5, "the worker played a whole game");
        assertTrue(moves.stream().allMatch(a -> a.cpuMicros() > 0), "every move's CPU time was measured");
        assertTrue(moves.stream().allMatch(a -> a.cpuMicros() <= limitMillis * 1000),
                "no move went over its limit in CPU time");
    }

    @ParameterizedTest
    @ValueSource(strings = {"thread", "process", "sandbox"})
    void aBotThatSleepsStillForfeitsUnderTheCpuClock(String kind) throws Exception {
        Contestant sleeper = kind.equals("thread")
                ? thread(RoguesGalleryTest.trustedBot("sleeper", turn -> sleep(turn == 1 ? 10_000 : 0)))
                : python(kind, "    if turn == 1:\n        time.sleep(10)\n");
        TimeControl clock = new TimeControl(100, 0, 5000, ClockKind.CPU, WallGuard.parse("2x+100ms"));
        long start = System.nanoTime();
        MatchResult result = play(sleeper, clock);
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        assertEquals(TerminationReason.TIMEOUT, result.termination(), result.faultDetail());
        assertTrue(result.faultDetail().contains("the wall-clock guard of 300 ms passed first"), result.faultDetail());
        assertTrue(seconds < 8, "forfeited at the guard, not after the sleep: " + seconds + " s");
    }

    @ParameterizedTest
    @ValueSource(strings = {"thread", "process", "sandbox"})
    void aBotThatSpinsForfeitsOnItsCpuTimeBeforeTheGuard(String kind) throws Exception {
        Contestant spinner = kind.equals("thread")
                ? thread(RoguesGalleryTest.trustedBot("spinner", turn -> spinUntilInterrupted(turn == 1)))
                : python(kind, "    while turn == 1:\n        pass\n");
        TimeControl clock = new TimeControl(100, 0, 5000, ClockKind.CPU, WallGuard.parse("100x"));
        MatchResult result = play(spinner, clock);
        assertEquals(TerminationReason.TIMEOUT, result.termination(), result.faultDetail());
        assertTrue(result.faultDetail().matches(".*no move within 100 ms \\(cpu \\d+ ms, wall \\d+ ms\\)"),
                result.faultDetail());
    }

    @Test
    void aBotOnTheRefereesThreadIsTimedInCpuOnceItsMovesTakeTime() {
        // A trusted bot called on the referee's thread: reading its CPU clock costs more than a quick
        // move, so its first move and any move after a quick one are charged their real time.
        // Its moves take 2 ms of CPU time, ten times the threshold: counted in iterations instead, the
        // work shrank below it under JDK 25's compiler (136 microseconds) and no move was timed in CPU.
        org.pyramidarena.api.Bot slow = RoguesGalleryTest.trustedBot("slow", turn -> spinForCpu(2));
        MatchResult cpu = play(new DirectContestant(slow), new TimeControl(5000, 0, 5000, ClockKind.CPU, null));
        List<ActionRecord> moves = workerMoves(cpu);
        assertEquals(-1, moves.get(0).cpuMicros(), "the first move is charged its real time");
        assertTrue(moves.stream().skip(1).allMatch(a -> a.cpuMicros() > 0 && a.cpuMicros() <= a.micros() + 1000),
                "every later move is timed in CPU time, never more than its real time");
        MatchResult wall = play(new DirectContestant(slow), new TimeControl(5000, 0, 5000));
        assertTrue(workerMoves(wall).stream().allMatch(a -> a.cpuMicros() == -1), "a wall clock reads no CPU clock");
    }

    @Test
    void aQuickBuiltInBotHeldUpByTheMachineIsNotForfeitedOnARealTimeItDidNotUse() {
        // Its previous move was quick, so this move's CPU time is not read; its real time passes the
        // limit while the thread does not run (here it sleeps, as it would while other programs have
        // the cores). Charged its real time, it was forfeited on time: four shards of the
        // demonstration on two cores lost matches so.
        org.pyramidarena.api.Bot heldUp = RoguesGalleryTest.trustedBot("held-up", turn -> {
            if (turn == 2) {
                sleep(400);
            }
        });
        MatchResult held = play(new DirectContestant(heldUp), new TimeControl(200, 0, 0, ClockKind.CPU, null));
        assertEquals(TerminationReason.NORMAL, held.termination(), held.faultDetail());
        assertEquals(-1, workerMoves(held).get(2).cpuMicros(), "the held-up move's CPU time was not read");
        assertTrue(workerMoves(held).get(2).micros() >= 400_000);
        // Past the CPU clock's wall guard (3x+1s of 200 ms: 1.6 s) it forfeits, as any bot would.
        org.pyramidarena.api.Bot stuck = RoguesGalleryTest.trustedBot("stuck", turn -> {
            if (turn == 2) {
                sleep(1900);
            }
        });
        MatchResult over = play(new DirectContestant(stuck), new TimeControl(200, 0, 0, ClockKind.CPU, null));
        assertEquals(TerminationReason.TIMEOUT, over.seatTerminations().get(1), over.faultDetail());
        assertTrue(over.faultDetail().contains("limit 1600 ms wall (the guard of the CPU clock)"), over.faultDetail());
    }

    @Test
    void aLoadedMachineGivesTheSameResultsAtAnyConcurrency() throws Exception {
        List<String> serial;
        List<String> parallel;
        try (Burners burners = Burners.perCore(1)) {
            serial = tournament("serial", 1);
            parallel = tournament("parallel", 2);
        }
        assertEquals(serial, parallel);
        assertFalse(serial.isEmpty());
        assertTrue(serial.stream().noneMatch(row -> row.contains("timeout")), String.join("\n", serial));
    }

    // ---- the bots

    /** The fixed-budget worker of a kind, as a seat. */
    private Contestant worker(String kind) throws IOException {
        return kind.equals("thread")
                ? thread(RoguesGalleryTest.trustedBot("worker", turn -> spin(JAVA_WORK)))
                : python(kind, "    total = 0\n    for i in range(" + PYTHON_WORK + "):\n        total += i * i\n");
    }

    private static Contestant thread(org.pyramidarena.api.Bot bot) {
        return new InProcessContestant(bot, bot.name());
    }

    private Contestant python(String kind, String work) throws IOException {
        assumeTrue(PythonBotTest.hasPython(), "python3 is not installed; the bot processes here are Python bots");
        Path script = Files.writeString(dir.resolve("bot" + sources.size() + ".py"),
                PYTHON_BOT.replace("@WORK@", work.stripTrailing()));
        if (run == null) {
            run = new RunDirectory(dir.resolve("run"));
        }
        Sandbox sandbox = kind.equals("sandbox") ? SandboxSupport.bwrapOrSkip(Sandbox.Limits.DEFAULT) : Sandbox.none();
        BotSource source = new BotLoader(Isolation.PROCESS, sandbox, run, BotLoader.DEFAULT_HELLO_MILLIS)
                .load("cmd:python3 " + script);
        sources.add(source);
        return source.seat("worker");
    }

    private static void spin(long iterations) {
        long x = 1;
        for (long i = 0; i < iterations; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        sink = x;
    }

    /** Spins until the calling thread has used this many milliseconds of CPU time, whatever the JIT makes of a loop. */
    private static void spinForCpu(long millis) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long end = threads.getCurrentThreadCpuTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (threads.getCurrentThreadCpuTime() < end) {
            spin(10_000);
        }
    }

    /** Spins, when told to, until the referee abandons the bot's thread (which interrupts it). */
    private static void spinUntilInterrupted(boolean spin) {
        while (spin && !Thread.currentThread().isInterrupted()) {
            spin(100_000);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // ---- matches and tournaments

    /** A match of the random bot (seat 0) against a contestant (seat 1). */
    private static MatchResult play(Contestant seat1, TimeControl clock) {
        Contestant random = InProcessBotSource.builtIn(BotRegistry.byName("random")).seat("random");
        List<Contestant> seats = List.of(random, seat1);
        try {
            return MatchRunner.run(PYLON, seats, MatchSettings.of(MasterSeed.of(3), clock), MatchListener.NONE);
        } finally {
            seats.forEach(Contestant::close);
        }
    }

    private static List<ActionRecord> workerMoves(MatchResult result) {
        return result.actions().stream().filter(a -> a.actor() == 1 && !a.fallback()).toList();
    }

    /** The most CPU time one of the worker's moves took, its first (start-up) aside, in microseconds. */
    private static long costPerMove(MatchResult result) {
        assertEquals(TerminationReason.NORMAL, result.termination(), result.faultDetail());
        List<ActionRecord> moves = workerMoves(result);
        assertTrue(moves.stream().allMatch(a -> a.cpuMicros() >= 0), "CPU time measured on every move");
        return moves.stream().skip(1).mapToLong(ActionRecord::cpuMicros).max().orElseThrow();
    }

    /** A small tournament of the searching sample bots with the CPU clock: its result rows, times blanked. */
    private List<String> tournament(String name, int concurrency) throws IOException {
        Path out = dir.resolve(name);
        StringWriter printed = new StringWriter();
        int status = ArenaCommand.execute(new String[] {"tournament", "--games", "pylon,pyrinoes", "--bot",
                "mcts,alphabeta,greedy", "--time", "1s", "--clock", "cpu", "--concurrency",
                Integer.toString(concurrency), "--replays", "none", "--out", out.toString(), "--quiet"},
                new PrintWriter(printed, true), new PrintWriter(printed, true));
        assertEquals(0, status, printed.toString());
        return ResultsLines.withoutTimes(out.resolve("results.csv"));
    }

    /** Threads that keep the processors busy until closed. */
    static final class Burners implements AutoCloseable {
        private final List<Thread> threads = new ArrayList<>();
        private volatile boolean running = true;

        static Burners perCore(int perCore) {
            Burners burners = new Burners();
            int count = perCore * Runtime.getRuntime().availableProcessors();
            for (int i = 0; i < count; i++) {
                Thread thread = new Thread(burners::burn, "burner-" + i);
                thread.setDaemon(true);
                burners.threads.add(thread);
                thread.start();
            }
            return burners;
        }

        private void burn() {
            long x = 1;
            while (running) {
                for (int i = 0; i < 1_000_000; i++) {
                    x = x * 6364136223846793005L + 1442695040888963407L;
                }
            }
            sink = x;
        }

        @Override
        public void close() throws InterruptedException {
            running = false;
            for (Thread thread : threads) {
                thread.join();
            }
        }
    }
}
