package org.pyramidarena.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
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
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.match.MatchListener;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchRunner;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.arena.players.DirectContestant;
import org.pyramidarena.arena.players.InProcessContestant;
import org.pyramidarena.bots.RandomBot;
import org.pyramidarena.tournaments.MasterSeed;

/**
 * The arena's in-process match loop with random bots: views, clocks, re-checked moves and events
 * included. One operation is one match; match {@code n} has seed {@code n}, the same game as
 * {@link BareRulesBenchmark}'s game {@code n}.
 *
 * <p>{@code direct=true}: the bot is called on the referee's thread ({@link DirectContestant}, how
 * the built-in bots play); {@code direct=false}: on a thread of its own with a hand-off per call
 * ({@link InProcessContestant}, how a bot JAR plays in {@code in-process} isolation).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ArenaLoopBenchmark {

    @Param({"pylon", "pyraos", "pyrinoes", "euronimoes", "pyrametto"})
    public String game;

    @Param({"true", "false"})
    public boolean direct;

    /** The clock the matches are timed with: {@code wall} or {@code cpu} (which reads threads' CPU clocks). */
    @Param({"wall", "cpu"})
    public String clock;

    private Rules<?, ?> rules;
    private TimeControl timeControl;
    private long seed;

    @Setup
    public void setUp() {
        rules = RandomGames.rules(game);
        timeControl = TimeControl.DEFAULT.on(TimeControl.ClockKind.parse(clock), TimeControl.WallGuard.DEFAULT);
    }

    @Benchmark
    public int match() {
        return match(rules, seed++, timeControl, seat -> direct ? new DirectContestant(new RandomBot())
                : new InProcessContestant(new RandomBot(), "random" + seat)).moves();
    }

    /** The arena's match of seed {@code game} with the contestant {@code seats} makes for each seat, closed after. */
    static MatchResult match(Rules<?, ?> rules, long game, TimeControl timeControl, IntFunction<Contestant> seats) {
        List<Contestant> contestants = new ArrayList<>();
        for (int seat = 0; seat < rules.setup().players(); seat++) {
            contestants.add(seats.apply(seat));
        }
        try {
            return MatchRunner.run(rules, contestants, MatchSettings.of(MasterSeed.of(game), timeControl),
                    MatchListener.NONE);
        } finally {
            contestants.forEach(Contestant::close);
        }
    }
}
