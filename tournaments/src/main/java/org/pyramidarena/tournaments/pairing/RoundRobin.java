package org.pyramidarena.tournaments.pairing;

import java.util.ArrayList;
import java.util.List;

/**
 * Round-robin: every table of bots plays every seat rotation of every game, on one deal per table.
 *
 * <p>In two-player games every pair meets in both seat orders; the circle method spreads the pairs
 * over rounds so each bot plays once per round (with an odd count one bot sits each round out,
 * which is no bye: nothing is scored). In 3-5 player games every combination of bots plays every
 * cyclic seat rotation, so each bot sits in each seat equally often; when a game has more seats
 * than there are bots, bots fill several seats (results between copies of a bot are for the
 * ratings to ignore). Each cycle repeats the whole schedule on new deals. Games are scheduled one
 * after another within a cycle.
 */
public final class RoundRobin implements FixedSchedule {

    private final int cycles;

    /**
     * @param cycles how many times the full round-robin is played, each time on new deals; at least 1
     */
    public RoundRobin(int cycles) {
        if (cycles < 1) {
            throw new IllegalArgumentException("cycles must be at least 1, not " + cycles);
        }
        this.cycles = cycles;
    }

    @Override
    public String name() {
        return "round-robin";
    }

    @Override
    public List<MatchSpec> schedule(PairingSetup setup) {
        ScheduleBuilder builder = new ScheduleBuilder(setup.masterSeed(), 0, 0);
        int round = 1;
        // One cycle is built; the others repeat it on new deals (see CycledSchedule).
        for (GameEntry game : setup.games()) {
            List<List<List<String>>> rounds = game.players() == 2
                    ? circle(setup.bots())
                    : Tables.packRounds(Tables.tables(setup.bots(), game.players()));
            for (List<List<String>> tables : rounds) {
                for (List<String> table : tables) {
                    builder.table(round, game, table);
                }
                round++;
            }
        }
        return new CycledSchedule(setup.masterSeed(), builder.matches(), cycles, round - 1);
    }

    /**
     * The circle method: the first bot stays put while the others turn one place per round; in
     * each round position {@code i} meets position {@code n-1-i}. A null stands in for the missing
     * opponent when the count is odd.
     */
    static List<List<List<String>>> circle(List<String> bots) {
        List<String> ring = new ArrayList<>(bots);
        if (ring.size() % 2 == 1) {
            ring.add(null);
        }
        int n = ring.size();
        List<List<List<String>>> rounds = new ArrayList<>();
        for (int r = 0; r < n - 1; r++) {
            List<List<String>> tables = new ArrayList<>();
            for (int i = 0; i < n / 2; i++) {
                String a = ring.get(i);
                String b = ring.get(n - 1 - i);
                if (a != null && b != null) {
                    // Alternating who is listed first spreads the first-played seat order.
                    tables.add(r % 2 == 0 ? List.of(a, b) : List.of(b, a));
                }
            }
            rounds.add(tables);
            ring.add(1, ring.remove(n - 1));
        }
        return rounds;
    }
}
