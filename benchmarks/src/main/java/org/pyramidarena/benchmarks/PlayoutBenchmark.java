package org.pyramidarena.benchmarks;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
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
import org.pyramidarena.api.Chance;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Rules;

/**
 * Random playouts, as a search bot plays them: one operation is one playout from the initial state
 * to the end, on one generator seeded with the operation's number (so both methods play the same
 * games). {@link #randomPlayout} calls the rules' {@code randomPlayout}, a game's fast path where it
 * has one; {@link #loop} plays the loop of its contract through {@code legalMoves},
 * {@code chanceOutcomes} and {@code apply} (the default implementation). Their ratio is what the
 * fast path buys a playout. With {@code stop=tested} both are given a predicate that never holds, so
 * that a fast path makes every state for it, as a search stopping at a round's end makes it.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class PlayoutBenchmark {

    /** The game id; players are the game's fewest (3 for Pyrametto). */
    @Param({"pylon", "pyraos", "pyrinoes", "euronimoes", "pyrametto"})
    public String game;

    /** The variant; empty for the game's default. */
    @Param({""})
    public String variant;

    /** {@code none}: no stop predicate; {@code tested}: a predicate, never holding, tested on every state. */
    @Param({"none", "tested"})
    public String stop;

    private Rules<?, ?> rules;
    private Predicate<Object> predicate;
    private long seed;

    @Setup
    public void setUp() {
        rules = RandomGames.rules(game, variant);
        predicate = stop.equals("tested") ? state -> false : null;
    }

    /** One playout through the rules' own {@code randomPlayout}. */
    @Benchmark
    public Object randomPlayout() {
        return fast(rules, new SplittableRandom(seed++), predicate);
    }

    /** The same playout through the contract's loop. */
    @Benchmark
    public Object loop() {
        return loop(rules, new SplittableRandom(seed++), predicate);
    }

    private static <S extends org.pyramidarena.api.State, M extends Move> S fast(Rules<S, M> rules,
                                                                               SplittableRandom rng,
                                                                               Predicate<Object> stop) {
        return rules.randomPlayout(rules.initialState(), rng, Integer.MAX_VALUE, stop);
    }

    private static <S extends org.pyramidarena.api.State, M extends Move> S loop(Rules<S, M> rules,
                                                                               SplittableRandom rng,
                                                                               Predicate<Object> stop) {
        S state = rules.initialState();
        while (!state.isTerminal() && (stop == null || !stop.test(state))) {
            if (state.actor() == org.pyramidarena.api.State.CHANCE) {
                state = rules.apply(state, Chance.sample(rules.chanceOutcomes(state), rng));
            } else {
                List<M> moves = rules.legalMoves(state);
                state = rules.apply(state, moves.get(rng.nextInt(moves.size())));
            }
        }
        return state;
    }
}
