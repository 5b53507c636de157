package org.pyramidarena.arena.tournament;

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
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.cli.ArenaCommand;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.replay.Replay;
import org.pyramidarena.arena.replay.ReplayFiles;
import org.pyramidarena.arena.report.Report;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.io.ResultsCsv;

/** Whole tournaments through the command line: determinism, resumption, outputs and bad input. */
class TournamentRunTest {

    /** A small tournament with a 2-player and a 3-player game, a bot entered twice, search bots. */
    private static final List<String> SMALL = List.of("tournament", "--games", "pylon,pyrametto:3",
            "--bot", "random,greedy,mcts,random", "--seed", "5", "--time", "5s", "--quiet");

    @TempDir
    Path temp;

    @Test
    void theSameSeedGivesTheSameResultsAndReplaysAtConcurrencyOneAndTwo() throws IOException {
        Path one = temp.resolve("one");
        Path two = temp.resolve("two");
        assertEquals(0, run(SMALL, "--concurrency", "1", "--out", one.toString()).status);
        assertEquals(0, run(SMALL, "--concurrency", "2", "--out", two.toString()).status);
        List<String> rows = ResultsLines.withoutTimes(one.resolve("results.csv"));
        assertTrue(rows.size() > 40, "rows: " + rows.size());
        assertEquals(rows, ResultsLines.withoutTimes(two.resolve("results.csv")));
        assertEquals(moves(one), moves(two));
        assertEquals(Files.readString(one.resolve("standings.csv")), Files.readString(two.resolve("standings.csv")));
    }

    @Test
    void aRunKilledHalfwayAndResumedEndsWithTheResultsOfARunNeverKilled() throws Exception {
        List<String> slow = List.of("tournament", "--games", "pylon", "--bot", "mcts,greedy,mcts,random",
                "--cycles", "2", "--seed", "9", "--time", "5s", "--concurrency", "1", "--quiet");
        Path killed = temp.resolve("killed");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), ArenaCommand.class.getName()));
        command.addAll(slow);
        command.addAll(List.of("--out", killed.toString()));
        Process child = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(temp.resolve("child.log").toFile()).start();
        try {
            Path results = killed.resolve("results.csv");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (lines(results) < 1 + 2 * 5 && child.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(child.isAlive(), "the child was still playing when killed: " + Files.readString(temp.resolve("child.log")));
            child.destroyForcibly(); // SIGKILL: no shutdown hook, no flush, no clean-up
            child.waitFor(30, TimeUnit.SECONDS);
        } finally {
            child.destroyForcibly();
        }
        int rowsWhenKilled = lines(killed.resolve("results.csv")) - 1;
        assertTrue(rowsWhenKilled < 24 * 2, "killed before the end, with " + rowsWhenKilled + " rows");
        Outcome resumed = run(List.of("tournament", "--resume", "--out", killed.toString(), "--quiet"));
        assertEquals(0, resumed.status, resumed.err);
        Path whole = temp.resolve("whole");
        assertEquals(0, run(slow, "--out", whole.toString()).status);
        assertEquals(ResultsLines.withoutTimes(whole.resolve("results.csv")), ResultsLines.withoutTimes(killed.resolve("results.csv")));
        assertEquals(moves(whole), moves(killed));
        try (Stream<Path> files = Files.list(killed.resolve("replays"))) {
            assertTrue(files.noneMatch(p -> p.getFileName().toString().startsWith(".partial")), "no partial replay is left");
        }
    }

    @Test
    void everyTournamentEndsWithEloStandingsBalanceAReportAndVerifiableReplays() throws IOException {
        Path out = temp.resolve("out");
        Outcome outcome = run(List.of("tournament", "--games", "pylon", "--bot", "random,greedy", "--cycles", "3",
                "--out", out.toString(), "--quiet"));
        assertEquals(0, outcome.status, outcome.err);
        assertTrue(outcome.out.contains("Standings: all"), outcome.out);
        assertTrue(outcome.out.contains("Standings: pylon"), outcome.out);
        List<String> standings = Files.readAllLines(out.resolve("standings.csv"));
        assertTrue(standings.get(0).startsWith("game,rank,bot,elo,error"), standings.get(0));
        assertTrue(standings.stream().anyMatch(l -> l.startsWith("all,1,greedy,")), String.join("\n", standings));
        assertTrue(Files.readString(out.resolve("balance.csv")).contains("pylon"));
        assertTrue(Files.exists(out.resolve("report.html")));
        List<MatchRecord> records = ResultsCsv.read(out.resolve("results.csv"));
        assertEquals(6, records.size());
        String report = Files.readString(out.resolve("report.html"));
        assertTrue(report.contains("id=\"chart-standings-all\""), "the report charts the standings");
        for (MatchRecord record : records) {
            Path replay = out.resolve("replays").resolve(RunFolder.replayName(record.match()));
            Outcome verified = run(List.of("replay", replay.toString()));
            assertEquals(0, verified.status, verified.err);
            String name = replay.getFileName().toString();
            assertTrue(report.contains("href=\"replays/" + name + "\""), "the report links " + name);
            assertTrue(report.contains("href=\"replays/" + Report.viewerPageName(name) + "\""),
                    "the report links the viewer page of " + name);
        }
    }

    @Test
    void replaysFailuresKeepsNoReplayOfAMatchWithoutAFaultAndNoneKeepsNoFolder() throws IOException {
        Path failures = temp.resolve("failures");
        Path none = temp.resolve("none");
        List<String> base = List.of("tournament", "--games", "pylon", "--bot", "random,greedy", "--quiet");
        assertEquals(0, run(base, "--replays", "failures", "--out", failures.toString()).status);
        assertEquals(0, run(base, "--replays", "none", "--out", none.toString()).status);
        try (Stream<Path> files = Files.list(failures.resolve("replays"))) {
            assertEquals(0, files.count());
        }
        assertFalse(Files.exists(none.resolve("replays")));
    }

    @Test
    void theSettingsWrittenBesideTheResultsRepeatTheRunAsAConfigFile() throws IOException {
        Path first = temp.resolve("first");
        Path again = temp.resolve("again");
        assertEquals(0, run(List.of("tournament", "--format", "gauntlet", "--games", "pylon,pyraos",
                "--bot", "greedy,random,mcts", "--candidate", "greedy", "--seed", "3", "--time", "5s", "--out", first.toString(),
                "--quiet")).status);
        Outcome repeated = run(List.of("tournament", "--config", first.resolve("settings.json").toString(),
                "--out", again.toString(), "--quiet"));
        assertEquals(0, repeated.status, repeated.err);
        assertEquals(ResultsLines.withoutTimes(first.resolve("results.csv")), ResultsLines.withoutTimes(again.resolve("results.csv")));
        List<MatchRecord> records = ResultsCsv.read(first.resolve("results.csv"));
        assertEquals(2 * 2 * 2, records.size(), "greedy against two others, both seat orders, two games");
        assertTrue(records.stream().allMatch(r -> r.seats().stream().anyMatch(s -> s.bot().equals("greedy"))));
    }

    @Test
    void aSwissTournamentWithAnOddFieldGivesByesAndRates() throws IOException {
        Path out = temp.resolve("swiss");
        Outcome outcome = run(List.of("tournament", "--format", "swiss", "--rounds", "3", "--games", "pylon",
                "--bot", "random,greedy,random,greedy,random", "--out", out.toString(), "--quiet"));
        assertEquals(0, outcome.status, outcome.err);
        List<MatchRecord> records = ResultsCsv.read(out.resolve("results.csv"));
        assertEquals(3, records.stream().filter(r -> r.players() == 1).count(), "one bye a round");
        assertEquals(3 * 4, records.stream().filter(r -> r.players() == 2).count(), "two matches a round, "
                + "each both seat orders");
        assertTrue(Files.readString(out.resolve("standings.csv")).contains("greedy-1"));
        assertTheReportIsTheOneReadFromTheFolder(out);
    }

    @Test
    void aSwissTournamentPairsAndEndsTheSameAtConcurrencyOneAndTwo() throws IOException {
        // Each round is paired from the matches of the rounds before, which the match threads
        // report at once: a lost or torn report would change the pairings that follow.
        List<String> swiss = List.of("tournament", "--format", "swiss", "--rounds", "5", "--games", "pylon",
                "--bot", "random,greedy,random,greedy,random,greedy,random,greedy,random", "--seed", "4",
                "--time", "5s", "--quiet");
        Path one = temp.resolve("swiss-one");
        Path two = temp.resolve("swiss-two");
        assertEquals(0, run(swiss, "--concurrency", "1", "--out", one.toString()).status);
        assertEquals(0, run(swiss, "--concurrency", "2", "--out", two.toString()).status);
        List<String> rows = ResultsLines.withoutTimes(one.resolve("results.csv"));
        assertEquals(1 + 5 * (4 * 2 * 2 + 1), rows.size(), "five rounds of four pairs, both seat orders, and a bye");
        assertEquals(rows, ResultsLines.withoutTimes(two.resolve("results.csv")));
        assertEquals(Files.readString(one.resolve("standings.csv")), Files.readString(two.resolve("standings.csv")));
    }

    @Test
    void aSecretSeedIsKeptInTheSettingsPublishedAtTheEndAndItsDigitsPlayTheSameRun() throws IOException {
        List<String> small = List.of("tournament", "--games", "pylon,pyrametto:3", "--bot", "random,greedy,random",
                "--time", "5s", "--quiet");
        Path secret = temp.resolve("secret");
        Outcome first = run(small, "--seed", "secret", "--concurrency", "2", "--out", secret.toString());
        assertEquals(0, first.status, first.err);
        String hex = TournamentSettings.read(secret.resolve("settings.json")).seed();
        assertTrue(hex.matches("[0-9a-f]{64}"), "settings.json holds the secret seed's digits: " + hex);
        List<String> lines = first.out.lines().toList();
        assertTrue(lines.get(0).contains(", seed secret, "), lines.get(0));
        assertFalse(String.join("\n", lines.subList(0, lines.size() - 1)).contains(hex), "nothing shows it before the end");
        assertEquals("master seed: " + hex + " (secret until now: publish it so anyone can replay and verify the run "
                + "with --seed " + hex + ")", lines.get(lines.size() - 1));
        try (Stream<Path> files = Files.list(secret.resolve("replays"))) {
            for (Path file : files.filter(p -> p.getFileName().toString().endsWith(".replay.json.gz")).toList()) {
                assertEquals(hex, ReplayFiles.read(file).masterSeed(), file.toString());
            }
        }

        Path again = temp.resolve("published");
        Outcome replayed = run(small, "--seed", hex, "--concurrency", "1", "--out", again.toString());
        assertEquals(0, replayed.status, replayed.err);
        List<String> rows = ResultsLines.withoutTimes(secret.resolve("results.csv"));
        assertEquals(1 + 6 * 2 + 3 * 3, rows.size(), "pylon: six matches of two; pyrametto: three of three");
        assertEquals(rows, ResultsLines.withoutTimes(again.resolve("results.csv")));
        assertEquals(moves(secret), moves(again));
        assertEquals(Files.readString(secret.resolve("standings.csv")), Files.readString(again.resolve("standings.csv")));

        Outcome other = run(small, "--seed", "secret", "--concurrency", "2", "--out", temp.resolve("other").toString());
        assertEquals(0, other.status, other.err);
        assertFalse(rows.equals(ResultsLines.withoutTimes(temp.resolve("other").resolve("results.csv"))), "a new secret, a new run");
    }

    @Test
    void aSecretSeedFromAConfigFileIsDrawnOnceAndTheResumedRunKeepsIt() throws IOException {
        Path config = temp.resolve("secret.json");
        Files.writeString(config, "{\"games\": [\"pylon\"], \"bots\": [\"random\", \"greedy\"], \"cycles\": 3, "
                + "\"seed\": \"secret\", \"concurrency\": 1}");
        Path whole = temp.resolve("whole-secret");
        Outcome played = run(List.of("tournament", "--config", config.toString(), "--quiet", "--out", whole.toString()));
        assertEquals(0, played.status, played.err);
        String hex = TournamentSettings.read(whole.resolve("settings.json")).seed();
        assertTrue(hex.matches("[0-9a-f]{64}"), hex);

        // The same run cut short after two of its six matches, as a killed run leaves it.
        Path cut = temp.resolve("cut-secret");
        Files.createDirectories(cut);
        Files.copy(whole.resolve("settings.json"), cut.resolve("settings.json"));
        Files.write(cut.resolve("results.csv"), Files.readAllLines(whole.resolve("results.csv")).subList(0, 1 + 2 * 2));
        Outcome resumed = run(List.of("tournament", "--resume", "--out", cut.toString(), "--quiet"));
        assertEquals(0, resumed.status, resumed.err);
        assertTrue(resumed.out.contains("6 matches (4 played now, 2 from before)"), resumed.out);
        assertTrue(resumed.out.strip().endsWith("--seed " + hex + ")"), resumed.out);
        assertEquals(ResultsLines.withoutTimes(whole.resolve("results.csv")), ResultsLines.withoutTimes(cut.resolve("results.csv")));
    }

    @Test
    void aNumericSeedIsWrittenAsANumberAndAnOlderSettingsFileResumesOnlyWithoutResults() throws IOException {
        Path numeric = temp.resolve("numeric");
        List<String> args = List.of("tournament", "--games", "pylon", "--bot", "random,greedy", "--seed", "12",
                "--quiet");
        assertEquals(0, run(args, "--out", numeric.toString()).status);
        String settings = Files.readString(numeric.resolve("settings.json"));
        assertTrue(settings.contains("\"seed\" : 12,"), settings);
        assertTrue(settings.contains("\"version\" : 2,"), settings);

        // Settings written before issue 23: version 1, a numeric seed.
        String older = settings.replace("\"version\" : 2,", "\"version\" : 1,");
        Path notStarted = temp.resolve("older-not-started");
        Files.createDirectories(notStarted);
        Files.writeString(notStarted.resolve("settings.json"), older);
        Outcome resumed = run(List.of("tournament", "--resume", "--out", notStarted.toString(), "--quiet"));
        assertEquals(0, resumed.status, resumed.err);
        assertEquals(ResultsLines.withoutTimes(numeric.resolve("results.csv")), ResultsLines.withoutTimes(notStarted.resolve("results.csv")));
        assertEquals(settings, Files.readString(notStarted.resolve("settings.json")), "rewritten as version 2");

        Path started = temp.resolve("older-started");
        Files.createDirectories(started);
        Files.writeString(started.resolve("settings.json"), older);
        Files.write(started.resolve("results.csv"), Files.readAllLines(numeric.resolve("results.csv")).subList(0, 3));
        Outcome refused = run(List.of("tournament", "--resume", "--out", started.toString(), "--quiet"));
        assertEquals(2, refused.status, refused.out + refused.err);
        assertEquals(1, refused.err.strip().lines().count(), refused.err);
        assertTrue(refused.err.contains("begun by an older arena (settings version 1)"), refused.err);
    }

    @Test
    void badInputGetsOneLineAndStatusTwo() throws IOException {
        Path used = temp.resolve("used");
        assertEquals(0, run(List.of("tournament", "--games", "pylon", "--bot", "random,random", "--out",
                used.toString(), "--quiet")).status);
        Path badSeed = temp.resolve("bad-seed.json");
        Files.writeString(badSeed, "{\"games\": [\"pylon\"], \"bots\": [\"random\", \"greedy\"], \"seed\": \"0xbad\"}");
        List<List<String>> bad = List.of(
                List.of("tournament", "--format", "knockout"),
                List.of("tournament", "--replays", "some"),
                List.of("tournament", "--games", "chess"),
                List.of("tournament", "--bot", "random,nosuch", "--games", "pylon"),
                List.of("tournament", "--bot", "random", "--games", "pylon"),
                List.of("tournament", "--resume"),
                List.of("tournament", "--resume", "--out", temp.resolve("nothing").toString()),
                List.of("tournament", "--games", "pylon", "--bot", "random,random", "--out", used.toString()),
                List.of("tournament", "--config", temp.resolve("missing.json").toString()),
                List.of("tournament", "--config", badSeed.toString()),
                List.of("tournament", "--seed", "nonsense"),
                List.of("tournament", "--format", "swiss", "--bot", "alphabeta,random", "--games", "pyrinoes"),
                List.of("tournament", "--anchor", "nobody", "--bot", "random,greedy", "--games", "pylon",
                        "--out", temp.resolve("anchor").toString()));
        for (List<String> args : bad) {
            Outcome outcome = run(args);
            assertEquals(2, outcome.status, args + ": " + outcome.err);
            assertEquals(1, outcome.err.strip().lines().count(), args + ": " + outcome.err);
            assertFalse(outcome.err.contains("Exception"), args + ": " + outcome.err);
        }
    }

    @Test
    void theStandingsAndBalanceAddedUpWhileTheFileIsSortedAreThoseOfTheListOfRecords() throws IOException {
        Path out = temp.resolve("streamed");
        assertEquals(0, run(List.of("tournament", "--games", "pylon,pyrametto:3,pyrametto:4", "--bot",
                "random,greedy,random", "--cycles", "12", "--seed", "3", "--time", "5s", "--concurrency", "2",
                "--quiet", "--out", out.toString())).status);
        List<MatchRecord> records = ResultsFile.read(out.resolve("results.csv"));
        assertTrue(records.size() > 100, "matches: " + records.size());
        Path standings = temp.resolve("standings.csv");
        org.pyramidarena.tournaments.io.StandingsCsv.write(org.pyramidarena.tournaments.ratings.Standings.compute(
                records, org.pyramidarena.tournaments.ratings.RatingOptions.defaults().withBootstrap(200,
                        Tournament.bootstrapSeed(MasterSeed.of(3)))), standings);
        assertEquals(Files.readString(standings), Files.readString(out.resolve("standings.csv")));
        Path balance = temp.resolve("balance.csv");
        org.pyramidarena.tournaments.io.BalanceCsv.write(org.pyramidarena.tournaments.stats.Balance.compute(records),
                balance);
        assertEquals(Files.readString(balance), Files.readString(out.resolve("balance.csv")));
        assertTheReportIsTheOneReadFromTheFolder(out);
    }

    /**
     * The run writes its report from what it added up while it played; the report of its folder,
     * read from results.csv as {@code arena report} reads it, is the same page.
     */
    private static void assertTheReportIsTheOneReadFromTheFolder(Path out) throws IOException {
        String added = Files.readString(out.resolve("report.html"));
        Report.write(out);
        assertEquals(added, Files.readString(out.resolve("report.html")));
    }

    private record Outcome(int status, String out, String err) {
    }

    private static Outcome run(List<String> args, String... more) {
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of(more));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = ArenaCommand.execute(all.toArray(String[]::new), new PrintWriter(out, true),
                new PrintWriter(err, true));
        return new Outcome(status, out.toString(), err.toString());
    }

    /** Each replay's actions (who acted, and the notation), by file name. */
    private static List<String> moves(Path folder) throws IOException {
        List<String> all = new ArrayList<>();
        try (Stream<Path> files = Files.list(folder.resolve("replays"))) {
            // The folder also holds each replay's viewer page.
            for (Path file : files.filter(p -> p.getFileName().toString().contains(".replay.json")).sorted().toList()) {
                Replay replay = ReplayFiles.read(file);
                StringBuilder line = new StringBuilder(file.getFileName().toString()).append(':');
                replay.actions().forEach(a -> line.append(' ').append(a.actor()).append('/').append(a.move()));
                all.add(line.toString());
            }
        }
        return all;
    }

    private static int lines(Path file) throws IOException {
        if (!Files.exists(file)) {
            return 0;
        }
        try (Stream<String> lines = Files.lines(file)) {
            return (int) lines.count();
        } catch (java.io.UncheckedIOException e) {
            return 0;
        }
    }
}
