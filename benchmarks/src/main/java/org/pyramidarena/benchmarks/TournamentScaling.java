package org.pyramidarena.benchmarks;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import org.pyramidarena.arena.tournament.Progress;

/**
 * The scaling of a tournament from concurrency 1 to 2, measured in pairs: the {@link TournamentBenchmark}
 * round-robin (ten random bots in Pylon, replays off, 223 cycles: 20,070 matches) played at
 * concurrency 1 and at concurrency 2 back to back, again and again in one JVM, each pair's ratio
 * taken between two tournaments a fraction of a second apart.
 *
 * <p>A main class beside {@code TournamentBenchmark} because JMH measures one parameter after the
 * other: the concurrency-1 runs, then the concurrency-2 runs, tens of seconds apart. On a shared
 * host whose speed drifts by more than the difference being measured, that confounds the drift
 * with the scaling; pairing the two concurrencies in time cancels it. The order within a pair
 * alternates (1 then 2, then 2 then 1), so that neither concurrency always follows the other.
 * Each tournament plays into a new folder, made and deleted outside the time measured, as in
 * {@code TournamentBenchmark}.
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar org.pyramidarena.benchmarks.TournamentScaling [pairs] [warm-up pairs] [cycles]</pre>
 *
 * <p>It prints every measured pair, then the median time at each concurrency, the ratio of the
 * medians, and the median, quartiles and extremes of the pairs' ratios.
 */
public final class TournamentScaling {

    private TournamentScaling() {
    }

    public static void main(String[] args) throws Exception {
        int pairs = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        int warmUp = args.length > 1 ? Integer.parseInt(args[1]) : 15;
        int cycles = args.length > 2 ? Integer.parseInt(args[2]) : 223;
        // The same warm-up as the benchmark's: the JIT compiler done with the match loop before
        // anything is measured (docs/performance.md, 4).
        for (int pair = 0; pair < warmUp; pair++) {
            millis(cycles, 1);
            millis(cycles, 2);
        }
        CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
        long compiledBefore = compiler.getTotalCompilationTime();
        DescriptiveStatistics one = new DescriptiveStatistics();
        DescriptiveStatistics two = new DescriptiveStatistics();
        DescriptiveStatistics ratios = new DescriptiveStatistics();
        System.out.printf(Locale.ROOT, "%d matches a tournament, %d warm-up pairs, %d pairs measured%n",
                cycles * 90, warmUp, pairs);
        System.out.println("pair  concurrency 1 ms  concurrency 2 ms  ratio");
        for (int pair = 0; pair < pairs; pair++) {
            double c1;
            double c2;
            if (pair % 2 == 0) {
                c1 = millis(cycles, 1);
                c2 = millis(cycles, 2);
            } else {
                c2 = millis(cycles, 2);
                c1 = millis(cycles, 1);
            }
            one.addValue(c1);
            two.addValue(c2);
            ratios.addValue(c1 / c2);
            System.out.printf(Locale.ROOT, "%4d  %16.1f  %16.1f  %5.3f%n", pair + 1, c1, c2, c1 / c2);
        }
        System.out.printf(Locale.ROOT, "median time: concurrency 1 %.1f ms, concurrency 2 %.1f ms; ratio of the medians %.3f%n",
                one.getPercentile(50), two.getPercentile(50), one.getPercentile(50) / two.getPercentile(50));
        System.out.printf(Locale.ROOT, "pair ratios: median %.3f, quartiles %.3f-%.3f, lowest %.3f, highest %.3f, "
                        + "%d of %d at 1.8 or more%n", ratios.getPercentile(50), ratios.getPercentile(25),
                ratios.getPercentile(75), ratios.getMin(), ratios.getMax(),
                Arrays.stream(ratios.getValues()).filter(r -> r >= 1.8).count(), pairs);
        System.out.printf(Locale.ROOT, "JIT compilation while measuring: %d ms%n",
                compiler.getTotalCompilationTime() - compiledBefore);
    }

    /** Plays one tournament and returns its time, the folder's making and deletion left out. */
    private static double millis(int cycles, int concurrency) throws Exception {
        Path out = Files.createTempDirectory("arena-tournament-");
        try {
            long start = System.nanoTime();
            TournamentBenchmark.playRandom(out, cycles, concurrency, Progress.NONE);
            return (System.nanoTime() - start) / 1e6;
        } finally {
            TournamentBenchmark.delete(out);
        }
    }
}
