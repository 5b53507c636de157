package org.pyramidarena.tournaments.pairing;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.pyramidarena.tournaments.MatchRecord;

/**
 * Swiss: each round is paired from the standings after the rounds before it.
 *
 * <p>Seats are balanced by construction rather than by colour history: every table plays every
 * game in every seat rotation (both seat orders in two-player games), the rotations of one table
 * and game sharing a deal. Points are the share of opponents beaten per match (see the standings).
 *
 * <p>Two-player rounds are a minimum-cost perfect matching (Blossom V, from JGraphT) in which a
 * rematch costs more than anything else can, so no rematch is made while a round without one
 * exists. With an odd count a bye vertex joins the graph, connected only to the bots with the
 * fewest byes so far; next in priority the bye goes to the lowest score; last, the sum of squared
 * score differences is least, which pairs equal scores together whenever that is possible.
 * Up to {@value SwissMatching#COMPLETE_GRAPH_LIMIT} bots every pair is a candidate; above that only bots within
 * a window of the standings are, which keeps a round of a thousand bots fast (bots far apart in the
 * standings would not be paired anyway unless rematches forced it).
 *
 * <p>Three- to five-player rounds seat the left-over bots (count modulo table size) on byes, lowest
 * standings with the fewest byes first, fill tables down the standings choosing the bot with the
 * fewest repeat meetings and then the nearest score, and then swap bots between tables while that
 * lowers the repeat meetings or, with them equal, the squared score differences; fields of up to
 * 40 bots are then searched split by split, so they get the fewest repeat meetings there are.
 *
 * <p>All games must have the same number of seats. Round {@code r} takes the indices and groups
 * after those of the {@code r-1} rounds before it, whose sizes follow from the bot and game counts.
 */
public final class Swiss implements PairingStrategy {

    private final int rounds;

    /** @param rounds the number of rounds, at least 1 */
    public Swiss(int rounds) {
        if (rounds < 1) {
            throw new IllegalArgumentException("rounds must be at least 1, not " + rounds);
        }
        this.rounds = rounds;
    }

    @Override
    public String name() {
        return "swiss";
    }

    @Override
    public Optional<Round> nextRound(PairingSetup setup, List<MatchRecord> results) {
        int seats = setup.games().get(0).players();
        if (setup.games().stream().anyMatch(g -> g.players() != seats)) {
            throw new IllegalArgumentException("a Swiss tournament needs games with the same number of seats");
        }
        int n = setup.bots().size();
        if (n < seats) {
            throw new IllegalArgumentException("a Swiss tournament of " + seats + "-seat games needs at least "
                    + seats + " bots, not " + n);
        }
        int games = setup.games().size();
        int tables = n / seats;
        int byes = n % seats;
        int matchesPerRound = tables * seats * games + byes;
        int groupsPerRound = tables * games + byes;
        Set<Integer> done = new HashSet<>();
        results.forEach(r -> done.add(r.match()));
        for (int round = 1; round <= rounds; round++) {
            int first = (round - 1) * matchesPerRound;
            for (int index = first; index < first + matchesPerRound; index++) {
                if (!done.contains(index)) {
                    int current = round;
                    List<MatchRecord> earlier = results.stream().filter(r -> r.round() < current).toList();
                    SwissStandings standings = new SwissStandings(setup.bots(), seats, seats * games, earlier);
                    SwissPairing pairing = seats == 2
                            ? SwissMatching.pair(standings, n, round)
                            : SwissTables.seat(standings, n, seats, byes);
                    ScheduleBuilder builder = new ScheduleBuilder(setup.masterSeed(), first,
                            (round - 1) * groupsPerRound);
                    for (List<Integer> table : pairing.tables()) {
                        List<String> names = table.stream().map(setup.bots()::get).toList();
                        for (GameEntry game : setup.games()) {
                            builder.table(round, game, names);
                        }
                    }
                    for (int bot : pairing.byes()) {
                        builder.bye(round, setup.bots().get(bot));
                    }
                    return Optional.of(new Round(round, builder.matches()));
                }
            }
        }
        return Optional.empty();
    }
}
