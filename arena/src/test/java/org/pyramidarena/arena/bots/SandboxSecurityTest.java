package org.pyramidarena.arena.bots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
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
import org.pyramidarena.arena.players.DirectContestant;
import org.pyramidarena.arena.players.ProcessContestant;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.sandbox.SandboxSupport;
import org.pyramidarena.arena.tournament.ResultsFile;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.TerminationReason;

/**
 * One rogue per attack a hostile contestant tried on the arena (issue 22), each a small Python
 * {@code cmd:} bot run in the bubblewrap sandbox: each test asserts the attack fails, the match ends
 * with the right reason or plays on normally, the results are intact and no process is left. A
 * rogue reports an attack that worked with an {@code error} reply starting {@code LEAK}, so the
 * failure shows what got through; each also checks that its attack ran (its own files readable, its
 * scratch folder writable, its children started), so that a broken rogue cannot pass.
 *
 * <p>Skipped, with the reason printed, where bubblewrap cannot run; {@code .ci/run} installs it. With
 * {@code -Darena.security.sandbox=none} the same rogues run outside the sandbox, where every test
 * fails: the proof that each defence is the sandbox's.
 */
class SandboxSecurityTest {

    /** Set for the test JVM by the arena's pom; the referee's environment must not reach a bot. */
    static final String CANARY = "ARENA_SECURITY_CANARY";

    private static final Rules<?, ?> PYLON = Games.byId("pylon").rules(new GameSetup(2, "standard"));
    private static final TimeControl CLOCK = new TimeControl(1000, 0, 2000);
    private static final String MEMORY = "96m";

    /**
     * A bot that plays the first legal move, calling {@code attack(turn, m)} before each answer;
     * {@code @SETUP@} and {@code @ATTACK@} are the rogue's own lines.
     */
    static final String ROGUE = """
            import json, os, signal, socket, subprocess, sys, threading, time
            leaks = []
            def leak(what):
                leaks.append(what)
            def send(message):
                sys.stdout.write(json.dumps(message) + "\\n")
                sys.stdout.flush()
            def quiet(command):
                return subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
            @SETUP@
            def attack(turn, m):
                if turn > 0:
                    return
            @ATTACK@
            turn = 0
            for line in sys.stdin:
                m = json.loads(line)
                if m["type"] == "hello":
                    send({"type": "hello", "protocol": 1, "name": "rogue", "games": ["*"]})
                elif m["type"] == "your_turn":
                    attack(turn, m)
                    turn += 1
                    if leaks:
                        send({"type": "error", "message": "LEAK " + "; ".join(leaks)})
                    else:
                        send({"type": "move", "move": m["legal"][0]})
                elif m["type"] == "quit":
                    break
            """;

    @TempDir
    Path dir;

    private final List<BotSource> sources = new ArrayList<>();
    private RunDirectory run;
    private String marker;

    @BeforeAll
    static void needsBubblewrapAndPython() {
        assumeTrue(PythonBotTest.hasPython(), "python3 is not installed; the sandbox's rogues are Python bots");
        if (!sandboxed()) {
            System.err.println("SandboxSecurityTest runs its rogues with --sandbox none: every test should fail");
            return;
        }
        SandboxSupport.bwrapOrSkip(limits());
    }

    private static boolean sandboxed() {
        return !"none".equals(System.getProperty("arena.security.sandbox"));
    }

    private static Sandbox.Limits limits() {
        return Sandbox.Limits.DEFAULT.withMemory(Sandbox.parseSize(MEMORY));
    }

    private static String sandboxOption() {
        return sandboxed() ? "bwrap" : "none";
    }

    @AfterEach
    void noProcessIsLeft() throws Exception {
        sources.forEach(BotSource::close);
        if (run != null) {
            run.close();
        }
        RoguesGalleryTest.assertNoChildProcesses();
        if (marker != null) {
            assertEquals(List.of(), awaitNoneMarked(marker), "processes the rogue started are alive");
        }
    }

    // ---- the rogues

    /** A rogue's script: {@code setup} at the top level, {@code attack} in the body of attack(turn, m). */
    private Path rogue(String name, String setup, String attack) throws IOException {
        String script = ROGUE.replace("@SETUP@", setup.strip()).replace("@ATTACK@", attack.stripTrailing());
        return Files.writeString(dir.resolve(name + ".py"), script);
    }

    /** A Python list of strings (or numbers), as a literal. */
    private static String python(List<?> values) throws IOException {
        return new ObjectMapper().writeValueAsString(values);
    }

    private BotSource load(Path script) {
        if (run == null) {
            run = new RunDirectory(dir.resolve("run"));
        }
        Sandbox sandbox = sandboxed() ? SandboxSupport.bwrapOrSkip(limits()) : Sandbox.none();
        BotSource source = new BotLoader(Isolation.PROCESS, sandbox, run, BotLoader.DEFAULT_HELLO_MILLIS)
                .load("cmd:python3 " + script);
        sources.add(source);
        return source;
    }

    private static MatchResult play(List<Contestant> seats, TimeControl clock) {
        try {
            return MatchRunner.run(PYLON, seats, MatchSettings.of(MasterSeed.of(7), clock), MatchListener.NONE);
        } finally {
            seats.forEach(Contestant::close);
        }
    }

    private MatchResult playRandom(BotSource rogue) {
        BotSource random = InProcessBotSource.builtIn(BotRegistry.byName("random"));
        return play(List.of(random.seat("random"), rogue.seat("rogue")), CLOCK);
    }

    private static void assertPlayedOn(MatchResult result) {
        assertEquals(TerminationReason.NORMAL, result.termination(), result.faultDetail());
        assertTrue(result.actions().stream().filter(a -> a.actor() == 1).count() > 1, "the rogue played on");
    }

    /** A tournament of the rogue against the random bot through the command line: its status and output. */
    private record Run(int status, String printed, Path out) {
    }

    private Run tournament(Path script) {
        Path out = dir.resolve("tournament");
        StringWriter printed = new StringWriter();
        int status = ArenaCommand.execute(new String[] {"tournament", "--games", "pylon", "--bot",
                "rogue=cmd:python3 " + script + ",random", "--cycles", "1", "--time", "1s", "--concurrency", "1",
                "--bot-memory", MEMORY, "--sandbox", sandboxOption(), "--out", out.toString(), "--quiet"},
                new PrintWriter(printed, true), new PrintWriter(printed, true));
        return new Run(status, printed.toString(), out);
    }

    /** Every row of a tournament's results.csv ends normally: no rogue forfeited, and the file reads. */
    private static void assertResultsIntact(Run run) throws IOException {
        assertEquals(0, run.status(), run.printed());
        String csv = Files.readString(run.out().resolve("results.csv"));
        assertFalse(csv.contains("pwned"), csv);
        assertFalse(csv.contains("LEAK"), csv);
        List<MatchRecord> matches = ResultsFile.read(run.out().resolve("results.csv"));
        assertEquals(2, matches.size(), csv);
        assertEquals(List.of(TerminationReason.NORMAL, TerminationReason.NORMAL),
                matches.stream().map(MatchRecord::termination).toList(), faults(run.out()));
        new ObjectMapper().readTree(run.out().resolve("settings.json").toFile());
    }

    /** The fault details of a tournament's replays, for a failure's message. */
    private static String faults(Path out) throws IOException {
        StringBuilder details = new StringBuilder();
        try (Stream<Path> files = Files.walk(out)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".replay.json.gz")).toList()) {
                try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(file))) {
                    new ObjectMapper().readTree(in).findValuesAsText("faultDetail").forEach(d -> details.append(d).append('\n'));
                }
            }
        }
        return details.toString();
    }

    // ---- the attacks

    @Test
    void readsNothingOutsideItsOwnFiles() throws Exception {
        Path sibling = Files.createDirectories(dir.resolve("sibling"));
        Path siblingBot = Files.writeString(sibling.resolve("sibling.py"), "# another contestant's bot\n");
        Path out = dir.resolve("tournament");
        List<String> targets = List.of("/etc/passwd", "/etc/hostname", "/root", System.getProperty("user.home"),
                out.toString(), out.resolve("settings.json").toString(), out.resolve("replays").toString(),
                sibling.toString(), siblingBot.toString(), dir.toString());
        // What the referee's or another bot's command line or environment would give away.
        List<String> secrets = List.of(out.toString(), siblingBot.toString(), "surefire", "org.pyramidarena", CANARY);
        Path script = rogue("reader", "TARGETS = " + python(targets) + "\nSECRETS = " + python(secrets), """
                    with open(sys.argv[0], "rb") as own:
                        if not own.read(1):
                            leak("CONTROL: its own program is empty")
                    for path in TARGETS:
                        try:
                            if os.path.isdir(path):
                                os.listdir(path)
                                leak("listed " + path)
                            else:
                                with open(path, "rb") as f:
                                    f.read(1)
                                leak("read " + path)
                        except OSError:
                            pass
                    for pid in filter(str.isdigit, os.listdir("/proc")):
                        for part in ["cmdline", "environ"]:
                            try:
                                with open("/proc/" + pid + "/" + part, "rb") as f:
                                    text = f.read().decode(errors="replace")
                            except OSError:
                                continue
                            for secret in SECRETS:
                                if secret in text:
                                    leak("found %s in the %s of process %s" % (secret, part, pid))
                """);
        Run run = tournament(script);
        assertResultsIntact(run);
    }

    @Test
    void writesNothingOutsideItsScratchFolder() throws Exception {
        Path out = dir.resolve("tournament");
        Path hostTmp = Path.of(System.getProperty("java.io.tmpdir"), "arena-pwned-" + UUID.randomUUID());
        List<String> targets = List.of(out.resolve("pwned.txt").toString(), out.resolve("results.csv").toString(),
                out.resolve("settings.json").toString(), dir.resolve("pwned.txt").toString(),
                "/tmp/../pwned.txt", "/bot/pwned.txt", "/usr/pwned.txt", "/pwned.txt", "/proc/pwned.txt");
        // Inside, /tmp is the scratch folder: writing there must succeed and reach nothing outside.
        Path script = rogue("writer", "TARGETS = " + python(targets) + "\nHOST_TMP = " + python(List.of(hostTmp.toString())),
                """
                    try:
                        with open("/scratch/own.txt", "w") as f:
                            f.write("mine")
                    except OSError as e:
                        leak("CONTROL: its scratch folder is not writable: %s" % e)
                    for path in HOST_TMP:
                        try:
                            with open(path, "a") as f:
                                f.write("pwned\\n")
                        except OSError:
                            pass
                    for path in TARGETS + [sys.argv[0]]:
                        try:
                            with open(path, "a") as f:
                                f.write("pwned\\n")
                            leak("wrote " + path)
                        except OSError:
                            pass
                """);
        String program = Files.readString(script);
        try {
            assertResultsIntact(tournament(script));
            for (String target : List.of(out.resolve("pwned.txt").toString(), dir.resolve("pwned.txt").toString(),
                    hostTmp.toString(), "/usr/pwned.txt", "/pwned.txt")) {
                assertFalse(Files.exists(Path.of(target)), target + " was written");
            }
            assertEquals(program, Files.readString(script), "the rogue rewrote its own program");
        } finally {
            for (Path written : List.of(hostTmp, Path.of("/usr/pwned.txt"), Path.of("/pwned.txt"))) {
                Files.deleteIfExists(written);
            }
        }
    }

    @Test
    void reachesNoNetworkNotEvenLoopback() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Path script = rogue("caller", "PORT = " + server.getLocalPort(), """
                    for host in ["127.0.0.1", "localhost", "::1"]:
                        try:
                            socket.create_connection((host, PORT), timeout=1).close()
                            leak("connected to %s:%d" % (host, PORT))
                        except OSError:
                            pass
                """);
            MatchResult result = playRandom(load(script));
            assertPlayedOn(result);
            server.setSoTimeout(200);
            assertThrows(SocketTimeoutException.class, server::accept, "a connection reached the test's server");
        }
    }

    @ParameterizedTest(name = "hangs after starting them: {0}")
    @ValueSource(booleans = {false, true})
    void childrenDieWithTheBot(boolean hang) throws Exception {
        marker = "arena-child-" + UUID.randomUUID();
        Path script = rogue("breeder", "MARKER = \"" + marker + "\"\nHANG = " + (hang ? "True" : "False"), """
                    code = "import time; time.sleep(600)"
                    quiet([sys.executable, "-c", code, MARKER + "-direct"])
                    quiet(["nohup", sys.executable, "-c", code, MARKER + "-nohup"])
                    quiet(["setsid", sys.executable, "-c", code, MARKER + "-setsid"])
                    quiet(["sh", "-c", "(" + sys.executable + " -c '" + code + "' " + MARKER + "-orphan &) &"])
                    time.sleep(0.3)  # for the test to see the four running
                    if HANG:
                        time.sleep(120)
                """);
        AtomicInteger most = new AtomicInteger();
        Thread watcher = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                most.accumulateAndGet(marked(marker).size(), Math::max);
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        watcher.start();
        BotSource rogue = load(script);
        BotSource random = InProcessBotSource.builtIn(BotRegistry.byName("random"));
        List<Contestant> seats = List.of(random.seat("random"), rogue.seat("rogue"));
        MatchResult result;
        try {
            result = MatchRunner.run(PYLON, seats,
                    MatchSettings.of(MasterSeed.of(7), new TimeControl(1000, 0, 0)), MatchListener.NONE);
            if (hang) {
                // Timed out: its process tree is killed at once, while the run goes on.
                assertEquals(TerminationReason.TIMEOUT, result.termination(), result.faultDetail());
                assertEquals(List.of(), awaitNoneMarked(marker), "children outlived the timed-out bot");
            } else {
                assertPlayedOn(result);
            }
        } finally {
            seats.forEach(Contestant::close);
            rogue.close();
            watcher.interrupt();
            watcher.join();
        }
        assertTrue(most.get() >= 4, "the rogue's four children were seen running: " + most.get());
        assertEquals(List.of(), awaitNoneMarked(marker), "children outlived the bot");
    }

    @Test
    void burnsNoCpuBetweenItsTurns() throws Exception {
        marker = "arena-spinner-" + UUID.randomUUID();
        Path script = rogue("spinner", "MARKER = \"" + marker + "\"", """
                    quiet([sys.executable, "-c", "while True: pass", MARKER])
                    def spin():
                        while True:
                            pass
                    threading.Thread(target=spin, daemon=True).start()
                """);
        ProcessContestant rogue = (ProcessContestant) load(script).seat("rogue");
        List<Long> burnt = new ArrayList<>();
        // The other seat takes 300 ms a move and reads the rogue's CPU time, children included, meanwhile.
        Contestant watcher = new DirectContestant(RoguesGalleryTest.trustedBot("thinker", move -> {
            if (burnt.size() == 4 || marked(marker).isEmpty()) {
                return;
            }
            sleep(50);
            long before = cpuNanos(rogue.process().handle());
            sleep(300);
            burnt.add(cpuNanos(rogue.process().handle()) - before);
        }));
        MatchResult result = play(List.of(watcher, rogue), new TimeControl(2000, 0, 0));
        assertPlayedOn(result);
        assertTrue(burnt.size() >= 3, "the rogue's CPU time was read on " + burnt.size() + " turns");
        assertEquals(0, burnt.stream().mapToLong(Long::longValue).sum(),
                "CPU time (ns) the rogue burnt during the other seat's turns: " + burnt);
    }

    @Test
    void memoryPastTheCapIsAMemoryForfeit() throws Exception {
        Path script = rogue("hog", "", """
                    hoard = b"\\x01" * (400 << 20)
                    leak("allocated %d MiB past a cap of %s" % (len(hoard) >> 20, "@CAP@"))
                """.replace("@CAP@", MEMORY));
        MatchResult result = playRandom(load(script));
        // Without a memory cgroup the cap is an address-space limit: the allocation fails in the
        // bot, which dies of it (a crash); the typed memory forfeit needs the cgroup's OOM count.
        boolean cgroup = !sandboxed() || SandboxSupport.bwrapOrSkip(limits()).describe().contains("cgroup");
        assertEquals(cgroup ? TerminationReason.MEMORY : TerminationReason.CRASH, result.termination(),
                result.faultDetail());
        assertEquals(List.of(1, 2), result.outcome().ranks(), "the rogue, not its opponent, loses");
        assertTrue(result.faultDetail().startsWith("seat 1 (rogue): "), result.faultDetail());
    }

    @Test
    void cannotSignalAnotherBot() throws Exception {
        Path victimScript = Files.writeString(dir.resolve("victim.py"), ROGUE.replace("@SETUP@", "")
                .replace("@ATTACK@", "").replace("\"name\": \"rogue\"", "\"name\": \"victim\""));
        BotSource victim = load(victimScript);
        ProcessContestant victimSeat = (ProcessContestant) victim.seat("victim");
        List<Long> pids = new ArrayList<>();
        pids.add(victimSeat.process().handle().pid());
        victimSeat.process().handle().descendants().forEach(h -> pids.add(h.pid()));
        Path script = rogue("stopper", "PIDS = " + python(pids), """
                    for pid in PIDS:
                        try:
                            os.kill(pid, signal.SIGSTOP)
                            leak("stopped %d" % pid)
                        except OSError:
                            pass
                    for pid in filter(str.isdigit, os.listdir("/proc")):
                        try:
                            with open("/proc/" + pid + "/cmdline", "rb") as f:
                                found = b"victim.py" in f.read()
                        except OSError:
                            continue
                        if found:
                            try:
                                os.kill(int(pid), signal.SIGSTOP)
                                leak("stopped the victim %s" % pid)
                            except OSError:
                                leak("saw the victim %s" % pid)
                """);
        MatchResult result = play(List.of(victimSeat, load(script).seat("rogue")), CLOCK);
        assertPlayedOn(result);
        assertEquals(List.of(TerminationReason.NORMAL, TerminationReason.NORMAL), result.seatTerminations());
    }

    @Test
    void seesNoneOfTheRefereesEnvironment() throws Exception {
        String canary = System.getenv(CANARY);
        assertNotNull(canary, CANARY + " is not set for the test JVM: the arena's pom sets it");
        Path script = rogue("snoop", "CANARY = \"" + CANARY + "\"\nALLOWED = {\"PATH\", \"HOME\", \"LANG\", \"TMPDIR\", \"PWD\"}",
                """
                    if CANARY in os.environ:
                        leak("the referee's " + CANARY + " is " + os.environ[CANARY])
                    extra = sorted(set(os.environ) - ALLOWED)
                    if extra:
                        leak("its environment holds " + ", ".join(extra))
                    if os.environ.get("HOME") != "/scratch":
                        leak("HOME is " + os.environ.get("HOME", "unset"))
                """);
        assertPlayedOn(playRandom(load(script)));
    }

    @Test
    void movesWrittenAheadOfTimeAreAProtocolViolation() throws Exception {
        Path script = Files.writeString(dir.resolve("early.py"), """
                import json, sys
                for line in sys.stdin:
                    m = json.loads(line)
                    if m["type"] == "hello":
                        hello = {"type": "hello", "protocol": 1, "name": "early", "games": ["*"]}
                        moves = [{"type": "move", "move": n} for n in ["Sa1", "Sf5", "Sa5", "Sf1"]]
                        # One write: the four moves are in the pipe before the hello is read.
                        sys.stdout.write("".join(json.dumps(x) + "\\n" for x in [hello] + moves))
                        sys.stdout.flush()
                    elif m["type"] == "your_turn":
                        print(json.dumps({"type": "move", "move": m["legal"][0]}), flush=True)
                    elif m["type"] == "quit":
                        break
                """);
        ProcessContestant early = (ProcessContestant) load(script).seat("early");
        Contestant first = new DirectContestant(RoguesGalleryTest.waitingBot(
                move -> early.process().pendingLines().size() >= 4));
        MatchResult result = play(List.of(first, early), CLOCK);
        assertEquals(TerminationReason.PROTOCOL_VIOLATION, result.termination(), result.faultDetail());
        assertTrue(result.faultDetail().startsWith("seat 1 (early): wrote 4 lines when no answer was due"),
                result.faultDetail());
        assertEquals(0, result.actions().stream().filter(a -> a.actor() == 1).count(), "none of them was played");
    }

    @Test
    void escapeCodesInAMoveAreNeverPrintedRaw() throws Exception {
        Path script = rogue("scribbler", "", """
                    leaks.append("\\x1b[2J\\x1b[H\\rrandom wins\\u202e")
                """);
        // The leak mechanism carries the escapes in an error message: the reply every bot can send.
        Run run = matchCommand(script);
        assertEquals(ArenaCommand.MATCH_FAULTED, run.status(), visible(run.printed()));
        assertTrue(run.printed().contains("termination: exception - seat 0 (rogue): LEAK [2J[H random wins"),
                visible(run.printed()));
        assertNoEscapes(run.printed());
        Path moves = rogue("notation", "", """
                    m["legal"][0] = "\\x1b[2J" + m["legal"][0]
                """);
        Run second = matchCommand(moves);
        assertEquals(ArenaCommand.MATCH_FAULTED, second.status(), visible(second.printed()));
        assertTrue(second.printed().contains("termination: malformed_reply - seat 0 (rogue): '[2J"),
                visible(second.printed()));
        assertNoEscapes(second.printed());
    }

    @Test
    void escapeCodesInANameAreRefusedInOneLine() throws Exception {
        Path script = Files.writeString(dir.resolve("named.py"), ROGUE.replace("@SETUP@", "").replace("@ATTACK@", "")
                .replace("\"name\": \"rogue\"", "\"name\": \"\\x1b[2J\\rrandom\""));
        Run run = matchCommand(script);
        assertEquals(2, run.status(), visible(run.printed()));
        assertEquals(1, run.printed().strip().lines().count(), visible(run.printed()));
        assertTrue(run.printed().contains("calls itself \"\\u001b[2J\\u000drandom\""), visible(run.printed()));
        assertNoEscapes(run.printed());
    }

    private Run matchCommand(Path script) {
        StringWriter printed = new StringWriter();
        Path replay = dir.resolve(script.getFileName() + ".replay.json");
        int status = ArenaCommand.execute(new String[] {"match", "--game", "pylon", "--bot", "cmd:python3 " + script,
                "--bot", "random", "--seed", "3", "--bot-memory", MEMORY, "--sandbox", sandboxOption(),
                "--output", dir.resolve("out").toString(), "--replay", replay.toString()},
                new PrintWriter(printed, true), new PrintWriter(printed, true));
        StringBuilder text = new StringBuilder(printed.toString());
        try {
            if (Files.exists(replay)) {
                // The replay's text values, decoded: a JSON escape of a control character would be one too.
                collectText(new ObjectMapper().readTree(replay.toFile()), text);
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return new Run(status, text.toString(), null);
    }

    // ---- helpers

    private static void collectText(com.fasterxml.jackson.databind.JsonNode node, StringBuilder into) {
        if (node.isTextual()) {
            into.append(node.asText()).append('\n');
        }
        node.forEach(child -> collectText(child, into));
    }

    /** Fails when the text holds an escape, a carriage return or a right-to-left override. */
    private static void assertNoEscapes(String text) {
        for (String escape : List.of("\u001b", "\r", "\u202e")) {
            assertFalse(text.contains(escape), "holds " + visible(escape) + ": " + visible(text));
        }
    }

    private static String visible(String text) {
        return text.replace("\u001b", "<ESC>").replace("\r", "<CR>").replace("\u202e", "<RLO>");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The CPU time of a process and all its descendants, in nanoseconds, from each thread's
     * {@code schedstat} (time on the CPU, exact, unlike the clock ticks of {@code stat}).
     */
    private static long cpuNanos(ProcessHandle root) {
        List<ProcessHandle> tree = new ArrayList<>();
        tree.add(root);
        root.descendants().forEach(tree::add);
        long total = 0;
        for (ProcessHandle process : tree) {
            try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(process.pid()), "task"))) {
                for (Path task : tasks.toList()) {
                    String stat = Files.readString(task.resolve("schedstat")).trim();
                    total += Long.parseLong(stat.substring(0, stat.indexOf(' ')));
                }
            } catch (IOException | RuntimeException e) {
                // Gone meanwhile: it burns nothing more.
            }
        }
        return total;
    }

    /** The processes of this machine whose command line holds the marker. */
    private static List<String> marked(String marker) {
        List<String> found = new ArrayList<>();
        ProcessHandle.allProcesses().forEach(process -> {
            String line = process.info().commandLine().orElse("");
            if (process.isAlive() && line.contains(marker)) {
                found.add(process.pid() + " " + line);
            }
        });
        return found;
    }

    /** The marked processes still alive after up to 5 s. */
    private static List<String> awaitNoneMarked(String marker) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        List<String> alive = marked(marker);
        while (!alive.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
            alive = marked(marker);
        }
        if (!alive.isEmpty()) {
            // Leave nothing behind even when the test fails.
            ProcessHandle.allProcesses().filter(p -> p.info().commandLine().orElse("").contains(marker))
                    .forEach(ProcessHandle::destroyForcibly);
        }
        return alive;
    }

}
