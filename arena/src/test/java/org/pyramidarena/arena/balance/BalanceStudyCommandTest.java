package org.pyramidarena.arena.balance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.cli.ArenaCommand;
import org.pyramidarena.arena.report.BalanceReport;

/** {@code arena balance} with several setups and bots. */
class BalanceStudyCommandTest {

    @TempDir
    Path temp;

    private String run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = ArenaCommand.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        assertEquals(0, status, err.toString());
        return out.toString();
    }

    @Test
    void threePyraosVariantsWithTwoBotsWriteBalanceMetricsAndReportInOneRun() throws IOException {
        Path out = temp.resolve("study");
        String text = run("balance", "--game", "pyraos,pyraos/pylos,pyraos/children", "--bot", "random,greedy",
                "--games", "10", "--bootstrap", "100", "--concurrency", "1", "--out", out.toString(), "--quiet");
        List<String> metrics = Files.readAllLines(out.resolve("metrics.csv"));
        assertEquals(String.join(",", StudyFiles.METRICS_HEADER), metrics.get(0));
        assertEquals(3 * 2 * Metric.names().size(), metrics.size() - 1, "one row per setup, bot and metric");
        assertTrue(metrics.contains("pyraos,children,2,greedy,completion,1.000000,,,share,10,\"no interval: 10 games, "
                + "fewer than 30\""), String.join("\n", metrics));
        List<String> balance = Files.readAllLines(out.resolve("balance.csv"));
        assertTrue(balance.get(0).startsWith("bot,game,variant,players,seat,"), balance.get(0));
        assertEquals(3 * 2 * 2, balance.size() - 1, "a row per setup, bot and seat");
        assertEquals(1 + 2 * 3, Files.readAllLines(out.resolve("comparisons.csv")).size(), "three pairs for each bot");
        String html = Files.readString(out.resolve("report.html"));
        for (String id : List.of("chart-seats-pyraos-2-pylos", "chart-advantage-pyraos-2-standard",
                "chart-lengths-pyraos-2-children", "chart-branching-pyraos-2-pylos", "chart-leads-pyraos-2-children",
                "metrics-greedy", "comparisons-table", "glossary", "power-table")) {
            assertTrue(html.contains("id=\"" + id + "\""), id);
        }
        for (String cell : List.of("pyraos-2-standard/random", "pyraos-2-pylos/greedy", "pyraos-2-children/random")) {
            assertEquals(1 + 10 * 2, Files.readAllLines(out.resolve(cell).resolve("results.csv")).size(),
                    "a row per game and seat: " + cell);
        }
        assertTrue(text.contains("Starter's advantage, setups compared"), text);
        assertTrue(text.contains("pyraos: Seat 0 moves first."), "who starts, from the game: " + text);
        assertTheReportIsTheOneReadFromTheFolder(out);
    }

    /**
     * The run writes its report with the games' lengths it kept; the report of its folder, read
     * from its files and results as {@code arena report} reads them, is the same page.
     */
    private static void assertTheReportIsTheOneReadFromTheFolder(Path out) throws IOException {
        String kept = Files.readString(out.resolve("report.html"));
        BalanceReport.write(out);
        assertEquals(kept, Files.readString(out.resolve("report.html")));
    }

    @Test
    void theSameMasterSeedWritesTheSameMetricsAtAnyConcurrency() throws IOException {
        List<String> files = List.of("metrics.csv", "comparisons.csv", "balance.csv");
        byte[][] first = null;
        for (String concurrency : List.of("1", "2")) {
            Path out = temp.resolve("concurrency-" + concurrency);
            run("balance", "--game", "pyrinoes,pyrinoes/to-50", "--bot", "random,greedy", "--games", "24",
                    "--bootstrap", "200", "--seed", "9", "--concurrency", concurrency, "--out", out.toString(),
                    "--quiet");
            byte[][] bytes = new byte[files.size()][];
            for (int f = 0; f < files.size(); f++) {
                bytes[f] = Files.readAllBytes(out.resolve(files.get(f)));
            }
            if (first == null) {
                first = bytes;
            } else {
                for (int f = 0; f < files.size(); f++) {
                    assertArrayEquals(first[f], bytes[f], files.get(f) + " at concurrency 1 and 2");
                }
            }
        }
    }

    @Test
    void aFolderWithAStudysResultsIsRefusedInOneLine() throws IOException {
        Path out = temp.resolve("begun");
        Files.createDirectories(out.resolve("pylon-2-standard").resolve("random"));
        Files.writeString(out.resolve("pylon-2-standard").resolve("random").resolve("results.csv"), "match\n");
        StringWriter err = new StringWriter();
        int status = ArenaCommand.execute(new String[] {"balance", "--game", "pylon,pyraos", "--bot", "random",
            "--games", "2", "--out", out.toString(), "--quiet"}, new PrintWriter(new StringWriter(), true),
                new PrintWriter(err, true));
        assertEquals(2, status);
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
        assertTrue(err.toString().contains("already holds results"), err.toString());
    }

    @Test
    void aBotThatDoesNotPlayASetupIsRefusedBeforeAnyGameIsPlayed() {
        Path out = temp.resolve("refused");
        StringWriter err = new StringWriter();
        int status = ArenaCommand.execute(new String[] {"balance", "--game", "pyraos,pyrinoes", "--bot",
            "random,alphabeta", "--games", "2", "--out", out.toString(), "--quiet"},
                new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
        assertEquals(2, status, err.toString());
        assertTrue(err.toString().contains("alphabeta"), err.toString());
        assertTrue(!Files.exists(out.resolve("pyraos-2-standard")), "no game was played");
    }

    @Test
    void oneSetupAndOneBotKeepTheSingleRunsFolderAndAddMetricsAndAReport() throws IOException {
        Path out = temp.resolve("single");
        String text = run("balance", "--game", "pylon", "--bot", "random", "--games", "6", "--bootstrap", "50",
                "--out", out.toString(), "--quiet");
        assertTrue(text.startsWith("balance of pylon:2/standard: random in every seat, 6 games (3 rotations of 2), "
                + "seed 1"), text);
        assertTrue(Files.readString(out.resolve("balance.csv")).startsWith("game,variant,players,seat,"));
        assertTrue(Files.exists(out.resolve("results.csv")));
        assertEquals(1 + Metric.names().size(), Files.readAllLines(out.resolve("metrics.csv")).size());
        assertTrue(Files.readString(out.resolve("report.html")).contains("id=\"chart-advantage-pylon-2-standard\""));
        assertTrue(Files.exists(out.resolve("study.json")));
        assertTheReportIsTheOneReadFromTheFolder(out);
    }

    /** The metrics.csv rows of one setup: its game, variant and player count. */
    private static List<String> rowsOf(Path folder, String setup) throws IOException {
        return Files.readAllLines(folder.resolve("metrics.csv")).stream().filter(r -> r.startsWith(setup + ",")).toList();
    }

    @Test
    void aThreeFourFivePlayerStudysIntervalsAreEachSetupsOwnAsItRunAlone() throws IOException {
        Path study = temp.resolve("three-four-five");
        run("balance", "--game", "pyrametto:3,pyrametto:4,pyrametto:5", "--bot", "random", "--games", "60",
                "--bootstrap", "200", "--concurrency", "2", "--out", study.toString(), "--quiet");
        for (int players = 3; players <= 5; players++) {
            Path alone = temp.resolve("alone-" + players);
            run("balance", "--game", "pyrametto:" + players, "--bot", "random", "--games", "60", "--bootstrap", "200",
                    "--concurrency", "2", "--out", alone.toString(), "--quiet");
            List<String> own = rowsOf(alone, "pyrametto,standard," + players);
            assertEquals(Metric.names().size(), own.size());
            assertEquals(own, rowsOf(study, "pyrametto,standard," + players),
                    players + " players: the same estimates and intervals beside the other setups as alone");
            // The advantage's interval is about two binomial standard errors of 60 games either way, not a
            // sliver: blocks of the setup's own rotation, not of all three.
            String[] advantage = own.stream().filter(r -> r.contains(",starter_advantage,")).findFirst().orElseThrow()
                    .split(",");
            assertTrue(Double.parseDouble(advantage[7]) - Double.parseDouble(advantage[6]) > 0.08, String.join(",",
                    advantage));
        }
        List<String> comparisons = Files.readAllLines(study.resolve("comparisons.csv"));
        assertEquals(1 + 3, comparisons.size(), "three pairs of one game");
        assertTrue(comparisons.stream().skip(1).allMatch(r -> r.contains(",false,60,60,")), "different player counts "
                + "play different deals: unpaired: " + comparisons);
    }

    @Test
    void aStudyOfTwoGamesPrintsNoFalseCertainty() throws IOException {
        Path out = temp.resolve("two-games");
        String text = run("balance", "--game", "pyrinoes/to-20,pyrinoes/to-30", "--bot", "random", "--games", "2",
                "--bootstrap", "100", "--concurrency", "1", "--out", out.toString(), "--quiet");
        for (String row : Files.readAllLines(out.resolve("metrics.csv")).subList(1, 2 * Metric.names().size() + 1)) {
            String[] cells = row.split(",", -1);
            assertEquals("", cells[6] + cells[7], "no interval from 2 games: " + row);
            assertTrue(cells[5].isEmpty() || row.contains("fewer than 30") || row.contains("not applicable"), row);
        }
        for (String row : Files.readAllLines(out.resolve("comparisons.csv")).subList(1, 2)) {
            assertTrue(row.contains(",,,,,") && row.endsWith("\"no interval: 2 games, fewer than 30\""), row);
        }
        assertFalse(text.matches("(?s).*\\[(-?[0-9.]+%?), \\1\\].*"), "no interval of one value: " + text);
        assertTrue(text.contains("[-]"), "a dash where the interval would be: " + text);
        String html = Files.readString(out.resolve("report.html"));
        assertFalse(html.matches("(?s).*\\[(-?[0-9.]+%?), \\1\\].*"), "nor in the report");
        assertTrue(html.contains("fewer than 30 games, too few for an interval"), "the page says why");
    }

    @Test
    void aFairKomiIsFoundWithAnIntervalAndConfigOfItsFolderPlaysItAgainByteForByte() throws IOException {
        Path first = temp.resolve("fair");
        String text = run("balance", "--game", "pylon", "--bot", "random", "--fair", "komi=-4..4:1", "--games", "200",
                "--bootstrap", "300", "--concurrency", "2", "--out", first.toString(), "--quiet");
        List<String> fair = Files.readAllLines(first.resolve("fair.csv"));
        assertEquals(String.join(",", StudyFiles.FAIR_HEADER), fair.get(0));
        String[] answer = fair.get(1).split(",", -1);
        assertEquals(List.of("fair", "pylon", "standard", "2", "komi", "random"), List.of(answer).subList(0, 6));
        double value = Double.parseDouble(answer[6]);
        double low = Double.parseDouble(answer[7]);
        double high = Double.parseDouble(answer[8]);
        assertTrue(low <= value && value <= high && -4 < value && value < 4, fair.get(1));
        assertTrue(text.contains("Fair komi:") && text.contains("random: "), text);
        assertTrue(Files.readString(first.resolve("report.html")).contains("id=\"chart-parameter-pylon-2-standard\""));
        assertTheReportIsTheOneReadFromTheFolder(first);

        Path again = temp.resolve("again");
        run("balance", "--config", first.resolve("study.json").toString(), "--out", again.toString(), "--quiet");
        List<Path> files;
        try (java.util.stream.Stream<Path> walk = Files.walk(first)) {
            files = walk.filter(Files::isRegularFile).map(first::relativize).sorted().toList();
        }
        assertTrue(files.size() > 10, files.toString());
        for (Path file : files) {
            assertArrayEquals(Files.readAllBytes(first.resolve(file)), Files.readAllBytes(again.resolve(file)),
                    file + " is the same byte for byte");
        }
    }

    @Test
    void aSweepPlaysEveryValueAndSaysWhereTheAdvantageCrossesZero() throws IOException {
        Path out = temp.resolve("sweep");
        String text = run("balance", "--game", "pylon", "--bot", "random", "--sweep", "komi=-6..6:3", "--games", "60",
                "--bootstrap", "100", "--concurrency", "2", "--out", out.toString(), "--quiet");
        for (String value : List.of("-6", "-3", "0", "3", "6")) {
            assertTrue(Files.exists(out.resolve("pylon-2-standard-komi-" + value).resolve("random")
                    .resolve("results.csv")), value);
            assertEquals(Metric.names().size(), rowsOf(out, "pylon,standard?komi=" + value).size(), value);
        }
        assertEquals(1, Files.readAllLines(out.resolve("comparisons.csv")).size(), "a sweep is read from its curve");
        assertTrue(Files.readString(out.resolve("fair.csv")).contains("fair,pylon,standard,2,komi,random,"));
        assertTrue(text.contains("pylon?komi=-6") && text.contains("Fair komi"), text);
    }

    @Test
    void configPlaysTheManifestAndTakesOnlyOutConcurrencyAndQuiet() throws IOException {
        Path out = temp.resolve("manifest");
        run("balance", "--game", "pylon", "--bot", "random", "--games", "4", "--bootstrap", "0", "--out",
                out.toString(), "--quiet");
        String manifest = Files.readString(out.resolve("study.json"));
        assertTrue(manifest.contains("\"setups\" : [") && manifest.contains("\"seed\" : \"1\""), manifest);
        for (String[] args : List.of(
                new String[] {"balance", "--config", out.resolve("study.json").toString(), "--games", "8"},
                new String[] {"balance", "--config", temp.resolve("missing.json").toString()},
                new String[] {"balance", "--bot", "random"})) {
            StringWriter err = new StringWriter();
            int status = ArenaCommand.execute(args, new PrintWriter(new StringWriter(), true), new PrintWriter(err,
                    true));
            assertEquals(2, status, String.join(" ", args) + ": " + err);
            assertEquals(1, err.toString().strip().lines().count(), err.toString());
        }
    }

    @Test
    void setupsOfDifferentGamesAreComparedOnlyWhenAsked() throws IOException {
        for (boolean asked : List.of(false, true)) {
            Path out = temp.resolve("games-" + asked);
            List<String> args = new java.util.ArrayList<>(List.of("balance", "--game", "pylon,pyraos", "--bot", "random",
                    "--games", "4", "--bootstrap", "0", "--out", out.toString(), "--quiet"));
            if (asked) {
                args.add("--compare-games");
            }
            run(args.toArray(String[]::new));
            assertEquals(asked ? 2 : 1, Files.readAllLines(out.resolve("comparisons.csv")).size(),
                    "pylon against pyraos " + (asked ? "when asked" : "never by default"));
        }
    }
}
