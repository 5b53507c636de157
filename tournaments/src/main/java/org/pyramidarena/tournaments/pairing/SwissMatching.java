package org.pyramidarena.tournaments.pairing;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.jgrapht.Graph;
import org.jgrapht.alg.matching.blossom.v5.KolmogorovWeightedPerfectMatching;
import org.jgrapht.alg.matching.blossom.v5.ObjectiveSense;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.SimpleWeightedGraph;

/**
 * A two-player Swiss round as a minimum-cost perfect matching (Blossom V, from JGraphT) over the
 * bots, plus a bye vertex when their count is odd. See {@link Swiss} for the priorities.
 */
final class SwissMatching {

    static final int COMPLETE_GRAPH_LIMIT = 64;
    private static final int MIN_WINDOW = 24;
    /** Costs are summed as doubles by the matching; below 2^52 the sums stay exact integers. */
    private static final double EXACT_DOUBLE_LIMIT = 0x1p52;

    private SwissMatching() {
    }

    static SwissPairing pair(SwissStandings standings, int n, int round) {
        List<Integer> order = standings.order();
        int window = n <= COMPLETE_GRAPH_LIMIT ? n : Math.max(MIN_WINDOW, 3 * (round - 1));
        long minUnits = Long.MAX_VALUE;
        int fewestByes = Integer.MAX_VALUE;
        for (int bot = 0; bot < n; bot++) {
            minUnits = Math.min(minUnits, standings.units(bot));
            fewestByes = Math.min(fewestByes, standings.byes(bot));
        }
        long maxDifference = 0;
        long maxByeGap = 0;
        int maxMeetings = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n && j <= i + window; j++) {
                maxDifference = Math.max(maxDifference, standings.squaredDifference(order.get(i), order.get(j)));
                maxMeetings = Math.max(maxMeetings, standings.meetings(order.get(i), order.get(j)));
            }
            maxByeGap = Math.max(maxByeGap, standings.units(order.get(i)) - minUnits);
        }
        // Three priorities folded into one cost, each step outweighing every sum of the ones below
        // it: fewest rematches, then the bye to the lowest score, then the least squared differences.
        long differences = (n / 2 + 1) * maxDifference;
        long bye = differences + 1;
        double rematchCost = n % 2 == 1 ? (double) bye * maxByeGap + differences + 1 : differences + 1;
        if (rematchCost * (maxMeetings + 1) * (n / 2 + 1) > EXACT_DOUBLE_LIMIT) {
            throw new IllegalStateException("scores too far apart to weigh a Swiss round of " + n + " bots exactly");
        }
        long rematch = (long) rematchCost;

        Graph<Integer, DefaultWeightedEdge> graph = new SimpleWeightedGraph<>(DefaultWeightedEdge.class);
        for (int i = 0; i < n; i++) {
            graph.addVertex(i);
        }
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n && j <= i + window; j++) {
                int a = order.get(i);
                int b = order.get(j);
                long cost = rematch * standings.meetings(a, b) + standings.squaredDifference(a, b);
                graph.setEdgeWeight(graph.addEdge(i, j), cost);
            }
        }
        int byeVertex = n;
        if (n % 2 == 1) {
            graph.addVertex(byeVertex);
            for (int i = 0; i < n; i++) {
                int bot = order.get(i);
                if (standings.byes(bot) == fewestByes) {
                    graph.setEdgeWeight(graph.addEdge(i, byeVertex), bye * (standings.units(bot) - minUnits));
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
        return new SwissPairing(bots, byes);
    }
}
