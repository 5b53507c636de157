package org.pyramidarena.benchmarks;

import java.util.ArrayList;
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
import org.pyramidarena.api.Game;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.balance.CellObserver;
import org.pyramidarena.arena.match.MatchListener;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchRunner;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.arena.players.DirectContestant;
import org.pyramidarena.arena.tournament.ContestantFactory;
import org.pyramidarena.bots.RandomBot;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.pairing.MatchSpec;

/**
 * What a balance study's per-decision collection costs the match loop: the arena's in-process loop
 * with random bots called on the referee's thread ({@link ArenaLoopBenchmark}'s {@code direct=true}),
 * without a listener ("bare") and with the study's {@link CellObserver} ("collecting": a legal-move
 * count and the running score's leader after every action, the game reduced to its metrics' sums at
 * the end, the seats made through {@link CellObserver#contestants} so that the legal moves are
 * counted from the lists the referee hands them). Both make the match's record, as the tournament
 * runner does.
 *
 * <p>One operation plays the same game (the same seed) both ways, in alternating order, and adds
 * each way's CPU time of this thread to the counters {@code bareNanos} and {@code collectingNanos}:
 * on a machine shared with other work, a throughput of each way measured seconds apart mostly
 * measures the other work, while two halves of one operation see the same load. The cost is
 * {@code collectingNanos / bareNanos - 1}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class BalanceListenerBenchmark {

    @Param({"pylon", "pyraos", "pyrinoes", "euronimoes", "pyrametto"})
    public String game;

    /** The clock: {@code cpu}, the balance command's default, or {@code wall}, the cheaper loop. */
    @Param({"cpu", "wall"})
    public String clock;

    private Rules<?, ?> rules;
    private TimeControl timeControl;
    private CellObserver observer;
    private MatchSpec spec;
    private long seed;
    private final CpuHalves halves = new CpuHalves();

    /** CPU time of each way, summed over an iteration's operations. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class CpuTime {
        /** Nanoseconds of CPU time of the matches without a listener. */
        public long bareNanos;
        /** Nanoseconds of CPU time of the same matches with the study's listener. */
        public long collectingNanos;
    }

    @Setup
    public void setUp() {
        rules = RandomGames.rules(game);
        timeControl = TimeControl.DEFAULT.on(TimeControl.ClockKind.parse(clock), TimeControl.WallGuard.DEFAULT);
        observer = new CellObserver(1);
        List<String> bots = new ArrayList<>();
        for (int seat = 0; seat < rules.setup().players(); seat++) {
            bots.add("random");
        }
        // Every match is game 0 of a one-game cell: its features are written over the last match's.
        spec = new MatchSpec(1, 0, rules.game().id(), rules.setup().variant(), bots, 0, 0, 0, false);
    }

    @Benchmark
    public int alternating(CpuTime cpu) {
        long game = seed++;
        MasterSeed match = MasterSeed.of(game);
        int moves = halves.play(game, () -> play(match, MatchListener.NONE, RANDOM).moves(), () -> {
            MatchListener listener = observer.listener(spec, rules);
            MatchRecord record = play(match, listener, RANDOM);
            observer.played(spec, listener, record);
            return record.moves();
        });
        cpu.bareNanos += halves.firstNanos();
        cpu.collectingNanos += halves.secondNanos();
        return moves;
    }

    /** The random bot on the referee's thread, as the tournament runner makes its seats. */
    private static final ContestantFactory RANDOM = new ContestantFactory() {
        @Override
        public boolean plays(String bot, Game game) {
            return true;
        }

        @Override
        public Contestant create(String bot, String label) {
            return new DirectContestant(new RandomBot());
        }

        @Override
        public String jarSha256(String bot) {
            return null;
        }

        @Override
        public void close() {
        }
    };

    private MatchRecord play(MasterSeed seed, MatchListener listener, ContestantFactory contestants) {
        List<Contestant> seats = new ArrayList<>();
        for (int seat = 0; seat < rules.setup().players(); seat++) {
            seats.add(contestants.create("random", "random@s" + seat));
        }
        try {
            MatchResult result = MatchRunner.run(rules, seats, MatchSettings.of(seed, timeControl), listener);
            List<SeatResult> seatResults = new ArrayList<>(seats.size());
            for (int seat = 0; seat < seats.size(); seat++) {
                seatResults.add(new SeatResult("random", result.outcome().rank(seat), result.outcome().score(seat),
                        result.seatTerminations().get(seat), result.seatMicros().get(seat) / 1000));
            }
            return new MatchRecord("balance", 1, 0, spec.game(), spec.variant(), seatResults, result.termination(),
                    result.moves(), 0);
        } finally {
            seats.forEach(Contestant::close);
        }
    }
}
