package org.pyramidarena.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.pyramidarena.arena.bots.BotLoader;
import org.pyramidarena.arena.bots.Isolation;
import org.pyramidarena.arena.bots.RunDirectory;
import org.pyramidarena.arena.tournament.BotSources;
import org.pyramidarena.arena.tournament.Progress;
import org.pyramidarena.arena.tournament.Tournament;
import org.pyramidarena.arena.tournament.TournamentRunner;
import org.pyramidarena.arena.tournament.TournamentSettings;

/**
 * A whole tournament at concurrency 1 and 2, replays off, into a new folder each time: schedule,
 * matches, results file, and at the end the Elo standings (200 bootstrap replicates), balance and
 * points. One operation is one tournament; matches per second are the match count divided by the
 * time. Two fields:
 *
 * <ul>
 *   <li>{@code random}: a Pylon round-robin of ten built-in random bots, {@code cycles} times over
 *       (90 matches a cycle; 20,070 matches at the default 223 cycles): the rules and the referee
 *       at full speed, some 20,000-40,000 matches a second;
 *   <li>{@code search}: random, greedy and mcts in Pylon, Pyraos and three-player Euronimoes,
 *       {@code searchCycles} times over (15 matches a cycle): matches that think, as in a contest
 *       or a ladder, at 5 s a move so that no search is cut short by its deadline.
 * </ul>
 *
 * <p>Compare the two concurrencies of {@code random} after {@code -wi 40}: the code that runs once
 * per tournament (its start, the Elo fit, the files written at the end) reaches the JIT compiler's
 * thresholds only after tens of tournaments, and while it is compiled the compiler costs
 * concurrency 1 nothing (it compiles on the idle core) and concurrency 2 its time
 * (docs/performance.md, 4). The output folder is made and deleted outside the measured time.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(1)
public class TournamentBenchmark {

    @Param({"1", "2"})
    public int concurrency;

    @Param({"random", "search"})
    public String field;

    @Param({"223"})
    public int cycles;

    @Param({"6"})
    public int searchCycles;

    /** The output folder of the iteration's tournament, made and deleted outside the measured time. */
    private Path out;

    @Setup(Level.Iteration)
    public void makeFolder() throws IOException {
        out = Files.createTempDirectory("arena-tournament-");
    }

    @TearDown(Level.Iteration)
    public void deleteFolder() throws IOException {
        delete(out);
    }

    @Benchmark
    public int tournament() throws IOException, InterruptedException {
        return field.equals("search")
                ? play(out, List.of("pylon", "pyraos", "euronimoes:3"), List.of("random", "greedy", "mcts"),
                        searchCycles, "5s", concurrency, Progress.NONE)
                : playRandom(out, cycles, concurrency, Progress.NONE);
    }

    /** Plays the round-robin of ten random bots into {@code out}, an empty folder. */
    private static int playRandom(Path out, int cycles, int concurrency, Progress progress)
            throws IOException, InterruptedException {
        return play(out, List.of("pylon"), Collections.nCopies(10, "random"), cycles, "1s", concurrency, progress);
    }

    /** Plays the round-robin of ten random bots into a temporary folder, deleted afterwards. */
    static int play(int cycles, int concurrency, Progress progress) throws IOException, InterruptedException {
        Path out = Files.createTempDirectory("arena-tournament-");
        try {
            return playRandom(out, cycles, concurrency, progress);
        } finally {
            delete(out);
        }
    }

    private static int play(Path out, List<String> games, List<String> bots, int cycles, String time,
                            int concurrency, Progress progress) throws IOException, InterruptedException {
        TournamentSettings settings = new TournamentSettings(null, "benchmark", "round-robin", games,
                bots, null, cycles, null, "1", time, null, null, null, concurrency, "none", null, null, null, null);
        try (RunDirectory run = RunDirectory.temporary();
             BotSources contestants = new BotSources(new BotLoader(Isolation.IN_PROCESS, BotLoader.DEFAULT_MEMORY,
                     run, BotLoader.DEFAULT_HELLO_MILLIS))) {
            Tournament tournament = Tournament.resolve(settings, contestants);
            return new TournamentRunner(tournament, contestants, progress).run(out, concurrency).total();
        }
    }

    private static void delete(Path folder) throws IOException {
        try (var files = Files.walk(folder)) {
            for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }
}
