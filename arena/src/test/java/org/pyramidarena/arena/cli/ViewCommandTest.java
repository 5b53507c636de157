package org.pyramidarena.arena.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ViewCommandTest {

    @TempDir
    Path dir;

    @Test
    void writesASelfContainedPageNextToTheReplay() throws IOException {
        Path file = dir.resolve("m.replay.json.gz");
        CliRun match = CliRun.of("match", "--game", "pyrinoes", "--variant", "to-50", "--bot", "random", "--bot",
                "greedy", "--seed", "4", "--replay", file.toString(), "--quiet");
        assertEquals(0, match.status(), match.err());
        CliRun view = CliRun.of("view", file.toString());
        assertEquals(0, view.status(), view.err());
        Path page = dir.resolve("m.html");
        assertTrue(view.out().contains("wrote " + page), view.out());
        String html = Files.readString(page);
        assertTrue(html.contains("<script type=\"application/json\" id=\"replay-data\">{\"game\":\"pyrinoes\""), "the data is embedded");
        int start = html.indexOf('>', html.indexOf("id=\"replay-data\"")) + 1;
        JsonNode data = new ObjectMapper().readTree(html.substring(start, html.indexOf("</script>", start)));
        assertEquals("pyrinoes", data.get("game").asText(), "the data ends where its script element does");
        assertEquals(data.get("actions").size(), data.get("steps").size());
        for (String outside : new String[] {"fetch(", "XMLHttpRequest", "src=\"", "http://", "https://", "@import"}) {
            assertFalse(html.replace("http://www.w3.org/2000/svg", "").contains(outside), "the page loads nothing: " + outside);
        }
    }

    @Test
    void anEditedReplayIsRejectedInOneLineAsBadInput() throws IOException {
        Path file = dir.resolve("m.replay.json");
        CliRun match = CliRun.of("match", "--game", "pylon", "--bot", "random", "--bot", "random", "--seed", "3",
                "--replay", file.toString(), "--quiet");
        assertEquals(0, match.status(), match.err());
        String json = Files.readString(file);
        int first = json.indexOf("\"move\":\"") + 8;
        int second = json.indexOf("\"move\":\"", first) + 8;
        Files.writeString(file, json.substring(0, second) + json.substring(first, first + 3) + json.substring(second + 3));
        CliRun rejected = CliRun.of("view", file.toString());
        assertEquals(2, rejected.status());
        assertEquals(1, rejected.err().strip().lines().count(), rejected.err());
        assertTrue(rejected.err().contains("rejected at action 2 "), rejected.err());
        assertFalse(Files.exists(dir.resolve("m.html")), "no page for a replay that does not verify");

        CliRun missing = CliRun.of("view", dir.resolve("none.replay.json").toString());
        assertEquals(2, missing.status());
        Path named = dir.resolve("notes.json");
        Files.writeString(named, json);
        CliRun wrongName = CliRun.of("view", named.toString());
        assertEquals(2, wrongName.status());
        assertEquals(1, wrongName.err().strip().lines().count(), wrongName.err());
    }

    @Test
    void reportWritesTheViewerPagesOfATournament() throws IOException {
        Path out = dir.resolve("t");
        CliRun tournament = CliRun.of("tournament", "--games", "pylon", "--bot", "random,greedy", "--isolation",
                "in-process", "--seed", "2", "--out", out.toString(), "--quiet");
        assertEquals(0, tournament.status(), tournament.err());
        assertTrue(Files.isRegularFile(out.resolve("replays/match-000000.html")), "the tournament wrote viewer pages");
        Files.delete(out.resolve("replays/match-000000.html"));
        CliRun report = CliRun.of("report", out.toString());
        assertEquals(0, report.status(), report.err());
        assertTrue(report.out().contains("replay viewer page"), report.out());
        assertTrue(Files.isRegularFile(out.resolve("replays/match-000000.html")), "report rewrote the viewer pages");
    }
}
