package org.pyramidarena.tournaments.pairing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pyramidarena.tournaments.MasterSeed;

class GauntletTest {

    @Test
    void candidatesMeetEveryOpponentInBothSeatOrdersAndNeverEachOther() {
        List<String> bots = Simulation.bots(6);
        List<String> candidates = List.of(bots.get(0), bots.get(3));
        PairingSetup setup = new PairingSetup(bots, List.of(new GameEntry("pylon", "standard", 2)), MasterSeed.of(9));

        List<MatchSpec> schedule = new Gauntlet(candidates, 1).schedule(setup);

        assertEquals(2 * 4 * 2, schedule.size());
        Set<List<String>> seatings = new HashSet<>(schedule.stream().map(MatchSpec::bots).toList());
        assertEquals(schedule.size(), seatings.size());
        for (String candidate : candidates) {
            for (String opponent : bots) {
                if (!candidates.contains(opponent)) {
                    assertTrue(seatings.contains(List.of(candidate, opponent)));
                    assertTrue(seatings.contains(List.of(opponent, candidate)));
                }
            }
        }
        assertTrue(schedule.stream().allMatch(m -> m.bots().stream().filter(candidates::contains).count() == 1));
    }

    @ParameterizedTest(name = "{0} opponents, {1} seats")
    @CsvSource({"1,3", "2,3", "3,3", "6,3", "2,4", "3,4", "5,4", "1,5", "3,5", "4,5", "7,5"})
    void candidateSitsInEverySeatEquallyOftenAmongRotatedOpponents(int opponents, int seats) {
        List<String> bots = Simulation.bots(opponents + 1);
        String candidate = bots.get(opponents);
        PairingSetup setup = new PairingSetup(bots, List.of(new GameEntry("g", "v", seats)), MasterSeed.of(9));

        List<MatchSpec> schedule = new Gauntlet(List.of(candidate), 2).schedule(setup);

        int[] candidateSeats = new int[seats];
        Map<String, Integer> sharedMatches = new TreeMap<>();
        for (MatchSpec m : schedule) {
            assertEquals(seats, m.players());
            assertEquals(1, m.bots().stream().filter(candidate::equals).count(), "the candidate sits once per match");
            candidateSeats[m.bots().indexOf(candidate)]++;
            new HashSet<>(m.bots()).forEach(b -> sharedMatches.merge(b, 1, Integer::sum));
        }
        for (int s = 1; s < seats; s++) {
            assertEquals(candidateSeats[0], candidateSeats[s], "candidate in seat " + s);
        }
        sharedMatches.remove(candidate);
        assertEquals(opponents, sharedMatches.size(), "every opponent plays");
        assertEquals(1, new HashSet<>(sharedMatches.values()).size(), "opponents meet the candidate equally: " + sharedMatches);
    }

    @Test
    void aCandidateMustBeOneOfTheBots() {
        PairingSetup setup = new PairingSetup(Simulation.bots(3), List.of(new GameEntry("pylon", "standard", 2)), MasterSeed.of(9));

        assertThrows(IllegalArgumentException.class, () -> new Gauntlet(List.of("nobody"), 1).schedule(setup));
        assertThrows(IllegalArgumentException.class, () -> new Gauntlet(setup.bots(), 1).schedule(setup));
    }
}
