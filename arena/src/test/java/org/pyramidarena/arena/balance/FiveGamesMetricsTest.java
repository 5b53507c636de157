package org.pyramidarena.arena.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.cli.ArenaCommand;

/**
 * A small study of the five games, every metric the lead metrics included, against the metrics.csv
 * it wrote when each game's running score was read from its state class in the arena (before the
 * running score became part of the rules, issue 38): moving it must not change a byte.
 *
 * <p>Where a change to the metrics is meant, the file {@code five-games.metrics.csv} beside this
 * class is written again by the command in {@link #STUDY} and the difference explained in the commit.
 */
class FiveGamesMetricsTest {

    /** The study: the five games' default setups, two bots, enough games for every lead metric. */
    private static final String[] STUDY = {"balance", "--game", "pylon,pyraos,pyrinoes,euronimoes:3,pyrametto:3",
        "--bot", "random,greedy", "--games", "12", "--bootstrap", "50", "--seed", "38", "--concurrency", "2"};

    @TempDir
    Path temp;

    @Test
    void aStudyOfTheFiveGamesWritesTheMetricsItAlwaysWrote() throws IOException {
        Path out = temp.resolve("study");
        String[] args = Stream.concat(Arrays.stream(STUDY), Stream.of("--out", out.toString(), "--quiet"))
                .toArray(String[]::new);
        StringWriter err = new StringWriter();
        int status = ArenaCommand.execute(args, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
        assertEquals(0, status, err.toString());
        String expected;
        try (InputStream in = FiveGamesMetricsTest.class.getResourceAsStream("five-games.metrics.csv")) {
            expected = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertEquals(expected, Files.readString(out.resolve("metrics.csv"), StandardCharsets.UTF_8));
    }
}
