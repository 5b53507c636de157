package org.pyramidarena.arena.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.pyramidarena.api.Games;
import org.pyramidarena.arena.balance.BalanceStudy;
import org.pyramidarena.arena.balance.CellObserver;
import org.pyramidarena.arena.balance.Setup;
import org.pyramidarena.arena.balance.StudyFiles;
import org.pyramidarena.arena.balance.StudyFolder;
import org.pyramidarena.arena.balance.StudyManifest;
import org.pyramidarena.arena.balance.StudyPlan;
import org.pyramidarena.arena.balance.StudyText;
import org.pyramidarena.arena.bots.Isolation;
import org.pyramidarena.arena.bots.RunDirectory;
import org.pyramidarena.arena.common.ArenaVersion;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.report.BalanceReport;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.tournament.BotSources;
import org.pyramidarena.arena.tournament.Progress;
import org.pyramidarena.arena.tournament.Shard;
import org.pyramidarena.arena.tournament.Tournament;
import org.pyramidarena.arena.tournament.TournamentRunner;
import org.pyramidarena.arena.tournament.TournamentSettings;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.io.BalanceCsv;
import org.pyramidarena.tournaments.pairing.FixedSchedule;
import org.pyramidarena.tournaments.ratings.RatingOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code arena balance}: is a game fair, which setup is fairer, and what rule would make it fair?
 * Each bot plays itself in every seat of every setup (a game, player count, variant and design
 * parameters), the seats rotated over shared deals. It answers with each seat's win share, a fairness
 * test, the starter's and seat 0's advantage and game lengths (balance.csv), the design metrics with
 * bootstrap intervals (metrics.csv), the setups compared (comparisons.csv), a parameter's fair value
 * where one is swept or searched (fair.csv), the games a study needs, and a page of charts
 * (report.html); study.json records the study, and {@code --config study.json} plays it again. The
 * workflow is {@link BalanceStudy}'s; this class reads the options, plays each cell's games with the
 * referee and prints.
 */
@Command(name = "balance", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Answer a balance question: seat copies of each bot in every seat of each setup, with "
                + "rotated seats and the same deals for setups of one game and player count, and print each seat's "
                + "win share, a fairness test, the starter's and seat 0's advantage, game lengths and the design "
                + "metrics, side by side; sweep a design parameter (--sweep) or search the value that makes the game "
                + "fair (--fair).",
            "The folder holds study.json, balance.csv, metrics.csv, comparisons.csv, fair.csv (a sweep or a "
                + "search) and report.html, and each setup and bot's results.csv (in SETUP/BOT/ when the study has "
                + "several; beside them when one)."})
final class BalanceCommand implements Runnable {

    /**
     * The options a replay of a study's manifest may still take: none changes a result (and
     * --trust-bots only allows what the manifest already asks).
     */
    private static final Set<String> CONFIG_COMPANIONS = Set.of("--config", "--out", "--concurrency", "--quiet",
            "--trust-bots", "--output");

    @Spec
    CommandSpec spec;

    @Option(names = "--game", split = ",", paramLabel = "SETUP",
            description = "The setups to compare: ID[:PLAYERS][/VARIANT][?PARAMETER=VALUE], e.g. "
                    + "pyraos,pyraos/pylos,pyrinoes/to-50,pylon?komi=2.5 (see 'arena games').")
    List<String> games;

    @Option(names = "--players", paramLabel = "N",
            description = "The number of seats of setups naming none (default: each game's fewest).")
    Integer players;

    @Option(names = "--variant", paramLabel = "NAME",
            description = "The rule variant of setups naming none (default: each game's default).")
    String variant;

    @Option(names = "--bot", split = ",", paramLabel = "BOT",
            description = "The bots, each seated against copies of itself: built-in names, JARs, cmd: lines; "
                    + "list them from weakest to strongest, as the report charts them.")
    List<String> bots;

    @Option(names = "--games", paramLabel = "N",
            description = "At least this many games for each setup and bot, rounded up to whole seat rotations of "
                    + "each setup (default: 20000).")
    Integer count;

    @Option(names = "--sweep", paramLabel = "PARAMETER=FROM..TO[:STEP]",
            description = "Play each setup at every value of a design parameter, e.g. komi=-4..4:0.5 (the step "
                    + "defaults to the parameter's own; see 'arena games'), and say where the starter's advantage "
                    + "crosses 0.")
    String sweep;

    @Option(names = "--fair", paramLabel = "PARAMETER[=FROM..TO[:STEP]]",
            description = "Search the value of a design parameter of the one setup named that makes the starter's "
                    + "expected score 1/2, for each bot, by bisection over its range (or the one given), with an "
                    + "interval, and say whether it is stable across the bots.")
    String fair;

    @Option(names = "--power", paramLabel = "POINTS",
            description = "The starter's advantage, in percentage points, that the summary's games-needed line is "
                    + "sized for (default: 2).")
    Double power;

    @Option(names = "--compare-games",
            description = "Compare setups of different games too (by default only setups of one game are compared).")
    boolean compareGames;

    @Option(names = "--config", paramLabel = "STUDY_JSON",
            description = "Play the study a study.json describes again, with the same seed and settings: the "
                    + "same files, byte for byte (with --out, --concurrency, --quiet, --trust-bots and --output only).")
    Path config;

    @Option(names = "--bootstrap", paramLabel = "N",
            description = "Bootstrap replicates for the metrics' intervals; 0 for none (default: 1000).")
    Integer bootstrap;

    @Option(names = "--seed", paramLabel = "SEED", converter = SeedOption.TextConverter.class,
            description = "The master seed every game's seeds derive from. " + SeedOption.HELP)
    String seed;

    @Option(names = "--concurrency", paramLabel = "N", description = "Games at once (default: the number of cores).")
    Integer concurrency;

    @Option(names = "--time", paramLabel = "DURATION", description = "Time per move (default: 1s).")
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
        StudyPlan plan = plan();
        MasterSeed master = MasterSeed.parseOrDraw(plan.seed());
        plan = new StudyPlan(plan.setups(), plan.players(), plan.variant(), plan.bots(), plan.games(), plan.bootstrap(),
                master.text(), plan.time(), plan.clock(), plan.wallGuard(), plan.isolation(), plan.sandbox(),
                plan.botMemory(), plan.concurrency(), plan.sweep(), plan.fair(), plan.power(), plan.compareGames());
        botOptions.isolation = plan.isolation();
        botOptions.sandbox = plan.sandbox();
        botOptions.memory = plan.botMemory();
        List<Setup> setups = Setup.parse(plan.setups(), plan.players(), plan.variant());
        List<String> botList = List.copyOf(new LinkedHashSet<>(plan.bots()));
        trust.check(Isolation.parse(plan.isolation()), botList);
        Shard place = shards.place();
        boolean single = setups.size() == 1 && botList.size() == 1 && plan.sweep() == null && plan.fair() == null;
        if (place != null && !single) {
            throw new UsageException("--shard cuts a study of one setup and one bot; run one shard per setup and bot");
        }
        OptionSpec seedOption = spec.commandLine().getParseResult().matchedOption("--seed");
        ShardOptions.checkSeed(place, seedOption == null ? null : seedOption.originalStringValues().get(0));
        Path shardFolder = place == null ? null : ShardOptions.folder(place, out);
        Sandbox sandbox = botOptions.sandbox(spec.commandLine().getErr());
        List<String> botFolders = botFolders(botList);
        Path folder = shardFolder != null ? shardFolder : out != null ? out : RunOutput.newFolder("balance-"
                + String.join("-", new LinkedHashSet<>(setups.stream().map(Setup::game).toList())));
        try (RunDirectory run = botOptions.runDirectory();
             BotSources contestants = new BotSources(botOptions.loader(run, sandbox))) {
            StudyPlan study = plan;
            Cells cells = new Cells(study, contestants, sandbox, master, stdout);
            BalanceStudy balance = new BalanceStudy(study, setups, botList, botFolders, folder, master, cells);
            // Every bot must play every setup before any game is played.
            for (Setup setup : balance.grid().isEmpty() ? setups : balance.grid()) {
                for (String bot : botList) {
                    if (!contestants.plays(bot, Games.byId(setup.game()))) {
                        throw new UsageException("bot '" + bot + "' does not play " + setup.game()
                                + "; a study seats every bot in every setup");
                    }
                    Tournament.resolve(cells.settings(setup, bot, 1), contestants);
                }
            }
            if (place == null && balance.begun()) {
                throw new UsageException(folder + " already holds results; choose another --out");
            }
            header(stdout, study, setups, botList, balance, master);
            stdout.printf("sandbox: %s%n", sandbox.describe());
            stdout.printf("output: %s%n", folder);
            stdout.flush();
            if (place != null) {
                Setup setup = setups.get(0);
                Tournament tournament = Tournament.resolve(cells.settings(setup, botList.get(0),
                        balance.games(setup) / balance.rotation(setup)), contestants);
                TournamentRunner runner = new TournamentRunner(tournament, contestants, progress(),
                        RatingOptions.defaults().withBootstrap(0, tournament.bootstrapSeed()));
                RunOutput.printShard(stdout, place, runner.asShard(place, "balance", shards.waitMillis(),
                        shards.notices(spec.commandLine().getErr())).run(folder, tournament.concurrency()), folder);
                return;
            }
            BalanceStudy.Findings findings = balance.run();
            StudyFiles.write(findings.result(), findings.fair(), folder, !single);
            List<StudyManifest.Bot> entries = new ArrayList<>();
            for (int b = 0; b < botList.size(); b++) {
                String bot = botList.get(b);
                entries.add(new StudyManifest.Bot(bot, contestants.name(bot), botFolders.get(b),
                        contestants.options(bot), contestants.jarSha256(bot)));
            }
            balance.manifest(findings.result(), ArenaVersion.version(), entries).write(folder.resolve(RunFolder.STUDY));
            Path report = BalanceReport.write(folder, study.power());
            stdout.print(StudyText.summary(StudyFolder.read(folder), study.power()));
            stdout.printf("%n%s; balance: %s; metrics: %s;%s report: %s; study: %s%n",
                    single ? "results: " + folder.resolve(RunFolder.RESULTS)
                            : "results: " + folder + "/SETUP/BOT/" + RunFolder.RESULTS,
                    folder.resolve(RunFolder.BALANCE), folder.resolve(RunFolder.METRICS),
                    findings.fair().isEmpty() ? "" : " fair values: " + folder.resolve(RunFolder.FAIR) + ";",
                    report, folder.resolve(RunFolder.STUDY));
            SeedOption.publish(master, stdout);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        stdout.flush();
    }

    /** The study asked for: from --config's manifest, or from the options. */
    private StudyPlan plan() {
        if (config != null) {
            for (OptionSpec option : spec.commandLine().getParseResult().matchedOptions()) {
                if (!CONFIG_COMPANIONS.contains(option.longestName())) {
                    throw new UsageException("--config plays the study as its manifest says; give only --out, "
                            + "--concurrency, --quiet, --trust-bots and --output with it, not " + option.longestName());
                }
            }
            StudyPlan recorded = StudyManifest.read(config).plan();
            return concurrency == null ? recorded : new StudyPlan(recorded.setups(), recorded.players(),
                    recorded.variant(), recorded.bots(), recorded.games(), recorded.bootstrap(), recorded.seed(),
                    recorded.time(), recorded.clock(), recorded.wallGuard(), recorded.isolation(), recorded.sandbox(),
                    recorded.botMemory(), concurrency, recorded.sweep(), recorded.fair(), recorded.power(),
                    recorded.compareGames());
        }
        if (games == null || bots == null) {
            throw new UsageException("name the setups (--game) and the bots (--bot), or a study to play again "
                    + "(--config study.json)");
        }
        int asked = count == null ? 20_000 : count;
        if (asked < 1) {
            throw new UsageException("--games must be at least 1, not " + asked);
        }
        int replicates = bootstrap == null ? 1000 : bootstrap;
        if (replicates < 0) {
            throw new UsageException("--bootstrap must be at least 0, not " + replicates);
        }
        double points = power == null ? 2 : power;
        if (!(points > 0 && points < 50)) {
            throw new UsageException("--power is an advantage in percentage points above 0 and below 50, not "
                    + points);
        }
        try {
            return new StudyPlan(games, players, variant, bots, asked, replicates, seed == null ? "1" : seed,
                    time == null ? "1s" : time, clock, wallGuard, botOptions.isolation, botOptions.sandbox,
                    botOptions.memory, concurrency == null ? Runtime.getRuntime().availableProcessors() : concurrency,
                    sweep, fair, points, compareGames);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private void header(PrintWriter stdout, StudyPlan plan, List<Setup> setups, List<String> botList,
                        BalanceStudy balance, MasterSeed master) {
        String seedShown = SeedOption.shown(master);
        if (balance.single()) {
            Setup setup = setups.get(0);
            stdout.printf("balance of %s: %s in every seat, %d games (%d rotations of %d), seed %s%n",
                    setup.notation(), botList.get(0), balance.games(setup), balance.games(setup) / balance.rotation(setup),
                    balance.rotation(setup), seedShown);
            return;
        }
        String what = plan.fair() != null ? "the fair " + plan.fairRange().name() + " of " + setups.get(0).notation()
                + " (searched from " + range(plan.fairRange(), setups.get(0)) + ")"
                : plan.sweep() != null ? String.join(", ", setups.stream().map(Setup::notation).toList()) + " at "
                + plan.sweepRange().notation()
                : String.join(", ", setups.stream().map(Setup::notation).toList());
        stdout.printf("balance of %s: %s, each in every seat, at least %d games per setup and bot (whole seat "
                + "rotations; setups of one game and player count on the same deals), seed %s%n", what,
                String.join(", ", botList), plan.games(), seedShown);
    }

    /** A parameter range's values as played: {@code -15 to 15 by 0.5}. */
    private static String range(org.pyramidarena.arena.balance.ParameterRange range, Setup setup) {
        List<Double> values = range.values(Games.byId(setup.game()));
        return org.pyramidarena.api.Parameter.format(values.get(0)) + " to "
                + org.pyramidarena.api.Parameter.format(values.get(values.size() - 1)) + " by "
                + org.pyramidarena.api.Parameter.format(Math.round((values.get(1) - values.get(0)) * 1e6) / 1e6);
    }

    private Progress progress() {
        return quiet ? Progress.NONE : Progress.to(spec.commandLine().getErr(), System.console() != null);
    }

    /** Each bot's folder name in a study: lower case letters, digits, '.', '_' and '-', distinct. */
    private static List<String> botFolders(List<String> bots) {
        Set<String> taken = new HashSet<>();
        List<String> names = new ArrayList<>();
        for (String bot : bots) {
            String name = StudyFolder.botFolder(bot);
            while (!taken.add(name)) {
                name = name + "-" + (taken.size() + 1);
            }
            names.add(name);
        }
        return names;
    }

    /** Plays a study's cells with the referee: a round-robin of copies of the bot in its folder. */
    private final class Cells implements BalanceStudy.Player {

        private final StudyPlan plan;
        private final BotSources contestants;
        private final Sandbox sandbox;
        private final MasterSeed master;
        private final PrintWriter stdout;

        Cells(StudyPlan plan, BotSources contestants, Sandbox sandbox, MasterSeed master, PrintWriter stdout) {
            this.plan = plan;
            this.contestants = contestants;
            this.sandbox = sandbox;
            this.master = master;
            this.stdout = stdout;
        }

        @Override
        public int rotation(Setup setup) {
            Tournament once = Tournament.resolve(settings(setup, plan.bots().get(0), 1), contestants);
            return ((FixedSchedule) once.strategy()).schedule(once.pairingSetup()).size();
        }

        @Override
        public BalanceStudy.Played play(Setup setup, String bot, int games, Path folder)
                throws IOException, InterruptedException {
            Tournament tournament = Tournament.resolve(settings(setup, bot, games / rotation(setup)), contestants);
            CellObserver observer = new CellObserver(games);
            TournamentRunner runner = new TournamentRunner(tournament, contestants, progress(),
                    RatingOptions.defaults().withBootstrap(0, tournament.bootstrapSeed())).observedBy(observer);
            TournamentRunner.Summary summary = runner.run(folder, tournament.concurrency());
            stdout.println();
            stdout.printf("== %s, %s (%s)%n", setup.label(), bot, folder);
            stdout.print(BalanceCsv.format(summary.balance()));
            RunOutput.printFaults(stdout, summary.faultList(), folder);
            stdout.flush();
            return new BalanceStudy.Played(summary.balance(), observer.measures(), observer.features());
        }

        /** A copy of the bot for every seat, so every match seats distinct entrants. */
        private List<String> copies(String bot, int seats) {
            List<String> copies = new ArrayList<>();
            for (int seat = 0; seat < Math.max(2, seats); seat++) {
                copies.add(bot);
            }
            return copies;
        }

        TournamentSettings settings(Setup setup, String bot, int cycles) {
            return new TournamentSettings(null, "balance", "round-robin", List.of(setup.notation()),
                    copies(bot, setup.players()), null, cycles, null, master.text(), plan.time(), null, null,
                    plan.isolation(), plan.concurrency(), "none", sandbox.label(), plan.clock(), plan.wallGuard(),
                    sandbox.cage());
        }
    }
}
