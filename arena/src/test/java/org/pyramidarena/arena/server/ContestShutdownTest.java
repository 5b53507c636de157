package org.pyramidarena.arena.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.bots.TestJars;
import org.pyramidarena.arena.server.contest.ContestDatabase;
import org.pyramidarena.arena.server.contest.ContestDatabase.MatchPhase;
import org.pyramidarena.arena.server.contest.ContestDatabase.MatchStatus;
import org.pyramidarena.arena.server.slowbot.SlowBot;

/**
 * A server stopped gracefully (what SIGTERM or Ctrl-C does to {@code arena serve}) in the middle of
 * ladder matches: every bot process it started is ended, and the matches it was playing are given back
 * to be played again, not recorded as failures or as the bots' faults.
 */
class ContestShutdownTest {

    @TempDir
    Path temp;

    @Test
    void aGracefulStopEndsEveryBotAndGivesItsMatchesBack() throws Exception {
        Path folder = temp.resolve("contest");
        String admin = ContestServer.init(folder, ContestServerApiTest.quickSettings("shutdown-test", null)
                .withLadder(2, 0));
        ContestServer server = ContestServer.start(folder, "127.0.0.1", 0, line -> { });
        long[] running;
        try {
            ContestClient client = new ContestClient(server.port());
            byte[] slow = Files.readAllBytes(TestJars.botJar(temp.resolve("slow.jar"), SlowBot.class));
            for (String team : List.of("alice", "bob")) {
                assertEquals(201, client.upload(client.createTeam(admin, team), team + ".jar", slow).status());
            }
            ContestDatabase db = server.database();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            do {
                assertTrue(System.nanoTime() < deadline, "a ladder match being played");
                Thread.sleep(100);
                running = db.heldBy("server").stream().filter(id -> db.match(id).orElseThrow().phase()
                        == MatchPhase.LADDER).mapToLong(Long::longValue).toArray();
            } while (running.length == 0);
            assertTrue(bots() > 0, "the bots run in processes of their own");
        } finally {
            server.close();
        }
        assertEquals(0, botsLeft(), "no bot process is left once the server has stopped");
        try (ContestDatabase db = ContestDatabase.open("jdbc:sqlite:" + folder.resolve("contest.db"))) {
            for (long id : running) {
                MatchStatus status = db.match(id).orElseThrow().status();
                assertTrue(status == MatchStatus.SCHEDULED || status == MatchStatus.DONE,
                        "match " + id + " is given back (or had ended), not failed: " + status);
            }
            assertEquals(0, db.count(MatchPhase.LADDER, MatchStatus.FAILED));
            assertEquals(0, db.count(MatchPhase.LADDER, MatchStatus.RUNNING));
        }
    }

    /** The live processes this JVM started: the bots' JVMs. */
    private static long bots() {
        return ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).count();
    }

    /** The live processes this JVM started, once none is left or after a few seconds. */
    private static long botsLeft() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (bots() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        return bots();
    }
}
