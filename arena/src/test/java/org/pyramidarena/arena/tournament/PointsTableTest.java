package org.pyramidarena.arena.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.TerminationReason;
import org.pyramidarena.tournaments.pairing.GameEntry;

/** The points table of {@code points.txt} (issue 24: it ranked by points, so by number of matches). */
class PointsTableTest {

    private static final GameEntry PYLON = new GameEntry("pylon", "standard", 2);
    private int next;

    private MatchRecord duel(String winner, String loser) {
        return new MatchRecord("t", 1, next++, "pylon", "standard",
                List.of(new SeatResult(winner, 1, 1, TerminationReason.NORMAL, 0),
                        new SeatResult(loser, 2, 0, TerminationReason.NORMAL, 0)),
                TerminationReason.NORMAL, 10, 1);
    }

    /** The overall table's rows, their columns single-spaced. */
    private static List<String> overall(PointsTable table) {
        return table.render().split("overall\n")[1].lines().skip(1).filter(l -> !l.isBlank())
                .map(l -> l.strip().replaceAll("\\s+", " ")).toList();
    }

    @Test
    void botsAreRankedByPointsPerMatchNotByPoints() {
        PointsTable table = new PointsTable(List.of("busy", "keen", "idle"), List.of(PYLON), 0);
        List<MatchRecord> matches = new ArrayList<>();
        // keen: 8 of 12 (66.7%); busy: 10 of 64 (15.6%), more points in many more matches.
        for (int i = 0; i < 8; i++) {
            matches.add(duel("keen", "busy"));
        }
        for (int i = 0; i < 4; i++) {
            matches.add(duel("busy", "keen"));
        }
        for (int i = 0; i < 6; i++) {
            matches.add(duel("busy", "idle"));
        }
        for (int i = 0; i < 46; i++) {
            matches.add(duel("idle", "busy"));
        }
        matches.forEach(table::add);
        assertEquals(List.of("1 idle 52 46.00 88.5%", "2 keen 12 8.00 66.7%", "3 busy 64 10.00 15.6%"),
                overall(table));
    }

    @Test
    void equalScoresShareARankAndABotWithoutMatchesComesLast() {
        PointsTable table = new PointsTable(List.of("a", "b", "c", "d"), List.of(PYLON), 0);
        table.add(duel("a", "b"));
        table.add(duel("b", "a"));
        table.add(duel("c", "a"));
        table.add(duel("b", "c"));
        assertEquals(List.of("1 b 3 2.00 66.7%", "2 c 2 1.00 50.0%", "3 a 3 1.00 33.3%", "4 d 0 0.00 -"),
                overall(table));

        PointsTable tied = new PointsTable(List.of("x", "y", "z"), List.of(PYLON), 0);
        tied.add(duel("x", "y"));
        tied.add(duel("y", "x"));
        assertEquals(List.of("1 x 2 1.00 50.0%", "1 y 2 1.00 50.0%", "3 z 0 0.00 -"), overall(tied));
    }
}
