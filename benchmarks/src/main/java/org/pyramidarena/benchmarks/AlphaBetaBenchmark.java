package org.pyramidarena.benchmarks;

import java.util.List;
import java.util.Map;
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
import org.pyramidarena.api.Bot;
import org.pyramidarena.api.Clock;
import org.pyramidarena.api.MatchContext;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Options;
import org.pyramidarena.api.Player;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.View;
import org.pyramidarena.bots.AlphaBetaBot;

/**
 * The {@code alphabeta} sample bot's search speed: one operation is one {@code chooseMove} with a
 * budget of {@link #NODES} nodes from a fixed position (see {@link SearchPositions}); the
 * {@code nodes} counter gives that budget per second (a search that proves a win stops short of it,
 * so compare builds on the same positions, where the search is the same node for node).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class AlphaBetaBenchmark {

    /** Nodes a move. */
    static final int NODES = 20_000;

    /** The game id: the two games alphabeta plays. */
    @Param({"pylon", "pyraos"})
    public String game;

    /** Where in a game: {@code early} or {@code middle} (see {@link SearchPositions}). */
    @Param({"early", "middle"})
    public String stage;

    private Player player;
    private View view;
    private List<? extends Move> legal;
    private Clock clock;

    /** Nodes budgeted, reported per second next to the moves. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Nodes {
        public long nodes;
    }

    @Setup
    public void setUp() {
        prepare(SearchPositions.rules(game, 0));
    }

    private <S extends org.pyramidarena.api.State, M extends Move> void prepare(Rules<S, M> rules) {
        S state = SearchPositions.position(rules, stage, 7);
        int seat = state.actor();
        view = rules.view(state, seat);
        legal = rules.legalMoves(state);
        Bot bot = new AlphaBetaBot();
        Options options = Options.resolve(bot.name(), bot.options(), Map.of("nodes", String.valueOf(NODES)));
        List<String> names = java.util.Collections.nCopies(state.players(), bot.name());
        player = bot.newPlayer(new MatchContext(rules, seat, names, 11, 3_600_000, 0, options));
        // A wall clock of an hour a move: the guard deadline never stops the search.
        clock = new Clock(3_600_000, 0);
    }

    @Benchmark
    public Move chooseMove(Nodes counter) {
        counter.nodes += NODES;
        return player.chooseMove(view, legal, clock);
    }
}
