package org.pyramidarena.tournaments.pairing;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.pyramidarena.tournaments.MatchRecord;

/**
 * What a Swiss round is paired from: each bot's points, byes and past meetings, read from the
 * records of the earlier rounds.
 *
 * <p>A match gives each seat the share of the other seats it finished ahead of, a tie counting
 * half, so a two-player win is 1, a draw 0.5 and a loss 0, and an N-player match hands out
 * N/2 points in all. Points are kept in units of {@code 1/(2(N-1))} so they are exact integers.
 * A bye counts as winning every match a seated bot plays in a round.
 */
final class SwissStandings {

    private final List<String> bots;
    private final long[] units;
    private final int[] byes;
    private final Map<Long, Set<Integer>> meetings = new HashMap<>();

    SwissStandings(List<String> bots, int seats, int matchesPerSeatedBot, List<MatchRecord> records) {
        this.bots = bots;
        int n = bots.size();
        this.units = new long[n];
        this.byes = new int[n];
        Map<String, Integer> position = new HashMap<>();
        for (int i = 0; i < n; i++) {
            position.put(bots.get(i), i);
        }
        long unitsPerWin = 2L * (seats - 1);
        for (MatchRecord record : records) {
            if (MatchSpec.isBye(record)) {
                Integer p = position.get(record.seat(0).bot());
                if (p != null) {
                    byes[p]++;
                    units[p] += unitsPerWin * matchesPerSeatedBot;
                }
                continue;
            }
            int players = record.players();
            Set<Integer> atTable = new HashSet<>();
            for (int i = 0; i < players; i++) {
                Integer p = position.get(record.seat(i).bot());
                if (p == null) {
                    continue;
                }
                atTable.add(p);
                long halfPoints = 0;
                for (int j = 0; j < players; j++) {
                    if (j != i) {
                        int cmp = Integer.compare(record.seat(j).rank(), record.seat(i).rank());
                        halfPoints += cmp > 0 ? 2 : cmp == 0 ? 1 : 0;
                    }
                }
                // Every Swiss match has the tournament's seat count, so this is exactly halfPoints.
                units[p] += halfPoints * unitsPerWin / (2L * (players - 1));
            }
            List<Integer> met = new ArrayList<>(atTable);
            for (int a = 0; a < met.size(); a++) {
                for (int b = a + 1; b < met.size(); b++) {
                    meetings.computeIfAbsent(key(met.get(a), met.get(b)), k -> new HashSet<>()).add(record.round());
                }
            }
        }
    }

    private long key(int a, int b) {
        return a < b ? (long) a * bots.size() + b : (long) b * bots.size() + a;
    }

    /** Points of the bot at a position of the setup's list, in units of 1/(2(N-1)). */
    long units(int bot) {
        return units[bot];
    }

    int byes(int bot) {
        return byes[bot];
    }

    /** The number of earlier rounds in which two bots sat at the same table. */
    int meetings(int a, int b) {
        Set<Integer> rounds = meetings.get(key(a, b));
        return rounds == null ? 0 : rounds.size();
    }

    /** Positions in the setup's list, best first: most points, then the setup's order. */
    List<Integer> order() {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < bots.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingLong((Integer i) -> -units[i]).thenComparingInt(i -> i));
        return order;
    }
}
