package org.pyramidarena.tournaments.pairing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.MatchRecord;

class RoundRobinTest {

    private static PairingSetup setup(int bots, int seats) {
        return new PairingSetup(Simulation.bots(bots), List.of(new GameEntry("pylon", "standard", seats)), MasterSeed.of(42));
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5, 6})
    void twoPlayerRoundRobinPlaysEveryPairInBothSeatOrdersOnce(int n) {
        List<MatchSpec> schedule = new RoundRobin(1).schedule(setup(n, 2));

        assertEquals(n * (n - 1), schedule.size());
        Set<List<String>> seatings = new HashSet<>();
        for (MatchSpec m : schedule) {
            assertNotEquals(m.bots().get(0), m.bots().get(1));
            assertTrue(seatings.add(m.bots()), "played twice: " + m.bots());
        }
        Map<String, int[]> seats = seatCounts(schedule, 2);
        seats.forEach((bot, counts) -> {
            assertEquals(n - 1, counts[0], bot + " in seat 0");
            assertEquals(n - 1, counts[1], bot + " in seat 1");
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5, 6, 7})
    void circleMethodPlaysEachBotAtMostOncePerRound(int n) {
        List<MatchSpec> schedule = new RoundRobin(1).schedule(setup(n, 2));

        Map<Integer, List<MatchSpec>> rounds = byRound(schedule);
        assertEquals(n % 2 == 0 ? n - 1 : n, rounds.size());
        for (List<MatchSpec> round : rounds.values()) {
            Map<String, Set<Integer>> groups = new HashMap<>();
            round.forEach(m -> m.bots().forEach(b -> groups.computeIfAbsent(b, k -> new HashSet<>()).add(m.group())));
            groups.forEach((bot, g) -> assertEquals(1, g.size(), bot + " at two tables in one round"));
            assertEquals(n % 2 == 0 ? n : n - 1, groups.size(), "bots playing in the round");
        }
    }

    @ParameterizedTest(name = "{0} bots, {1} seats")
    @CsvSource({"2,3", "3,3", "4,3", "5,3", "6,3", "7,3", "2,4", "3,4", "4,4", "5,4", "6,4", "7,4",
        "2,5", "3,5", "4,5", "5,5", "6,5", "7,5"})
    void multiPlayerRoundRobinSeatsEveryBotInEverySeatEquallyOften(int n, int seats) {
        List<MatchSpec> schedule = new RoundRobin(1).schedule(setup(n, seats));

        Map<String, int[]> counts = seatCounts(schedule, seats);
        assertEquals(n, counts.size());
        int expected = counts.values().iterator().next()[0];
        assertTrue(expected > 0);
        counts.forEach((bot, c) -> {
            for (int s = 0; s < seats; s++) {
                assertEquals(expected, c[s], bot + " in seat " + s);
            }
        });
        assertEquals(schedule.size(), new HashSet<>(schedule.stream().map(MatchSpec::bots).toList()).size(),
                "no seating is played twice");
    }

    @ParameterizedTest(name = "{0} bots, {1} seats")
    @CsvSource({"3,3", "5,3", "6,4", "7,5"})
    void everyCombinationOfBotsPlaysEverySeatRotation(int n, int seats) {
        List<MatchSpec> schedule = new RoundRobin(1).schedule(setup(n, seats));

        Set<Set<String>> tables = new HashSet<>();
        for (MatchSpec m : schedule) {
            assertEquals(seats, new HashSet<>(m.bots()).size(), "distinct bots when there are enough");
            tables.add(new HashSet<>(m.bots()));
        }
        assertEquals(binomial(n, seats), tables.size());
        assertEquals(binomial(n, seats) * seats, schedule.size());
    }

    @ParameterizedTest(name = "{0} bots, {1} seats")
    @CsvSource({"2,3", "2,5", "3,4", "4,5"})
    void botsFillSeveralSeatsWhenTheGameHasMoreSeatsThanBots(int n, int seats) {
        List<MatchSpec> schedule = new RoundRobin(1).schedule(setup(n, seats));

        assertFalse(schedule.isEmpty());
        Map<String, Integer> copies = new TreeMap<>();
        for (MatchSpec m : schedule) {
            assertEquals(seats, m.players());
            assertEquals(n, new HashSet<>(m.bots()).size(), "every bot at every table");
            m.bots().forEach(b -> copies.merge(b, 1, Integer::sum));
        }
        assertEquals(1, new HashSet<>(copies.values()).size(), "every bot fills as many seats in all: " + copies);
    }

    @Test
    void eachCycleRepeatsTheScheduleOnNewDeals() {
        List<MatchSpec> once = new RoundRobin(1).schedule(setup(4, 2));
        List<MatchSpec> twice = new RoundRobin(3).schedule(setup(4, 2));

        assertEquals(3 * once.size(), twice.size());
        for (int i = 0; i < twice.size(); i++) {
            assertEquals(once.get(i % once.size()).bots(), twice.get(i).bots());
        }
        Set<Long> deals = new HashSet<>();
        twice.forEach(m -> deals.add(m.dealSeed()));
        assertEquals(3 * once.size() / 2, deals.size(), "one deal per table and cycle");
        assertEquals(3 * 3, byRound(twice).size());
    }

    @Test
    void gamesAreEachPlayedInFull() {
        PairingSetup setup = new PairingSetup(Simulation.bots(4),
                List.of(new GameEntry("pylon", "standard", 2), new GameEntry("other", "small", 3)), MasterSeed.of(1));
        List<MatchSpec> schedule = new RoundRobin(1).schedule(setup);

        assertEquals(12, schedule.stream().filter(m -> m.game().equals("pylon")).count());
        assertEquals(12, schedule.stream().filter(m -> m.game().equals("other")).count());
        assertTrue(schedule.stream().filter(m -> m.game().equals("other")).allMatch(m -> m.variant().equals("small")));
    }

    @Test
    void nextRoundIsTheEarliestIncompleteRoundUntilAllIsPlayed() {
        PairingSetup setup = setup(4, 2);
        RoundRobin strategy = new RoundRobin(1);
        Simulation simulation = Simulation.coinFlips(setup.bots(), 5);
        List<MatchRecord> results = new ArrayList<>();

        Round first = strategy.nextRound(setup, results).orElseThrow();
        assertEquals(1, first.number());
        List<MatchRecord> played = simulation.play(first);
        results.addAll(played.subList(0, played.size() - 1));
        assertEquals(1, strategy.nextRound(setup, results).orElseThrow().number(), "a missing match keeps the round open");
        results.add(played.get(played.size() - 1));
        assertEquals(2, strategy.nextRound(setup, results).orElseThrow().number());

        List<Round> rest = simulation.run(strategy, setup, results);
        assertEquals(List.of(2, 3), rest.stream().map(Round::number).toList());
        assertTrue(strategy.nextRound(setup, results).isEmpty());
    }

    static Map<String, int[]> seatCounts(List<MatchSpec> schedule, int seats) {
        Map<String, int[]> counts = new TreeMap<>();
        for (MatchSpec m : schedule) {
            for (int s = 0; s < seats; s++) {
                counts.computeIfAbsent(m.bots().get(s), k -> new int[seats])[s]++;
            }
        }
        return counts;
    }

    static Map<Integer, List<MatchSpec>> byRound(List<MatchSpec> schedule) {
        Map<Integer, List<MatchSpec>> rounds = new TreeMap<>();
        schedule.forEach(m -> rounds.computeIfAbsent(m.round(), k -> new ArrayList<>()).add(m));
        return rounds;
    }

    private static int binomial(int n, int k) {
        int result = 1;
        for (int i = 0; i < k; i++) {
            result = result * (n - i) / (i + 1);
        }
        return result;
    }
}
