package org.pyramidarena.arena.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.pyramidarena.arena.server.ArenaProcesses.awaitUp;
import static org.pyramidarena.arena.server.ArenaProcesses.cli;
import static org.pyramidarena.arena.server.ArenaProcesses.freePort;
import static org.pyramidarena.arena.server.ArenaProcesses.token;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.bots.TestJars;
import org.pyramidarena.arena.replay.Replay;
import org.pyramidarena.arena.replay.ReplayFiles;
import org.pyramidarena.arena.server.contest.ContestDatabase;
import org.pyramidarena.arena.server.contest.ContestDatabase.MatchPhase;
import org.pyramidarena.arena.server.contest.ContestRunner;
import org.pyramidarena.arena.server.slowbot.SlowBot;

/**
 * The contest scaled out: the server ({@code arena serve}, with no worker threads of its own) and
 * two workers ({@code arena serve worker}), each a JVM of its own, on one PostgreSQL database. One
 * worker is killed with SIGKILL in the middle of a ladder match: the other takes the match when its
 * lease ends and plays it again on the same seeds, the killed worker's result never arrives, and no
 * finished match changes. Then the server is killed: the worker goes on playing the matches already
 * waiting, and a new server carries on the ladder. Skips, saying so, where PostgreSQL is missing
 * (fails in CI).
 */
class ContestWorkersTest {

    private static final int LEASE_SECONDS = 3;

    @TempDir
    Path temp;

    private final List<Process> processes = new ArrayList<>();

    @Test
    void aWorkerKilledMidMatchLosesItToAnotherAndNothingIsCountedTwice() throws Exception {
        try (ScratchPostgres postgres = ScratchPostgres.start("ContestWorkersTest");
             ContestDatabase db = ContestDatabase.open(postgres.url(), 2)) {
            Path contest = temp.resolve("contest");
            String init = cli("serve", "init", contest.toString(), "--name", "workers-test", "--games", "pylon", "--sandbox", "none",
                    "--qualifying", "0", "--concurrency", "0", "--database", postgres.url());
            Matcher adminToken = Pattern.compile("admin token \\(shown once, keep it\\): (\\S+)").matcher(init);
            assertTrue(adminToken.find(), init);
            String admin = adminToken.group(1);
            String alice = token(cli("serve", "team", contest.toString(), "alice"));
            String bob = token(cli("serve", "team", contest.toString(), "bob"));
            byte[] slow = Files.readAllBytes(TestJars.botJar(temp.resolve("slow.jar"), SlowBot.class));

            int port = freePort();
            ContestClient client = new ContestClient(port);
            Process server = start("server-1", "serve", "--trust-bots", "--dir", contest.toString(), "--port",
                    Integer.toString(port));
            awaitUp(client, server, temp);
            Process first = start("worker-1", worker(postgres.url(), "first"));
            Process second = start("worker-2", worker(postgres.url(), "second"));
            assertEquals(201, client.upload(alice, "alice.jar", slow).status());
            assertEquals(201, client.upload(bob, "bob.jar", slow).status());

            // The first worker in the middle of a ladder match, after at least one finished: frozen (SIGSTOP) so
            // that it can neither finish the match nor take another while the test looks, then killed.
            long frozenMatch = -1;
            while (frozenMatch < 0) {
                await(120, "the first worker playing a ladder match after one finished", () ->
                        !ladderHeldBy(db, "first").isEmpty() && !finished(db).isEmpty());
                signal(first, "STOP");
                List<Long> held = ladderHeldBy(db, "first");
                if (held.isEmpty()) {
                    signal(first, "CONT"); // it finished the match in between; wait for its next
                } else {
                    frozenMatch = held.get(0);
                }
            }
            long interrupted = frozenMatch;
            JsonNode workers = client.get("/api/admin/workers", admin).json();
            assertEquals(List.of("first", "second"), StreamSupport.stream(workers.spliterator(), false)
                    .map(w -> w.path("name").asText()).toList(), "the organiser sees both workers: " + workers);
            assertTrue(workers.path(0).path("playing").toString().contains(Long.toString(interrupted)),
                    "and what the first one plays: " + workers);
            Map<Long, String> before = finished(db);
            first.destroyForcibly(); // SIGKILL: no shutdown hook gives the match back
            assertTrue(first.waitFor(30, TimeUnit.SECONDS));

            await(120, "match " + interrupted + " played again by the second worker", () ->
                    finished(db).containsKey(interrupted));
            assertTrue(db.worker(interrupted).orElseThrow().startsWith("second/"), "the second worker finished it");
            ContestDatabase.Match replayed = db.match(interrupted).orElseThrow();
            Replay replay = ReplayFiles.read("match " + interrupted, db.replay(interrupted).orElseThrow());
            assertEquals(replayed.matchSeed(), replay.matchSeed(), "played again on the match's own seeds");
            assertEquals(replayed.dealSeed(), replay.dealSeed());
            Map<Long, String> after = finished(db);
            before.forEach((id, result) -> assertEquals(result, after.get(id), "match " + id + " is as it was"));

            // The server killed: the matches already waiting are still played, by the worker alone.
            server.destroyForcibly();
            assertTrue(server.waitFor(30, TimeUnit.SECONDS));
            int doneWithoutServer = finished(db).size();
            await(60, "a match finished while no server runs", () -> finished(db).size() > doneWithoutServer);

            Process again = start("server-2", "serve", "--trust-bots", "--dir", contest.toString(), "--port",
                    Integer.toString(port));
            awaitUp(client, again, temp);
            int doneBeforeRestart = finished(db).size();
            await(60, "the ladder going on under the new server", () -> finished(db).size() > doneBeforeRestart + 1);
            // Every finished match has exactly one result and one replay, and each ladder match a seat per bot.
            for (ContestDatabase.Match match : db.finishedMatches(ContestRunner.RATED)) {
                assertTrue(db.replay(match.id()).isPresent(), "match " + match.id() + " has its replay");
                assertEquals(2, match.seats().size());
                assertTrue(match.seats().stream().allMatch(s -> s.rank() != null), "match " + match.id());
            }
            assertEquals(List.of(), db.heldBy("first"), "nothing is left to the dead worker");
        } finally {
            for (Process process : processes) {
                process.destroy();
            }
            for (Process process : processes) {
                if (!process.waitFor(20, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            }
        }
    }

    /** Sends a process a signal by name ({@code STOP}, {@code CONT}). */
    private static void signal(Process process, String signal) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).inheritIO().start();
        assertEquals(0, kill.waitFor(), "kill -" + signal);
    }

    private static String[] worker(String url, String name) {
        return new String[] {"serve", "worker", "--db", url, "--threads", "1", "--sandbox", "none", "--trust-bots",
            "--lease", Integer.toString(LEASE_SECONDS), "--name", name};
    }

    /** The running ladder matches a worker holds. */
    private static List<Long> ladderHeldBy(ContestDatabase db, String worker) {
        return db.heldBy(worker).stream().filter(id -> db.match(id).orElseThrow().phase() == MatchPhase.LADDER)
                .toList();
    }

    /** Each finished rated match's result (seats with their ranks and scores, ending, moves), by id. */
    private static Map<Long, String> finished(ContestDatabase db) {
        Map<Long, String> done = new TreeMap<>();
        for (ContestDatabase.Match match : db.finishedMatches(ContestRunner.RATED)) {
            done.put(match.id(), match.seats().stream().map(s -> s.bot() + ":" + s.rank() + ":" + s.score()).toList()
                    + match.termination() + match.moves());
        }
        return done;
    }

    private void await(int seconds, String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited " + seconds + " s for " + what + "\n" + logs());
            }
            Thread.sleep(100);
        }
    }

    private Process start(String name, String... args) throws IOException {
        Process process = ArenaProcesses.start(temp, name, args);
        processes.add(process);
        return process;
    }

    private String logs() {
        return ArenaProcesses.logs(temp);
    }
}
