package org.pyramidarena.arena.bots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pyramidarena.api.Bot;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Rules;
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
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.TerminationReason;

/**
 * Load never forfeits an honest bot (issue 36): under a CPU clock the wall guard counts only the time
 * a bot was neither running nor waiting for a CPU, so a bot starved of CPU by other programs plays on
 * however long its move takes in real time, while a bot that sleeps still forfeits at the guard. A
 * balance study at load 20 forfeited the greedy bot four times ({@code answered after 6781 ms, limit
 * 4000 ms wall}), counted as ordinary losses.
 *
 * <p>The starved bot computes in one move at the lowest priority ({@code nice 19}) while two busy
 * threads per core run beside it, until 800 ms of real time have passed (twice the guard) or it has
 * used 250 ms of CPU time (its limit is 300 ms), whichever comes first: held up as it is, the real
 * time passes first. Four kinds of bot: a built-in bot on the referee's thread, a bot JAR on a thread
 * of its own in the referee, a process, and a process in the sandbox (skipped, with the reason
 * printed, where bubblewrap cannot run).
 */
class StarvedClockTest {

    private static final Rules<?, ?> PYLON = Games.byId("pylon").rules(new GameSetup(2, "standard"));
    /** 300 ms of CPU a move, a guard of 400 ms of real time. */
    private static final TimeControl CLOCK = new TimeControl(300, 0, 5000, ClockKind.CPU, WallGuard.parse("1x+100ms"));
    private static final long GUARD_MILLIS = 400;

    /** A Python bot that runs {@code work()} at its second move, then plays the first legal move. */
    private static final String PYTHON_BOT = """
            import json, os, sys, time
            def work():
            @WORK@
            turn = 0
            for line in sys.stdin:
                m = json.loads(line)
                if m["type"] == "hello":
                    print(json.dumps({"type": "hello", "protocol": 1, "name": "bot", "games": ["*"]}), flush=True)
                elif m["type"] == "your_turn":
                    if turn == 1:
                        work()
                    turn += 1
                    print(json.dumps({"type": "move", "move": m["legal"][0]}), flush=True)
                elif m["type"] == "quit":
                    break
            """;

    @TempDir
    Path dir;

    private LoadedBots bots;

    @BeforeEach
    void bots() {
        bots = new LoadedBots(dir.resolve("run"));
    }

    @AfterEach
    void closeBots() {
        bots.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"direct", "thread", "process", "sandbox"})
    void aBotStarvedOfCpuIsNeverForfeitedByTheGuard(String kind) throws Exception {
        Contestant starved = bot(kind, "starved");
        MatchResult result;
        try (FairClockTest.Burners burners = FairClockTest.Burners.perCore(2)) {
            result = play(starved);
        }
        assertEquals(TerminationReason.NORMAL, result.termination(), result.faultDetail());
        ActionRecord move = result.actions().stream().filter(a -> a.actor() == 1).skip(1).findFirst().orElseThrow();
        assertTrue(move.micros() > GUARD_MILLIS * 1000, "CONTROL: the starved move took " + move.micros() / 1000
                + " ms of real time, more than the guard");
        assertTrue(move.cpuMicros() < 0 || move.cpuMicros() < 300_000, "and less than its limit in CPU time: "
                + move.cpuMicros() + " us");
    }

    @ParameterizedTest
    @ValueSource(strings = {"direct", "thread", "process", "sandbox"})
    void aBotThatSleepsIsStillForfeitedByTheGuard(String kind) throws Exception {
        MatchResult result = play(bot(kind, "sleeper"));
        assertEquals(TerminationReason.TIMEOUT, result.termination(), result.faultDetail());
        assertTrue(result.faultDetail().contains("wall-clock guard of 400 ms passed first")
                || result.faultDetail().contains("limit 400 ms wall (the guard of the CPU clock)"), result.faultDetail());
    }

    @Test
    void aBuiltInBotsMovePastTheGuardIsStillChargedItsCpuTime() throws Exception {
        // Its CPU time is read only for a move after a slow one: this one, after a quick one, is
        // judged on its thread's counts, and 600 ms of CPU time go over its limit of 300 ms.
        Bot heavy = RoguesGalleryTest.trustedBot("heavy", turn -> {
            if (turn == 1) {
                spin(TimeUnit.SECONDS.toNanos(10), TimeUnit.MILLISECONDS.toNanos(600));
            }
        });
        MatchResult result = play(new DirectContestant(heavy));
        assertEquals(TerminationReason.TIMEOUT, result.termination(), result.faultDetail());
        assertTrue(result.faultDetail().matches("seat 1 \\(heavy\\): answered after \\d+ ms, limit 300 ms cpu .*"),
                result.faultDetail());
    }

    // ---- the bots

    /**
     * A bot that starves itself (lowest priority, computing until 800 ms of real time or 250 ms of
     * CPU time) or sleeps 3 s at its second move.
     */
    private Contestant bot(String kind, String behaviour) throws IOException {
        boolean starve = behaviour.equals("starved");
        if (kind.equals("direct") || kind.equals("thread")) {
            Bot bot = RoguesGalleryTest.trustedBot(behaviour, turn -> {
                if (turn == 1) {
                    if (starve) {
                        lowestPriority();
                        spinHeldUp();
                    } else {
                        sleep(3000);
                    }
                }
            });
            return kind.equals("direct") ? new DirectContestant(bot) : new InProcessContestant(bot, bot.name());
        }
        assumeTrue(PythonBotTest.hasPython(), "python3 is not installed; the bot processes here are Python bots");
        // In the sandbox the bot has a session of its own, which Linux schedules as a group against the
        // referee's session (autogroups): its lowest priority is its session group's too. Outside, the
        // session is the referee's, whose group is left alone.
        String ownGroup = kind.equals("sandbox")
                ? "    with open('/proc/self/autogroup', 'w') as f:\n        f.write('19')\n" : "";
        String work = starve
                ? "    os.nice(19)\n" + ownGroup
                        + "    wall, cpu = time.monotonic(), time.process_time()\n"
                        + "    while time.monotonic() - wall < 0.8 and time.process_time() - cpu < 0.25:\n        pass\n"
                : "    time.sleep(3)\n";
        Path script = Files.writeString(dir.resolve(behaviour + "-" + kind + ".py"), PYTHON_BOT.replace("@WORK@",
                work.stripTrailing()));
        Sandbox sandbox = kind.equals("sandbox") ? SandboxSupport.bwrapOrSkip(Sandbox.Limits.DEFAULT) : Sandbox.none();
        return bots.load(sandbox, "cmd:python3 " + script).seat(behaviour);
    }

    /**
     * Gives the calling thread the lowest priority: Linux keeps a priority per thread, which {@code
     * renice} sets for a thread id. The match runs on a thread of its own, which ends with it.
     */
    private static void lowestPriority() {
        try {
            String thread = Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString();
            Process renice = new ProcessBuilder("renice", "-n", "19", "-p", thread).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            assertTrue(renice.waitFor(10, TimeUnit.SECONDS) && renice.exitValue() == 0, "renice failed");
        } catch (IOException e) {
            throw new AssertionError("cannot renice: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Spins until 800 ms of real time have passed or the calling thread has used 250 ms of CPU time. */
    private static void spinHeldUp() {
        spin(TimeUnit.MILLISECONDS.toNanos(800), TimeUnit.MILLISECONDS.toNanos(250));
    }

    /** Spins until this much real time has passed or the calling thread has used this much CPU time. */
    private static void spin(long wallNanos, long cpuNanos) {
        var threads = ManagementFactory.getThreadMXBean();
        long cpuEnd = threads.getCurrentThreadCpuTime() + cpuNanos;
        long wallEnd = System.nanoTime() + wallNanos;
        long x = 1;
        while (threads.getCurrentThreadCpuTime() < cpuEnd && System.nanoTime() < wallEnd) {
            for (int i = 0; i < 10_000; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        }
        if (x == 42) {
            System.out.print("");
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A match of the random bot (seat 0) against a bot (seat 1), on a thread of its own. */
    private static MatchResult play(Contestant seat1) throws InterruptedException {
        Contestant random = InProcessBotSource.builtIn(BotRegistry.byName("random")).seat("random");
        List<Contestant> seats = List.of(random, seat1);
        AtomicReference<MatchResult> result = new AtomicReference<>();
        Thread match = new Thread(() -> {
            try {
                result.set(MatchRunner.run(PYLON, seats, MatchSettings.of(MasterSeed.of(3), CLOCK), MatchListener.NONE));
            } finally {
                seats.forEach(Contestant::close);
            }
        }, "starved-match");
        match.start();
        match.join();
        return result.get();
    }
}
