package org.pyramidarena.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
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
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.tournament.ResultsFile;

/**
 * How a balance study and a tournament of built-in bots scale with the match threads: one
 * operation runs a whole command in this JVM at {@code --concurrency threads}, from its start to
 * its files written, into a new folder (made and deleted outside the measured time), and the
 * speed-up at {@code threads} is the time at 1 divided by the time at {@code threads}, the same
 * run's, every other setting equal. The runs:
 *
 * <ul>
 *   <li>{@code balance-random}: the five games' study with the random bot ({@code balance --game
 *       pylon,pyraos,pyrinoes/to-25,euronimoes:3,pyrametto:4 --bot random --bootstrap 0}), the
 *       shortest games there are;
 *   <li>{@code balance-greedy}: Pyraos with the greedy bot;
 *   <li>{@code balance-mcts}: Pyraos with mcts at 20 iterations a move;
 *   <li>{@code tournament-random}: a round-robin of three random bots in the five games;
 *   <li>{@code tournament-search}: random, greedy and mcts (20 iterations) in Pylon and Pyraos;
 *   <li>{@code bare-random}: no command, the machine's own limit: as many games as {@code
 *       balance-random} plays, random against random in the same five setups (game {@code g} of a
 *       setup with master seed {@code g}, not the study's seeds), played through the bare rules
 *       ({@link RandomGames}) by {@code threads}
 *       threads that share nothing but the JVM, each setup's games dealt out among them by number
 *       and the threads joined between setups, as a study plays its cells one after another. Its
 *       speed-up is what the cores, their caches and the JVM's allocation and collection give work
 *       with nothing serial in it: the ceiling for the commands' speed-ups in the same run.
 * </ul>
 *
 * <p>Each run's size is its games at {@code size} 1, chosen for a few seconds on one thread of the
 * 2-core build machine; {@code size} scales them all. Before JMH's iterations, runs of a fifth of
 * the size ({@code warmups} of them, and more until they have played {@code warmupGames} games) warm
 * the JVM up at the same threads, then five warm-up iterations of the full size: on two cores the
 * compiler still compiles a command's once-a-run code (its option parsing, its end) in the first
 * full runs, on the core the second match thread needs, and with one warm-up iteration (or {@code
 * -wi 0}) the speed-up at 2 threads measured that, 1.4-1.65 where the warm JVM gives 1.7-1.97
 * (2026-11-27, 2-core machine). The runs of thinking bots are sized for 2-3 s on one thread (1,000
 * games, 150 cycles), since a run's own start and end (some 30 ms, on one thread) would otherwise
 * hold a run of 0.8 s at 1.92 on two threads. {@code java -cp benchmarks.jar
 * org.pyramidarena.benchmarks.ScalingBenchmark [JMH options]} runs the benchmark and prints, after
 * JMH's own table, each run's speed-up and efficiency at every thread count measured. Given {@code
 * ScalingBenchmark.paired} among the options, it runs {@link #paired} instead (each operation the
 * run at one thread and at {@code threads} back to back) and prints the paired speed-ups.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgsAppend = "-Xmx8g")
public class ScalingBenchmark {

    /** The match threads: the command's {@code --concurrency}. */
    @Param({"1", "2", "4", "8", "16"})
    public int threads;

    /** Which command and bots (see the class comment). */
    @Param({"balance-random", "balance-greedy", "balance-mcts", "tournament-random", "tournament-search", "bare-random"})
    public String run;

    /** A factor on every run's games. */
    @Param({"1"})
    public double size;

    /**
     * Runs of a fifth of the games played before JMH's own iterations, at the same threads, at
     * least: each thread count runs in a JVM of its own, and the compiler, which costs one thread
     * nothing (it compiles on an idle core), would take its time from sixteen threads' first
     * operations. Ten, because a command's once-a-run code (its options, its end) is still being
     * compiled by the compiler's last tier in the ninth run: the five-game random study of a fifth of
     * the size had the compiler busy for 0.54-0.64 s of CPU in its runs 6, 8 and 9, and for 0.01-0.33
     * s, mostly under 0.15, from run 10 on (2026-11-27, 2-core machine).
     */
    @Param({"10"})
    public int warmups;

    /**
     * The games (or matches) those runs play at least, however many runs that takes. The code a
     * match runs once (the match made from its schedule, its record, its results' row) reaches the
     * compiler's last tier only after some ten thousand matches: a run of 600 matches of thinking
     * bots run over and over in one JVM had the compiler busy for 0.18-0.40 s of CPU in each of its
     * runs 1 to 8 of 0.8 s (on the core a second match thread needs), and mostly for under 0.07 s once
     * some 10,000 matches were played (2026-11-27, 2-core machine).
     */
    @Param({"12000"})
    public int warmupGames;

    private Path out;
    private List<String> arguments;

    @Setup(Level.Trial)
    public void warmUp() throws IOException, InterruptedException {
        long played = 0;
        if (run.equals(BARE)) {
            String games = games(BARE_GAMES, size / 5);
            for (int round = 0; round < warmups || played < warmupGames; round++) {
                bare(threads, games);
                played += (long) Integer.parseInt(games) * BARE_SETUPS.size();
            }
            return;
        }
        List<String> small = arguments(run, size / 5);
        for (int round = 0; round < warmups || played < warmupGames; round++) {
            makeFolder();
            execute(small, threads, out);
            played += gamesPlayed(out);
            deleteFolder();
        }
        arguments = arguments(run, size);
    }

    /** The games a command's folder records: the rows of its results, or of its cells' (a study of several). */
    private static long gamesPlayed(Path folder) throws IOException {
        List<Path> files;
        try (var found = Files.walk(folder)) {
            files = found.filter(file -> file.getFileName().toString().equals(RunFolder.RESULTS)).toList();
        }
        long games = 0;
        for (Path file : files) {
            games += ResultsFile.read(file).size();
        }
        return games;
    }

    @Setup(Level.Iteration)
    public void makeFolder() throws IOException {
        out = Files.createTempDirectory("arena-scaling-").resolve("run");
    }

    @TearDown(Level.Iteration)
    public void deleteFolder() throws IOException {
        Commands.delete(out.getParent());
    }

    @Benchmark
    public long command() throws InterruptedException {
        return run.equals(BARE) ? bare(threads, games(BARE_GAMES, size)) : execute(arguments, threads, out);
    }

    /** The real time of each half of the paired operations of an iteration, summed. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Pair {
        /** Nanoseconds of real time of the run at one thread. */
        public long oneNanos;
        /** Nanoseconds of real time of the run at {@code threads}. */
        public long manyNanos;
    }

    private final CpuHalves halves = CpuHalves.ofProcess();
    private long operation;

    /**
     * The same run at one thread and at {@code threads}, back to back in one operation (which goes
     * first alternates), so that both see the same load of a shared machine and the same compiled
     * code: the speed-up is the sum of {@link Pair#oneNanos} over the sum of {@link Pair#manyNanos}
     * of the same iterations. {@link #command} measures each thread count in a JVM of its own,
     * minutes apart on a host whose speed drifts; this pairs them, at twice the work.
     */
    @Benchmark
    public int paired(Pair pair) {
        Path folder = out.getParent();
        long number = operation++;
        int sum = halves.play(number, () -> once(1, folder.resolve("one-" + number)),
                () -> once(threads, folder.resolve("many-" + number)));
        pair.oneNanos += halves.firstWallNanos();
        pair.manyNanos += halves.secondWallNanos();
        return sum;
    }

    /** The run once at {@code threadCount}, its command's files into {@code folder}. */
    private int once(int threadCount, Path folder) {
        if (!run.equals(BARE)) {
            return execute(arguments, threadCount, folder);
        }
        try {
            return (int) bare(threadCount, games(BARE_GAMES, size));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The run that is no command: the bare rules' games of {@code balance-random}. */
    static final String BARE = "bare-random";

    /** The games of each setup in {@link #BARE}, as {@code balance-random}'s {@code --games}. */
    private static final int BARE_GAMES = 30_000;

    /** {@code balance-random}'s setups: game, players, variant. */
    private static final List<GameSetupOf> BARE_SETUPS = List.of(new GameSetupOf("pylon", 2, "standard"),
            new GameSetupOf("pyraos", 2, "standard"), new GameSetupOf("pyrinoes", 2, "to-25"),
            new GameSetupOf("euronimoes", 3, "standard"), new GameSetupOf("pyrametto", 4, "standard"));

    private record GameSetupOf(String game, int players, String variant) {
        Rules<?, ?> rules() {
            return Games.byId(game).rules(new GameSetup(players, variant));
        }
    }

    /**
     * Plays {@code games} random games of each of {@link #BARE_SETUPS} through the bare rules on
     * {@code threadCount} threads, game {@code g} of a setup on thread {@code g % threadCount} with
     * seed {@code g}, the setups one after another.
     *
     * @return the actions played, to keep the work live
     */
    static long bare(int threadCount, String games) throws InterruptedException {
        int perSetup = Integer.parseInt(games);
        long actions = 0;
        for (GameSetupOf setup : BARE_SETUPS) {
            Rules<?, ?> rules = setup.rules();
            long[] played = new long[threadCount];
            Thread[] workers = new Thread[threadCount];
            for (int t = 0; t < threadCount; t++) {
                int first = t;
                workers[t] = new Thread(() -> {
                    long sum = 0;
                    for (int g = first; g < perSetup; g += threadCount) {
                        sum += RandomGames.play(rules, g).actions();
                    }
                    played[first] = sum;
                }, "bare-" + (t + 1));
                workers[t].start();
            }
            for (int t = 0; t < threadCount; t++) {
                workers[t].join();
                actions += played[t];
            }
        }
        return actions;
    }

    /** Runs a command line at {@code threadCount} threads into {@code folder}. */
    private static int execute(List<String> arguments, int threadCount, Path folder) {
        List<String> args = new ArrayList<>(arguments);
        args.addAll(List.of("--concurrency", Integer.toString(threadCount), "--quiet", "--out", folder.toString()));
        return Commands.run(args);
    }

    /** A run's command line, without its concurrency and output folder; none for {@link #BARE}. */
    static List<String> arguments(String run, double size) {
        switch (run) {
            case BARE:
                return List.of();
            case "balance-random":
                return List.of("balance", "--game", "pylon,pyraos,pyrinoes/to-25,euronimoes:3,pyrametto:4", "--bot",
                        "random", "--games", games(30_000, size), "--bootstrap", "0");
            case "balance-greedy":
                return List.of("balance", "--game", "pyraos", "--bot", "greedy", "--games", games(8_000, size),
                        "--bootstrap", "0");
            case "balance-mcts":
                return List.of("balance", "--game", "pyraos", "--bot", "mcts?iterations=20", "--games",
                        games(1_000, size), "--bootstrap", "0");
            case "tournament-random":
                return List.of("tournament", "--games", "pylon,pyraos,pyrinoes,euronimoes:3,pyrametto", "--bot",
                        "random,random,random", "--cycles", games(2_500, size), "--replays", "none");
            case "tournament-search":
                return List.of("tournament", "--games", "pylon,pyraos", "--bot", "random,greedy,mcts?iterations=20",
                        "--cycles", games(150, size), "--replays", "none");
            default:
                throw new IllegalArgumentException("no run " + run);
        }
    }

    /**
     * Each measured operation's own speed-up of a paired result, sorted: a hiccup of the host in
     * one operation moves the sums (the speed-up printed first) but hardly the median of these.
     */
    private static double[] operationSpeedUps(RunResult result) {
        List<Double> each = new ArrayList<>();
        for (BenchmarkResult benchmark : result.getBenchmarkResults()) {
            for (IterationResult iteration : benchmark.getIterationResults()) {
                double many = iteration.getSecondaryResults().get("manyNanos").getScore();
                if (many > 0) {
                    each.add(iteration.getSecondaryResults().get("oneNanos").getScore() / many);
                }
            }
        }
        return each.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    }

    private static double median(double[] sorted) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    private static String games(int games, double size) {
        return Long.toString(Math.max(1, Math.round(games * size)));
    }

    /**
     * Runs the benchmark with the JMH options given ({@link #command} unless they name benchmarks)
     * and prints each run's speed-up over one thread: {@code time(1) / time(threads)}, from the mean
     * times of the same JMH run, or for {@link #paired} from the same operations, and the efficiency
     * (the speed-up divided by the threads).
     */
    public static void main(String[] args) throws RunnerException, CommandLineOptionException {
        CommandLineOptions given = new CommandLineOptions(args);
        OptionsBuilder options = new OptionsBuilder();
        options.parent(given);
        if (given.getIncludes().isEmpty()) {
            options.include(ScalingBenchmark.class.getSimpleName() + ".command");
        }
        Collection<RunResult> results = new Runner(options.build()).run();
        Map<String, Map<Integer, Double>> byRun = new LinkedHashMap<>();
        Map<String, Map<Integer, Double>> pairedByRun = new LinkedHashMap<>();
        Map<String, Map<Integer, double[]>> pairedOperations = new LinkedHashMap<>();
        for (RunResult result : results) {
            String run = result.getParams().getParam("run") + (result.getParams().getParam("size").equals("1")
                    ? "" : " x" + result.getParams().getParam("size"));
            int threads = Integer.parseInt(result.getParams().getParam("threads"));
            if (result.getParams().getBenchmark().endsWith(".paired")) {
                double one = result.getSecondaryResults().get("oneNanos").getScore();
                double many = result.getSecondaryResults().get("manyNanos").getScore();
                pairedByRun.computeIfAbsent(run, k -> new TreeMap<>()).put(threads, one / many);
                pairedOperations.computeIfAbsent(run, k -> new TreeMap<>()).put(threads, operationSpeedUps(result));
            } else {
                byRun.computeIfAbsent(run, k -> new TreeMap<>()).put(threads, result.getPrimaryResult().getScore());
            }
        }
        if (!pairedByRun.isEmpty()) {
            System.out.println();
            System.out.println("Paired speed-up over one thread (the same operations' real time at 1 / at t; efficiency;"
                    + " each operation's own speed-up: median, lowest-highest):");
            for (Map.Entry<String, Map<Integer, Double>> run : pairedByRun.entrySet()) {
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-22s", run.getKey()));
                for (Map.Entry<Integer, Double> point : run.getValue().entrySet()) {
                    double[] each = pairedOperations.get(run.getKey()).get(point.getKey());
                    line.append(String.format(Locale.ROOT, "  t=%d %.2fx (%.2f", point.getKey(), point.getValue(),
                            point.getValue() / point.getKey()));
                    if (each.length > 0) {
                        line.append(String.format(Locale.ROOT, "; median %.2f, %.2f-%.2f", median(each), each[0],
                                each[each.length - 1]));
                    }
                    line.append(')');
                }
                System.out.println(line);
            }
        }
        if (!byRun.isEmpty()) {
            System.out.println();
            System.out.println("Speed-up over one thread (mean ms an operation; speed-up; efficiency):");
        }
        for (Map.Entry<String, Map<Integer, Double>> run : byRun.entrySet()) {
            Double one = run.getValue().get(1);
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-22s", run.getKey()));
            for (Map.Entry<Integer, Double> point : run.getValue().entrySet()) {
                line.append(String.format(Locale.ROOT, "  t=%d %.0f ms", point.getKey(), point.getValue()));
                if (one != null) {
                    double speedUp = one / point.getValue();
                    line.append(String.format(Locale.ROOT, " %.2fx (%.2f)", speedUp, speedUp / point.getKey()));
                }
            }
            System.out.println(line);
        }
        if (args.length > 0) {
            System.out.println("options: " + String.join(" ", args));
        }
    }
}
