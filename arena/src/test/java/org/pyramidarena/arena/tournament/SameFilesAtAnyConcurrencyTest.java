package org.pyramidarena.arena.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.cli.ArenaCommand;
import org.pyramidarena.arena.common.RunFolder;

/**
 * A balance study and a tournament of built-in bots, each from random openings, write the same files
 * at concurrency 1 and 4, byte for byte but the measured times (and the concurrency the settings and the report show): runs of short games long enough that matches finish far
 * out of order at 4 (and wait to be handed on in order), a bye-free round-robin of three bots in
 * a two-player and a three-player game, and a study of two setups.
 */
class SameFilesAtAnyConcurrencyTest {

    @TempDir
    Path temp;

    @Test
    void aStudyWritesEveryFileTheSameAtConcurrencyOneAndFour() throws IOException {
        List<String> study = List.of("balance", "--game", "pylon,pyrametto:3", "--bot", "random,greedy", "--games",
                "1200", "--bootstrap", "50", "--seed", "37", "--random-opening", "2", "--quiet");
        Path one = run(study, "1", "study-1");
        Path four = run(study, "4", "study-4");
        assertSameFiles(one, four);
    }

    @Test
    void aTournamentWritesEveryFileTheSameAtConcurrencyOneAndFour() throws IOException {
        List<String> tournament = List.of("tournament", "--games", "pyraos,pyrametto:3", "--bot",
                "random,greedy,random", "--cycles", "150", "--seed", "37", "--replays", "failures",
                "--random-opening", "3", "--quiet");
        Path one = run(tournament, "1", "tournament-1");
        Path four = run(tournament, "4", "tournament-4");
        assertSameFiles(one, four);
    }

    private Path run(List<String> args, String concurrency, String folder) {
        Path out = temp.resolve(folder);
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of("--concurrency", concurrency, "--out", out.toString()));
        StringWriter text = new StringWriter();
        int status = ArenaCommand.execute(all.toArray(String[]::new), new PrintWriter(text, true),
                new PrintWriter(text, true));
        assertEquals(0, status, text.toString());
        return out;
    }

    /** Every file of both folders, the results without their times, settings.json and study.json without their concurrency. */
    private static void assertSameFiles(Path one, Path four) throws IOException {
        List<Path> files = files(one);
        assertEquals(files, files(four), "the same files");
        int results = 0;
        for (Path file : files) {
            String name = file.getFileName().toString();
            if (name.equals(RunFolder.RESULTS)) {
                List<String> rows = ResultsLines.withoutTimes(one.resolve(file));
                assertTrue(rows.size() > 800, file + ": " + rows.size() + " rows");
                assertEquals(rows, ResultsLines.withoutTimes(four.resolve(file)), file.toString());
                results++;
            } else if (name.equals(RunFolder.SETTINGS) || name.equals("study.json")
                    || name.equals("report.html")) {
                assertEquals(settings(one.resolve(file)), settings(four.resolve(file)), file.toString());
            } else {
                assertEquals(Files.readString(one.resolve(file)), Files.readString(four.resolve(file)), file.toString());
            }
        }
        assertTrue(results > 0, "results compared");
    }

    /** A file that shows the run's settings, with the concurrency blanked. */
    private static String settings(Path file) throws IOException {
        return Files.readString(file).replaceAll("\"concurrency\" : \\d+", "\"concurrency\" : N")
                .replaceAll("<th>concurrency</th>(\\s*)<td>\\d+</td>", "<th>concurrency</th>$1<td>N</td>");
    }

    private static List<Path> files(Path folder) throws IOException {
        try (Stream<Path> walk = Files.walk(folder)) {
            return walk.filter(Files::isRegularFile).map(folder::relativize).sorted().toList();
        }
    }
}
