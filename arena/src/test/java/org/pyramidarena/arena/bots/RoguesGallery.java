package org.pyramidarena.arena.bots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
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
import org.pyramidarena.arena.players.Protocol;
import org.pyramidarena.arena.rogues.RogueBot;
import org.pyramidarena.arena.rogues.Rogues;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.TerminationReason;

/**
 * The rogues' gallery against the referee in process isolation: each rogue's fault is recorded
 * with the right reason, the match and the run finish, and no process is left behind. Played
 * outside any sandbox ({@link RoguesGalleryTest}) and in bubblewrap ({@link SandboxedRoguesGalleryTest}).
 */
abstract class RoguesGallery {

    /** The sandbox the gallery's bot processes run in. */
    abstract Sandbox sandbox();

    /** The {@code --sandbox} choice the command-line tests pass. */
    abstract String sandboxOption();

    /** The memory cap the command-line tests pass: a bot JVM's heap is half of it. */
    abstract String memoryOption();

    /** The reason a rogue's fault gets in this gallery, from the reason it gets outside a sandbox. */
    String expectedReason(String rogue, String reason) {
        return reason;
    }

    static final Rules<?, ?> PYLON = Games.byId("pylon").rules(new GameSetup(2, "standard"));
    static final TimeControl CLOCK = new TimeControl(500, 0, 2000);

    @TempDir
    Path dir;

    private final List<BotSource> sources = new ArrayList<>();
    private RunDirectory run;

    @AfterEach
    void noProcessIsLeftBehind() throws Exception {
        sources.forEach(BotSource::close);
        if (run != null) {
            run.close();
        }
        for (BotSource source : sources) {
            if (source instanceof ProcessBotSource process) {
                for (ProcessHandle handle : process.processes()) {
                    handle.onExit().get(5, TimeUnit.SECONDS);
                    assertFalse(handle.isAlive(), "process " + handle.pid() + " of " + source.name() + " is alive");
                }
            }
        }
        assertNoChildProcesses();
    }

    static void assertNoChildProcesses() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!children().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertEquals(List.of(), children());
    }

    /**
     * This JVM's live descendants, as "PID COMMAND", but for the referee's watchdogs, which live as
     * long as it does to end its bots when it ends (see the sandbox's Reaper).
     */
    static List<String> children() {
        return ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .map(h -> h.pid() + " " + h.info().commandLine().orElse(""))
                .filter(line -> !line.contains(" arena-reaper watch ")).toList();
    }

    Path jarOf(Class<? extends RogueBot> rogue) throws IOException {
        return TestJars.botJar(dir.resolve(rogue.getSimpleName().toLowerCase(Locale.ROOT) + ".jar"), rogue);
    }

    BotSource load(Class<? extends RogueBot> rogue, Isolation isolation) throws IOException {
        if (run == null) {
            run = new RunDirectory(dir.resolve("run"));
        }
        BotSource source = new BotLoader(isolation, isolation == Isolation.PROCESS ? sandbox() : Sandbox.none(), run,
                BotLoader.DEFAULT_HELLO_MILLIS)
                .load(jarOf(rogue).toString());
        sources.add(source);
        return source;
    }

    private MatchResult play(BotSource first, BotSource second, TimeControl clock, MatchListener listener) {
        List<Contestant> seats = List.of(first.seat("seat0"), second.seat("seat1"));
        try {
            return MatchRunner.run(PYLON, seats, MatchSettings.of(MasterSeed.of(5), clock), listener);
        } finally {
            seats.forEach(Contestant::close);
        }
    }

    private BotSource random() {
        BotSource source = InProcessBotSource.builtIn(BotRegistry.byName("random"));
        sources.add(source);
        return source;
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "Sleeper, timeout", "Spinner, timeout", "Thrower, exception", "Cheater, illegal_move",
            "Mute, malformed_reply", "Quitter, crash", "Glutton, crash", "Shouter, output_flood",
            "Hangup, disconnected", "Grumbler, normal", "Breeder, normal", "Peeker, normal"})
    void eachRogueGetsItsReasonAndTheRunFinishes(String rogue, String reason) throws Exception {
        reason = expectedReason(rogue, reason);
        Class<? extends RogueBot> type = Class.forName(Rogues.class.getName() + "$" + rogue).asSubclass(RogueBot.class);
        Path jar = jarOf(type);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = ArenaCommand.execute(new String[] {"match", "--game", "pylon", "--bot", jar.toString(), "--bot",
                "random", "--seed", "3", "--time", "1s", "--first-move", "2s", "--bot-memory", memoryOption(),
                "--sandbox", sandboxOption(),
                "--output", dir.resolve("out").toString(), "--quiet"},
                new PrintWriter(out, true), new PrintWriter(err, true));
        assertEquals(reason.equals("normal") ? 0 : ArenaCommand.MATCH_FAULTED, status, out + "" + err);
        if (reason.equals("normal")) {
            assertFalse(out.toString().contains("termination:"), out.toString());
        } else {
            assertTrue(out.toString().contains("termination: " + reason + " - seat 0"), out.toString());
            assertTrue(out.toString().contains("seat 0 (" + rogue.toLowerCase(Locale.ROOT) + ") rank 2"), out.toString());
        }
        assertNoChildProcesses();
    }

    @ParameterizedTest(name = "{0} in {1}")
    @CsvSource({"Scribbler, process, malformed_reply", "Scribbler, in-process, malformed_reply",
            "Heckler, process, exception", "Heckler, in-process, exception"})
    void aRoguesEscapeCodesReachNeitherTheTerminalNorTheReplay(String rogue, String isolation, String reason)
            throws Exception {
        Class<? extends RogueBot> type = Class.forName(Rogues.class.getName() + "$" + rogue).asSubclass(RogueBot.class);
        Path replay = dir.resolve("match.replay.json");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = ArenaCommand.execute(new String[] {"match", "--game", "pylon", "--bot", jarOf(type).toString(),
                "--bot", "random", "--seed", "3", "--isolation", isolation, "--trust-bots", "--bot-memory", memoryOption(), "--sandbox", sandboxOption(),
                "--output", dir.resolve("out").toString(), "--replay", replay.toString()},
                new PrintWriter(out, true), new PrintWriter(err, true));
        String printed = out + "" + err;
        assertEquals(ArenaCommand.MATCH_FAULTED, status, visible(printed));
        assertTrue(printed.contains("termination: " + reason + " - seat 0 (" + rogue.toLowerCase(Locale.ROOT) + "): "),
                visible(printed));
        // The rogue's text arrived, without what would have cleared the screen and overwritten the line.
        assertTrue(printed.contains("[2J[H random wins"), visible(printed));
        assertNoEscapes("the output", printed);
        assertNoEscapes("the replay", replay);
    }

    @Test
    void aRoguesEscapeCodesReachNoFileOfATournament() throws Exception {
        Path out = dir.resolve("tournament");
        StringWriter printed = new StringWriter();
        int status = ArenaCommand.execute(new String[] {"tournament", "--games", "pylon", "--bot",
                "scribbler=" + jarOf(Rogues.Scribbler.class) + ",heckler=" + jarOf(Rogues.Heckler.class) + ",random",
                "--concurrency", "1", "--time", "1s", "--bot-memory", memoryOption(), "--sandbox", sandboxOption(), "--out", out.toString(), "--quiet"},
                new PrintWriter(printed, true), new PrintWriter(printed, true));
        assertEquals(0, status, visible(printed.toString()));
        assertNoEscapes("the output", printed.toString());
        List<Path> files;
        try (var walk = Files.walk(out)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        assertTrue(files.stream().anyMatch(f -> f.getFileName().toString().equals("results.csv")), files.toString());
        assertTrue(files.stream().anyMatch(f -> f.getFileName().toString().endsWith(".replay.json.gz")), files.toString());
        for (Path file : files) {
            assertNoEscapes(out.relativize(file).toString(), file);
        }
        assertTrue(Files.readString(out.resolve("results.csv")).contains("malformed_reply"));
    }

    /**
     * Fails when a file holds an escape, a carriage return or a right-to-left override: as a raw
     * character, as a JSON escape, or in any text value of a JSON file (gzip-compressed or not).
     */
    private static void assertNoEscapes(String where, Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        if (file.toString().endsWith(".gz")) {
            try (var in = new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(bytes))) {
                bytes = in.readAllBytes();
            }
        }
        String text = new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
        assertNoEscapes(where, text);
        if (file.toString().endsWith(".json") || file.toString().endsWith(".json.gz")) {
            List<String> values = new ArrayList<>();
            collectText(Protocol.mapper().readTree(text), values);
            values.forEach(value -> assertNoEscapes(where, value));
        }
    }

    private static void collectText(com.fasterxml.jackson.databind.JsonNode node, List<String> into) {
        if (node.isTextual()) {
            into.add(node.asText());
        }
        node.forEach(child -> collectText(child, into));
    }

    private static void assertNoEscapes(String where, String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        for (String escape : List.of("\u001b", "\r", "\u009b", "\u202e", "\\u001b", "\\u009b", "\\u202e")) {
            assertFalse(lower.contains(escape), where + " holds " + visible(escape) + ": " + visible(text));
        }
    }

    /** A text with its escapes, carriage returns and overrides spelled out, for a failure's message. */
    private static String visible(String text) {
        return text.replace("\u001b", "<ESC>").replace("\r", "<CR>").replace("\u009b", "<CSI>").replace("\u202e", "<RLO>");
    }

    @Test
    void aHangingBotIsForfeitedAtItsLimitAndKilled() throws Exception {
        BotSource sleeper = load(Rogues.Sleeper.class, Isolation.PROCESS);
        long[] lastAction = new long[1];
        long[] faultAt = new long[1];
        MatchResult result = play(sleeper, random(), CLOCK, new MatchListener() {
            @Override
            public void action(int index, org.pyramidarena.arena.match.ActionRecord action,
                               org.pyramidarena.api.State after) {
                lastAction[0] = System.nanoTime();
            }

            @Override
            public void fault(int seat, TerminationReason reason, String detail) {
                faultAt[0] = System.nanoTime();
            }
        });
        assertEquals(TerminationReason.TIMEOUT, result.termination());
        assertEquals(List.of(2, 1), result.outcome().ranks());
        long overrunMillis = (faultAt[0] - lastAction[0]) / 1_000_000 - CLOCK.moveMillis();
        // The figure is limit + 100 ms (measured in docs/protocol.md); a loaded CI machine gets a wider margin.
        assertTrue(overrunMillis < 1000, "forfeited " + overrunMillis + " ms after the limit");
        ProcessHandle first = ((ProcessBotSource) sleeper).processes().get(0);
        assertTrue(first.onExit().get(5, TimeUnit.SECONDS) != null && !first.isAlive(), "the sleeper is killed");
    }

    @Test
    void aBotThatOverrunsIsRestartedForItsNextMatchInTheSameWorkingDirectory() throws Exception {
        BotSource sleepsOnce = load(Rogues.SleepsOnce.class, Isolation.PROCESS);
        TimeControl startUp = new TimeControl(300, 0, 5000);
        assertEquals(TerminationReason.TIMEOUT, play(sleepsOnce, random(), startUp, MatchListener.NONE).termination());
        MatchResult second = play(sleepsOnce, random(), startUp, MatchListener.NONE);
        // In a sandbox each process has a scratch folder of its own, so the restarted one sleeps again.
        assertEquals(sandbox().active() ? TerminationReason.TIMEOUT : TerminationReason.NORMAL, second.termination(),
                second.faultDetail());
        assertEquals(2, ((ProcessBotSource) sleepsOnce).processes().size());
    }

    @Test
    void aHealthyProcessServesMatchAfterMatch() throws Exception {
        BotSource peeker = load(Rogues.Peeker.class, Isolation.PROCESS);
        for (int match = 0; match < 3; match++) {
            assertEquals(TerminationReason.NORMAL, play(peeker, random(), CLOCK, MatchListener.NONE).termination());
        }
        assertEquals(1, ((ProcessBotSource) peeker).processes().size());
    }

    @Test
    void aBotSeesOnlyTheBotApiInItsOwnClassLoaderInProcessToo() throws Exception {
        MatchResult result = play(load(Rogues.Peeker.class, Isolation.IN_PROCESS), random(), CLOCK, MatchListener.NONE);
        assertEquals(TerminationReason.NORMAL, result.termination(), result.faultDetail());
    }

    @Test
    void aFloodOfStandardErrorIsCappedInTheBotsLog() throws Exception {
        BotSource grumbler = load(Rogues.Grumbler.class, Isolation.PROCESS);
        assertEquals(TerminationReason.NORMAL, play(grumbler, random(), CLOCK, MatchListener.NONE).termination());
        grumbler.close();
        Path log = ((ProcessBotSource) grumbler).log();
        long size = Files.size(log);
        assertTrue(size <= ProcessBotSource.DEFAULT_LOG_CAP + 200, "log of " + size + " bytes");
        assertTrue(Files.readString(log).contains("log cap reached"));
    }

    @Test
    void aBotCannotReadAnotherBotsFilesByGuessingPaths() throws Exception {
        BotSource diarist = load(Rogues.Diarist.class, Isolation.PROCESS);
        BotSource snoop = load(Rogues.Snoop.class, Isolation.PROCESS);
        MatchResult result = play(diarist, snoop, CLOCK, MatchListener.NONE);
        assertEquals(TerminationReason.NORMAL, result.termination(), result.faultDetail());
        Path diaristDir = ((ProcessBotSource) diarist).workDir();
        Path snoopDir = ((ProcessBotSource) snoop).workDir();
        // Outside a sandbox the diarist writes in its working directory; inside, in its private scratch folder.
        assertEquals(!sandbox().active(), Files.exists(diaristDir.resolve("secret.txt")));
        assertFalse(diaristDir.equals(snoopDir));
        assertFalse(Files.exists(snoopDir.resolve("secret.txt")));
        snoop.close();
        String log = Files.readString(((ProcessBotSource) snoop).log());
        assertFalse(log.contains(Rogues.Diarist.SECRET));
        if (!"root".equals(System.getProperty("user.name")) && !sandbox().active()) {
            // The superuser ignores directory permissions; everyone else cannot list the bots' parent.
            assertTrue(log.contains("listing the parent directory was denied"), log);
        }
    }

    @Test
    void aFaultingSeatOfAMultiplayerGameRanksLastAndAFallbackPlaysOn() throws Exception {
        org.pyramidarena.api.Game game = Games.all().stream().filter(g -> g.maxPlayers() >= 3).findFirst().orElse(null);
        org.junit.jupiter.api.Assumptions.assumeTrue(game != null, "no registered game has 3 or more players");
        Rules<?, ?> rules = game.rules(new GameSetup(3, game.defaultVariant()));
        BotSource thrower = load(Rogues.Thrower.class, Isolation.PROCESS);
        List<Contestant> seats = List.of(thrower.seat("seat0"), random().seat("seat1"), random().seat("seat2"));
        MatchResult result;
        try {
            result = MatchRunner.run(rules, seats, MatchSettings.of(MasterSeed.of(5), CLOCK), MatchListener.NONE);
        } finally {
            seats.forEach(Contestant::close);
        }
        assertEquals(TerminationReason.EXCEPTION, result.termination());
        assertEquals(List.of(TerminationReason.EXCEPTION, TerminationReason.NORMAL, TerminationReason.NORMAL),
                result.seatTerminations());
        assertTrue(result.finalState().isTerminal(), "the game went on to its end");
        assertEquals(3, result.outcome().rank(0));
        assertTrue(result.actions().stream().anyMatch(a -> a.fallback() && a.actor() == 0));
    }

    @Test
    void aHangingBotDoesNotDisturbAnotherMatch() throws Exception {
        BotSource peeker = load(Rogues.Peeker.class, Isolation.PROCESS);
        BotSource sleeper = load(Rogues.Sleeper.class, Isolation.PROCESS);
        BotSource random = random();
        List<String> alone = play(peeker, random, CLOCK, MatchListener.NONE).actions().stream()
                .map(org.pyramidarena.arena.match.ActionRecord::notation).toList();
        java.util.concurrent.CompletableFuture<MatchResult> hanging = java.util.concurrent.CompletableFuture
                .supplyAsync(() -> play(sleeper, random, CLOCK, MatchListener.NONE));
        MatchResult beside = play(peeker, random, CLOCK, MatchListener.NONE);
        assertEquals(TerminationReason.NORMAL, beside.termination(), beside.faultDetail());
        assertEquals(alone, beside.actions().stream().map(org.pyramidarena.arena.match.ActionRecord::notation).toList());
        assertEquals(TerminationReason.TIMEOUT, hanging.get(10, TimeUnit.SECONDS).termination());
    }
}
