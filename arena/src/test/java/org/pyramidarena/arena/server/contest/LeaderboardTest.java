package org.pyramidarena.arena.server.contest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.server.contest.ContestDatabase.MatchPhase;
import org.pyramidarena.tournaments.MasterSeed;

/** The leaderboard fitted from the database's matches: which of them it rates. */
class LeaderboardTest {

    @TempDir
    Path temp;

    @Test
    void scrimmagesAreNeverRatedWhateverTheirResults() {
        try (ContestFixture contest = new ContestFixture(temp);
             Leaderboard board = new Leaderboard(contest.db, "cup", MasterSeed.of(1))) {
            ContestDatabase.Version red = contest.version("red");
            ContestDatabase.Version blue = contest.version("blue");
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
            assertTrue(contest.db.recentMatches(100, red.id()).size() == 28, "the scrimmages are in the database");
        }
    }
}
