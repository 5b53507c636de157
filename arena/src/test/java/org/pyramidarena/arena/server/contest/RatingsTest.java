package org.pyramidarena.arena.server.contest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.server.contest.ContestDatabase.MatchPhase;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.ratings.RatingOptions;
import org.pyramidarena.tournaments.ratings.RatingTable;

/**
 * The ratings fitted from the database's matches: which matches the leaderboard rates, and the
 * versions' rating history as the contest went on.
 */
class RatingsTest {

    @TempDir
    Path temp;

    private ContestFixture contest;
    private Leaderboard board;
    private ContestDatabase.Version red;
    private ContestDatabase.Version blue;

    @BeforeEach
    void twoTeams() {
        contest = new ContestFixture(temp);
        board = new Leaderboard(contest.db, "cup", MasterSeed.of(1));
        red = contest.version("red");
        blue = contest.version("blue");
    }

    @AfterEach
    void close() {
        board.close();
        contest.close();
    }

    @Test
    void scrimmagesAreNeverRatedWhateverTheirResults() {
        for (int i = 0; i < 6; i++) {
            contest.win(MatchPhase.LADDER, red, blue);
        }
        contest.win(MatchPhase.QUALIFYING, blue, red);
        contest.win(MatchPhase.LADDER, blue, red);
        board.refresh();
        List<Leaderboard.Row> before = board.rows();
        assertEquals(8, board.fittedMatches());
        assertEquals("red", before.get(0).team(), "red won 6 of 8: " + before);

        for (int i = 0; i < 20; i++) {
            contest.win(MatchPhase.SCRIMMAGE, blue, red);
        }
        board.refresh();
        assertEquals(before, board.rows(), "20 scrimmages blue won change nothing");
        assertEquals(8, board.fittedMatches());
        assertEquals(8, contest.db.gamesPlayed(ContestRunner.RATED).get(red.id()),
                "nor the games the ladder's pairing counts");
        assertEquals(28, contest.db.recentMatches(100, red.id()).size(), "the scrimmages are in the database");
    }

    @Test
    void eachPointOfTheHistoryIsTheLeaderboardsFitOverTheRatedMatchesUpToThere() {
        ContestDatabase.Version green = contest.version("green");
        for (int i = 0; i < 30; i++) {
            contest.win(i % 4 == 0 ? MatchPhase.QUALIFYING : MatchPhase.LADDER, i % 4 == 3 ? blue : red,
                    i % 4 == 3 ? red : blue);
            contest.win(MatchPhase.LADDER, i % 3 == 0 ? green : blue, i % 3 == 0 ? blue : green);
        }
        ContestDatabase.Version redAgain = contest.version("red");
        for (int i = 0; i < 20; i++) {
            contest.win(MatchPhase.LADDER, i % 5 == 0 ? green : redAgain, i % 5 == 0 ? redAgain : green);
            contest.win(MatchPhase.SCRIMMAGE, green, redAgain);
        }
        List<ContestDatabase.Match> rated = contest.db.finishedMatches(ContestRunner.RATED);
        assertEquals(80, rated.size(), "the scrimmages are not rated");

        List<RatingHistory.Point> history = RatingHistory.of("cup", rated);
        assertEquals(IntStream.rangeClosed(1, 40).map(k -> 2 * k).boxed().toList(),
                history.stream().map(RatingHistory.Point::ratedMatches).toList(), "every second match, 40 points");
        board.refresh();
        RatingHistory.Point last = history.get(history.size() - 1);
        assertEquals(board.elos().keySet(), last.elo().keySet());
        board.elos().forEach((bot, elo) -> assertEquals(elo, last.elo().get(bot), 1e-9,
                "the last point is the leaderboard: " + bot));

        RatingHistory.Point middle = history.get(9);
        RatingTable prefix = RatingTable.compute("all", rated.subList(0, 20).stream()
                .map(m -> ContestDatabase.record("cup", m)).toList(), RatingOptions.defaults().withBootstrap(0, 0));
        prefix.ratings().forEach(r -> assertEquals(r.elo(), middle.elo().get(r.bot()), 1e-9,
                "after 20 matches: " + r.bot()));
        assertFalse(middle.elo().containsKey(redAgain.label()), "red.v2 has not played yet");
        assertTrue(history.get(30).elo().containsKey(redAgain.label()), "and has after its first match");
    }
}
