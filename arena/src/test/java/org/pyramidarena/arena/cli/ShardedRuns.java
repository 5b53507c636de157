package org.pyramidarena.arena.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.pyramidarena.arena.tournament.ResultsLines;

/**
 * What the tests of {@code deploy/}'s recipes share: the small tournament they play, and how a run
 * played as shards and merged is held to the same settings played once.
 */
final class ShardedRuns {

    /** deploy/tournament.json, the example every recipe plays. */
    static final Path EXAMPLE = Path.of("..", "deploy", "tournament.json").toAbsolutePath().normalize();

    private static final ObjectMapper JSON = new ObjectMapper();

    private ShardedRuns() {
    }

    /**
     * deploy/tournament.json with two bots instead of four, written to {@code file}: the same
     * settings, 8 matches instead of 48.
     */
    static Path smallSettings(Path file) throws IOException {
        ObjectNode settings = (ObjectNode) JSON.readTree(EXAMPLE.toFile());
        ArrayNode bots = settings.putArray("bots");
        bots.add("random");
        bots.add("greedy");
        return Files.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(settings) + "\n");
    }

    /**
     * Holds the merged folder to the single run whose results.csv is {@code singleResults}: the
     * same results.csv with the measured time columns aside, and standings.csv byte for byte.
     */
    static void assertMerged(Path merged, Path singleResults) throws IOException {
        for (String file : List.of("results.csv", "standings.csv", "report.html")) {
            assertTrue(Files.isRegularFile(merged.resolve(file)), "the merge wrote " + file + " in " + merged);
        }
        List<String> results = ResultsLines.withoutTimes(merged.resolve("results.csv"));
        List<String> expected = ResultsLines.withoutTimes(singleResults);
        assertTrue(results.size() > 1, "the merged results have rows");
        if (!expected.equals(results)) {
            StringBuilder differences = new StringBuilder();
            for (int i = 0; i < Math.max(expected.size(), results.size()); i++) {
                String one = i < expected.size() ? expected.get(i) : "(none)";
                String other = i < results.size() ? results.get(i) : "(none)";
                if (!one.equals(other)) {
                    differences.append("\n  single: ").append(one).append("\n  merged: ").append(other);
                }
            }
            fail("the merged results.csv is not the single run's, time columns aside:" + differences
                    + "\nfaults of the single run:\n" + Files.readString(singleResults.resolveSibling("faults.csv"))
                    + "faults of the merged run:\n" + Files.readString(merged.resolve("faults.csv")));
        }
        assertArrayEquals(Files.readAllBytes(singleResults.resolveSibling("standings.csv")),
                Files.readAllBytes(merged.resolve("standings.csv")),
                "the merged standings.csv is the single run's, byte for byte");
    }
}
