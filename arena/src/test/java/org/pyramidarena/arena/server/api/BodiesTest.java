package org.pyramidarena.arena.server.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pyramidarena.arena.server.contest.ContestDatabase;
import org.pyramidarena.arena.server.contest.ContestDatabase.MatchPhase;
import org.pyramidarena.arena.server.contest.ContestDatabase.MatchStatus;
import org.pyramidarena.arena.server.contest.FinalRun;

/** The JSON API's bodies as Jackson writes them: the fields docs/contest-server.md names, in their order, and no more. */
class BodiesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aMatchShowsItsSeatsAndReplayButNeverItsSeeds() {
        ContestDatabase.Match match = new ContestDatabase.Match(7, MatchPhase.LADDER, "pylon", "standard", 2, 123, 456,
                MatchStatus.DONE, "normal", "", 41, "replays/match-7.json.gz", "2026-01-01T00:00:00Z",
                "2026-01-01T00:00:05Z", List.of(
                        new ContestDatabase.Seat(0, 3L, "alice.v1", 1, 1.0, "normal", "", 900L, 800L),
                        new ContestDatabase.Seat(1, 4L, "bob.v2", 2, 0.0, "timeout", "3000 ms", 3000L, 2900L)));
        JsonNode body = JSON.valueToTree(Bodies.Match.of(match));
        assertEquals(List.of("id", "phase", "game", "variant", "players", "status", "termination", "moves",
                "finishedAt", "seats", "replay"), fields(body));
        assertEquals("ladder", body.path("phase").asText());
        assertEquals("done", body.path("status").asText());
        assertEquals("/matches/7/replay", body.path("replay").asText(), "the viewer's page, not the file's path");
        assertEquals(List.of("seat", "bot", "rank", "score", "termination", "detail"), fields(body.path("seats").path(0)));
        assertTrue(body.path("seats").path(0).path("detail").isNull(), "an empty detail is null");
        assertEquals("3000 ms", body.path("seats").path(1).path("detail").asText());
        assertFalse(body.toString().contains("123") || body.toString().contains("456"), "no seed: " + body);
    }

    @Test
    void theFinalsFilesAreListedOnlyOnceItIsDoneAndItsSeedOnlyThen() {
        JsonNode before = JSON.valueToTree(Bodies.Final.of(new FinalRun.Status(FinalRun.State.RUNNING, null, null)));
        assertEquals(List.of("state", "seed", "error"), fields(before));
        assertEquals("running", before.path("state").asText());
        assertTrue(before.path("seed").isNull());
        JsonNode done = JSON.valueToTree(Bodies.Final.of(new FinalRun.Status(FinalRun.State.DONE, "a1b2", null)));
        assertEquals(List.of("state", "seed", "error", "results", "standings", "report"), fields(done));
        assertEquals("a1b2", done.path("seed").asText());
        assertEquals("/final/results.csv", done.path("results").asText());
    }

    private static List<String> fields(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
