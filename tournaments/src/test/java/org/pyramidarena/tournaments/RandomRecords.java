package org.pyramidarena.tournaments;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Generated match records for checking the statistics that add records up one at a time against
 * those computed from the whole list: two-, three- and four-player games, shared ranks, one bot in
 * several seats, fractional scores, faults and a spread of game lengths.
 */
public final class RandomRecords {
    private static final String[] BOTS = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta"};
    private static final String[][] GAMES = {{"pylon", "standard", "2"}, {"pyraos", "standard", "2"},
            {"euronimoes", "standard", "3"}, {"euronimoes", "standard", "4"}, {"pyrametto", "short", "3"}};

    private RandomRecords() {
    }

    /** {@code count} records drawn from {@code seed}, numbered 0, 1, 2, ... */
    public static List<MatchRecord> of(long seed, int count) {
        SplittableRandom random = new SplittableRandom(seed);
        List<MatchRecord> records = new ArrayList<>(count);
        for (int match = 0; match < count; match++) {
            String[] game = GAMES[random.nextInt(GAMES.length)];
            int players = Integer.parseInt(game[2]);
            int[] points = new int[players];
            for (int seat = 0; seat < players; seat++) {
                points[seat] = random.nextInt(4);
            }
            List<SeatResult> seats = new ArrayList<>(players);
            TerminationReason termination = random.nextInt(20) == 0 ? TerminationReason.TIMEOUT : TerminationReason.NORMAL;
            for (int seat = 0; seat < players; seat++) {
                int rank = 1;
                for (int other = 0; other < players; other++) {
                    rank += points[other] > points[seat] ? 1 : 0;
                }
                String bot = BOTS[random.nextInt(random.nextInt(8) == 0 ? 2 : BOTS.length)];
                seats.add(new SeatResult(bot, rank, points[seat] + random.nextInt(10) / 7.0,
                        seat == 0 ? termination : TerminationReason.NORMAL, random.nextInt(50)));
            }
            int moves = random.nextInt(10) == 0 ? 1 + random.nextInt(2000) : 20 + random.nextInt(60);
            records.add(new MatchRecord("t", 1 + match / 10, match, game[0], game[1], seats, termination, moves,
                    random.nextLong()));
        }
        return records;
    }
}
