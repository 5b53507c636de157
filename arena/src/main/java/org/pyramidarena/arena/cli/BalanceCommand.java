package org.pyramidarena.arena.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.pyramidarena.api.Games;
import org.pyramidarena.arena.balance.BalanceStudy;
import org.pyramidarena.arena.balance.Setup;
import org.pyramidarena.arena.balance.StudyFolder;
import org.pyramidarena.arena.balance.StudyManifest;
import org.pyramidarena.arena.balance.StudyPlan;
import org.pyramidarena.arena.balance.StudyRunner;
import org.pyramidarena.arena.balance.StudyText;
import org.pyramidarena.arena.bots.Isolation;
import org.pyramidarena.arena.bots.RunDirectory;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.report.BalanceReport;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.tournament.BotSources;
import org.pyramidarena.arena.tournament.Progress;
import org.pyramidarena.arena.tournament.Shard;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.io.BalanceCsv;
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
 * study is played by {@link StudyRunner}; this class reads the options, prints, and writes the report
 * from the study's files.
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
    OpeningOptions openingOptions;

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
                plan.botMemory(), plan.concurrency(), plan.sweep(), plan.fair(), plan.power(), plan.compareGames())
                .withOpenings(plan.openings(), plan.randomOpening());
        botOptions.isolation = plan.isolation();
        botOptions.sandbox = plan.sandbox();
        botOptions.memory = plan.botMemory();
        List<Setup> setups = plan.baseSetups();
        List<String> botList = plan.distinctBots();
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
        Path folder = shardFolder != null ? shardFolder : out != null ? out : RunOutput.newFolder("balance-"
                + String.join("-", new LinkedHashSet<>(setups.stream().map(Setup::game).toList())));
        try (RunDirectory run = botOptions.runDirectory();
             BotSources contestants = new BotSources(botOptions.loader(run, sandbox))) {
            // Refuses, before any game is played, a bot that does not play every setup.
            StudyRunner runner = new StudyRunner(plan, folder, contestants, sandbox, this::progress,
                    (setup, bot, cellFolder, summary) -> {
                        stdout.println();
                        stdout.printf("== %s, %s (%s)%n", setup.label(), bot, cellFolder);
                        stdout.print(BalanceCsv.format(summary.balance()));
                        RunOutput.printFaults(stdout, summary.faultList(), cellFolder);
                        stdout.flush();
                    });
            BalanceStudy balance = runner.study();
            if (place == null && balance.begun()) {
                throw new UsageException(folder + " already holds results; choose another --out");
            }
            header(stdout, plan, setups, botList, balance, master);
            stdout.printf("sandbox: %s%n", sandbox.describe());
            if (!runner.openings().isNone()) {
                stdout.println(OpeningOptions.header(runner.openings()));
            }
            stdout.printf("output: %s%n", folder);
            stdout.flush();
            if (place != null) {
                RunOutput.printShard(stdout, place, runner.playShard(place, shards.waitMillis(),
                        shards.notices(spec.commandLine().getErr())), folder);
                return;
            }
            BalanceStudy.Findings findings = runner.run();
            // The games' lengths as the run kept them: the folder is read without its results.
            Map<Path, int[]> lengths = new HashMap<>();
            findings.result().cells().forEach(cell -> lengths.put(cell.folder().toAbsolutePath().normalize(),
                    cell.metrics().lengths()));
            StudyFolder study = StudyFolder.read(folder, lengths);
            Path report = BalanceReport.write(study, plan.power());
            stdout.print(StudyText.summary(study, plan.power()));
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
                    recorded.compareGames()).withOpenings(recorded.openings(), recorded.randomOpening());
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
                    sweep, fair, points, compareGames).withOpenings(openingOptions.books(), openingOptions.plies());
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
}
