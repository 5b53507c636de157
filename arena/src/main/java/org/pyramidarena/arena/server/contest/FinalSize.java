package org.pyramidarena.arena.server.contest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.pairing.GameEntry;
import org.pyramidarena.tournaments.pairing.MatchSpec;
import org.pyramidarena.tournaments.pairing.PairingSetup;
import org.pyramidarena.tournaments.pairing.RoundRobin;

/**
 * How big the final is by default: enough round-robin cycles that every team's Elo is known to a
 * stated precision, ±{@value #DEFAULT_PRECISION} Elo at 95% unless the settings say otherwise.
 *
 * <p>The rule. A rating's standard error after {@code g} games against opponents near its strength
 * is at most {@code s / sqrt(g)} Elo with {@code s = (400 / ln 10) / (p (1 - p)) * sqrt(p (1 - p))}
 * at {@code p = 1/2}, that is {@code 800 / ln 10 = 347.4}: the Elo curve's slope at an even score
 * times the standard deviation of one game's score, which draws and uneven pairings only make
 * smaller. Its 95% half-width is {@code 1.96 s / sqrt(g)}, so a team needs {@code g = ceil((1.96 s /
 * precision)^2)} games: 186 for ±50 Elo, 47 for ±100. One cycle of the round-robin deals each team a
 * number of matches that depends on the number of teams and the games (in a two-player game, both
 * seat orders against each other team: {@code 2 (n - 1)}); it is counted from the round-robin's own
 * schedule, a match of several seats counting once (the ratings weigh its pairwise results {@code
 * 1/(seats - 1)} each). The final plays {@code ceil(g / per cycle)} cycles, at least one. The bound
 * is conservative: a final of one cycle of three teams and two games (8 games a team) measured ±156
 * to ±193 Elo, where the rule says ±241.
 */
public final class FinalSize {

    /** The default precision: the 95% half-width of a team's Elo, in Elo. */
    public static final double DEFAULT_PRECISION = 50;

    private static final double Z_95 = 1.959964;
    /** The largest standard error of one game's Elo: {@code 800 / ln 10}. */
    private static final double ELO_PER_GAME = 800 / Math.log(10);

    private FinalSize() {
    }

    /** The games each team needs for its Elo's 95% half-width to be at most {@code precision} Elo. */
    public static int gamesNeeded(double precision) {
        if (!(precision > 0)) {
            throw new IllegalArgumentException("the final's precision is a positive number of Elo, not " + precision);
        }
        return (int) Math.ceil(Math.pow(Z_95 * ELO_PER_GAME / precision, 2));
    }

    /** The 95% half-width, in Elo, that the rule promises a team after {@code games} games. */
    public static double precision(int games) {
        return Z_95 * ELO_PER_GAME / Math.sqrt(games);
    }

    /** The fewest matches any of {@code teams} teams plays in one cycle of the round-robin of these games. */
    public static int matchesPerCycle(int teams, List<GameEntry> games) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < teams; i++) {
            names.add("team-" + i);
        }
        Map<String, Integer> matches = new HashMap<>();
        for (MatchSpec match : new RoundRobin(1).schedule(new PairingSetup(names, games, MasterSeed.of(0)))) {
            new HashSet<>(match.bots()).forEach(bot -> matches.merge(bot, 1, Integer::sum));
        }
        return names.stream().mapToInt(name -> matches.getOrDefault(name, 0)).min().orElse(0);
    }

    /**
     * The cycles of a round-robin final that give each team's Elo a 95% half-width of at most {@code
     * precision} by the rule.
     *
     * @throws IllegalArgumentException for fewer than two teams or a precision that is not positive
     */
    public static int cycles(int teams, List<GameEntry> games, double precision) {
        int needed = gamesNeeded(precision);
        int perCycle = matchesPerCycle(teams, games);
        return Math.max(1, (needed + perCycle - 1) / perCycle);
    }
}
