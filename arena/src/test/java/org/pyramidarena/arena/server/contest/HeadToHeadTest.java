package org.pyramidarena.arena.server.contest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.server.contest.ContestDatabase.MatchPhase;

/** A version's results against each opponent, from the database's rated matches. */
class HeadToHeadTest {

    @TempDir
    Path temp;

    @Test
    void eachOpponentsWinsDrawsAndLossesComeFromTheRatedMatchesPairwise() {
        try (ContestFixture contest = new ContestFixture(temp)) {
            ContestDatabase.Version red = contest.version("red");
            ContestDatabase.Version blue = contest.version("blue");
            ContestDatabase.Version green = contest.version("green");
            for (int i = 0; i < 3; i++) {
                contest.win(MatchPhase.LADDER, red, blue);
            }
            contest.win(MatchPhase.QUALIFYING, blue, red);
            contest.play(MatchPhase.LADDER, List.of(blue, red), 1, 1);
            // Three seats: red loses to green and beats blue.
            contest.play(MatchPhase.LADDER, List.of(green, red, blue), 1, 2, 3);
            for (int i = 0; i < 5; i++) {
                contest.win(MatchPhase.SCRIMMAGE, blue, red);
            }
            contest.win(MatchPhase.LADDER, green, blue);

            List<HeadToHead.Row> rows = HeadToHead.of(red.label(), contest.db.finishedMatchesOf(red.id(),
                    ContestRunner.RATED));
            assertEquals(List.of(new HeadToHead.Row("blue.v1", 6, 4, 1, 1), new HeadToHead.Row("green.v1", 1, 0, 0, 1)),
                    rows, "the scrimmages and the matches red did not play are left out");
            assertEquals(75.0, rows.get(0).scorePercent(), 1e-9);
        }
    }
}
