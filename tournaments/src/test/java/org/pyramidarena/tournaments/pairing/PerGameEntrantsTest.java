package org.pyramidarena.tournaments.pairing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.pyramidarena.tournaments.MasterSeed;

class PerGameEntrantsTest {

    private static final GameEntry PYLON = new GameEntry("pylon", "standard", 2);
    private static final GameEntry PYRINOES = new GameEntry("pyrinoes", "standard", 2);
    private static final GameEntry PYRAMETTO = new GameEntry("pyrametto", "standard", 3);
    private static final List<String> ALL = List.of("a", "b", "c", "d");
    private static final List<String> WITHOUT_D = List.of("a", "b", "c");

    @Test
    void gamesPlayedByEveryBotScheduleExactlyAsTheInnerStrategy() {
        PairingSetup setup = new PairingSetup(ALL, List.of(PYLON, PYRAMETTO), MasterSeed.of(42));
        List<MatchSpec> plain = new RoundRobin(2).schedule(setup);
        List<MatchSpec> grouped = new PerGameEntrants("round-robin", Map.of(PYLON, ALL, PYRAMETTO, ALL), bots -> new RoundRobin(2))
                .schedule(setup);
        assertEquals(plain, grouped);
    }

    @Test
    void aBotLeftOutOfAGameNeverSitsInItAndStillPlaysTheOthersInFull() {
        PairingSetup setup = new PairingSetup(ALL, List.of(PYLON, PYRINOES, PYRAMETTO), MasterSeed.of(7));
        List<MatchSpec> schedule = new PerGameEntrants("round-robin", 
                Map.of(PYLON, ALL, PYRINOES, WITHOUT_D, PYRAMETTO, WITHOUT_D), bots -> new RoundRobin(1))
                .schedule(setup);
        assertTrue(schedule.stream().filter(m -> !m.game().equals("pylon")).noneMatch(m -> m.bots().contains("d")));
        assertEquals(12, schedule.stream().filter(m -> m.game().equals("pylon")).count(), "4 bots, both seat orders");
        assertEquals(6, schedule.stream().filter(m -> m.game().equals("pyrinoes")).count(), "3 bots, both seat orders");
        assertFalse(schedule.stream().filter(m -> m.game().equals("pyrametto")).toList().isEmpty());
    }

    @Test
    void indicesRunOnAcrossGroupsAndSeedsFollowFromThePlaceInTheWholeSchedule() {
        PairingSetup setup = new PairingSetup(ALL, List.of(PYRINOES, PYLON), MasterSeed.of(99));
        List<MatchSpec> schedule = new PerGameEntrants("round-robin", Map.of(PYLON, ALL, PYRINOES, WITHOUT_D),
                bots -> new RoundRobin(1)).schedule(setup);
        Set<Integer> dealGroupsOfPyrinoes = new HashSet<>();
        Set<Integer> dealGroupsOfPylon = new HashSet<>();
        for (int i = 0; i < schedule.size(); i++) {
            MatchSpec match = schedule.get(i);
            assertEquals(i, match.index());
            assertEquals(MatchSpec.matchSeed(MasterSeed.of(99), i), match.matchSeed());
            assertEquals(MatchSpec.dealSeed(MasterSeed.of(99), match.group()), match.dealSeed());
            (match.game().equals("pylon") ? dealGroupsOfPylon : dealGroupsOfPyrinoes).add(match.group());
        }
        assertEquals("pyrinoes", schedule.get(0).game(), "groups keep the order their first game was listed");
        dealGroupsOfPylon.retainAll(dealGroupsOfPyrinoes);
        assertTrue(dealGroupsOfPylon.isEmpty(), "no deal is shared across groups");
    }
}
