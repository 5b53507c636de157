package org.pyramidarena.arena.server.contest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.server.contest.ContestDatabase.MatchPhase;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.TerminationReason;
import org.pyramidarena.tournaments.ratings.RatingOptions;
import org.pyramidarena.tournaments.ratings.RatingTable;
import org.pyramidarena.tournaments.ratings.Standings;

/**
 * The leaderboard's refit: it reads only the rated matches finished since the last one, whatever
 * order they finish in, and gives what a fit from scratch over the same matches gives.
 */
class LeaderboardRefreshTest {

    @TempDir
    Path temp;

    private ContestFixture contest;
    private Leaderboard board;
    private final List<ContestDatabase.Version> versions = new ArrayList<>();
    private final Random random = new Random(39);

    @BeforeEach
    void fourTeams() {
        contest = new ContestFixture(temp);
        board = new Leaderboard(contest.db, "cup", MasterSeed.of(7));
        for (String team : List.of("red", "blue", "green", "gold")) {
            versions.add(contest.version(team));
        }
    }

    @AfterEach
    void close() {
        board.close();
        contest.close();
    }

    /** A rated match of two, three or four seats, scheduled and not played yet: its id. */
    private long schedule(int players) {
        List<ContestDatabase.Version> seats = new ArrayList<>(versions);
        Collections.shuffle(seats, random);
        seats = seats.subList(0, players);
        return contest.db.addMatch(random.nextBoolean() ? MatchPhase.LADDER : MatchPhase.QUALIFYING, "pylon",
                "standard", new ArrayList<>(seats.stream().map(v -> (Long) v.id()).toList()),
                seats.stream().map(ContestDatabase.Version::label).toList(), ContestFixture.SEEDS);
    }

    /** Finishes a scheduled match with ranks drawn at random (ties included). */
    private void finish(long id) {
        ContestDatabase.Match match = contest.db.match(id).orElseThrow();
        List<SeatResult> results = new ArrayList<>();
        for (ContestDatabase.Seat seat : match.seats()) {
            int rank = 1 + random.nextInt(match.players());
            results.add(new SeatResult(seat.bot(), rank, rank == 1 ? 1 : 0, TerminationReason.NORMAL, 10, 10));
        }
        List<String> nothing = Arrays.asList(new String[match.players()]);
        contest.db.claim(id, "test", 0, Long.MAX_VALUE / 2).orElseThrow();
        contest.db.finishMatch(id, "test", "normal", "", 20, new byte[0], "replays/m.json.gz", results, nothing,
                nothing, null);
    }

    private void play(int matches) {
        for (int m = 0; m < matches; m++) {
            finish(schedule(2 + m % 3));
        }
    }

    @Test
    void aRefitReadsOnlyTheMatchesFinishedSinceTheLastOne() {
        play(30);
        board.refresh();
        assertEquals(30, board.lastRead());
        assertEquals(30, board.fittedMatches());
        play(5);
        contest.win(MatchPhase.SCRIMMAGE, versions.get(0), versions.get(1));
        board.refresh();
        assertEquals(5, board.lastRead(), "the five new rated matches, not the 35");
        assertEquals(35, board.fittedMatches());
        List<Leaderboard.Row> rows = board.rows();
        board.refresh();
        assertEquals(0, board.lastRead());
        assertEquals(rows, board.rows(), "nothing new, the same fit");
    }

    @Test
    void aMatchStillPlayingAtOneFitIsCountedWhenItFinishesAfterLaterOnes() {
        long slow = schedule(3);
        long failed = schedule(2);
        play(10);
        board.refresh();
        assertEquals(10, board.fittedMatches(), "the one still playing is not counted yet");
        contest.db.claim(failed, "test", 0, Long.MAX_VALUE / 2).orElseThrow();
        contest.db.failMatch(failed, "test", "the referee could not play it");
        finish(slow);
        play(2);
        board.refresh();
        assertEquals(3, board.lastRead(), "the late one and the two new ones");
        assertEquals(13, board.fittedMatches(), "the failed one is never rated");
    }

    @Test
    void refitsAsMatchesFinishOutOfOrderEndAtTheFitFromScratch() {
        List<Long> playing = new ArrayList<>();
        for (int round = 0; round < 6; round++) {
            for (int m = 0; m < 12; m++) {
                playing.add(schedule(2 + random.nextInt(3)));
            }
            // About half of what is playing finishes, in any order; the rest is left for later rounds.
            Collections.shuffle(playing, random);
            for (int k = playing.size() / 2; k > 0; k--) {
                finish(playing.remove(playing.size() - 1));
            }
            board.refresh();
        }
        playing.forEach(this::finish);
        board.refresh();
        assertEquals(72, board.fittedMatches());

        try (Leaderboard fresh = new Leaderboard(contest.db, "cup", MasterSeed.of(7))) {
            fresh.refresh();
            assertEquals(72, fresh.lastRead());
            assertEquals(fresh.rows(), board.rows(), "Elo and error bars alike");
            assertEquals(fresh.elos(), board.elos());
        }
        RatingTable byRecords = Standings.compute(contest.db.finishedMatches(ContestRunner.RATED).stream()
                .map(m -> ContestDatabase.record("cup", m)).toList(), RatingOptions.defaults().withBootstrap(0, 0))
                .overall();
        assertEquals(versions.size(), byRecords.ratings().size());
        byRecords.ratings().forEach(r -> assertEquals(r.elo(), board.elos().get(r.bot()), 1e-9, r.bot()));
    }

    @Test
    void theEloIsRefittedAtOnceAndTheErrorBarsFollow() {
        play(30);
        board.refresh();
        Map<String, Double> errors = errorsByLabel(board.rows());
        play(6);
        board.refreshRatings();
        assertEquals(36, board.fittedMatches());
        assertEquals(errors, errorsByLabel(board.rows()), "the last bootstrap's bars, with the new Elo");
        assertTrue(board.refreshErrorBars());
        assertFalse(board.refreshErrorBars(), "done already");
        try (Leaderboard fresh = new Leaderboard(contest.db, "cup", MasterSeed.of(7))) {
            fresh.refresh();
            assertEquals(fresh.rows(), board.rows());
        }
    }

    @Test
    void errorBarsComputedOnTheirOwnThreadEndAtTheSameLeaderboard() throws InterruptedException {
        try (Leaderboard background = new Leaderboard(contest.db, "cup", MasterSeed.of(7), 0)) {
            play(40);
            background.changed();
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (background.fittedMatches() < 40 || background.rows().stream().anyMatch(r -> Double.isNaN(r.error()))) {
                assertTrue(System.nanoTime() < deadline, "no error bars after 30 s: " + background.rows());
                Thread.sleep(20);
            }
            board.refresh();
            assertEquals(board.rows(), background.rows());
        }
    }

    private static Map<String, Double> errorsByLabel(List<Leaderboard.Row> rows) {
        Map<String, Double> errors = new HashMap<>();
        rows.forEach(row -> errors.put(row.label(), row.error()));
        return errors;
    }
}
