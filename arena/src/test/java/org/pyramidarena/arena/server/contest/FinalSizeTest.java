package org.pyramidarena.arena.server.contest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pyramidarena.arena.tournament.GameChoices;
import org.pyramidarena.tournaments.pairing.GameEntry;

/** The default final's size rule: cycles enough for each team's Elo to ±50 at 95%, counted from the round-robin. */
class FinalSizeTest {

    private static final List<GameEntry> PYLON = GameChoices.resolve(List.of("pylon"));
    private static final List<GameEntry> TWO_GAMES = GameChoices.resolve(List.of("pylon", "pyrinoes"));

    @Test
    void aTeamNeedsTheGamesThatBringItsEloToThePrecision() {
        assertEquals(186, FinalSize.gamesNeeded(50), "(1.96 * 800 / ln 10 / 50)^2 = 185.5");
        assertEquals(47, FinalSize.gamesNeeded(100));
        assertTrue(FinalSize.precision(186) <= 50 && FinalSize.precision(185) > 50);
        assertEquals(241, Math.round(FinalSize.precision(8)), "the one-cycle final of three teams and two games");
    }

    @Test
    void theCyclesFollowFromTheTeamsAndTheGames() {
        assertEquals(4, FinalSize.matchesPerCycle(3, PYLON), "both seat orders against each of two others");
        assertEquals(8, FinalSize.matchesPerCycle(3, TWO_GAMES));
        assertEquals(9, FinalSize.matchesPerCycle(4, GameChoices.resolve(List.of("euronimoes:3"))),
                "three tables of three of the four, each in three seat rotations");
        assertEquals(47, FinalSize.cycles(3, PYLON, 50), "ceil(186 / 4)");
        assertEquals(24, FinalSize.cycles(3, TWO_GAMES, 50), "ceil(186 / 8)");
        assertEquals(6, FinalSize.cycles(3, TWO_GAMES, 100), "ceil(47 / 8)");
        assertEquals(1, FinalSize.cycles(100, PYLON, 50), "one cycle of 100 teams is 198 matches a team");
        int previous = Integer.MAX_VALUE;
        for (int teams = 2; teams <= 30; teams++) {
            int cycles = FinalSize.cycles(teams, TWO_GAMES, 50);
            int perCycle = FinalSize.matchesPerCycle(teams, TWO_GAMES);
            assertEquals(4 * (teams - 1), perCycle, "two games, both seat orders against each other team");
            assertTrue(FinalSize.precision(cycles * perCycle) <= 50, teams + " teams: " + cycles + " cycles");
            assertTrue(cycles == 1 || FinalSize.precision((cycles - 1) * perCycle) > 50,
                    teams + " teams: no fewer cycles would do");
            assertTrue(cycles <= previous, "more teams never need more cycles");
            previous = cycles;
        }
    }

    @Test
    void theSettingsCyclesWinAndTheirPrecisionSizesTheRest() {
        ContestSettings settings = ContestSettings.named("cup").withGames(List.of("pylon", "pyrinoes"));
        assertEquals(24, settings.finalCyclesFor(3));
        assertEquals(6, settings.withFinal(null, 100.0).finalCyclesFor(3));
        assertEquals(2, settings.withFinal(2, null).finalCyclesFor(3));
    }
}
