package org.pyramidarena.arena.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.pyramidarena.arena.server.ArenaProcesses.cli;
import static org.pyramidarena.arena.server.ArenaProcesses.freePort;
import static org.pyramidarena.arena.server.ArenaProcesses.token;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.bots.TestJars;
import org.pyramidarena.arena.server.slowbot.SlowBot;

/**
 * The server killed with SIGKILL in the middle of a ladder match and started again: every upload,
 * finished match and result is still there, the interrupted match is played again to its end, and
 * the ladder goes on. The contest is made with the command line ({@code serve init}, {@code serve
 * team}) and served by {@code arena serve} in a JVM of its own.
 */
class ContestRestartTest {

    @TempDir
    Path temp;

    @Test
    void aServerKilledMidMatchLosesNothingAndPlaysTheMatchAgain() throws Exception {
        Path contest = temp.resolve("contest");
        String init = cli("serve", "init", contest.toString(), "--name", "restart-test", "--games", "pylon",
                "--sandbox", "none", "--qualifying", "0");
        assertTrue(init.contains("admin token"), init);
        String alice = token(cli("serve", "team", contest.toString(), "alice"));
        String bob = token(cli("serve", "team", contest.toString(), "bob"));
        byte[] slow = Files.readAllBytes(TestJars.botJar(temp.resolve("slow.jar"), SlowBot.class));

        int port = freePort();
        Process first = serve(contest, port, "first");
        Map<Long, String> finishedBefore;
        long interrupted;
        ContestClient client = new ContestClient(port);
        try {
            awaitUp(client, first);
            assertEquals(201, client.upload(alice, "alice.jar", slow).status());
            assertEquals(201, client.upload(bob, "bob.jar", slow).status());
            JsonNode matches = client.await("/api/matches?limit=1000", null, 180, "a ladder match being played after "
                    + "one finished", list -> running(list) >= 0 && finished(list).keySet().stream()
                    .anyMatch(id -> id < running(list)));
            interrupted = running(matches);
            finishedBefore = finished(matches);
            first.destroyForcibly(); // SIGKILL: no shutdown hook runs
            assertTrue(first.waitFor(30, TimeUnit.SECONDS));
        } finally {
            first.destroyForcibly();
        }

        Process second = serve(contest, port, "second");
        try {
            awaitUp(client, second);
            JsonNode after = client.await("/api/matches?limit=1000", null, 180, "match " + interrupted
                    + " played again", list -> finished(list).containsKey(interrupted));
            Map<Long, String> finishedAfter = finished(after);
            for (Map.Entry<Long, String> match : finishedBefore.entrySet()) {
                assertEquals(match.getValue(), finishedAfter.get(match.getKey()), "match " + match.getKey()
                        + " is as it was");
            }
            for (String token : List.of(alice, bob)) {
                JsonNode team = client.get("/api/team", token).json();
                assertEquals(1, team.path("versions").size(), team.toString());
                assertEquals("ready", team.path("versions").path(0).path("status").asText());
            }
            client.await("/api/matches?limit=1000", null, 120, "the ladder going on", list ->
                    finished(list).keySet().stream().anyMatch(id -> id > interrupted));
        } finally {
            second.destroy();
            second.waitFor(30, TimeUnit.SECONDS);
            second.destroyForcibly();
        }
    }

    /** The id of the oldest running ladder match, or -1. */
    private static long running(JsonNode matches) {
        return StreamSupport.stream(matches.spliterator(), false)
                .filter(m -> m.path("phase").asText().equals("ladder") && m.path("status").asText().equals("running"))
                .mapToLong(m -> m.path("id").asLong()).min().orElse(-1);
    }

    /** Each finished match's result (seats, ranks, ending, moves), by id. */
    private static Map<Long, String> finished(JsonNode matches) {
        Map<Long, String> done = new TreeMap<>();
        for (JsonNode match : matches) {
            if (match.path("status").asText().equals("done")) {
                done.put(match.path("id").asLong(), match.path("seats").toString() + match.path("termination")
                        + match.path("moves"));
            }
        }
        return done;
    }

    private Process serve(Path contest, int port, String name) throws IOException {
        return ArenaProcesses.start(temp, name, "serve", "--trust-bots", "--dir", contest.toString(), "--port",
                Integer.toString(port));
    }

    private void awaitUp(ContestClient client, Process server) throws Exception {
        ArenaProcesses.awaitUp(client, server, temp);
    }
}
