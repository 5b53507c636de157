package org.pyramidarena.arena.server.contest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.server.contest.ContestDatabase.MatchPhase;
import org.pyramidarena.arena.server.contest.ContestDatabase.MatchStatus;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.TerminationReason;

/**
 * The leases under which workers hold matches (issue 39): a match is held by one worker until its
 * lease ends, then taken again by another; only the holder's result is recorded, so a match is never
 * counted twice; and workers claiming at once never take the same match.
 */
class MatchLeaseTest {

    @TempDir
    Path temp;

    @Test
    void aMatchWhoseLeaseEndedIsTakenAgainAndOnlyItsNewHoldersResultCounts() {
        try (ContestFixture contest = new ContestFixture(temp)) {
            ContestDatabase db = contest.db;
            ContestDatabase.Version alice = contest.version("alice");
            ContestDatabase.Version bob = contest.version("bob");
            long id = ladderMatch(db, alice, bob);
            assertEquals(id, db.claimNext(MatchPhase.LADDER, "dead/1", 1_000, 5_000).orElseThrow().id());
            assertTrue(db.claimNext(MatchPhase.LADDER, "alive/1", 5_999, 5_000).isEmpty(), "held while the lease lasts");
            assertTrue(db.renewLease(id, "dead/1", 7_000), "its holder renews it");
            assertTrue(db.claimNext(MatchPhase.LADDER, "alive/1", 6_999, 5_000).isEmpty(), "renewed");
            ContestDatabase.Match again = db.claimNext(MatchPhase.LADDER, "alive/1", 7_001, 5_000).orElseThrow();
            assertEquals(id, again.id(), "taken again once the lease ended");
            assertEquals(ContestFixture.SEEDS.matchSeed(id), again.matchSeed(), "on the same seeds");
            assertFalse(db.renewLease(id, "dead/1", 20_000), "the old holder has lost it");

            assertFalse(finish(db, id, "dead/1", 1), "the old holder's result is refused");
            assertTrue(db.replay(id).isEmpty());
            assertEquals(MatchStatus.RUNNING, db.match(id).orElseThrow().status());
            assertTrue(finish(db, id, "alive/1", 2), "the holder's result is taken");
            assertFalse(finish(db, id, "alive/1", 1), "and taken once");
            ContestDatabase.Match done = db.match(id).orElseThrow();
            assertEquals(MatchStatus.DONE, done.status());
            assertEquals(2, done.seats().get(0).rank(), "the result recorded is the holder's");
            assertEquals("alive/1", db.worker(id).orElseThrow());
            assertEquals(1, db.replay(id).orElseThrow().length);
        }
    }

    @Test
    void aStoppingWorkerGivesItsMatchBackAndTheServerTakesBackOnlyItsOwn() {
        try (ContestFixture contest = new ContestFixture(temp)) {
            ContestDatabase db = contest.db;
            ContestDatabase.Version alice = contest.version("alice");
            ContestDatabase.Version bob = contest.version("bob");
            List<Long> ids = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                ids.add(ladderMatch(db, alice, bob));
            }
            long now = System.currentTimeMillis();
            db.claimNext(MatchPhase.LADDER, "server/1", now, 60_000).orElseThrow();
            db.claimNext(MatchPhase.LADDER, "elsewhere/1", now, 60_000).orElseThrow();
            db.claimNext(MatchPhase.LADDER, "leaving/1", now, 60_000).orElseThrow();
            db.release(ids.get(2), "leaving/1");
            assertEquals(MatchStatus.SCHEDULED, db.match(ids.get(2)).orElseThrow().status(), "given back at once");
            assertEquals(1, db.rescheduleRunning("server/"), "the server's restart takes back its own match only");
            assertEquals(MatchStatus.SCHEDULED, db.match(ids.get(0)).orElseThrow().status());
            assertEquals(MatchStatus.RUNNING, db.match(ids.get(1)).orElseThrow().status(), "another worker's keeps its lease");
        }
    }

    @Test
    void workersClaimingAtOnceNeverTakeTheSameMatch() throws Exception {
        try (ContestFixture contest = new ContestFixture(temp)) {
            ContestDatabase db = contest.db;
            ContestDatabase.Version alice = contest.version("alice");
            ContestDatabase.Version bob = contest.version("bob");
            for (int i = 0; i < 40; i++) {
                ladderMatch(db, alice, bob);
            }
            ExecutorService threads = Executors.newFixedThreadPool(4);
            try {
                List<Future<List<Long>>> claims = new ArrayList<>();
                for (int worker = 0; worker < 4; worker++) {
                    String name = "w" + worker + "/1";
                    claims.add(threads.submit(() -> {
                        List<Long> taken = new ArrayList<>();
                        for (var match = db.claimNext(MatchPhase.LADDER, name, System.currentTimeMillis(), 60_000);
                             match.isPresent(); match = db.claimNext(MatchPhase.LADDER, name,
                                System.currentTimeMillis(), 60_000)) {
                            taken.add(match.get().id());
                        }
                        return taken;
                    }));
                }
                Set<Long> all = new HashSet<>();
                int count = 0;
                for (Future<List<Long>> claim : claims) {
                    all.addAll(claim.get());
                    count += claim.get().size();
                }
                assertEquals(40, count, "every match taken once");
                assertEquals(40, all.size());
            } finally {
                threads.shutdownNow();
            }
        }
    }

    /** A scheduled Pylon ladder match of two versions. */
    private static long ladderMatch(ContestDatabase db, ContestDatabase.Version first, ContestDatabase.Version second) {
        return db.addMatch(MatchPhase.LADDER, "pylon", "standard", new ArrayList<>(List.of(first.id(), second.id())),
                List.of(first.label(), second.label()), ContestFixture.SEEDS);
    }

    private static boolean finish(ContestDatabase db, long id, String worker, int firstRank) {
        List<SeatResult> seats = List.of(
                new SeatResult("a", firstRank, firstRank == 1 ? 1 : 0, TerminationReason.NORMAL, 1, 1),
                new SeatResult("b", 3 - firstRank, firstRank == 1 ? 0 : 1, TerminationReason.NORMAL, 1, 1));
        List<String> nothing = Arrays.asList(new String[2]);
        return db.finishMatch(id, worker, "normal", "", 10, new byte[] {(byte) firstRank}, "replays/m.json.gz", seats,
                nothing, nothing, null);
    }
}
