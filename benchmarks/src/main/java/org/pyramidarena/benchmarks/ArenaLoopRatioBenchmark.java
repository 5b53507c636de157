package org.pyramidarena.benchmarks;

import java.util.List;
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
import org.pyramidarena.api.Game;
import org.pyramidarena.api.MatchContext;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Player;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.View;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.arena.players.DirectContestant;
import org.pyramidarena.bots.RandomBot;

/**
 * The arena's in-process loop against the bare rules in one run: one operation plays game {@code n}
 * through the bare rules ({@link BareRulesBenchmark}'s game) and the arena's match of seed {@code n}
 * ({@link ArenaLoopBenchmark}'s with {@code direct=true}: random bots on the referee's thread), the
 * same game both ways, in alternating order, and adds each way's CPU time of this thread to the
 * counters {@code bareNanos} and {@code loopNanos}. The loop's share of the bare rules' speed is
 * {@code bareNanos / loopNanos}.
 *
 * <p>Two throughputs measured in separate forks seconds apart mostly measure the machine's other
 * work and each fork's compilation (on the 2-core build machine the two benchmarks' error bars are a
 * quarter to a half of their scores), while the two halves of one operation see the same load and
 * the same compiled rules.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ArenaLoopRatioBenchmark {

    @Param({"pylon", "pyraos", "pyrinoes", "euronimoes", "pyrametto"})
    public String game;

    /** The clock the matches are timed with: {@code wall} or {@code cpu}. */
    @Param({"wall"})
    public String clock;

    /**
     * The bots: {@code random}, the random bot, which the referee does not time ({@link
     * org.pyramidarena.api.Player#instant}); {@code timed-random}, the same moves from a player that
     * does not say so, timed at every decision as every other built-in bot.
     */
    @Param({"random"})
    public String bot;

    private Rules<?, ?> rules;
    private TimeControl timeControl;
    private long seed;
    private final CpuHalves halves = new CpuHalves();

    /** CPU time of each way, summed over an iteration's operations. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class CpuTime {
        /** Nanoseconds of CPU time of the games through the bare rules. */
        public long bareNanos;
        /** Nanoseconds of CPU time of the same games as the arena's matches. */
        public long loopNanos;
    }

    @Setup
    public void setUp() {
        rules = RandomGames.rules(game);
        timeControl = TimeControl.DEFAULT.on(TimeControl.ClockKind.parse(clock), TimeControl.WallGuard.DEFAULT);
    }

    @Benchmark
    public int alternating(CpuTime cpu) {
        long game = seed++;
        int actions = halves.play(game, () -> RandomGames.play(rules, game).actions(),
                () -> ArenaLoopBenchmark.match(rules, game, timeControl,
                        seat -> new DirectContestant(bot.equals("timed-random") ? TIMED_RANDOM : new RandomBot()))
                        .actions().size());
        cpu.bareNanos += halves.firstNanos();
        cpu.loopNanos += halves.secondNanos();
        return actions;
    }

    /** The random bot's moves from a player that does not say they take no time. */
    private static final Bot TIMED_RANDOM = new Bot() {
        @Override
        public String name() {
            return "timed-random";
        }

        @Override
        public boolean plays(Game game) {
            return true;
        }

        @Override
        public Player newPlayer(MatchContext context) {
            Player random = new RandomBot().newPlayer(context);
            return new Player() {
                @Override
                public Move chooseMove(View view, List<? extends Move> legalMoves, Clock clock) {
                    return random.chooseMove(view, legalMoves, clock);
                }

                @Override
                public boolean readsView() {
                    return false;
                }
            };
        }
    };

}
