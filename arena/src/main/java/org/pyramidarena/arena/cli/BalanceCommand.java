package org.pyramidarena.arena.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.pyramidarena.api.Games;
import org.pyramidarena.arena.balance.CellObserver;
import org.pyramidarena.arena.balance.Metrics;
import org.pyramidarena.arena.balance.Setup;
import org.pyramidarena.arena.balance.StudyFiles;
import org.pyramidarena.arena.balance.StudyResult;
import org.pyramidarena.arena.balance.StudyText;
import org.pyramidarena.arena.bots.Isolation;
import org.pyramidarena.arena.bots.RunDirectory;
import org.pyramidarena.arena.report.BalanceReport;
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
 * {@code arena balance}: is a game fair, and which setup is fairer? Each bot plays itself in every
 * seat of every setup (a game, player count and variant), the seats rotated over shared deals, the
 * same number of games on the same deals for every setup and bot. It answers with each seat's win
 * share with its interval, a fairness test, the first-seat advantage and game lengths (balance.csv),
 * the design metrics with bootstrap intervals (metrics.csv), the setups' advantages compared
 * (comparisons.csv), and a page of charts (report.html).
 */
@Command(name = "balance", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Answer a balance question: seat copies of each bot in every seat of each setup, with "
                + "rotated seats and the same deals for every setup and bot, and print each seat's win share, a "
                + "fairness test, the first-seat advantage, game lengths and the design metrics, side by side.",
            "The folder holds balance.csv, metrics.csv, comparisons.csv and report.html, and each setup and bot's "
                + "results.csv (in SETUP/BOT/ when the study has several; beside them when one)."})
final class BalanceCommand implements Runnable {

    /** The stream of the master seed the bootstrap's seed derives from. */
    static final String BOOTSTRAP_STREAM = "balance-bootstrap";

    @Spec
    CommandSpec spec;

    @Option(names = "--game", required = true, split = ",", paramLabel = "SETUP",
            description = "The setups to compare: ID[:PLAYERS][/VARIANT], e.g. pyraos,pyraos/pylos,pyrinoes/to-50 "
                    + "(see 'arena games').")
    List<String> games;

    @Option(names = "--players", paramLabel = "N",
            description = "The number of seats of setups naming none (default: each game's fewest).")
    Integer players;

    @Option(names = "--variant", paramLabel = "NAME",
            description = "The rule variant of setups naming none (default: each game's default).")
    String variant;

    @Option(names = "--bot", split = ",", required = true, paramLabel = "BOT",
            description = "The bots, each seated against copies of itself: built-in names, JARs, cmd: lines; "
                    + "list them from weakest to strongest, as the report charts them.")
    List<String> bots;

    @Option(names = "--games", defaultValue = "20000", paramLabel = "N",
            description = "At least this many games for each setup and bot, rounded up to whole rotations of "
                    + "every setup (default: ${DEFAULT-VALUE}).")
    int count;

    @Option(names = "--bootstrap", defaultValue = "1000", paramLabel = "N",
            description = "Bootstrap replicates for the metrics' intervals; 0 for none (default: ${DEFAULT-VALUE}).")
    int bootstrap;

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
        List<Setup> setups = Setup.parse(games, players, variant);
        List<String> botList = List.copyOf(new LinkedHashSet<>(bots));
        boolean single = setups.size() == 1 && botList.size() == 1;
        if (count < 1) {
            throw new UsageException("--games must be at least 1, not " + count);
        }
        if (bootstrap < 0) {
            throw new UsageException("--bootstrap must be at least 0, not " + bootstrap);
        }
        trust.check(Isolation.parse(botOptions.isolation), bots);
        Shard place = shards.place();
        if (place != null && !single) {
            throw new UsageException("--shard cuts a study of one setup and one bot; run one shard per setup and bot");
        }
        picocli.CommandLine.Model.OptionSpec seedOption = spec.commandLine().getParseResult().matchedOption("--seed");
        ShardOptions.checkSeed(place, seedOption == null ? null : seedOption.originalStringValues().get(0));
        Path shardFolder = place == null ? null : ShardOptions.folder(place, out);
        if (place == null && out != null && (Files.exists(out.resolve(TournamentRunner.RESULTS_FILE))
                || Files.exists(out.resolve(StudyFiles.METRICS_FILE)))) {
            throw new UsageException(out + " already holds results; choose another --out");
        }
        Sandbox sandbox = botOptions.sandbox(spec.commandLine().getErr());
        try (RunDirectory run = botOptions.runDirectory();
             BotSources contestants = new BotSources(botOptions.loader(run, sandbox))) {
            // Every bot must play every setup before any game is played.
            for (Setup setup : setups) {
                for (String bot : botList) {
                    if (!contestants.plays(bot, Games.byId(setup.game()))) {
                        throw new UsageException("bot '" + bot + "' does not play " + setup.game()
                                + "; a study seats every bot in every setup");
                    }
                    Tournament.resolve(settings(setup, bot, 1, sandbox), contestants);
                }
            }
            // Every setup's rotations fit whole into a block, and every cell plays whole blocks.
            int block = 1;
            List<Integer> rotations = new ArrayList<>();
            for (Setup setup : setups) {
                Tournament once = Tournament.resolve(settings(setup, botList.get(0), 1, sandbox), contestants);
                int perCycle = ((FixedSchedule) once.strategy()).schedule(once.pairingSetup()).size();
                rotations.add(perCycle);
                block = lcm(block, perCycle);
            }
            int perCell = (count + block - 1) / block * block;
            Path folder = shardFolder != null ? shardFolder
                    : out != null ? out : TournamentCommand.newFolder("balance-" + String.join("-",
                            new LinkedHashSet<>(setups.stream().map(Setup::game).toList())));
            if (single) {
                stdout.printf("balance of %s: %s in every seat, %d games (%d rotations of %d), seed %s%n",
                        setups.get(0).notation(), botList.get(0), perCell, perCell / rotations.get(0),
                        rotations.get(0), SeedOption.shown(seed));
            } else {
                stdout.printf("balance of %s: %s, each in every seat, %d games per setup and bot on the same deals, "
                        + "seed %s%n", String.join(", ", setups.stream().map(Setup::notation).toList()),
                        String.join(", ", botList), perCell, SeedOption.shown(seed));
            }
            stdout.printf("sandbox: %s%n", sandbox.describe());
            stdout.printf("output: %s%n", folder);
            stdout.flush();
            if (place != null) {
                Tournament tournament = Tournament.resolve(settings(setups.get(0), botList.get(0),
                        perCell / rotations.get(0), sandbox), contestants);
                TournamentRunner runner = new TournamentRunner(tournament, contestants, progress(),
                        RatingOptions.defaults().withBootstrap(0, tournament.bootstrapSeed()));
                TournamentCommand.printShard(stdout, place, runner.asShard(place, "balance", shards.waitMillis(),
                        shards.notices(spec.commandLine().getErr())).run(folder, tournament.concurrency()), folder);
                return;
            }
            long bootstrapSeed = seed.derive(BOOTSTRAP_STREAM, 0);
            List<StudyResult.Cell> cells = new ArrayList<>();
            Set<String> botFolders = new HashSet<>();
            List<String> botFolderNames = new ArrayList<>();
            for (String bot : botList) {
                String name = botFolder(bot);
                while (!botFolders.add(name)) {
                    name = name + "-" + (botFolders.size() + 1);
                }
                botFolderNames.add(name);
            }
            // A study's metrics come from its games as they are played: a folder begun before cannot go on.
            for (Setup setup : setups) {
                for (String name : botFolderNames) {
                    Path cellFolder = single ? folder : folder.resolve(setup.slug()).resolve(name);
                    if (Files.exists(cellFolder.resolve(TournamentRunner.RESULTS_FILE))) {
                        throw new UsageException(folder + " already holds results (" + cellFolder
                                + "); choose another --out");
                    }
                }
            }
            for (int s = 0; s < setups.size(); s++) {
                Setup setup = setups.get(s);
                for (int b = 0; b < botList.size(); b++) {
                    String bot = botList.get(b);
                    Path cellFolder = single ? folder : folder.resolve(setup.slug()).resolve(botFolderNames.get(b));
                    Tournament tournament = Tournament.resolve(settings(setup, bot, perCell / rotations.get(s),
                            sandbox), contestants);
                    CellObserver observer = new CellObserver(perCell);
                    TournamentRunner runner = new TournamentRunner(tournament, contestants, progress(),
                            RatingOptions.defaults().withBootstrap(0, tournament.bootstrapSeed())).observedBy(observer);
                    TournamentRunner.Summary summary = runner.run(cellFolder, tournament.concurrency());
                    Metrics.Result metrics = Metrics.compute(observer.features(), setup.players(),
                            observer.measures(), block, bootstrap, bootstrapSeed);
                    cells.add(new StudyResult.Cell(setup, bot, cellFolder, summary.balance(), observer.measures(),
                            metrics));
                    stdout.println();
                    if (!single) {
                        stdout.printf("== %s, %s (%s)%n", setup.label(), bot, cellFolder);
                    }
                    stdout.print(BalanceCsv.format(summary.balance()));
                    TournamentCommand.printFaults(stdout, summary.faultList(), cellFolder);
                    stdout.flush();
                }
            }
            StudyResult study = StudyResult.of(setups, botList, perCell, block, bootstrap, cells);
            StudyFiles.write(study, folder, !single);
            Path report = BalanceReport.write(folder, study);
            stdout.print(StudyText.metrics(study));
            stdout.printf("%n%s; balance: %s; metrics: %s; report: %s%n",
                    single ? "results: " + folder.resolve(TournamentRunner.RESULTS_FILE)
                            : "results: " + folder + "/SETUP/BOT/" + TournamentRunner.RESULTS_FILE,
                    folder.resolve(TournamentRunner.BALANCE_FILE), folder.resolve(StudyFiles.METRICS_FILE), report);
            SeedOption.publish(seed, stdout);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        stdout.flush();
    }

    private Progress progress() {
        return quiet ? Progress.NONE : Progress.to(spec.commandLine().getErr(), System.console() != null);
    }

    private static int lcm(int a, int b) {
        int x = a;
        int y = b;
        while (y != 0) {
            int t = x % y;
            x = y;
            y = t;
        }
        return a / x * b;
    }

    /** A copy of the bot for every seat, so every match seats distinct entrants. */
    private static List<String> copies(String bot, int seats) {
        List<String> copies = new ArrayList<>();
        for (int seat = 0; seat < Math.max(2, seats); seat++) {
            copies.add(bot);
        }
        return copies;
    }

    private TournamentSettings settings(Setup setup, String bot, int cycles, Sandbox sandbox) {
        return new TournamentSettings(null, "balance", "round-robin", List.of(setup.notation()),
                copies(bot, setup.players()), null, cycles, null, seed.text(), time, null, null, botOptions.isolation,
                concurrency, "none", sandbox.label(), clock, wallGuard, sandbox.cage());
    }

    /** A bot's folder name in a study: lower case letters, digits, '.', '_' and '-'. */
    private static String botFolder(String bot) {
        String slug = bot.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9_.-]+", "-").replaceAll("^-+|-+$", "");
        return slug.isEmpty() ? "bot" : slug;
    }
}
