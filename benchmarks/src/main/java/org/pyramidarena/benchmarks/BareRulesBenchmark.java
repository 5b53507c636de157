package org.pyramidarena.benchmarks;

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
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Rules;

/**
 * Random-versus-random complete games through the bare rules, no arena: the ceiling every other
 * figure is compared with. One operation is one game; the score is games per second on one thread.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class BareRulesBenchmark {

    /** The game id; players default to the game's fewest (3 for Pyrametto). */
    @Param({"pylon"})
    public String game;

    private Rules<?, ?> rules;
    private SplittableRandom rng;

    @Setup
    public void setUp() {
        Game definition = Games.byId(game);
        rules = definition.rules(new GameSetup(definition.minPlayers(), definition.defaultVariant()));
        rng = new SplittableRandom(42);
    }

    @Benchmark
    public int randomGame() {
        return play(rules, rng);
    }

    /** Plays one random game and returns its length, so the work cannot be optimised away. */
    static <S extends org.pyramidarena.api.State, M extends Move> int play(Rules<S, M> rules, SplittableRandom rng) {
        S state = rules.initialState();
        int actions = 0;
        while (!state.isTerminal()) {
            M move;
            if (state.actor() == org.pyramidarena.api.State.CHANCE) {
                move = Chance.sample(rules.chanceOutcomes(state), rng);
            } else {
                List<M> moves = rules.legalMoves(state);
                move = moves.get(rng.nextInt(moves.size()));
            }
            state = rules.apply(state, move);
            actions++;
        }
        return actions;
    }
}
