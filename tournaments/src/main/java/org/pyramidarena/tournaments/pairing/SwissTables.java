package org.pyramidarena.tournaments.pairing;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Tables for a three- to five-player Swiss round: byes first, then a greedy split down the
 * standings, improved by swaps and, for small fields, by an exhaustive search. See {@link Swiss}.
 */
final class SwissTables {

    private SwissTables() {
    }

    static SwissPairing seat(SwissStandings standings, int n, int seats, int byeCount) {
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

        long spread = standings.squaredDifference(order.get(0), order.get(n - 1));
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
        if (seated.size() <= TableSearch.FIELD_LIMIT) {
            tables = new ArrayList<>(new TableSearch(seated, seats, cost, tables).best());
        }
        for (List<Integer> table : tables) {
            table.sort(Comparator.comparingInt(b -> place[b]));
        }
        tables.sort(Comparator.comparingInt(t -> place[t.get(0)]));
        return new SwissPairing(tables.stream().map(List::copyOf).toList(), byes);
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

    /**
     * Depth-first search over every split of the seated bots into tables, each new table anchored
     * on the best-placed bot still standing, pruned by the cheapest split found so far (the swapped
     * greedy split to begin with). Small fields are searched to the end, so their tables have the
     * fewest repeat meetings there are; larger ones stop after a fixed number of steps, and fields
     * of more than {@value #FIELD_LIMIT} keep the swapped greedy split, which the search would
     * seldom improve within its budget.
     */
    private static final class TableSearch {
        static final int FIELD_LIMIT = 40;
        private static final int BUDGET = 200_000;

        private final List<Integer> seated;
        private final int seats;
        private final TableCost cost;
        private final boolean[] taken;
        private final List<List<Integer>> current = new ArrayList<>();
        private List<List<Integer>> best;
        private long bestCost;
        private int steps;

        TableSearch(List<Integer> seated, int seats, TableCost cost, List<List<Integer>> start) {
            this.seated = seated;
            this.seats = seats;
            this.cost = cost;
            this.taken = new boolean[seated.size()];
            this.best = start;
            this.bestCost = start.stream().mapToLong(cost::of).sum();
        }

        List<List<Integer>> best() {
            nextTable(0);
            return best;
        }

        private void nextTable(long partial) {
            int anchor = 0;
            while (anchor < seated.size() && taken[anchor]) {
                anchor++;
            }
            if (anchor == seated.size()) {
                if (partial < bestCost) {
                    bestCost = partial;
                    best = current.stream().map(t -> (List<Integer>) new ArrayList<>(t)).toList();
                }
                return;
            }
            taken[anchor] = true;
            List<Integer> table = new ArrayList<>(List.of(seated.get(anchor)));
            current.add(table);
            fill(table, anchor + 1, partial);
            current.remove(current.size() - 1);
            taken[anchor] = false;
        }

        private void fill(List<Integer> table, int from, long partial) {
            if (table.size() == seats) {
                nextTable(partial);
                return;
            }
            for (int i = from; i < seated.size() && steps < BUDGET; i++) {
                if (taken[i]) {
                    continue;
                }
                long joined = partial + cost.joining(table, seated.get(i));
                if (joined >= bestCost) {
                    continue;
                }
                steps++;
                taken[i] = true;
                table.add(seated.get(i));
                fill(table, i + 1, joined);
                table.remove(table.size() - 1);
                taken[i] = false;
            }
        }
    }

    /** Repeat meetings first (each weighs more than any round's score differences), then squared score differences. */
    private record TableCost(SwissStandings standings, long repeat) {
        long pair(int a, int b) {
            return repeat * standings.meetings(a, b) + standings.squaredDifference(a, b);
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
}
