package org.pyramidarena.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.bots.BotLoader;
import org.pyramidarena.arena.bots.Isolation;
import org.pyramidarena.arena.bots.RunDirectory;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.tournament.BotSources;
import org.pyramidarena.arena.tournament.ResultsFile;
import org.pyramidarena.arena.tournament.Tournament;
import org.pyramidarena.arena.tournament.TournamentSettings;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.pairing.FixedSchedule;
import org.pyramidarena.tournaments.pairing.MatchSpec;

/**
 * A balance study (or a tournament) of random bots against the bare rules on one thread, from the
 * command's start to its files written, in one run. One operation runs the command in this JVM into
 * a new folder,
 *
 * <ul>
 *   <li>{@code balance}: {@code arena balance --game GAME --bot random --games N --bootstrap 0
 *       --concurrency 1 --quiet}, every file of a study written (results, standings, balance,
 *       metrics, the report page);
 *   <li>{@code tournament}: {@code arena tournament --games GAME --bot random,random --cycles N/2
 *       --replays none --concurrency 1 --quiet}, with its Elo standings' 200 bootstrap replicates,
 * </ul>
 *
 * <p>and plays the very same N games through the bare rules ({@link RandomGames}, seeded with each
 * scheduled match's match and deal seeds, as the command seeds them: {@link #setUp} checks that
 * every game ranks the seats as the command's results do), in alternating order, and adds each
 * way's CPU time of the whole process (the command plays on a match thread of its own; the garbage
 * collector's and the compiler's threads count on the side that makes them work) to {@code bareNanos}
 * and {@code commandNanos}, and each way's real time to {@code bareWallNanos} and {@code
 * commandWallNanos}. The command's share of the bare rules' speed is {@code bareNanos / commandNanos}.
 * The folder is deleted after each operation, outside both halves.
 *
 * <p>Eight warm-up operations, because the command's CPU time counts the compiler's: a command's
 * once-a-run code (its options, its settings, its end) reaches the compiler's last tier only after
 * some runs, and a large method costs the compiler some 70-140 ms when it does.
 * Twelve measured operations, because one operation's ratio moves by a tenth either way on a shared
 * host: on the 2-core machine (2026-11-27, 200,000 games) single operations of the study measured
 * 0.51-0.76 of the bare rules, and whole runs 0.59-0.67.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 8)
@Measurement(iterations = 12)
@Fork(value = 1, jvmArgsAppend = "-Xmx2g")
public class CommandRatioBenchmark {

    /** {@code balance} or {@code tournament}. */
    @Param({"balance", "tournament"})
    public String command;

    /** The game, with its fewest players and its default variant. */
    @Param({"pyraos"})
    public String game;

    /** The games of one operation (a whole number of the schedule's cycles). */
    @Param({"200000"})
    public int games;

    private Path folders;
    private Rules<?, ?> rules;
    private long[] matchSeeds;
    private long[] dealSeeds;
    private long operation;
    private final CpuHalves halves = CpuHalves.ofProcess();

    /** CPU and real time of each way, summed over an iteration's operations. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Times {
        /** Nanoseconds of the process's CPU time while the bare rules played the games. */
        public long bareNanos;
        /** Nanoseconds of the process's CPU time while the command ran. */
        public long commandNanos;
        /** Nanoseconds of real time of the bare rules' half. */
        public long bareWallNanos;
        /** Nanoseconds of real time of the command's half. */
        public long commandWallNanos;
    }

    @Setup
    public void setUp() throws IOException, InterruptedException {
        folders = Files.createTempDirectory("arena-command-ratio-");
        rules = RandomGames.rules(game);
        Path first = folders.resolve("first");
        run(first);
        // The seeds of every scheduled match, from the settings the command wrote.
        TournamentSettings settings = TournamentSettings.read(first.resolve(RunFolder.SETTINGS));
        List<MatchSpec> schedule;
        try (RunDirectory run = RunDirectory.temporary();
             BotSources contestants = new BotSources(new BotLoader(Isolation.IN_PROCESS, BotLoader.DEFAULT_MEMORY,
                     run, BotLoader.DEFAULT_HELLO_MILLIS))) {
            Tournament tournament = Tournament.resolve(settings, contestants);
            schedule = ((FixedSchedule) tournament.strategy()).schedule(tournament.pairingSetup());
        }
        List<MatchRecord> results = ResultsFile.read(first.resolve(RunFolder.RESULTS));
        if (schedule.size() != games || results.size() != games) {
            throw new IllegalStateException("the command played " + results.size() + " of " + schedule.size()
                    + " scheduled games, not " + games + ": give a whole number of cycles");
        }
        matchSeeds = new long[games];
        dealSeeds = new long[games];
        for (int g = 0; g < games; g++) {
            matchSeeds[g] = schedule.get(g).matchSeed();
            dealSeeds[g] = schedule.get(g).dealSeed();
            RandomGames.Played played = RandomGames.play(rules, matchSeeds[g], dealSeeds[g]);
            for (int seat = 0; seat < rules.setup().players(); seat++) {
                if (played.outcome().rank(seat) != results.get(g).seat(seat).rank()) {
                    throw new IllegalStateException("game " + g + " through the bare rules is not the command's match");
                }
            }
        }
        Commands.delete(first);
    }

    @TearDown
    public void tearDown() throws IOException {
        Commands.delete(folders);
    }

    @Benchmark
    public int alternating(Times times) {
        Path out = folders.resolve("run-" + operation);
        int played = halves.play(operation++, this::bare, () -> {
            try {
                return run(out);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        times.bareNanos += halves.firstNanos();
        times.commandNanos += halves.secondNanos();
        times.bareWallNanos += halves.firstWallNanos();
        times.commandWallNanos += halves.secondWallNanos();
        try {
            Commands.delete(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return played;
    }

    /** The games through the bare rules: the number of actions played. */
    private int bare() {
        int actions = 0;
        for (int g = 0; g < games; g++) {
            actions += RandomGames.play(rules, matchSeeds[g], dealSeeds[g]).actions();
        }
        return actions;
    }

    /** Runs the command into {@code out}: its exit status. */
    private int run(Path out) throws IOException {
        int seats = rules.setup().players();
        List<String> args = new ArrayList<>();
        if (command.equals("balance")) {
            args.addAll(List.of("balance", "--game", game, "--bot", "random", "--games", Integer.toString(games),
                    "--bootstrap", "0"));
        } else {
            List<String> bots = new ArrayList<>();
            for (int seat = 0; seat < seats; seat++) {
                bots.add("random");
            }
            args.addAll(List.of("tournament", "--games", game, "--bot", String.join(",", bots), "--cycles",
                    Integer.toString(games / cycle(seats)), "--replays", "none"));
        }
        args.addAll(List.of("--concurrency", "1", "--quiet", "--out", out.toString()));
        return Commands.run(args);
    }

    /** The matches of a round-robin cycle of {@code seats} random bots: every seat order. */
    private static int cycle(int seats) {
        int orders = 1;
        for (int k = 2; k <= seats; k++) {
            orders *= k;
        }
        return orders;
    }

}
