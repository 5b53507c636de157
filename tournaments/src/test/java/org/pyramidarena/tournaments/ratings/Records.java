package org.pyramidarena.tournaments.ratings;

import java.util.ArrayList;
import java.util.List;

import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.TerminationReason;

/** Small builders of match records for the statistics tests. */
final class Records {
    private static int nextMatch;

    private Records() {
    }

    /** A match of the given bots by seat with the given ranks. */
    static MatchRecord match(String game, String[] bots, int[] ranks) {
        List<SeatResult> seats = new ArrayList<>();
        for (int s = 0; s < bots.length; s++) {
            seats.add(new SeatResult(bots[s], ranks[s], bots.length - ranks[s], TerminationReason.NORMAL, 10));
        }
        return new MatchRecord("t", 1, nextMatch++, game, "standard", seats, TerminationReason.NORMAL, 40, 7L);
    }

    /** A two-player match: first scores 1 (win), 0.5 (draw) or 0 (loss) against second. */
    static MatchRecord duel(String first, String second, double firstScore) {
        int firstRank = firstScore == 0 ? 2 : 1;
        int secondRank = firstScore == 1 ? 2 : 1;
        return match("pylon", new String[] {first, second}, new int[] {firstRank, secondRank});
    }

    static List<MatchRecord> times(int n, MatchRecord record) {
        List<MatchRecord> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(record);
        }
        return list;
    }
}
