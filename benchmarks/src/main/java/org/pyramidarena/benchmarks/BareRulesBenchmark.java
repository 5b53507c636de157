package org.pyramidarena.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.Rules;

/**
 * Random-versus-random complete games through the bare rules, no arena: the ceiling every other
 * figure is compared with. One operation is one game played to its end and scored (its outcome,
 * which the referee asks for too), on one thread; game {@code n} is played with
 * seed {@code n} exactly as the arena plays its match of seed {@code n} (see {@link RandomGames}),
 * so {@link ArenaLoopBenchmark} plays the same games. The {@code actions} counter gives the actions
 * (moves and chance outcomes) per second, from which the mean game length follows.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class BareRulesBenchmark {

    /** The game id; players are the game's fewest (3 for Pyrametto), the variant its default. */
    @Param({"pylon", "pyraos", "pyrinoes", "euronimoes", "pyrametto"})
    public String game;

    /**
     * The variant; empty (the default) for the game's default variant, so that {@code -p game=X}
     * alone measures what it always did. E.g. {@code -p game=pyraos -p variant=pylos}.
     */
    @Param({""})
    public String variant;

    private Rules<?, ?> rules;
    private long seed;

    /** Actions played, reported per second next to the games. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Actions {
        public long actions;
    }

    @Setup
    public void setUp() {
        rules = RandomGames.rules(game, variant);
    }

    @Benchmark
    public Outcome randomGame(Actions counter) {
        RandomGames.Played game = RandomGames.play(rules, seed++);
        counter.actions += game.actions();
        return game.outcome();
    }
}
