package org.pyramidarena.tournaments.pairing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.pyramidarena.tournaments.MasterSeed;

/** Schedules made match by match equal the schedules built whole, cycle after cycle. */
class CycledScheduleTest {

    private static final List<String> BOTS = List.of("a", "b", "c", "d", "e");
    private static final GameEntry PYLON = new GameEntry("pylon", "standard", 2);
    private static final GameEntry PYRAMETTO = new GameEntry("pyrametto", "standard", 3);

    @Test
    void roundRobinCyclesEqualTheCyclesBuiltInTurn() {
        PairingSetup setup = new PairingSetup(BOTS, List.of(PYLON, PYRAMETTO), MasterSeed.of(7));
        assertEquals(builtWhole(setup, 4), List.copyOf(new RoundRobin(4).schedule(setup)));
    }

    @Test
    void aLongScheduleAnswersAnyIndexLikeTheWholeOne() {
        PairingSetup setup = new PairingSetup(BOTS, List.of(PYLON), MasterSeed.of(3));
        List<MatchSpec> whole = builtWhole(setup, 50);
        List<MatchSpec> lazy = new RoundRobin(50).schedule(setup);
        assertEquals(whole.size(), lazy.size());
        for (int i = whole.size() - 1; i >= 0; i -= 7) {
            assertEquals(whole.get(i), lazy.get(i));
        }
    }

    @Test
    void perGameEntrantsJoinTheirPartsLikeTheWholeOnes() {
        PairingSetup setup = new PairingSetup(BOTS, List.of(PYLON, PYRAMETTO), MasterSeed.of(11));
        List<String> fewer = List.of("a", "b", "c", "d");
        PerGameEntrants joined = new PerGameEntrants("round-robin", Map.of(PYLON, BOTS, PYRAMETTO, fewer),
                bots -> new RoundRobin(3));
        List<MatchSpec> first = builtWhole(new PairingSetup(BOTS, List.of(PYLON), MasterSeed.of(11)), 3);
        List<MatchSpec> second = builtWhole(new PairingSetup(fewer, List.of(PYRAMETTO), MasterSeed.of(11)), 3);
        int groups = first.stream().mapToInt(MatchSpec::group).max().orElseThrow() + 1;
        List<MatchSpec> expected = new ArrayList<>(first);
        for (MatchSpec m : second) {
            int index = expected.size();
            int group = groups + m.group();
            expected.add(new MatchSpec(m.round(), index, m.game(), m.variant(), m.bots(), group,
                    MatchSpec.dealSeed(MasterSeed.of(11), group), MatchSpec.matchSeed(MasterSeed.of(11), index), m.bye()));
        }
        assertEquals(expected, List.copyOf(joined.schedule(setup)));
    }

    /** The round-robin as it was built before schedules were made lazily: every cycle in turn. */
    private static List<MatchSpec> builtWhole(PairingSetup setup, int cycles) {
        ScheduleBuilder builder = new ScheduleBuilder(setup.masterSeed(), 0, 0);
        int round = 1;
        for (int cycle = 0; cycle < cycles; cycle++) {
            for (GameEntry game : setup.games()) {
                List<List<List<String>>> rounds = game.players() == 2
                        ? RoundRobin.circle(setup.bots())
                        : Tables.packRounds(Tables.tables(setup.bots(), game.players()));
                for (List<List<String>> tables : rounds) {
                    for (List<String> table : tables) {
                        builder.table(round, game, table);
                    }
                    round++;
                }
            }
        }
        return builder.matches();
    }
}
