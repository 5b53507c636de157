package org.pyramidarena.arena.balance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
        assertTrue(metrics.contains("pyraos,children,2,greedy,completion,1.000000,1.000000,1.000000,share,10,"),
                String.join("\n", metrics));
        List<String> balance = Files.readAllLines(out.resolve("balance.csv"));
        assertTrue(balance.get(0).startsWith("bot,game,variant,players,seat,"), balance.get(0));
        assertEquals(3 * 2 * 2, balance.size() - 1, "a row per setup, bot and seat");
        assertEquals(1 + 2 * 3, Files.readAllLines(out.resolve("comparisons.csv")).size(), "three pairs for each bot");
        String html = Files.readString(out.resolve("report.html"));
        for (String id : List.of("chart-seats-pyraos-2-pylos", "chart-advantage", "chart-lengths-pyraos-2-children",
                "chart-branching", "chart-leads", "metrics-greedy", "comparisons-table")) {
            assertTrue(html.contains("id=\"" + id + "\""), id);
        }
        for (String cell : List.of("pyraos-2-standard/random", "pyraos-2-pylos/greedy", "pyraos-2-children/random")) {
            assertEquals(1 + 10 * 2, Files.readAllLines(out.resolve(cell).resolve("results.csv")).size(),
                    "a row per game and seat: " + cell);
        }
        assertTrue(text.contains("First-seat advantage, setups compared"), text);
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
        assertTrue(Files.readString(out.resolve("report.html")).contains("id=\"chart-advantage\""));
    }
}
