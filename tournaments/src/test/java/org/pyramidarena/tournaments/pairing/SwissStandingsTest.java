package org.pyramidarena.tournaments.pairing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.TerminationReason;

class SwissStandingsTest {

    private static MatchRecord match(int round, int index, List<String> bots, int... ranks) {
        List<SeatResult> seats = new ArrayList<>();
        for (int s = 0; s < bots.size(); s++) {
            seats.add(new SeatResult(bots.get(s), ranks[s], 0, TerminationReason.NORMAL, 0));
        }
        return new MatchRecord("t", round, index, "g", "v", seats, TerminationReason.NORMAL, 1, 0L);
    }

    @Test
    void aByeCountsAsWinningEveryMatchOfTheRound() {
        List<String> bots = List.of("a", "b", "c");
        MatchSpec bye = MatchSpec.bye(MasterSeed.of(1), 1, 2, 1, "c");
        List<MatchRecord> records = List.of(
                match(1, 0, List.of("a", "b"), 1, 2),
                match(1, 1, List.of("b", "a"), 2, 1),
                bye.byeRecord("t"));

        SwissStandings standings = new SwissStandings(bots, 2, 2, records);

        assertTrue(MatchSpec.isBye(records.get(2)));
        assertEquals(standings.units(0), standings.units(2), "the bye scores like two wins");
        assertEquals(0, standings.units(1));
        assertEquals(1, standings.byes(2));
        assertEquals(1, standings.meetings(0, 1), "two matches of one round are one meeting");
        assertEquals(0, standings.meetings(0, 2), "a bye meets no one");
    }

    @Test
    void tiedSeatsShareTheirPointsAndMultiPlayerPointsSumToHalfTheSeats() {
        List<String> bots = List.of("a", "b", "c", "d");
        SwissStandings standings = new SwissStandings(bots, 4, 4,
                List.of(match(1, 0, bots, 1, 2, 2, 4)));

        // In units of 1/6: a beat three (6), b and c beat one and tied one (3), d beat none.
        assertEquals(6, standings.units(0));
        assertEquals(3, standings.units(1));
        assertEquals(3, standings.units(2));
        assertEquals(0, standings.units(3));
        assertEquals(List.of(0, 1, 2, 3), standings.order());
    }

    @Test
    void onlyAByeHasAByeRecord() {
        MatchSpec match = MatchSpec.match(MasterSeed.of(1), 1, 0, 0, new GameEntry("g", "v", 2), List.of("a", "b"));

        assertThrows(IllegalStateException.class, () -> match.byeRecord("t"));
        assertThrows(IllegalArgumentException.class,
                () -> new MatchSpec(1, 0, "g", "v", List.of("a"), 0, 0L, 0L, false));
    }

    @Test
    void multiPlayerTablesGatherNearScoresOnceRepeatsAreFewest() {
        List<String> bots = Simulation.bots(8);
        PairingSetup setup = new PairingSetup(bots, List.of(new GameEntry("g", "v", 4)), MasterSeed.of(3));
        Swiss swiss = new Swiss(2);
        Round first = swiss.nextRound(setup, List.of()).orElseThrow();
        List<MatchRecord> results = new ArrayList<>();
        // Every match of round 1 ends in the order of the bots' names.
        for (MatchSpec m : first.matches()) {
            List<String> sorted = m.bots().stream().sorted().toList();
            int[] ranks = m.bots().stream().mapToInt(b -> sorted.indexOf(b) + 1).toArray();
            results.add(match(1, m.index(), m.bots(), ranks));
        }
        List<List<String>> firstTables = first.matches().stream().map(m -> m.bots().stream().sorted().toList())
                .distinct().toList();

        Round second = swiss.nextRound(setup, results).orElseThrow();

        // Each round-2 table must take two bots from each round-1 table; the top table takes the
        // two leaders of each.
        List<String> top = second.matches().get(0).bots().stream().sorted().toList();
        List<String> expected = new ArrayList<>();
        for (List<String> table : firstTables) {
            expected.addAll(table.subList(0, 2));
        }
        assertEquals(expected.stream().sorted().toList(), top);
    }
}
