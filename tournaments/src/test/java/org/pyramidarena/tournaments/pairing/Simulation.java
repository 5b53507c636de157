package org.pyramidarena.tournaments.pairing;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.TerminationReason;

/** Plays schedules with a strength model and a fixed-seed random, standing in for the arena. */
final class Simulation {

    static final String TOURNAMENT = "test";

    private final Map<String, Double> strength;
    private final Random random;

    Simulation(Map<String, Double> strength, long seed) {
        this.strength = strength;
        this.random = new Random(seed);
    }

    /** Every bot equally strong: results are pure chance. */
    static Simulation coinFlips(List<String> bots, long seed) {
        Map<String, Double> strength = new java.util.HashMap<>();
        bots.forEach(b -> strength.put(b, 0.0));
        return new Simulation(strength, seed);
    }

    /** Bot {@code i} has strength {@code i}: later bots tend to beat earlier ones. */
    static Simulation byStrength(List<String> bots, long seed) {
        Map<String, Double> strength = new java.util.HashMap<>();
        for (int i = 0; i < bots.size(); i++) {
            strength.put(bots.get(i), i * 0.3);
        }
        return new Simulation(strength, seed);
    }

    /** Records for every match of a round: byes as the arena writes them, matches ranked by noisy strength. */
    List<MatchRecord> play(Round round) {
        List<MatchRecord> records = new ArrayList<>();
        for (MatchSpec spec : round.matches()) {
            records.add(spec.bye() ? spec.byeRecord(TOURNAMENT) : play(spec));
        }
        return records;
    }

    private MatchRecord play(MatchSpec spec) {
        int n = spec.players();
        double[] performance = new double[n];
        for (int s = 0; s < n; s++) {
            performance[s] = strength.get(spec.bots().get(s)) + random.nextGaussian();
        }
        List<Integer> seats = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            seats.add(s);
        }
        seats.sort(Comparator.comparingDouble(s -> -performance[s]));
        int[] rank = new int[n];
        for (int place = 0; place < n; place++) {
            rank[seats.get(place)] = place + 1;
        }
        List<SeatResult> results = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            results.add(new SeatResult(spec.bots().get(s), rank[s], n - rank[s], TerminationReason.NORMAL, 0));
        }
        return new MatchRecord(TOURNAMENT, spec.round(), spec.index(), spec.game(), spec.variant(), results,
                TerminationReason.NORMAL, 10, spec.matchSeed());
    }

    /** Runs a whole tournament, returning its rounds in order; results accumulate in {@code results}. */
    List<Round> run(PairingStrategy strategy, PairingSetup setup, List<MatchRecord> results) {
        List<Round> rounds = new ArrayList<>();
        for (Optional<Round> next = strategy.nextRound(setup, results); next.isPresent();
             next = strategy.nextRound(setup, results)) {
            rounds.add(next.get());
            results.addAll(play(next.get()));
            if (rounds.size() > 10_000) {
                throw new AssertionError("the tournament does not end");
            }
        }
        return rounds;
    }

    static List<String> bots(int n) {
        List<String> bots = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            bots.add("bot" + (char) ('A' + i % 26) + (i >= 26 ? Integer.toString(i / 26) : ""));
        }
        return bots;
    }
}
