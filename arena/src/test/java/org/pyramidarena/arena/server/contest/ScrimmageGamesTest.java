package org.pyramidarena.arena.server.contest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.sandbox.Sandbox;

/**
 * A scrimmage in a game that one of the two versions does not play, by the games its bot said it
 * plays, is refused with the reason (the server answers 400 with it), before any match is scheduled.
 */
class ScrimmageGamesTest {

    @TempDir
    Path temp;

    private ContestFixture contest;
    private ContestRunner runner;
    private Scrimmages scrimmages;
    private ContestDatabase.Version red;
    private ContestDatabase.Version blue;

    @BeforeEach
    void twoTeamsInAPylonAndPyrinoesContest() {
        contest = new ContestFixture(temp);
        ContestSettings settings = ContestSettings.named("cup").withGames(List.of("pylon", "pyrinoes"))
                .withSandbox("none").withScrimmages(10);
        runner = new ContestRunner(temp, settings, contest.db, Sandbox.none());
        scrimmages = new Scrimmages(settings, contest.db, runner);
        red = contest.version("red");
        blue = contest.version("blue");
        contest.db.setGames(red.id(), List.of("pylon", "pyrinoes"));
        contest.db.setGames(blue.id(), List.of("pylon"));
    }

    @AfterEach
    void close() {
        runner.close();
        contest.close();
    }

    @Test
    void aGameTheOpponentsVersionDoesNotPlayIsRefusedWithTheReason() {
        ContestDatabase.Team team = contest.db.team("red").orElseThrow();
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> scrimmages.challenge(team, "blue", "pyrinoes"));
        assertEquals("team blue's version blue.v1 does not play pyrinoes; it plays pylon", refused.getMessage());
        assertEquals(0, contest.db.requestTimes(team.id(), 10).size(), "nothing scheduled, nothing counted");
        assertEquals("scrimmage", scrimmages.challenge(team, "blue", "pylon").phase().label(),
                "a game both play is scheduled");
    }

    @Test
    void aGameTheTeamsOwnVersionDoesNotPlayIsRefusedWithTheReason() {
        ContestDatabase.Team team = contest.db.team("blue").orElseThrow();
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> scrimmages.challenge(team, "red", "pyrinoes"));
        assertEquals("your version blue.v1 does not play pyrinoes; it plays pylon", refused.getMessage());
    }
}
