package org.pyramidarena.tournaments.pairing;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jgrapht.Graph;
import org.jgrapht.alg.matching.blossom.v5.KolmogorovWeightedPerfectMatching;
import org.jgrapht.alg.matching.blossom.v5.ObjectiveSense;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.SimpleWeightedGraph;
import org.pyramidarena.tournaments.MatchRecord;

/**
 * Swiss: each round is paired from the standings after the rounds before it.
 *
 * <p>Seats are balanced by construction rather than by colour history: every table plays every
 * game in every seat rotation (both seat orders in two-player games), the rotations of one table
 * and game sharing a deal. Points are the share of opponents beaten per match (see the standings).
 *
 * <p>Two-player rounds are a minimum-cost perfect matching (Blossom V, from JGraphT) in which a
 * rematch costs more than any sum of score differences can, so no rematch is made while a round
 * without one exists, and among those the sum of squared score differences is least, which pairs
 * equal scores together whenever that is possible. With an odd count a bye vertex joins the graph,
 * connected only to the bots with the fewest byes so far and cheapest towards the lowest score.
 * Up to {@value #COMPLETE_GRAPH_LIMIT} bots every pair is a candidate; above that only bots within
 * a window of the standings are, which keeps a round of a thousand bots fast (bots far apart in the
 * standings would not be paired anyway unless rematches forced it).
 *
 * <p>Three- to five-player rounds seat the left-over bots (count modulo table size) on byes, lowest
 * standings with the fewest byes first, fill tables down the standings choosing the bot with the
 * fewest repeat meetings and then the nearest score, and then swap bots between tables while that
 * lowers the repeat meetings or, with them equal, the squared score differences.
 *
 * <p>All games must have the same number of seats. Round {@code r} takes the indices and groups
 * after those of the {@code r-1} rounds before it, whose sizes follow from the bot and game counts.
 */
public final class Swiss implements PairingStrategy {

    static final int COMPLETE_GRAPH_LIMIT = 64;
    private static final int MIN_WINDOW = 24;

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
                    Pairing pairing = seats == 2 ? pairTwo(standings, n, round) : seatTables(standings, n, seats, byes);
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

    /** Tables as positions in the setup's bot list, best-placed bot first, tables ordered by it. */
    private record Pairing(List<List<Integer>> tables, List<Integer> byes) {
    }

    private static Pairing pairTwo(SwissStandings standings, int n, int round) {
        List<Integer> order = standings.order();
        int window = n <= COMPLETE_GRAPH_LIMIT ? n : Math.max(MIN_WINDOW, 3 * (round - 1));
        long minUnits = Long.MAX_VALUE;
        for (int bot = 0; bot < n; bot++) {
            minUnits = Math.min(minUnits, standings.units(bot));
        }
        long maxDifference = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n && j <= i + window; j++) {
                maxDifference = Math.max(maxDifference, squaredDifference(standings, order.get(i), order.get(j)));
            }
            maxDifference = Math.max(maxDifference, square(standings.units(order.get(i)) - minUnits));
        }
        // A rematch outweighs the largest possible sum of squared differences over a whole round.
        long rematch = (n / 2 + 1) * maxDifference + 1;

        Graph<Integer, DefaultWeightedEdge> graph = new SimpleWeightedGraph<>(DefaultWeightedEdge.class);
        for (int i = 0; i < n; i++) {
            graph.addVertex(i);
        }
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n && j <= i + window; j++) {
                int a = order.get(i);
                int b = order.get(j);
                long cost = rematch * standings.meetings(a, b) + squaredDifference(standings, a, b);
                graph.setEdgeWeight(graph.addEdge(i, j), cost);
            }
        }
        int byeVertex = n;
        if (n % 2 == 1) {
            graph.addVertex(byeVertex);
            int fewestByes = Integer.MAX_VALUE;
            for (int bot = 0; bot < n; bot++) {
                fewestByes = Math.min(fewestByes, standings.byes(bot));
            }
            for (int i = 0; i < n; i++) {
                int bot = order.get(i);
                if (standings.byes(bot) == fewestByes) {
                    graph.setEdgeWeight(graph.addEdge(i, byeVertex), square(standings.units(bot) - minUnits));
                }
            }
        }
        // The graph always has a perfect matching: consecutive places in the standings are joined,
        // and with a window of at least 2 that stays true with any one bot taken out for the bye.
        var matching = new KolmogorovWeightedPerfectMatching<>(graph, ObjectiveSense.MINIMIZE).getMatching();
        List<List<Integer>> tables = new ArrayList<>();
        List<Integer> byes = new ArrayList<>();
        for (DefaultWeightedEdge edge : matching.getEdges()) {
            int i = Math.min(graph.getEdgeSource(edge), graph.getEdgeTarget(edge));
            int j = Math.max(graph.getEdgeSource(edge), graph.getEdgeTarget(edge));
            if (j == byeVertex) {
                byes.add(order.get(i));
            } else {
                tables.add(List.of(i, j));
            }
        }
        tables.sort(Comparator.comparingInt(t -> t.get(0)));
        List<List<Integer>> bots = tables.stream().map(t -> List.of(order.get(t.get(0)), order.get(t.get(1)))).toList();
        return new Pairing(bots, byes);
    }

    private static Pairing seatTables(SwissStandings standings, int n, int seats, int byeCount) {
        List<Integer> order = standings.order();
        int[] place = new int[n];
        for (int i = 0; i < n; i++) {
            place[order.get(i)] = i;
        }
        List<Integer> byeChoice = new ArrayList<>(order);
        byeChoice.sort(Comparator.comparingInt(standings::byes).thenComparingInt(b -> -place[b]));
        List<Integer> byes = new ArrayList<>(byeChoice.subList(0, byeCount));
        byes.sort(Comparator.comparingInt(b -> place[b]));
        List<Integer> seated = new ArrayList<>(order);
        seated.removeAll(byes);

        long spread = square(standings.units(order.get(0)) - standings.units(order.get(n - 1)));
        TableCost cost = new TableCost(standings, (long) n * seats * seats * spread + 1);
        int window = 4 * seats;
        List<List<Integer>> tables = new ArrayList<>();
        boolean[] taken = new boolean[n];
        for (int i = 0; i < seated.size(); i++) {
            int anchor = seated.get(i);
            if (taken[anchor]) {
                continue;
            }
            List<Integer> table = new ArrayList<>(List.of(anchor));
            taken[anchor] = true;
            while (table.size() < seats) {
                int best = -1;
                long bestCost = Long.MAX_VALUE;
                int looked = 0;
                for (int j = i + 1; j < seated.size() && looked < window; j++) {
                    int candidate = seated.get(j);
                    if (taken[candidate]) {
                        continue;
                    }
                    looked++;
                    long c = cost.joining(table, candidate);
                    if (c < bestCost) {
                        bestCost = c;
                        best = candidate;
                    }
                }
                table.add(best);
                taken[best] = true;
            }
            tables.add(table);
        }
        improveBySwaps(tables, cost);
        for (List<Integer> table : tables) {
            table.sort(Comparator.comparingInt(b -> place[b]));
        }
        tables.sort(Comparator.comparingInt(t -> place[t.get(0)]));
        return new Pairing(tables.stream().map(List::copyOf).toList(), byes);
    }

    /** Swaps single bots between tables while a swap lowers the total cost; each swap strictly lowers it. */
    private static void improveBySwaps(List<List<Integer>> tables, TableCost cost) {
        int reach = tables.size() <= 40 ? tables.size() : 3;
        boolean improved = true;
        for (int pass = 0; improved && pass < 100; pass++) {
            improved = false;
            for (int a = 0; a < tables.size(); a++) {
                for (int b = a + 1; b < tables.size() && b <= a + reach; b++) {
                    List<Integer> ta = tables.get(a);
                    List<Integer> tb = tables.get(b);
                    for (int x = 0; x < ta.size(); x++) {
                        for (int y = 0; y < tb.size(); y++) {
                            long before = cost.of(ta) + cost.of(tb);
                            int botA = ta.get(x);
                            int botB = tb.get(y);
                            ta.set(x, botB);
                            tb.set(y, botA);
                            if (cost.of(ta) + cost.of(tb) < before) {
                                improved = true;
                            } else {
                                ta.set(x, botA);
                                tb.set(y, botB);
                            }
                        }
                    }
                }
            }
        }
    }

    /** Repeat meetings first (each weighs more than any round's score differences), then squared score differences. */
    private record TableCost(SwissStandings standings, long repeat) {
        long pair(int a, int b) {
            return repeat * standings.meetings(a, b) + squaredDifference(standings, a, b);
        }

        long joining(List<Integer> table, int candidate) {
            long sum = 0;
            for (int member : table) {
                sum += pair(member, candidate);
            }
            return sum;
        }

        long of(List<Integer> table) {
            long sum = 0;
            for (int i = 0; i < table.size(); i++) {
                for (int j = i + 1; j < table.size(); j++) {
                    sum += pair(table.get(i), table.get(j));
                }
            }
            return sum;
        }
    }

    private static long squaredDifference(SwissStandings standings, int a, int b) {
        return square(standings.units(a) - standings.units(b));
    }

    private static long square(long x) {
        return x * x;
    }
}
