package org.pyramidarena.arena.server.access;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.javalin.http.TooManyRequestsResponse;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.server.contest.ContestDatabase;

/** A team's uploads of the last hour, counted in the contest's database, on a clock the test turns. */
class UploadRateLimitTest {

    @TempDir
    Path temp;

    @Test
    void theCountOfTheHourSurvivesARestartOfTheServer() {
        String url = "jdbc:sqlite:" + temp.resolve("contest.db");
        AtomicLong now = new AtomicLong(1_700_000_000_000L);
        ContestDatabase.Team team;
        ContestDatabase.Team other;
        try (ContestDatabase db = ContestDatabase.open(url)) {
            team = db.addTeam("red", "hash-red");
            other = db.addTeam("blue", "hash-blue");
            UploadRateLimit limit = new UploadRateLimit(db, 3, now::get);
            for (int i = 0; i < 3; i++) {
                limit.take(team);
                now.addAndGet(60_000);
            }
        }
        try (ContestDatabase db = ContestDatabase.open(url)) {
            UploadRateLimit limit = new UploadRateLimit(db, 3, now::get);
            TooManyRequestsResponse refused = assertThrows(TooManyRequestsResponse.class, () -> limit.take(team));
            assertTrue(refused.getMessage().contains("try again in 3421 s"), refused.getMessage());
            assertDoesNotThrow(() -> limit.take(other), "another team's uploads are its own");
            now.addAndGet(3_420_000);
            assertDoesNotThrow(() -> limit.take(team), "the first upload is an hour old");
            assertThrows(TooManyRequestsResponse.class, () -> limit.take(team));
        }
    }
}
