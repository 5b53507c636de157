package org.pyramidarena.tournaments.pairing;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The table arithmetic the formats share: who sits together, in which seat orders, in which round. */
final class Tables {

    private Tables() {
    }

    /**
     * The tables of {@code seats} bots that a full cycle plays. With at least as many bots as seats:
     * every combination of distinct bots, in lexicographic order of their positions. With fewer bots
     * than seats: every multiset in which each bot sits at least once, so copies are spread evenly
     * (the set of tables is the same whichever bot is called which, so every bot gets the same
     * number of copies in all). Each table lists its bots in the order of {@code bots}.
     */
    static List<List<String>> tables(List<String> bots, int seats) {
        List<List<String>> out = new ArrayList<>();
        if (bots.size() >= seats) {
            combinations(bots, seats, 0, new ArrayList<>(), out);
        } else {
            coveringMultisets(bots, seats, 0, new ArrayList<>(), out);
        }
        return out;
    }

    private static void combinations(List<String> bots, int seats, int from, List<String> chosen,
                                     List<List<String>> out) {
        if (chosen.size() == seats) {
            out.add(List.copyOf(chosen));
            return;
        }
        for (int i = from; i <= bots.size() - (seats - chosen.size()); i++) {
            chosen.add(bots.get(i));
            combinations(bots, seats, i + 1, chosen, out);
            chosen.remove(chosen.size() - 1);
        }
    }

    private static void coveringMultisets(List<String> bots, int seats, int bot, List<String> chosen,
                                          List<List<String>> out) {
        int botsLeft = bots.size() - bot;
        int seatsLeft = seats - chosen.size();
        if (botsLeft == 0) {
            if (seatsLeft == 0) {
                out.add(List.copyOf(chosen));
            }
            return;
        }
        for (int copies = 1; copies <= seatsLeft - (botsLeft - 1); copies++) {
            for (int c = 0; c < copies; c++) {
                chosen.add(bots.get(bot));
            }
            coveringMultisets(bots, seats, bot + 1, chosen, out);
            for (int c = 0; c < copies; c++) {
                chosen.remove(chosen.size() - 1);
            }
        }
    }

    /**
     * The cyclic rotations of a table: rotation {@code k} puts {@code table[(s + k) % n]} in seat
     * {@code s}, so over all rotations every entry sits in every seat once. A table whose copies of
     * a bot sit together (as {@link #tables} makes them) has no two equal rotations unless one bot
     * fills every seat.
     */
    static List<List<String>> rotations(List<String> table) {
        int n = table.size();
        List<List<String>> out = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            List<String> seating = new ArrayList<>(n);
            for (int s = 0; s < n; s++) {
                seating.add(table.get((s + k) % n));
            }
            out.add(List.copyOf(seating));
        }
        return out;
    }

    /**
     * Packs tables into rounds first-fit, in their given order: a table goes into the earliest
     * round in which none of its bots sits yet. Rounds are then sets of tables that can be played
     * at once without a bot in two matches of the same round.
     */
    static List<List<List<String>>> packRounds(List<List<String>> tables) {
        List<List<List<String>>> rounds = new ArrayList<>();
        List<Set<String>> busy = new ArrayList<>();
        for (List<String> table : tables) {
            int r = 0;
            while (r < rounds.size() && table.stream().anyMatch(busy.get(r)::contains)) {
                r++;
            }
            if (r == rounds.size()) {
                rounds.add(new ArrayList<>());
                busy.add(new HashSet<>());
            }
            rounds.get(r).add(table);
            busy.get(r).addAll(table);
        }
        return rounds;
    }
}
