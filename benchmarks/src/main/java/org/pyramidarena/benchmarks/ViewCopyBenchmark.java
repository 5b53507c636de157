package org.pyramidarena.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
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
import org.pyramidarena.api.View;
import org.pyramidarena.arena.players.Protocol;

/**
 * What the view costs the referee per move: {@code shared} makes the view the rules hand built-in
 * bots (lists reading the position); {@code copied} makes it and copies it through its JSON
 * ({@link Protocol#copy}), as a bot JAR in {@code in-process} isolation is handed it. One operation
 * is the view of the seat to move in one position, cycling through the positions of random games
 * played beforehand.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ViewCopyBenchmark {

    private static final int GAMES = 20;

    @Param({"pylon", "pyraos", "pyrinoes", "euronimoes", "pyrametto"})
    public String game;

    private Rules<?, ?> rules;
    private final List<org.pyramidarena.api.State> positions = new ArrayList<>();
    private int next;

    @Setup
    public void setUp() {
        rules = RandomGames.rules(game);
        collect(rules);
    }

    private <S extends org.pyramidarena.api.State, M extends Move> void collect(Rules<S, M> typed) {
        SplittableRandom rng = new SplittableRandom(1);
        for (int played = 0; played < GAMES; played++) {
            S state = typed.initialState();
            while (!state.isTerminal()) {
                M move;
                if (state.actor() == org.pyramidarena.api.State.CHANCE) {
                    move = Chance.sample(typed.chanceOutcomes(state), rng);
                } else {
                    positions.add(state);
                    List<M> moves = typed.legalMoves(state);
                    move = moves.get(rng.nextInt(moves.size()));
                }
                state = typed.apply(state, move);
            }
        }
    }

    @Benchmark
    public View shared() {
        return view(rules, positions.get(next++ % positions.size()));
    }

    @Benchmark
    public View copied() {
        return Protocol.copy(view(rules, positions.get(next++ % positions.size())));
    }

    @Benchmark
    public View buffered() {
        View view = view(rules, positions.get(next++ % positions.size()));
        return Protocol.mapper().convertValue(view, view.getClass());
    }

    @SuppressWarnings("unchecked")
    private static <S extends org.pyramidarena.api.State> View view(Rules<S, ?> rules,
                                                                     org.pyramidarena.api.State state) {
        return rules.view((S) state, state.actor());
    }
}
