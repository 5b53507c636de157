package org.pyramidarena.arena.server.contest;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A version's results against each opponent, computed from the database's rated matches as the
 * ratings count them: a match of several seats is one pairwise result against each other seat (won
 * when the version ranked better, drawn when equal, lost when worse). Opponents are bot labels
 * ({@code TEAM.vN}, or {@code random}).
 */
public final class HeadToHead {

    private HeadToHead() {
    }

    /**
     * One opponent's line.
     *
     * @param opponent the opponent's label
     * @param games the pairwise results against it
     */
    public record Row(String opponent, int games, int wins, int draws, int losses) {

        /** Points (a win 1, a draw 1/2) per game, in percent. */
        public double scorePercent() {
            return games == 0 ? Double.NaN : 100.0 * (wins + 0.5 * draws) / games;
        }
    }

    /**
     * A version's head-to-head table.
     *
     * @param label the version's label
     * @param matches finished matches in which it played (others are passed over)
     * @return one row per opponent, the most played first, then by label
     */
    public static List<Row> of(String label, List<ContestDatabase.Match> matches) {
        Map<String, int[]> results = new LinkedHashMap<>();
        for (ContestDatabase.Match match : matches) {
            for (ContestDatabase.Seat own : match.seats()) {
                if (!own.bot().equals(label) || own.rank() == null) {
                    continue;
                }
                for (ContestDatabase.Seat other : match.seats()) {
                    if (other.bot().equals(label) || other.rank() == null) {
                        continue;
                    }
                    int[] tally = results.computeIfAbsent(other.bot(), k -> new int[3]);
                    tally[Integer.compare(own.rank(), other.rank()) + 1]++;
                }
            }
        }
        List<Row> rows = new ArrayList<>();
        results.forEach((opponent, tally) -> rows.add(new Row(opponent, tally[0] + tally[1] + tally[2], tally[0],
                tally[1], tally[2])));
        rows.sort(Comparator.comparingInt(Row::games).reversed().thenComparing(Row::opponent));
        return rows;
    }
}
