package org.pyramidarena.arena.bots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.cli.ArenaCommand;
import org.pyramidarena.arena.match.MatchListener;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchRunner;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.match.TimeControl.ClockKind;
import org.pyramidarena.arena.match.TimeControl.WallGuard;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.arena.sandbox.Cgroup2Support;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.sandbox.SandboxSupport;
import org.pyramidarena.bots.GreedyBot;
import org.pyramidarena.bots.search.Evaluator;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.TerminationReason;

/**
 * The sandbox's cages (issue 36), one rogue per limit, in each cage the probe can choose: cgroup v2,
 * cgroup v1 and the fallback of signals and rlimits. cgroup v2 is pointed at this machine's cgroup2
 * hierarchy ({@link Cgroup2Support}); where the machine's memory and pids controllers belong to
 * cgroup v1 the v2 cages freeze, kill and count CPU time for real, and the tests of their memory and
 * process caps skip with the reason printed. cgroup v1 runs where the probe chooses it.
 *
 * <p>The rogues first try to lift their limits from a nested user namespace, mounting the cgroups
 * they can see and raising every limit there (on an arena without part of issue 36 they could: a bot
 * held 1.5 GiB under a cap of 256 MiB); whether or not the system-call filter lets them, the limits
 * they reach are not the cage's, whose groups lie outside their cgroup namespace.
 */
class SandboxCagesTest {

    private static final Rules<?, ?> PYLON = Games.byId("pylon").rules(new GameSetup(2, "standard"));
    private static final String MEMORY = "96m";
    private static final int PROCESSES = 32;
    private static final TimeControl CLOCK = new TimeControl(1000, 0, 2000);

    /**
     * From a nested user namespace, mount the bot's cgroups and raise every limit found there: the
     * script for each cage (the v1 controllers the cage uses, or the v2 hierarchy). None in the
     * fallback, where the groups the bot would reach are the referee's own.
     */
    private static final String LIFT = """
            def lift():
                subprocess.run(["unshare", "-U", "-r", "-m", "-C", "sh", "-c", r'''@LIFT@'''],
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            """;
    private static final String LIFT_V1 = """
            for c in memory pids cpuacct; do mkdir -p /scratch/v1-$c && mount -t cgroup -o $c none /scratch/v1-$c; done
            echo 17179869184 > /scratch/v1-memory/memory.memsw.limit_in_bytes
            echo 17179869184 > /scratch/v1-memory/memory.limit_in_bytes
            echo max > /scratch/v1-pids/pids.max
            """;
    private static final String LIFT_V2 = """
            mkdir -p /scratch/v2 && mount -t cgroup2 none /scratch/v2
            for f in memory.max memory.swap.max pids.max; do echo max > /scratch/v2/$f; done
            """;

    /** The cages, as {@link Sandbox#cage()} names them. */
    enum CageKind {
        V2("cgroup v2"), V1("cgroup v1"), FALLBACK(Sandbox.FALLBACK_CAGE);

        final String label;

        CageKind(String label) {
            this.label = label;
        }
    }

    @TempDir
    Path dir;

    private LoadedBots bots;
    private String noCgroups;
    private CageKind kind;

    @BeforeAll
    static void needsPython() {
        assumeTrue(PythonBotTest.hasPython(), "python3 is not installed; the cages' rogues are Python bots");
    }

    @BeforeEach
    void rememberTheCageOptions() {
        noCgroups = System.getProperty(Sandbox.NO_CGROUPS_PROPERTY);
        bots = new LoadedBots(dir.resolve("run"));
    }

    @AfterEach
    void closeBotsAndRestoreTheCageOptions() throws Exception {
        bots.close();
        System.clearProperty(Sandbox.CGROUP2_PROPERTY);
        if (noCgroups == null) {
            System.clearProperty(Sandbox.NO_CGROUPS_PROPERTY);
        } else {
            System.setProperty(Sandbox.NO_CGROUPS_PROPERTY, noCgroups);
        }
        RoguesGalleryTest.assertNoChildProcesses();
    }

    /**
     * Makes the arena choose a cage, or skips: cgroup v1 where this machine's probe does not choose
     * it, both cgroups where the run was asked for none ({@code -Darena.sandbox.noCgroups=true}), and
     * cgroup v2 where its hierarchy does not offer a controller the test needs.
     *
     * @param controller the cgroup v2 controller the test needs, or null
     */
    private Sandbox choose(CageKind kind, Sandbox.Limits limits, String controller) {
        this.kind = kind;
        if (kind != CageKind.FALLBACK) {
            assumeFalse(Boolean.parseBoolean(noCgroups), "-D" + Sandbox.NO_CGROUPS_PROPERTY + " asks for no cgroups");
        }
        switch (kind) {
            case V2 -> System.setProperty(Sandbox.CGROUP2_PROPERTY, Cgroup2Support.groupOrSkip().toString());
            case FALLBACK -> System.setProperty(Sandbox.NO_CGROUPS_PROPERTY, "true");
            default -> System.clearProperty(Sandbox.CGROUP2_PROPERTY);
        }
        Sandbox sandbox = SandboxSupport.bwrapOrSkip(limits);
        if (kind == CageKind.V1 && !kind.label.equals(sandbox.cage())) {
            System.err.println("SKIPPED (cgroup v1 tests): this machine's probe chooses " + sandbox.cage());
            assumeTrue(false, "the probe chooses " + sandbox.cage());
        }
        assertEquals(kind.label, sandbox.cage(), sandbox.describe());
        if (kind == CageKind.V2 && controller != null) {
            Cgroup2Support.requireController(Path.of(System.getProperty(Sandbox.CGROUP2_PROPERTY)), controller);
        }
        return sandbox;
    }

    private static Sandbox.Limits limits() {
        Sandbox.Limits base = Sandbox.Limits.DEFAULT;
        return new Sandbox.Limits(Sandbox.parseSize(MEMORY), base.scratchBytes(), PROCESSES, base.openFiles(),
                base.fileSizeBytes());
    }

    /**
     * A rogue whose {@code attack(turn, m)} runs before its first answer, with {@code lift()} for the
     * chosen cage and {@code V1} true in cgroup v1's; {@code setup} at the top level.
     */
    private String rogue(String name, String setup, String attack) throws IOException {
        String lift = switch (kind) {
            case V1 -> LIFT.replace("@LIFT@", LIFT_V1);
            case V2 -> LIFT.replace("@LIFT@", LIFT_V2);
            case FALLBACK -> "def lift():\n    pass\n";
        };
        String script = SandboxSecurityTest.ROGUE.replace("@SETUP@", (lift + "V1 = " + (kind == CageKind.V1 ? "True"
                        : "False") + "\n" + setup).strip())
                .replace("@ATTACK@", attack.stripTrailing());
        return "cmd:python3 " + Files.writeString(dir.resolve(name + ".py"), script);
    }

    private static MatchResult playRandom(BotSource rogue, TimeControl clock) {
        BotSource random = InProcessBotSource.builtIn(BotRegistry.byName("random"));
        List<Contestant> seats = List.of(random.seat("random"), rogue.seat("rogue"));
        try {
            return MatchRunner.run(PYLON, seats, MatchSettings.of(MasterSeed.of(7), clock), MatchListener.NONE);
        } finally {
            seats.forEach(Contestant::close);
        }
    }

    /** What a command printed, and its exit status. */
    private record Cli(int status, String out, String err) {
    }

    private static Cli cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = ArenaCommand.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Cli(status, out.toString(), err.toString());
    }

    private static void assertPlayedOn(MatchResult result) {
        assertEquals(TerminationReason.NORMAL, result.termination(), result.faultDetail());
        assertTrue(result.actions().stream().filter(a -> a.actor() == 1).count() > 1, "the rogue played on");
    }

    // ---- the cages

    @ParameterizedTest
    @EnumSource(CageKind.class)
    void aBotJarPlays(CageKind kind) throws Exception {
        // In the fallback a JVM died at start when its address space was capped ("Could not allocate
        // compressed class space"): it reserves far more than it uses.
        Sandbox sandbox = choose(kind, Sandbox.Limits.DEFAULT.withMemory(Sandbox.parseSize("128m")), null);
        Path jar = TestJars.botJar(dir.resolve("greedy.jar"), GreedyBot.class, Evaluator.class);
        BotSource greedy = bots.load(sandbox, jar.toString());
        MatchResult result = playRandom(greedy, CLOCK);
        assertPlayedOn(result);
        assertEquals(List.of(2, 1), result.outcome().ranks(), "greedy (seat 1) beats random at this seed");
    }

    @ParameterizedTest
    @EnumSource(CageKind.class)
    void memoryHeldPastTheCapIsAMemoryForfeit(CageKind kind) throws Exception {
        Sandbox sandbox = choose(kind, limits(), "memory");
        BotSource hog = bots.load(sandbox, rogue("hog", "", """
                    lift()
                    hoard = [b"\\x01" * (1 << 20) for i in range(400)]
                    leak("holds %d MiB past a cap of %s" % (len(hoard), "@CAP@"))
                """.replace("@CAP@", MEMORY)));
        MatchResult result = playRandom(hog, CLOCK);
        // The fallback caps each process's writable memory: the allocation fails in the bot, which
        // dies of it; the typed memory forfeit needs a memory cgroup's count of the kernel's OOM kills.
        assertEquals(kind == CageKind.FALLBACK ? TerminationReason.CRASH : TerminationReason.MEMORY,
                result.termination(), result.faultDetail());
        assertEquals(List.of(1, 2), result.outcome().ranks(), "the rogue, not its opponent, loses");
    }

    @ParameterizedTest
    @EnumSource(CageKind.class)
    void noBotForksPastTheProcessCap(CageKind kind) throws Exception {
        Sandbox sandbox = choose(kind, limits(), "pids");
        if (kind == CageKind.FALLBACK && "root".equals(System.getProperty("user.name"))) {
            String reason = "the fallback's process cap (RLIMIT_NPROC) does not hold for root, as docs/security.md says";
            System.err.println("SKIPPED (fallback process cap): " + reason);
            assumeTrue(false, reason);
        }
        // The fallback's cap counts every process of the referee's user: the rogue may start none.
        BotSource breeder = bots.load(sandbox, rogue("breeder", "CONTROL = " + (kind == CageKind.FALLBACK ? "False" : "True"),
                """
                    lift()
                    children = []
                    for i in range(3 * @CAP@):
                        try:
                            children.append(quiet(["sleep", "30"]))
                        except OSError:
                            break
                    if len(children) >= @CAP@:
                        leak("started %d processes under a cap of @CAP@" % len(children))
                    if len(children) < 2 and CONTROL:
                        leak("CONTROL: started only %d processes" % len(children))
                    for child in children:
                        child.kill()
                        child.wait()
                """.replace("@CAP@", Integer.toString(PROCESSES))));
        assertPlayedOn(playRandom(breeder, CLOCK));
    }

    @ParameterizedTest
    @EnumSource(CageKind.class)
    void cpuBurntPastTheLimitIsATimeoutWhateverTheBotDoesToItsCount(CageKind kind) throws Exception {
        Sandbox sandbox = choose(kind, limits(), null);
        // A child burns while the rogue's own thread sleeps: only the count of the whole tree sees it.
        // In cgroup v1's cage another child zeroes the CPU count the bot can reach, every 10 ms (it was
        // charged 1 ms for 0.8 s a move when that count was the cage's own); v2's count is read-only.
        BotSource burner = bots.load(sandbox, rogue("burner", """
                ZERO = r'''
                mkdir -p /scratch/z && mount -t cgroup -o cpuacct none /scratch/z
                while true; do echo 0 > /scratch/z/cpuacct.usage; sleep 0.01; done
                '''
                """, """
                    if V1:
                        quiet(["unshare", "-U", "-r", "-m", "-C", "sh", "-c", ZERO])
                    quiet([sys.executable, "-c", "while True: pass"])
                    time.sleep(30)
                """));
        TimeControl clock = new TimeControl(300, 0, 2000, ClockKind.CPU, WallGuard.parse("10x+2s"));
        MatchResult result = playRandom(burner, clock);
        assertEquals(TerminationReason.TIMEOUT, result.termination(), result.faultDetail());
        assertTrue(result.faultDetail().matches("seat 1 \\(rogue\\): no move within 2300 ms \\(cpu \\d+ ms, wall \\d+ ms\\)"),
                "forfeited on its CPU time, not at the guard: " + result.faultDetail());
    }

    @ParameterizedTest
    @EnumSource(CageKind.class)
    void theHeaderSettingsAndReplaysNameTheCage(CageKind kind) throws Exception {
        choose(kind, limits(), null);
        Path script = Files.writeString(dir.resolve("plain.py"), SandboxSecurityTest.ROGUE.replace("@SETUP@", "")
                .replace("@ATTACK@", ""));
        Path out = dir.resolve("tournament");
        Cli tournament = cli("tournament", "--games", "pylon", "--bot", "plain=cmd:python3 " + script + ",random",
                "--cycles", "1", "--concurrency", "1", "--sandbox", "bwrap", "--bot-memory", MEMORY, "--out",
                out.toString(), "--quiet");
        assertEquals(0, tournament.status(), tournament.err());
        assertTrue(tournament.out().contains("sandbox: bwrap "), tournament.out());
        assertTrue(tournament.out().contains(", " + kind.label + (kind == CageKind.FALLBACK ? ", " : " (")),
                tournament.out());
        ObjectMapper json = new ObjectMapper();
        assertEquals(kind.label, json.readTree(out.resolve("settings.json").toFile()).path("cage").asText());
        List<Path> replays;
        try (Stream<Path> files = Files.list(out.resolve("replays"))) {
            replays = files.filter(f -> f.toString().endsWith(".replay.json.gz")).toList();
        }
        assertEquals(2, replays.size());
        for (Path replay : replays) {
            try (InputStream in = new GZIPInputStream(Files.newInputStream(replay))) {
                JsonNode read = json.readTree(in);
                assertEquals("bwrap", read.path("sandbox").asText());
                assertEquals(kind.label, read.path("cage").asText(), replay.toString());
            }
        }
        Path replay = dir.resolve("match-" + kind.name().toLowerCase(Locale.ROOT) + ".replay.json");
        Cli match = cli("match", "--game", "pylon", "--bot", "cmd:python3 " + script, "--bot", "random",
                "--sandbox", "bwrap", "--bot-memory", MEMORY, "--replay", replay.toString(), "--quiet");
        assertEquals(0, match.status(), match.err());
        assertEquals(kind.label, json.readTree(replay.toFile()).path("cage").asText());
    }
}
