package org.pyramidarena.arena.bots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.pyramidarena.arena.cli.ArenaCommand;
import org.pyramidarena.arena.sandbox.Cgroup2Support;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.sandbox.SandboxSupport;
import org.pyramidarena.bots.GreedyBot;
import org.pyramidarena.bots.search.Evaluator;

/**
 * Nothing is left behind (issue 36): whatever ends a referee, no bot process outlives it by more
 * than a few seconds, frozen between turns or thinking, and a later start of the arena removes a
 * dead referee's leftovers without touching a live one's. Each referee is {@code arena match} (or
 * {@code tournament}) in a JVM of its own, playing a bot JAR (frozen while the other seat thinks)
 * against a Python bot that thinks for minutes, in each cage the probe can choose; skipped, with the
 * reason printed, where bubblewrap cannot run.
 *
 * <p>A task frozen by a cgroup v1 freezer does not die of {@code SIGKILL} until it is thawed: a
 * referee killed with {@code kill -9} while its bot was frozen left that bot frozen for good, and the
 * next start of the arena removed only empty groups.
 */
class SandboxLeftoversTest {

    /** Thinks for minutes at its first turn, after saying so on its standard error. */
    private static final String THINKER = """
            import json, sys, time
            for line in sys.stdin:
                m = json.loads(line)
                if m["type"] == "hello":
                    print(json.dumps({"type": "hello", "protocol": 1, "name": "thinker", "games": ["*"]}), flush=True)
                elif m["type"] == "your_turn":
                    sys.stderr.write("thinking\\n")
                    sys.stderr.flush()
                    time.sleep(600)
                    print(json.dumps({"type": "move", "move": m["legal"][0]}), flush=True)
                elif m["type"] == "quit":
                    break
            """;

    /** The cages, and the JVM options that choose each. */
    enum CageKind { V2, V1, FALLBACK }

    @TempDir
    Path dir;

    private final List<Process> referees = new ArrayList<>();

    @BeforeAll
    static void needsBubblewrapAndPython() {
        assumeTrue(PythonBotTest.hasPython(), "python3 is not installed; the thinking bot is a Python bot");
        SandboxSupport.bwrapOrSkip(Sandbox.Limits.DEFAULT);
    }

    @AfterEach
    void killWhatIsLeft() {
        for (Process referee : referees) {
            referee.descendants().forEach(ProcessHandle::destroyForcibly);
            referee.destroyForcibly();
        }
    }

    // ---- the tests

    @ParameterizedTest
    @EnumSource(CageKind.class)
    void killNineOfTheRefereeLeavesNoBotProcess(CageKind kind) throws Exception {
        Referee referee = match(kind, "killed");
        List<ProcessHandle> bots = referee.awaitThinking();
        Optional<Path> groups = referee.groups();
        referee.process().destroyForcibly(); // SIGKILL: no shutdown hook runs
        assertEquals(List.of(), awaitEnded(bots), "bot processes outlived the killed referee");
        if (groups.isPresent()) {
            assertTrue(awaitGone(groups.get()), "the referee's groups are left: " + groups.get());
        }
    }

    @ParameterizedTest
    @EnumSource(value = CageKind.class, names = {"V2", "V1"})
    void theNextStartRemovesADeadRefereesLeftoversAndNotALiveOnes(CageKind kind) throws Exception {
        Referee dead = match(kind, "dead");
        List<ProcessHandle> deadBots = dead.awaitThinking();
        Path deadGroups = dead.groups().orElseThrow();
        // The referee and its watchdog die together, as in a kill of the whole process group.
        dead.process().descendants().filter(SandboxLeftoversTest::isWatchdog).forEach(ProcessHandle::destroyForcibly);
        dead.process().destroyForcibly();
        assertTrue(dead.process().waitFor(10, TimeUnit.SECONDS));
        Thread.sleep(1000);
        if (kind == CageKind.V1) {
            assertFalse(frozenAlive(deadBots).isEmpty(), "CONTROL: the frozen bot outlives a referee with no watchdog");
        }
        assertTrue(Files.isDirectory(deadGroups), "CONTROL: the dead referee's groups are there");

        Referee live = match(kind, "live");
        List<ProcessHandle> liveBots = live.awaitThinking();
        Path liveGroups = live.groups().orElseThrow();
        // A later start of the arena, with a bot of its own in the sandbox, on the same machine.
        Process next = arena(kind, "next", "match", "--game", "pylon", "--bot", "cmd:python3 " + quickBot(),
                "--bot", "random", "--sandbox", "bwrap", "--quiet");
        assertTrue(next.waitFor(120, TimeUnit.SECONDS), "the next referee finished");
        assertEquals(0, next.exitValue(), log("next"));

        assertEquals(List.of(), awaitEnded(deadBots), "the dead referee's bots were reaped");
        assertTrue(awaitGone(deadGroups), "the dead referee's groups were removed: " + deadGroups);
        assertTrue(live.process().isAlive(), "the live referee plays on");
        assertTrue(liveBots.stream().allMatch(ProcessHandle::isAlive), "the live referee's bots were not touched");
        assertTrue(Files.isDirectory(liveGroups), "the live referee's groups were not touched");
        live.process().destroy();
        assertEquals(List.of(), awaitEnded(liveBots));
    }

    @ParameterizedTest
    @ValueSource(strings = {"TERM", "INT"})
    void aSignalToMatchOrTournamentEndsEveryBot(String signal) throws Exception {
        // A job started in the background by a shell (cmd &, nohup) has SIGINT ignored, and its children
        // inherit that, the JVM included, which then leaves SIGINT alone: no referee started from here
        // could hear it, as Ctrl-C never reaches such a job either.
        assumeFalse(signal.equals("INT") && ignoresSigint(), "SIGINT is ignored by this build's processes "
                + "(started in the background by a shell), so a referee started from here cannot receive it");
        for (Referee referee : List.of(match(CageKind.V1, "match-" + signal), tournament(CageKind.V1, "tournament-" + signal))) {
            List<ProcessHandle> bots = referee.awaitThinking();
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(referee.process().pid())).start();
            assertEquals(0, kill.waitFor());
            assertTrue(referee.process().waitFor(30, TimeUnit.SECONDS), "the referee ended on SIG" + signal);
            assertEquals(List.of(), awaitEnded(bots), "bot processes outlived SIG" + signal + " of the referee");
        }
    }

    /** Whether this process ignores SIGINT, which the referees it starts inherit (Linux's SigIgn mask). */
    private static boolean ignoresSigint() throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.isReadable(status)) {
            return false;
        }
        try (Stream<String> lines = Files.lines(status)) {
            return lines.filter(line -> line.startsWith("SigIgn:")).findFirst()
                    .map(line -> (Long.parseUnsignedLong(line.substring(7).strip(), 16) & (1L << 1)) != 0)
                    .orElse(false);
        }
    }

    // ---- referees

    /**
     * A referee in a JVM of its own: its cage, its process, the folder its bots' logs are kept in,
     * and its own log.
     */
    private record Referee(CageKind kind, Process process, Path logs, Path log) {

        /** The referee's bot processes once the thinker thinks (the bot JAR then frozen). */
        List<ProcessHandle> awaitThinking() throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (System.nanoTime() < deadline) {
                assertTrue(process.isAlive(), () -> "the referee ended: " + read(log));
                if (thinking(logs)) {
                    List<ProcessHandle> bots = process.descendants().filter(p -> !isWatchdog(p)).toList();
                    assertTrue(bots.size() >= 4, "the bots' processes: " + bots);
                    return bots;
                }
                Thread.sleep(100);
            }
            throw new AssertionError("the thinker never thought: " + read(log));
        }

        /**
         * This referee's folder of groups: in the freezer hierarchy below its own group (v1), below
         * the tests' cgroup2 group (v2); empty in the fallback or before it made one.
         */
        Optional<Path> groups() throws IOException {
            Path parent;
            if (kind == CageKind.FALLBACK) {
                return Optional.empty();
            } else if (kind == CageKind.V2) {
                parent = Cgroup2Support.groupOrSkip().resolve("pyramid-arena");
            } else {
                String own = Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "cgroup")).stream()
                        .filter(line -> line.split(":", 3)[1].equals("freezer")).map(line -> line.split(":", 3)[2])
                        .findFirst().orElseThrow();
                String mount = Files.readAllLines(Path.of("/proc/self/mounts")).stream().map(line -> line.split(" "))
                        .filter(f -> f[2].equals("cgroup") && List.of(f[3].split(",")).contains("freezer"))
                        .map(f -> f[1]).findFirst().orElseThrow();
                parent = Path.of(mount, own).resolve("pyramid-arena");
            }
            try (Stream<Path> folders = Files.list(parent)) {
                return folders.filter(f -> f.getFileName().toString().startsWith("referee-" + process.pid() + "-"))
                        .findFirst();
            }
        }
    }

    private Referee match(CageKind kind, String name) throws IOException {
        Path output = dir.resolve(name);
        Process process = arena(kind, name, "match", "--game", "pylon", "--bot", botJar().toString(), "--bot",
                "cmd:python3 " + thinker(), "--sandbox", "bwrap", "--time", "1000s", "--output", output.toString(),
                "--quiet");
        return new Referee(kind, process, output, dir.resolve(name + ".log"));
    }

    private Referee tournament(CageKind kind, String name) throws IOException {
        Path output = dir.resolve(name);
        Process process = arena(kind, name, "tournament", "--games", "pylon", "--bot", "greedy=" + botJar()
                + ",thinker=cmd:python3 " + thinker(), "--sandbox", "bwrap", "--time", "1000s", "--concurrency", "1",
                "--out", output.toString(), "--quiet");
        // A tournament keeps its bots' logs in a temporary folder: the referee's own (see arena()).
        return new Referee(kind, process, dir.resolve(name + "-tmp"), dir.resolve(name + ".log"));
    }

    private Process arena(CageKind kind, String name, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path")));
        switch (kind) {
            case V2 -> command.add("-D" + Sandbox.CGROUP2_PROPERTY + "=" + Cgroup2Support.groupOrSkip());
            case FALLBACK -> command.add("-D" + Sandbox.NO_CGROUPS_PROPERTY + "=true");
            default -> assumeFalse(Boolean.getBoolean(Sandbox.NO_CGROUPS_PROPERTY), "the run asks for no cgroups");
        }
        Path temporary = Files.createDirectories(dir.resolve(name + "-tmp"));
        command.add("-Djava.io.tmpdir=" + temporary);
        command.add(ArenaCommand.class.getName());
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve(name + ".log").toFile()).start();
        referees.add(process);
        return process;
    }

    private Path botJar() throws IOException {
        Path jar = dir.resolve("greedy.jar");
        return Files.exists(jar) ? jar : TestJars.botJar(jar, GreedyBot.class, Evaluator.class);
    }

    private Path thinker() throws IOException {
        return Files.writeString(dir.resolve("thinker.py"), THINKER);
    }

    private Path quickBot() throws IOException {
        return Files.writeString(dir.resolve("quick.py"), THINKER.replace("time.sleep(600)", "pass"));
    }

    // ---- looking at processes and groups

    private static boolean thinking(Path output) {
        try (Stream<Path> logs = Files.walk(output)) {
            return logs.filter(f -> f.toString().endsWith(".stderr.log")).anyMatch(f -> read(f).contains("thinking"));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static boolean isWatchdog(ProcessHandle process) {
        return process.info().commandLine().orElse("").contains(" arena-reaper watch ");
    }

    /** The processes still alive after up to 5 s (a pid reused since counts as ended). */
    private static List<String> awaitEnded(List<ProcessHandle> processes) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        List<String> alive = alive(processes);
        while (!alive.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
            alive = alive(processes);
        }
        return alive;
    }

    private static List<String> alive(List<ProcessHandle> processes) {
        return processes.stream().filter(ProcessHandle::isAlive)
                .map(p -> p.pid() + " " + p.info().commandLine().orElse("")).toList();
    }

    /** The processes alive and frozen by a v1 freezer (state D in /proc). */
    private static List<String> frozenAlive(List<ProcessHandle> processes) {
        return processes.stream().filter(ProcessHandle::isAlive).filter(p -> read(Path.of("/proc",
                Long.toString(p.pid()), "status")).contains("State:\tD")).map(p -> Long.toString(p.pid())).toList();
    }

    private static boolean awaitGone(Path folder) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (Files.exists(folder) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        return !Files.exists(folder);
    }

    private String log(String name) {
        return read(dir.resolve(name + ".log"));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "";
        }
    }
}
