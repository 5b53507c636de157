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
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.TerminationReason;
import org.pyramidarena.tournaments.ratings.RatingOptions;
import org.pyramidarena.tournaments.ratings.RatingTable;

/**
 * The Elo fit of 1,000 bots from 1,000,000 two-player results: the joint Bradley-Terry fit
 * ({@code bootstrap=0}) and the standings as a tournament computes them, with 200 bootstrap
 * replicates for the error bars ({@code bootstrap=200}). One operation is one whole computation from
 * the match records. The results are drawn from known ratings (normal, sd 200 Elo), random pairs,
 * random seat order, 5% draws, seed 1.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgs = {"-Xmx3g"})
public class RatingsBenchmark {

    @Param({"1000"})
    public int bots;

    @Param({"1000000"})
    public int results;

    @Param({"0", "200"})
    public int bootstrap;

    private List<MatchRecord> records;
    private RatingOptions options;

    @Setup
    public void setUp() {
        records = records(bots, results, new SplittableRandom(1));
        options = RatingOptions.defaults().withBootstrap(bootstrap, 1);
    }

    @Benchmark
    public RatingTable fit() {
        return RatingTable.compute("pylon", records, options);
    }

    static List<MatchRecord> records(int bots, int results, SplittableRandom rng) {
        double[] elo = new double[bots];
        List<String> names = new ArrayList<>();
        for (int b = 0; b < bots; b++) {
            elo[b] = 200 * gaussian(rng);
            names.add(String.format("bot%04d", b));
        }
        List<MatchRecord> records = new ArrayList<>(results);
        for (int m = 0; m < results; m++) {
            int a = rng.nextInt(bots);
            int b = rng.nextInt(bots - 1);
            if (b >= a) {
                b++;
            }
            double expected = 1 / (1 + Math.pow(10, (elo[b] - elo[a]) / 400));
            double u = rng.nextDouble();
            int rankA;
            int rankB;
            if (u < 0.05) {
                rankA = 1;
                rankB = 1;
            } else if (rng.nextDouble() < expected) {
                rankA = 1;
                rankB = 2;
            } else {
                rankA = 2;
                rankB = 1;
            }
            List<SeatResult> seats = List.of(
                    new SeatResult(names.get(a), rankA, rankA == 1 ? 1 : 0, TerminationReason.NORMAL, 0),
                    new SeatResult(names.get(b), rankB, rankB == 1 ? 1 : 0, TerminationReason.NORMAL, 0));
            records.add(new MatchRecord("benchmark", 1, m, "pylon", "standard", seats, TerminationReason.NORMAL, 40, m));
        }
        return records;
    }

    private static double gaussian(SplittableRandom rng) {
        double u = 1 - rng.nextDouble();
        double v = rng.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }
}
