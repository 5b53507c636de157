package org.pyramidarena.benchmarks;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
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
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.tournament.BotSources;
import org.pyramidarena.arena.tournament.FaultsFile;
import org.pyramidarena.arena.tournament.ResultsFile;
import org.pyramidarena.arena.tournament.Shard;
import org.pyramidarena.arena.tournament.ShardFile;
import org.pyramidarena.arena.tournament.ShardMerge;
import org.pyramidarena.arena.tournament.Tournament;
import org.pyramidarena.arena.tournament.TournamentRunner;
import org.pyramidarena.arena.tournament.TournamentSettings;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.TerminationReason;
import org.pyramidarena.tournaments.pairing.FixedSchedule;
import org.pyramidarena.tournaments.pairing.MatchSpec;
import org.pyramidarena.tournaments.ratings.RatingOptions;

/**
 * {@code arena merge} of a million-match run: {@link ShardMerge#merge} of {@code shards} shard
 * folders into a new folder, one merge per operation. What is measured is the whole merge up to
 * the report: every shard's {@code shard.json} and {@code settings.json} read and checked, every
 * {@code results.csv} read, each match checked to be in exactly one shard and every scheduled match
 * present, the merged {@code results.csv} and {@code faults.csv} written, and then, through
 * {@link TournamentRunner} as a single run ends, the merged file read back and checked against the
 * schedule, its sorted copy written and put in place, and the points, the Elo standings and the
 * balance added up and written. The CLI's {@code report.html} and replay pages are not included.
 *
 * <p>The shards are those of the {@link TournamentBenchmark} round-robin (ten built-in random bots
 * in Pylon, replays off, seed 1) for {@code cycles} cycles, 11,112 by default (1,000,080 matches),
 * built once per fork without playing it: the run's schedule is dealt with {@link Shard#deal} as
 * a sharded run deals it, and each shard's folder is written as its shard run writes it
 * ({@code settings.json}, {@code shard.json}, an empty {@code faults.csv}, and {@code results.csv}
 * through {@link ResultsFile}), with one synthetic result per scheduled match: the match's own
 * bots, seats, game, variant, round, index and seed, seat 0 winning 52% of the matches and the
 * other seat 43% (5% draws), Pylon scores adding up to 30, 40-60 moves, seeded. {@code bootstrap}
 * is the number of bootstrap replicates of the Elo standings' errors that {@code shard.json}
 * records and the merge therefore uses: 200, as every run has it, or 0 (the fit alone), so that the
 * difference is the bootstrap's share of the merge. The output folder is deleted outside the
 * measured time, after the merge's summary is checked (every match of the run, none played, ten
 * bots in the standings, the replicates asked for).
 *
 * <p>On a shared machine the time of a merge is mostly the wait for a core; each iteration also
 * prints the CPU time the JVM used during it (every thread: the merge, the bootstrap's pool, the
 * compiler, the collector), which the other load changes far less.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(value = 1, jvmArgs = {"-Xmx3g"})
public class MergeBenchmark {

    @Param({"4", "16"})
    public int shards;

    @Param({"0", "200"})
    public int bootstrap;

    @Param({"11112"})
    public int cycles;

    /** The shards' folders and the merged folders, beside each other. */
    private Path run;
    private List<Path> shardFolders;
    /** The current iteration's output folder, which the merge creates. */
    private Path out;
    private int iteration;
    /** The matches of the run, and what the iteration's merge returned (checked outside the measured time). */
    private int matches;
    private TournamentRunner.Summary merged;
    /** The JVM's CPU time when the iteration's merge began. */
    private long cpuNanos;

    @Setup(Level.Trial)
    public void writeShards() throws IOException {
        run = Files.createTempDirectory("arena-merge-");
        shardFolders = writeShards(run, cycles, shards, bootstrap);
        matches = 90 * cycles;
    }

    @TearDown(Level.Trial)
    public void deleteShards() throws IOException {
        delete(run);
    }

    @Setup(Level.Iteration)
    public void nameOutput() {
        out = run.resolve("merged-" + iteration++);
        cpuNanos = processCpuNanos();
    }

    @TearDown(Level.Iteration)
    public void checkAndDeleteOutput() throws IOException {
        long cpu = processCpuNanos() - cpuNanos;
        System.out.printf(Locale.ROOT, "(merge %d: %.1f s of CPU, the JVM's threads together) ", iteration - 1,
                cpu / 1e9);
        TournamentRunner.Summary summary = merged;
        merged = null;
        if (Files.exists(out)) {
            delete(out);
        }
        if (summary == null || summary.total() != matches || summary.resumed() != matches || summary.played() != 0
                || summary.ratings().overall().ratings().size() != 10
                || summary.ratings().overall().bootstrapSamples() != bootstrap) {
            throw new IllegalStateException("the merge did not give the run's " + matches + " matches: " + summary);
        }
    }

    @Benchmark
    public TournamentRunner.Summary merge() throws IOException, InterruptedException {
        merged = ShardMerge.merge(out, shardFolders);
        return merged;
    }

    /**
     * Writes the shards of the round-robin of ten random bots in Pylon, {@code cycles} times over,
     * into {@code run}, as {@code tournament --shard K/N --out run} would leave them, without
     * playing a match.
     *
     * @return the shards' folders, {@code shard-K-of-N}, by K
     */
    static List<Path> writeShards(Path run, int cycles, int count, int bootstrap) throws IOException {
        TournamentSettings settings = new TournamentSettings(null, "benchmark", "round-robin", List.of("pylon"),
                Collections.nCopies(10, "random"), null, cycles, null, "1", "1s", null, null, null, 2, "none", null,
                null, null, null);
        try (RunDirectory directory = RunDirectory.temporary();
             BotSources contestants = new BotSources(new BotLoader(Isolation.IN_PROCESS, BotLoader.DEFAULT_MEMORY,
                     directory, BotLoader.DEFAULT_HELLO_MILLIS))) {
            Tournament tournament = Tournament.resolve(settings, contestants);
            // What a run's TournamentRunner uses, with the benchmark's number of replicates.
            RatingOptions ratings = RatingOptions.defaults().withBootstrap(bootstrap, tournament.bootstrapSeed());
            List<Path> folders = new ArrayList<>();
            List<ResultsFile> files = new ArrayList<>();
            try {
                for (int index = 0; index < count; index++) {
                    Shard shard = new Shard(index, count);
                    Path folder = Files.createDirectories(run.resolve(shard.folderName()));
                    folders.add(folder);
                    tournament.settings().write(folder.resolve(RunFolder.SETTINGS));
                    ShardFile.of("tournament", tournament, shard, ratings, contestants).write(folder);
                    try (FaultsFile faults = FaultsFile.open(folder.resolve(RunFolder.FAULTS))) {
                        faults.finish();
                    }
                    files.add(ResultsFile.open(folder.resolve(RunFolder.RESULTS)).file());
                }
                List<MatchSpec> schedule = ((FixedSchedule) tournament.strategy()).schedule(tournament.pairingSetup());
                int[] dealt = Shard.deal(schedule, count);
                SplittableRandom random = new SplittableRandom(1);
                for (int i = 0; i < dealt.length; i++) {
                    files.get(dealt[i]).append(result(schedule.get(i), tournament.name(), random));
                }
            } finally {
                for (ResultsFile file : files) {
                    file.close();
                }
            }
            return folders;
        }
    }

    /** A plausible finished two-player Pylon match of a scheduled match. */
    private static MatchRecord result(MatchSpec spec, String tournament, SplittableRandom random) {
        double u = random.nextDouble();
        int winner = u < 0.05 ? -1 : u < 0.57 ? 0 : 1;
        int winning = 16 + random.nextInt(9);
        int moves = 40 + random.nextInt(21);
        List<SeatResult> seats = new ArrayList<>(2);
        for (int seat = 0; seat < 2; seat++) {
            int rank = winner < 0 || winner == seat ? 1 : 2;
            int score = winner < 0 ? 15 : winner == seat ? winning : 30 - winning;
            long millis = random.nextInt(3);
            seats.add(new SeatResult(spec.bots().get(seat), rank, score, TerminationReason.NORMAL, millis, millis));
        }
        return new MatchRecord(tournament, spec.round(), spec.index(), spec.game(), spec.variant(), seats,
                TerminationReason.NORMAL, moves, spec.matchSeed());
    }

    /** The CPU time of the whole JVM, every thread (the merge's, the bootstrap pool's, the compiler's, the collector's). */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static void delete(Path folder) throws IOException {
        try (var files = Files.walk(folder)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }
}
