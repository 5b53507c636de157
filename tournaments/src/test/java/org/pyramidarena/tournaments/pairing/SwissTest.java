package org.pyramidarena.tournaments.pairing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.MatchRecord;

class SwissTest {

    private static PairingSetup setup(int bots, int seats) {
        return new PairingSetup(Simulation.bots(bots), List.of(new GameEntry("pylon", "standard", seats)), MasterSeed.of(42));
    }

    /** What a round was paired from, recomputed here independently of the strategy. */
    private record Before(Map<String, Double> points, Map<Set<String>, Integer> meetings, Map<String, Integer> byes) {

        static Before of(List<String> bots, List<MatchRecord> records, int matchesPerRound) {
            Map<String, Double> points = new HashMap<>();
            Map<String, Integer> byes = new HashMap<>();
            bots.forEach(b -> {
                points.put(b, 0.0);
                byes.put(b, 0);
            });
            Map<Set<String>, Set<Integer>> rounds = new HashMap<>();
            for (MatchRecord r : records) {
                if (r.players() == 1) {
                    points.merge(r.seat(0).bot(), (double) matchesPerRound, Double::sum);
                    byes.merge(r.seat(0).bot(), 1, Integer::sum);
                    continue;
                }
                for (int i = 0; i < r.players(); i++) {
                    for (int j = 0; j < r.players(); j++) {
                        if (i != j) {
                            int cmp = Integer.compare(r.seat(j).rank(), r.seat(i).rank());
                            points.merge(r.seat(i).bot(), (cmp > 0 ? 1.0 : cmp == 0 ? 0.5 : 0.0) / (r.players() - 1),
                                    Double::sum);
                            if (i < j) {
                                rounds.computeIfAbsent(Set.of(r.seat(i).bot(), r.seat(j).bot()), k -> new HashSet<>())
                                        .add(r.round());
                            }
                        }
                    }
                }
            }
            Map<Set<String>, Integer> meetings = new HashMap<>();
            rounds.forEach((pair, set) -> meetings.put(pair, set.size()));
            return new Before(points, meetings, byes);
        }

        int met(String a, String b) {
            return meetings.getOrDefault(Set.of(a, b), 0);
        }

        double squaredDifference(String a, String b) {
            double d = points.get(a) - points.get(b);
            return d * d;
        }
    }

    /** Pairs (and the bye, as a pair with null) of a two-player round. */
    private static List<List<String>> pairs(Round round) {
        List<List<String>> pairs = new ArrayList<>();
        Set<Integer> groups = new HashSet<>();
        for (MatchSpec m : round.matches()) {
            if (groups.add(m.group())) {
                pairs.add(m.bye() ? java.util.Arrays.asList(m.bots().get(0), null) : m.bots());
            }
        }
        return pairs;
    }

    private static int rematches(List<List<String>> pairs, Before before) {
        return (int) pairs.stream().filter(p -> p.get(1) != null && before.met(p.get(0), p.get(1)) > 0).count();
    }

    /**
     * The best any pairing of these bots can do, trying every perfect matching (and bye), compared
     * in the strategy's order of priorities: rematches, then the bye's points, then the sum of
     * squared point differences.
     */
    private static double[] best(List<String> unpaired, Before before, boolean byeLeft, int fewestByes) {
        if (unpaired.isEmpty()) {
            return new double[] {0, 0, 0};
        }
        String first = unpaired.get(0);
        double[] best = null;
        List<String> rest = unpaired.subList(1, unpaired.size());
        if (byeLeft && before.byes().get(first) == fewestByes) {
            double[] sub = best(rest, before, false, fewestByes);
            if (sub != null) {
                best = new double[] {sub[0], sub[1] + before.points().get(first), sub[2]};
            }
        }
        for (int i = 0; i < rest.size(); i++) {
            List<String> others = new ArrayList<>(rest);
            String partner = others.remove(i);
            if (byeLeft == (others.size() % 2 == 1)) {
                double[] sub = best(others, before, byeLeft, fewestByes);
                if (sub != null) {
                    double[] with = {sub[0] + (before.met(first, partner) > 0 ? 1 : 0), sub[1],
                        sub[2] + before.squaredDifference(first, partner)};
                    if (best == null || java.util.Arrays.compare(with, best) < 0) {
                        best = with;
                    }
                }
            }
        }
        return best;
    }

    private static double[] made(List<List<String>> pairs, Before before) {
        double[] made = {rematches(pairs, before), 0, 0};
        for (List<String> pair : pairs) {
            if (pair.get(1) == null) {
                made[1] += before.points().get(pair.get(0));
            } else {
                made[2] += before.squaredDifference(pair.get(0), pair.get(1));
            }
        }
        return made;
    }

    private static int fewestRematches(List<String> unpaired, Before before, boolean byeLeft, int fewestByes) {
        return (int) best(unpaired, before, byeLeft, fewestByes)[0];
    }

    private static List<Round> playSwiss(int bots, int rounds, Simulation simulation, List<MatchRecord> results) {
        return simulation.run(new Swiss(rounds), setup(bots, 2), results);
    }

    @ParameterizedTest(name = "{0} bots, model {1}")
    @CsvSource({"10,strength,1", "10,chance,2", "10,chance,3", "9,strength,4", "9,chance,5", "9,chance,6"})
    void noRematchIsMadeWhileOneCanBeAvoidedAndScoresAreAsCloseAsTheyCanBeOverNineRounds(int n, String model, long seed) {
        List<String> bots = Simulation.bots(n);
        Simulation simulation = model.equals("strength") ? Simulation.byStrength(bots, seed) : Simulation.coinFlips(bots, seed);
        List<MatchRecord> results = new ArrayList<>();

        List<Round> rounds = playSwiss(n, 9, simulation, results);

        assertEquals(9, rounds.size());
        for (Round round : rounds) {
            List<MatchRecord> earlier = results.stream().filter(r -> r.round() < round.number()).toList();
            Before before = Before.of(bots, earlier, 2);
            int fewestByes = Collections.min(before.byes().values());
            double[] made = made(pairs(round), before);
            double[] best = best(bots, before, n % 2 == 1, fewestByes);
            assertEquals(best[0], made[0], "rematches in round " + round.number());
            assertEquals(best[1], made[1], 1e-9, "points of the bye in round " + round.number());
            assertEquals(best[2], made[2], 1e-9, "squared point differences in round " + round.number());
        }
    }

    @Test
    void byesGoOnceToEachBotOfNineOverNineRounds() {
        List<String> bots = Simulation.bots(9);
        List<MatchRecord> results = new ArrayList<>();

        List<Round> rounds = playSwiss(9, 9, Simulation.byStrength(bots, 11), results);

        Map<String, Integer> byes = new TreeMap<>();
        for (Round round : rounds) {
            List<MatchSpec> roundByes = round.matches().stream().filter(MatchSpec::bye).toList();
            assertEquals(1, roundByes.size(), "one bye in round " + round.number());
            byes.merge(roundByes.get(0).bots().get(0), 1, Integer::sum);
        }
        assertEquals(9, byes.size(), "never twice the same bot: " + byes);
    }

    @ParameterizedTest(name = "seed {0}")
    @CsvSource({"8", "9", "10", "11"})
    void theByeGoesToTheLowestScoreThatHasNotHadOneUnlessThatForcesARematch(long seed) {
        List<String> bots = Simulation.bots(7);
        List<MatchRecord> results = new ArrayList<>();
        Simulation simulation = Simulation.coinFlips(bots, seed);
        Swiss swiss = new Swiss(7);
        PairingSetup setup = setup(7, 2);

        for (int r = 1; r < 7; r++) {
            results.addAll(simulation.play(swiss.nextRound(setup, results).orElseThrow()));
            Round next = swiss.nextRound(setup, results).orElseThrow();
            Before before = Before.of(bots, results, 2);
            int fewestByes = Collections.min(before.byes().values());
            int fewestRematches = fewestRematches(bots, before, true, fewestByes);
            double lowest = Double.MAX_VALUE;
            for (String bot : bots) {
                List<String> others = new ArrayList<>(bots);
                others.remove(bot);
                if (before.byes().get(bot) == fewestByes
                        && fewestRematches(others, before, false, fewestByes) == fewestRematches) {
                    lowest = Math.min(lowest, before.points().get(bot));
                }
            }
            String bye = next.matches().stream().filter(MatchSpec::bye).findFirst().orElseThrow().bots().get(0);
            assertEquals(fewestByes, before.byes().get(bye));
            assertEquals(lowest, before.points().get(bye), 1e-9, "bye to " + bye + " with " + before.points());
        }
    }

    @ParameterizedTest(name = "{0} bots")
    @CsvSource({"8", "10", "9"})
    void equalScoresArePairedTogetherWhenPossible(int n) {
        List<String> bots = Simulation.bots(n);
        List<MatchRecord> results = new ArrayList<>();
        Swiss swiss = new Swiss(2);
        PairingSetup setup = setup(n, 2);
        // Round 1 gives every pair one win each way; decide it so the first-listed bot wins both.
        Round first = swiss.nextRound(setup, results).orElseThrow();
        Set<String> winners = new HashSet<>();
        for (List<String> pair : pairs(first)) {
            winners.add(pair.get(0));
        }
        for (MatchSpec m : first.matches()) {
            results.add(m.bye() ? m.byeRecord("t") : decided(m, winners));
        }

        Round second = swiss.nextRound(setup, results).orElseThrow();

        Before before = Before.of(bots, results, 2);
        int mixed = 0;
        for (List<String> pair : pairs(second)) {
            if (pair.get(1) != null && before.points().get(pair.get(0)).doubleValue() != before.points().get(pair.get(1))) {
                mixed++;
            }
        }
        // 8 bots split 4 and 4. With 10 the five winners must send one down. With 9 the bye of
        // round 1 joins the four winners and the bye of round 2 goes to a loser, leaving 5 and 3.
        int expectedMixed = n == 8 ? 0 : 1;
        assertEquals(expectedMixed, mixed, "pairs across score groups in " + pairs(second));
    }

    private static MatchRecord decided(MatchSpec m, Set<String> winners) {
        List<org.pyramidarena.tournaments.SeatResult> seats = new ArrayList<>();
        for (String bot : m.bots()) {
            seats.add(new org.pyramidarena.tournaments.SeatResult(bot, winners.contains(bot) ? 1 : 2, 0,
                    org.pyramidarena.tournaments.TerminationReason.NORMAL, 0));
        }
        return new MatchRecord("t", m.round(), m.index(), m.game(), m.variant(), seats,
                org.pyramidarena.tournaments.TerminationReason.NORMAL, 1, m.matchSeed());
    }

    @ParameterizedTest(name = "{0} bots, {1} seats")
    @CsvSource({"10,2", "9,2", "9,3", "10,4", "11,5"})
    void everyTablePlaysEverySeatRotationSoSeatsStayBalanced(int n, int seats) {
        List<String> bots = Simulation.bots(n);
        List<MatchRecord> results = new ArrayList<>();

        List<Round> rounds = Simulation.byStrength(bots, 21).run(new Swiss(6), setup(n, seats), results);

        assertEquals(6, rounds.size());
        List<MatchSpec> played = new ArrayList<>();
        for (Round round : rounds) {
            Set<String> present = new HashSet<>();
            Map<Integer, Set<String>> tables = new HashMap<>();
            for (MatchSpec m : round.matches()) {
                tables.computeIfAbsent(m.group(), k -> new HashSet<>()).addAll(m.bots());
                if (!m.bye()) {
                    played.add(m);
                }
            }
            for (Set<String> table : tables.values()) {
                table.forEach(b -> assertTrue(present.add(b), b + " at two tables in round " + round.number()));
            }
            assertEquals(new HashSet<>(bots), present, "every bot plays or has a bye");
        }
        Map<String, int[]> counts = RoundRobinTest.seatCounts(played, seats);
        counts.forEach((bot, c) -> {
            for (int s = 1; s < seats; s++) {
                assertEquals(c[0], c[s], bot + " in seat " + s);
            }
        });
    }

    @ParameterizedTest(name = "{0} bots, {1} seats")
    @CsvSource({"8,4", "9,3", "10,5", "9,4"})
    void multiPlayerTablesHaveTheFewestRepeatMeetingsThenTheNearestScores(int n, int seats) {
        List<String> bots = Simulation.bots(n);
        List<MatchRecord> results = new ArrayList<>();
        Swiss swiss = new Swiss(5);
        PairingSetup setup = setup(n, seats);
        Simulation simulation = Simulation.byStrength(bots, 31);

        for (int r = 1; r <= 5; r++) {
            Round round = swiss.nextRound(setup, results).orElseThrow();
            Before before = Before.of(bots, results, seats);
            Map<Integer, List<String>> tables = new TreeMap<>();
            List<String> byes = new ArrayList<>();
            for (MatchSpec m : round.matches()) {
                if (m.bye()) {
                    byes.add(m.bots().get(0));
                } else {
                    tables.putIfAbsent(m.group(), m.bots());
                }
            }
            double[] made = {0, 0};
            for (List<String> table : tables.values()) {
                made[0] += repeatPairs(table, before);
                made[1] += squaredDifferences(table, before);
            }
            List<String> seated = new ArrayList<>(bots);
            seated.removeAll(byes);
            double[] best = bestSplit(seated, seats, before);
            assertEquals(best[0], made[0], "repeat meetings in round " + r);
            assertEquals(best[1], made[1], 1e-9, "squared point differences in round " + r);
            results.addAll(simulation.play(round));
        }
    }

    private static int repeatPairs(List<String> table, Before before) {
        int repeats = 0;
        for (int i = 0; i < table.size(); i++) {
            for (int j = i + 1; j < table.size(); j++) {
                repeats += before.met(table.get(i), table.get(j));
            }
        }
        return repeats;
    }

    private static double squaredDifferences(List<String> table, Before before) {
        double sum = 0;
        for (int i = 0; i < table.size(); i++) {
            for (int j = i + 1; j < table.size(); j++) {
                sum += before.squaredDifference(table.get(i), table.get(j));
            }
        }
        return sum;
    }

    /** The fewest repeat meetings, then squared differences, of any split into tables, trying every split. */
    private static double[] bestSplit(List<String> bots, int seats, Before before) {
        if (bots.isEmpty()) {
            return new double[] {0, 0};
        }
        List<String> rest = bots.subList(1, bots.size());
        double[] best = null;
        for (List<String> others : choose(rest, seats - 1)) {
            List<String> table = new ArrayList<>(others);
            table.add(bots.get(0));
            List<String> remaining = new ArrayList<>(rest);
            remaining.removeAll(others);
            double[] sub = bestSplit(remaining, seats, before);
            double[] with = {sub[0] + repeatPairs(table, before), sub[1] + squaredDifferences(table, before)};
            if (best == null || java.util.Arrays.compare(with, best) < 0) {
                best = with;
            }
        }
        return best;
    }

    private static List<List<String>> choose(List<String> from, int k) {
        if (k == 0) {
            return List.of(List.of());
        }
        List<List<String>> out = new ArrayList<>();
        for (int i = 0; i <= from.size() - k; i++) {
            for (List<String> tail : choose(from.subList(i + 1, from.size()), k - 1)) {
                List<String> c = new ArrayList<>();
                c.add(from.get(i));
                c.addAll(tail);
                out.add(c);
            }
        }
        return out;
    }

    @Test
    void theNextRoundDoesNotDependOnTheOrderOfResults() {
        List<String> bots = Simulation.bots(12);
        List<MatchRecord> results = new ArrayList<>();
        Swiss swiss = new Swiss(5);
        PairingSetup setup = setup(12, 2);
        Simulation simulation = Simulation.coinFlips(bots, 13);
        for (int r = 0; r < 3; r++) {
            results.addAll(simulation.play(swiss.nextRound(setup, results).orElseThrow()));
        }
        List<MatchRecord> shuffled = new ArrayList<>(results);
        Collections.shuffle(shuffled, new Random(99));

        assertEquals(swiss.nextRound(setup, results), swiss.nextRound(setup, shuffled));
    }

    @Test
    void tiedStandingsGiveTheSamePairingEveryTime() {
        // Equal scores leave many optimal matchings; the one chosen must not hang on object
        // identities inside the matching library.
        List<String> bots = Simulation.bots(101);
        PairingSetup setup = setup(101, 2);
        List<MatchRecord> results = new ArrayList<>(Simulation.coinFlips(bots, 4).play(
                new Swiss(3).nextRound(setup, List.of()).orElseThrow()));
        Round expected = new Swiss(3).nextRound(setup, results).orElseThrow();

        for (int attempt = 0; attempt < 10; attempt++) {
            assertEquals(expected, new Swiss(3).nextRound(setup, new ArrayList<>(results)).orElseThrow());
        }
    }

    @Test
    void aThousandBotsArePairedWithoutRematchesUsingTheStandingsWindow() {
        List<String> bots = Simulation.bots(1000);
        List<MatchRecord> results = new ArrayList<>();

        List<Round> rounds = Simulation.byStrength(bots, 17).run(new Swiss(4), setup(1000, 2), results);

        assertEquals(4, rounds.size());
        Set<Set<String>> met = new HashSet<>();
        for (Round round : rounds) {
            Set<String> seen = new HashSet<>();
            for (List<String> pair : pairs(round)) {
                assertTrue(seen.add(pair.get(0)) && seen.add(pair.get(1)), "a bot paired twice");
                assertTrue(met.add(Set.of(pair.get(0), pair.get(1))), "rematch " + pair);
            }
            assertEquals(1000, seen.size());
        }
    }

    @Test
    void gamesWithDifferentSeatCountsCannotShareASwissTournament() {
        PairingSetup setup = new PairingSetup(Simulation.bots(6),
                List.of(new GameEntry("a", "v", 2), new GameEntry("b", "v", 3)), MasterSeed.of(1));

        assertThrows(IllegalArgumentException.class, () -> new Swiss(3).nextRound(setup, List.of()));
    }
}
