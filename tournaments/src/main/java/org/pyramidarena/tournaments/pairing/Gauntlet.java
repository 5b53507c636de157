package org.pyramidarena.tournaments.pairing;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Gauntlet, the regression-testing format: each candidate plays every other bot, never another
 * candidate, in every seat rotation, on one deal per table.
 *
 * <p>In two-player games a candidate meets each opponent in both seat orders. In 3-5 player games
 * with more opponents than the other seats, the candidate sits with each window of consecutive
 * opponents (in the setup's order, wrapping round), so every opponent shares as many tables with
 * it; with exactly enough opponents it plays one table of all of them; with fewer, opponents fill
 * several seats, spread evenly. Each table plays every rotation, so the candidate sits in each seat
 * equally often. Each cycle repeats the whole schedule on new deals.
 */
public final class Gauntlet implements FixedSchedule {

    private final List<String> candidates;
    private final int cycles;

    /**
     * @param candidates the bots under test, at least one, each one of the setup's bots
     * @param cycles how many times the gauntlet is played, each time on new deals; at least 1
     */
    public Gauntlet(List<String> candidates, int cycles) {
        this.candidates = List.copyOf(new LinkedHashSet<>(candidates));
        if (this.candidates.isEmpty()) {
            throw new IllegalArgumentException("a gauntlet needs at least one candidate");
        }
        if (cycles < 1) {
            throw new IllegalArgumentException("cycles must be at least 1, not " + cycles);
        }
        this.cycles = cycles;
    }

    @Override
    public String name() {
        return "gauntlet";
    }

    @Override
    public List<MatchSpec> schedule(PairingSetup setup) {
        Set<String> candidateSet = Set.copyOf(candidates);
        for (String candidate : candidates) {
            if (!setup.bots().contains(candidate)) {
                throw new IllegalArgumentException("candidate '" + candidate + "' is not one of the bots");
            }
        }
        List<String> opponents = setup.bots().stream().filter(b -> !candidateSet.contains(b)).toList();
        if (opponents.isEmpty()) {
            throw new IllegalArgumentException("a gauntlet needs at least one bot that is not a candidate");
        }
        ScheduleBuilder builder = new ScheduleBuilder(setup.masterSeed(), 0, 0);
        int round = 1;
        // One cycle is built; the others repeat it on new deals (see CycledSchedule).
        for (GameEntry game : setup.games()) {
            List<List<String>> tables = new ArrayList<>();
            for (List<String> others : opponentSets(opponents, game.players() - 1)) {
                for (String candidate : candidates) {
                    List<String> table = new ArrayList<>();
                    table.add(candidate);
                    table.addAll(others);
                    tables.add(table);
                }
            }
            for (List<List<String>> roundTables : Tables.packRounds(tables)) {
                for (List<String> table : roundTables) {
                    builder.table(round, game, table);
                }
                round++;
            }
        }
        return new CycledSchedule(setup.masterSeed(), builder.matches(), cycles, round - 1);
    }

    private static List<List<String>> opponentSets(List<String> opponents, int seats) {
        int m = opponents.size();
        if (m <= seats) {
            return Tables.tables(opponents, seats);
        }
        List<List<String>> windows = new ArrayList<>();
        for (int i = 0; i < m; i++) {
            List<String> window = new ArrayList<>(seats);
            for (int k = 0; k < seats; k++) {
                window.add(opponents.get((i + k) % m));
            }
            windows.add(window);
        }
        return windows;
    }
}
