package org.pyramidarena.arena.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.arena.bots.Isolation;
import org.pyramidarena.arena.bots.RunDirectory;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.tournament.BotSources;
import org.pyramidarena.arena.tournament.Progress;
import org.pyramidarena.arena.tournament.Tournament;
import org.pyramidarena.arena.tournament.Shard;
import org.pyramidarena.arena.tournament.TournamentRunner;
import org.pyramidarena.arena.tournament.TournamentSettings;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.io.BalanceCsv;
import org.pyramidarena.tournaments.pairing.FixedSchedule;
import org.pyramidarena.tournaments.ratings.RatingOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code arena balance}: is a game fair? Copies of one bot (or a set of bots) play every seat, the
 * seats rotated over shared deals, and the balance table answers: each seat's win share with its
 * interval, a test against a fair share, the first-seat advantage in Elo, game lengths.
 */
@Command(name = "balance", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Answer a balance question: seat copies of a bot (or the given bots) in every seat with "
                + "rotated seats and shared deals, and print each seat's win share, a fairness test, the "
                + "first-seat advantage and game lengths.",
            "The run is a round-robin tournament: its folder holds results.csv and balance.csv."})
final class BalanceCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Mixin
    GameOptions gameOptions;

    @Option(names = "--bot", split = ",", required = true, paramLabel = "BOT",
            description = "The bot to seat everywhere, or several bots: built-in names, JARs, cmd: lines.")
    List<String> bots;

    @Option(names = "--games", defaultValue = "20000", paramLabel = "N",
            description = "At least this many games, rounded up to whole rotations (default: ${DEFAULT-VALUE}).")
    int games;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "SEED", converter = SeedOption.Converter.class,
            description = "The master seed every game's seeds derive from. " + SeedOption.HELP)
    MasterSeed seed;

    @Option(names = "--concurrency", paramLabel = "N", description = "Games at once (default: the number of cores).")
    Integer concurrency;

    @Option(names = "--time", defaultValue = "1s", paramLabel = "DURATION",
            description = "Time per move (default: ${DEFAULT-VALUE}).")
    String time;

    @Option(names = "--clock", paramLabel = "KIND", description = ClockOptions.CLOCK_HELP + " (default: cpu).")
    String clock;

    @Option(names = "--wall-guard", paramLabel = "GUARD", description = ClockOptions.WALL_GUARD_HELP)
    String wallGuard;

    @Option(names = "--out", paramLabel = "DIR", description = "The output folder (default: a new folder under "
            + "arena-out/).")
    Path out;

    @Option(names = "--quiet", description = "No progress output.")
    boolean quiet;

    @Mixin
    BotOptions botOptions;

    @Mixin
    TrustOption trust;

    @Mixin
    ShardOptions shards;

    @Override
    public void run() {
        PrintWriter stdout = spec.commandLine().getOut();
        GameSetup setup = gameOptions.setup();
        gameOptions.rules();
        if (games < 1) {
            throw new UsageException("--games must be at least 1, not " + games);
        }
        trust.check(Isolation.parse(botOptions.isolation), bots);
        Shard place = shards.place();
        picocli.CommandLine.Model.OptionSpec seedOption = spec.commandLine().getParseResult().matchedOption("--seed");
        ShardOptions.checkSeed(place, seedOption == null ? null : seedOption.originalStringValues().get(0));
        Path shardFolder = place == null ? null : ShardOptions.folder(place, out);
        if (place == null && out != null && Files.exists(out.resolve(TournamentRunner.RESULTS_FILE))) {
            throw new UsageException(out + " already holds results; choose another --out");
        }
        String choice = gameOptions.game + ":" + setup.players() + "/" + setup.variant();
        List<String> entrants = entrants();
        Sandbox sandbox = botOptions.sandbox(spec.commandLine().getErr());
        try (RunDirectory run = botOptions.runDirectory();
             BotSources contestants = new BotSources(botOptions.loader(run, sandbox))) {
            Tournament once = Tournament.resolve(settings(choice, entrants, 1, sandbox), contestants);
            int perCycle = ((FixedSchedule) once.strategy()).schedule(once.pairingSetup()).size();
            int cycles = (games + perCycle - 1) / perCycle;
            Tournament tournament = Tournament.resolve(settings(choice, entrants, cycles, sandbox), contestants);
            Path folder = shardFolder != null ? shardFolder
                    : out != null ? out : TournamentCommand.newFolder("balance-" + gameOptions.game);
            stdout.printf("balance of %s: %s in every seat, %d games (%d rotations of %d), seed %s%n", choice,
                    String.join(", ", new LinkedHashSet<>(bots)), perCycle * cycles, cycles, perCycle,
                    SeedOption.shown(seed));
            stdout.printf("sandbox: %s%n", sandbox.describe());
            stdout.printf("output: %s%n", folder);
            stdout.flush();
            Progress progress = quiet ? Progress.NONE
                    : Progress.to(spec.commandLine().getErr(), System.console() != null);
            TournamentRunner runner = new TournamentRunner(tournament, contestants, progress,
                    RatingOptions.defaults().withBootstrap(0, tournament.bootstrapSeed()));
            if (place != null) {
                TournamentCommand.printShard(stdout, place, runner.asShard(place, "balance", shards.waitMillis(), shards.notices(spec.commandLine().getErr()))
                        .run(folder, tournament.concurrency()), folder);
                return;
            }
            TournamentRunner.Summary summary = runner.run(folder, tournament.concurrency());
            stdout.println();
            stdout.print(BalanceCsv.format(summary.balance()));
            TournamentCommand.printFaults(stdout, summary.faultList(), folder);
            stdout.printf("%nresults: %s; balance: %s%n", summary.results(),
                    folder.resolve(TournamentRunner.BALANCE_FILE));
            SeedOption.publish(seed, stdout);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        stdout.flush();
    }

    /**
     * One bot given: a copy of it for every seat, so every match seats distinct entrants. Several:
     * as given (a game with more seats than bots seats some bots twice, and the rotations still give
     * each seat every bot equally often).
     */
    private List<String> entrants() {
        if (new LinkedHashSet<>(bots).size() > 1) {
            return bots;
        }
        List<String> copies = new ArrayList<>();
        for (int seat = 0; seat < Math.max(2, gameOptions.setup().players()); seat++) {
            copies.add(bots.get(0));
        }
        return copies;
    }

    private TournamentSettings settings(String choice, List<String> entrants, int cycles, Sandbox sandbox) {
        return new TournamentSettings(null, "balance", "round-robin", List.of(choice), entrants, null, cycles, null,
                seed.text(), time, null, null, botOptions.isolation, concurrency, "none", sandbox.label(), clock,
                wallGuard);
    }
}
