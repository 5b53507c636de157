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
import org.pyramidarena.bots.MctsBot;

/**
 * The {@code mcts} sample bot's search speed: one operation is one {@code chooseMove} with a fixed
 * budget of {@link #ITERATIONS} iterations, from a fixed position (see {@link SearchPositions});
 * the {@code iterations} counter gives the iterations (playouts) per second. The player is made
 * once per trial and keeps its random stream, as in a match. Every game with the player count
 * named in {@code game} (e.g. {@code euronimoes-3}); the game's own mcts profile otherwise (its
 * playout cap, cut and evaluation).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class MctsBenchmark {

    /** Iterations a move. */
    static final int ITERATIONS = 200;

    /** The game id, with {@code -N} for a player count other than the game's fewest. */
    @Param({"pylon", "pyraos", "pyrinoes", "euronimoes-3", "pyrametto-3"})
    public String game;

    /** Where in a game: {@code early} or {@code middle} (see {@link SearchPositions}). */
    @Param({"early", "middle"})
    public String stage;

    private Player player;
    private View view;
    private List<? extends Move> legal;
    private Clock clock;

    /** Search iterations run, reported per second next to the moves. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Iterations {
        public long iterations;
    }

    @Setup
    public void setUp() {
        int dash = game.indexOf('-');
        Rules<?, ?> rules = SearchPositions.rules(dash < 0 ? game : game.substring(0, dash),
                dash < 0 ? 0 : Integer.parseInt(game.substring(dash + 1)));
        prepare(rules);
    }

    private <S extends org.pyramidarena.api.State, M extends Move> void prepare(Rules<S, M> rules) {
        S state = SearchPositions.position(rules, stage, 7);
        int seat = state.actor();
        view = rules.view(state, seat);
        legal = rules.legalMoves(state);
        Bot bot = new MctsBot();
        Options options = Options.resolve(bot.name(), bot.options(), Map.of("iterations", String.valueOf(ITERATIONS)));
        List<String> names = java.util.Collections.nCopies(state.players(), bot.name());
        player = bot.newPlayer(new MatchContext(rules, seat, names, 11, 3_600_000, 0, options));
        // A wall clock of an hour a move: the guard deadline never stops the search.
        clock = new Clock(3_600_000, 0);
    }

    @Benchmark
    public Move chooseMove(Iterations counter) {
        counter.iterations += ITERATIONS;
        return player.chooseMove(view, legal, clock);
    }
}
