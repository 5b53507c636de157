package org.pyramidarena.arena.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.bots.TestJars;
import org.pyramidarena.arena.cli.ArenaCommand;
import org.pyramidarena.arena.tournament.ResultsLines;
import org.pyramidarena.bots.GreedyBot;
import org.pyramidarena.bots.RandomBot;
import org.pyramidarena.bots.search.Evaluator;

/**
 * The final: the organiser freezes the contest and starts the final; it is played on a secret seed,
 * published when it is over, and its results, standings and report are what {@code arena
 * tournament} writes from the same settings file.
 */
class ContestFinalTest {

    @TempDir
    Path temp;

    @Test
    void theFinalIsPlayedOnASecretSeedAndExportsWhatTheCommandLineWrites() throws Exception {
        Path folder = temp.resolve("contest");
        // One cycle, not the default size (47 cycles of three teams in one game): the command line plays it again.
        String admin = ContestServer.init(folder, ContestServerApiTest.quickSettings("final-cup", null)
                .withFinal(1, null));
        try (ContestServer server = ContestServer.start(folder, "127.0.0.1", 0, line -> { })) {
            ContestClient client = new ContestClient(server.port());
            byte[] random = Files.readAllBytes(TestJars.botJar(temp.resolve("random.jar"), RandomBot.class));
            byte[] greedy = Files.readAllBytes(TestJars.botJar(temp.resolve("greedy.jar"), GreedyBot.class, Evaluator.class));
            Map<String, byte[]> teams = Map.of("north", random, "south", greedy, "east", random);
            String token = null;
            for (Map.Entry<String, byte[]> team : teams.entrySet()) {
                token = client.postJson("/api/admin/teams", admin, Map.of("name", team.getKey())).json()
                        .path("token").asText();
                assertEquals(201, client.upload(token, team.getKey() + ".jar", team.getValue()).status());
            }
            client.await("/api/leaderboard", null, 120, "three teams on the ladder", rows -> rows.size() == 3);
            assertEquals(200, client.postJson("/api/admin/final", admin, Map.of()).status());
            assertTrue(client.get("/api/contest", null).json().path("frozen").asBoolean(), "submissions frozen");
            ContestServerApiTest.assertRefused(client.upload(token, "late.jar", random), 409, "frozen");
            JsonNode done = client.await("/api/final", null, 180, "the final over", status ->
                    !status.path("state").asText().equals("running"));
            assertEquals("done", done.path("state").asText(), done.toString());
            String seed = done.path("seed").asText();
            assertTrue(seed.matches("[0-9a-f]{64}"), "the secret seed is published: " + seed);
            String results = client.get("/final/results.csv", null).body();
            assertEquals(Files.readString(folder.resolve("final").resolve("results.csv")), results);
            assertTrue(client.get("/final/report.html", null).body().contains("final-cup-final"));
            String page = client.get("/final", null).body();
            assertTrue(page.contains("id=\"final-standings\"") && page.contains("data-team=\"north\"")
                    && page.contains("data-team=\"south\"") && page.contains("data-team=\"east\""),
                    "the standings on /final itself: " + page);
            assertTrue(page.contains("A round-robin of 3 teams, 1 cycle: each team plays 4 matches"), page);
            // The published settings name each team's file relative to the contest folder, not where it lies.
            String published = client.get("/final/settings.json", null).body();
            assertTrue(published.contains("\"north=versions/") && !published.contains(folder.toAbsolutePath()
                    .toString()), published);
        }
        // The command line, given the final's settings (which hold the seed), writes the same files.
        Path again = temp.resolve("again");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = ArenaCommand.execute(new String[] {"tournament", "--config",
            folder.resolve("final").resolve("settings.json").toString(), "--out", again.toString(), "--quiet"},
                new PrintWriter(out, true), new PrintWriter(err, true));
        assertEquals(0, status, err.toString());
        Path finalFolder = folder.resolve("final");
        List<String> rows = ResultsLines.withoutTimes(finalFolder.resolve("results.csv"));
        assertTrue(rows.size() > 3, "a round-robin of three teams: " + rows);
        assertTrue(String.join("\n", rows).contains("north") && String.join("\n", rows).contains("south"),
                "the teams play under their names: " + rows);
        assertEquals(rows, ResultsLines.withoutTimes(again.resolve("results.csv")));
        assertEquals(Files.readString(again.resolve("standings.csv")),
                Files.readString(finalFolder.resolve("standings.csv")));
        assertTrue(Files.exists(finalFolder.resolve("report.html")));
        assertFalse(Files.readString(finalFolder.resolve("standings.csv")).isBlank());
    }
}
