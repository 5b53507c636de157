package org.pyramidarena.benchmarks;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.Rules;

/**
 * Pylon's rules engine against the limit, in one JMH run: {@link #bareRules} is
 * {@link BareRulesBenchmark}'s Pylon game (random versus random through {@code Rules}, game
 * {@code n} with seed {@code n}), {@link #tightPlayout} the same games played by {@link TightPylon},
 * a playout written for speed alone. Their ratio is how close the engine comes to what the machine
 * can do. Both derive each game's generators as the arena does (five HMAC-SHA-256 seeds, see
 * {@link RandomGames#generators}); {@link #seedsOnly} measures that share alone, so the ratio can
 * also be read without it. One operation is one game; {@code actions} counts its moves.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class PylonLimitBenchmark {

    private Rules<?, ?> rules;
    private final TightPylon tight = new TightPylon();
    private long seed;
    private final CpuHalves halves = new CpuHalves();

    @Setup
    public void setUp() {
        rules = RandomGames.rules("pylon");
    }

    /** One game through the bare rules, exactly as {@link BareRulesBenchmark#randomGame} with {@code game=pylon}. */
    @Benchmark
    public Outcome bareRules(BareRulesBenchmark.Actions counter) {
        RandomGames.Played game = RandomGames.play(rules, seed++);
        counter.actions += game.actions();
        return game.outcome();
    }

    /** The same game played by the tight playout; returns seat 0's score. */
    @Benchmark
    public int tightPlayout(BareRulesBenchmark.Actions counter) {
        SplittableRandom[] generators = RandomGames.generators(seed++, 2);
        int score = tight.play(generators[0], generators[1]);
        counter.actions += tight.actions();
        return score;
    }

    /** CPU time of each way, summed over an iteration's operations. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class CpuTime {
        /** Nanoseconds of CPU time of the games through the bare rules. */
        public long bareNanos;
        /** Nanoseconds of CPU time of the same games through the tight playout. */
        public long tightNanos;
    }

    /**
     * One game both ways, in alternating order, each way's CPU time of this thread added to its
     * counter: the bare rules' share of the limit is {@code tightNanos / bareNanos}, from halves of
     * the same operations (which see the same load), where the two throughputs above, measured in
     * separate forks seconds apart, carry error bars of a quarter to a half on this machine.
     */
    @Benchmark
    public int alternating(CpuTime cpu) {
        long game = seed++;
        int actions = halves.play(game, () -> RandomGames.play(rules, game).actions(), () -> {
            SplittableRandom[] generators = RandomGames.generators(game, 2);
            tight.play(generators[0], generators[1]);
            return tight.actions();
        });
        cpu.bareNanos += halves.firstNanos();
        cpu.tightNanos += halves.secondNanos();
        return actions;
    }

    /** Deriving a game's generators alone, the share both of the above spend outside the game. */
    @Benchmark
    public SplittableRandom[] seedsOnly() {
        return RandomGames.generators(seed++, 2);
    }
}
