package org.pyramidarena.arena.server.contest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.ratings.RatingOptions;
import org.pyramidarena.tournaments.ratings.Standings;

/**
 * The contest's ratings as it went on, computed from the database's rated matches: at checkpoints
 * along them (every {@code ceil(n / MAX_POINTS)}-th match, and the last), the leaderboard's fit over
 * the matches up to there, so each version's line shows how its Elo moved as it played. Each point
 * is the same joint Bradley-Terry fit as the leaderboard's, without its bootstrap (the error bars are
 * the leaderboard's; the point estimate does not depend on them), so the last point is the
 * leaderboard's Elo. The results are added to one running fit ({@link Standings.Builder}), so the
 * history costs one pass over the matches and one fit per point.
 */
public final class RatingHistory {

    /** The most points a history has. */
    public static final int MAX_POINTS = 40;

    private static final String POOLED = "all";
    private static final RatingOptions FIT = RatingOptions.defaults().withBootstrap(0, 0);

    private RatingHistory() {
    }

    /**
     * The ratings at one checkpoint.
     *
     * @param ratedMatches how many rated matches the fit counted, from the first
     * @param elo each bot's Elo then, by label; a bot appears once it has played
     */
    public record Point(int ratedMatches, Map<String, Double> elo) {
    }

    /**
     * The history of a contest's ratings.
     *
     * @param rated the finished rated matches, in the order they were played (the database's
     *     {@code finishedMatches} of the qualifying and ladder phases)
     * @return the checkpoints, first to last; empty when there is no rated match
     */
    public static List<Point> of(String contest, List<ContestDatabase.Match> rated) {
        int stride = Math.max(1, (rated.size() + MAX_POINTS - 1) / MAX_POINTS);
        Standings.Builder fit = new Standings.Builder(FIT);
        List<Point> points = new ArrayList<>();
        for (int i = 0; i < rated.size(); i++) {
            MatchRecord record = ContestDatabase.record(contest, rated.get(i));
            // One pool, whatever the game: the leaderboard's table is the pooled one, and per-game fits would be wasted.
            fit.add(new MatchRecord(record.tournament(), record.round(), record.match(), POOLED, record.variant(),
                    record.seats(), record.termination(), record.moves(), record.seed()));
            int counted = i + 1;
            if (counted % stride == 0 || counted == rated.size()) {
                Map<String, Double> elo = new HashMap<>();
                fit.build().overall().ratings().forEach(rating -> elo.put(rating.bot(), rating.elo()));
                points.add(new Point(counted, Map.copyOf(elo)));
            }
        }
        return points;
    }
}
