package org.pyramidarena.tournaments.pairing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.MatchRecord;

class PairedDealsTest {

    static Stream<Arguments> schedules() {
        return Stream.of(
                Arguments.of("round-robin, 2 seats", format(bots -> new RoundRobin(2)), 5, 2),
                Arguments.of("round-robin, 4 seats", format(bots -> new RoundRobin(1)), 5, 4),
                Arguments.of("round-robin, 5 seats, 3 bots", format(bots -> new RoundRobin(1)), 3, 5),
                Arguments.of("gauntlet, 3 seats", format(bots -> new Gauntlet(List.of(bots.get(0)), 2)), 6, 3),
                Arguments.of("swiss, 2 seats", format(bots -> new Swiss(4)), 7, 2),
                Arguments.of("swiss, 3 seats", format(bots -> new Swiss(4)), 7, 3));
    }

    /** A format made for a list of bots (a gauntlet names its candidate). */
    private static Function<List<String>, PairingStrategy> format(Function<List<String>, PairingStrategy> format) {
        return format;
    }

    /** The whole schedule, playing it with simulated results where the format needs them. */
    private static List<MatchSpec> schedule(Function<List<String>, PairingStrategy> format, PairingSetup setup) {
        PairingStrategy strategy = format.apply(setup.bots());
        List<MatchRecord> results = new ArrayList<>();
        List<MatchSpec> all = new ArrayList<>();
        Simulation.byStrength(setup.bots(), 3).run(strategy, setup, results).forEach(r -> all.addAll(r.matches()));
        return all;
    }

    private static PairingSetup setup(List<String> bots, int seats, long masterSeed) {
        return new PairingSetup(bots, List.of(new GameEntry("g", "v", seats), new GameEntry("h", "v", seats)),
                MasterSeed.of(masterSeed));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("schedules")
    void matchesThatRotateTheSameBotsShareOneDealAndDifferOtherwise(String name, Function<List<String>, PairingStrategy> strategy,
                                                                     int bots, int seats) {
        List<MatchSpec> schedule = schedule(strategy, setup(Simulation.bots(bots), seats, 77L));

        Map<Integer, List<MatchSpec>> groups = new TreeMap<>();
        schedule.forEach(m -> groups.computeIfAbsent(m.group(), k -> new ArrayList<>()).add(m));
        Set<Long> deals = new HashSet<>();
        for (List<MatchSpec> group : groups.values()) {
            MatchSpec first = group.get(0);
            assertEquals(first.bye() ? 1 : seats, group.size(), "one match per rotation");
            Set<List<String>> seatings = new HashSet<>();
            for (MatchSpec m : group) {
                assertEquals(first.dealSeed(), m.dealSeed());
                assertEquals(first.game(), m.game());
                assertEquals(first.round(), m.round());
                assertEquals(sorted(first.bots()), sorted(m.bots()), "the same bots");
                seatings.add(m.bots());
            }
            assertEquals(group.size(), seatings.size(), "different seat orders");
            deals.add(first.dealSeed());
        }
        assertEquals(groups.size(), deals.size(), "every group has its own deal");
        assertEquals(schedule.size(), new HashSet<>(schedule.stream().map(MatchSpec::matchSeed).toList()).size(),
                "every match has its own match seed");
        for (int i = 0; i < schedule.size(); i++) {
            assertEquals(i, schedule.get(i).index(), "indices run from 0 without gaps");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("schedules")
    void seedsDependOnlyOnTheMasterSeedAndThePlaceInTheSchedule(String name, Function<List<String>, PairingStrategy> strategy,
                                                                int bots, int seats) {
        List<MatchSpec> original = schedule(strategy, setup(Simulation.bots(bots), seats, 77L));
        List<String> renamed = Simulation.bots(bots).stream().map(b -> "other-" + b).toList();
        List<MatchSpec> otherNames = schedule(strategy, setup(renamed, seats, 77L));
        List<MatchSpec> otherMaster = schedule(strategy, setup(Simulation.bots(bots), seats, 78L));

        assertEquals(original.size(), otherNames.size());
        for (int i = 0; i < original.size(); i++) {
            MatchSpec m = original.get(i);
            assertEquals(MatchSpec.dealSeed(MasterSeed.of(77), m.group()), m.dealSeed());
            assertEquals(MatchSpec.matchSeed(MasterSeed.of(77), m.index()), m.matchSeed());
            assertEquals(m.dealSeed(), otherNames.get(i).dealSeed());
            assertEquals(m.matchSeed(), otherNames.get(i).matchSeed());
            assertNotEquals(m.dealSeed(), otherMaster.get(i).dealSeed());
            assertNotEquals(m.matchSeed(), otherMaster.get(i).matchSeed());
        }
    }

    private static List<String> sorted(List<String> bots) {
        List<String> copy = new ArrayList<>(bots);
        Collections.sort(copy);
        return copy;
    }
}
