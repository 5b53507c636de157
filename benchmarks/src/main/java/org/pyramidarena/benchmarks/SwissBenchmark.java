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
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.TerminationReason;
import org.pyramidarena.tournaments.pairing.GameEntry;
import org.pyramidarena.tournaments.pairing.MatchSpec;
import org.pyramidarena.tournaments.pairing.PairingSetup;
import org.pyramidarena.tournaments.pairing.Round;
import org.pyramidarena.tournaments.pairing.Swiss;

/**
 * One Swiss round for 1,000 bots in a two-player game: the standings from the results so far and
 * the weighted matching (JGraphT's blossom). One operation pairs round {@code played + 1} after
 * {@code played} rounds whose results were drawn at random (seed 1); 11 rounds is the default for
 * 1,000 bots, so {@code played=10} is a tournament's last and most constrained round.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 10)
@Fork(1)
public class SwissBenchmark {

    @Param({"1000"})
    public int bots;

    @Param({"0", "5", "10"})
    public int played;

    private Swiss swiss;
    private PairingSetup setup;
    private List<MatchRecord> results;

    @Setup
    public void setUp() {
        List<String> names = new ArrayList<>();
        for (int b = 0; b < bots; b++) {
            names.add(String.format("bot%04d", b));
        }
        swiss = new Swiss(played + 1);
        setup = new PairingSetup(names, List.of(new GameEntry("pylon", "standard", 2)), MasterSeed.of(1));
        results = new ArrayList<>();
        SplittableRandom rng = new SplittableRandom(1);
        for (int round = 1; round <= played; round++) {
            Round next = swiss.nextRound(setup, results).orElseThrow();
            for (MatchSpec match : next.matches()) {
                results.add(randomResult(match, rng));
            }
        }
    }

    @Benchmark
    public Round round() {
        return swiss.nextRound(setup, results).orElseThrow();
    }

    private static MatchRecord randomResult(MatchSpec match, SplittableRandom rng) {
        if (match.bye()) {
            return match.byeRecord("benchmark");
        }
        int winner = rng.nextInt(2);
        List<SeatResult> seats = new ArrayList<>();
        for (int seat = 0; seat < 2; seat++) {
            seats.add(new SeatResult(match.bots().get(seat), seat == winner ? 1 : 2, seat == winner ? 1 : 0,
                    TerminationReason.NORMAL, 0));
        }
        return new MatchRecord("benchmark", match.round(), match.index(), match.game(), match.variant(), seats,
                TerminationReason.NORMAL, 40, match.matchSeed());
    }
}
