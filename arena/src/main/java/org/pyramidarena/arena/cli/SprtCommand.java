package org.pyramidarena.arena.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pyramidarena.arena.bots.Isolation;
import org.pyramidarena.arena.bots.RunDirectory;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.sprt.SprtMatchup;
import org.pyramidarena.arena.sprt.SprtRun;
import org.pyramidarena.arena.sprt.SprtRunner;
import org.pyramidarena.arena.tournament.BotSources;
import org.pyramidarena.arena.tournament.Openings;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.sprt.Sprt;
import org.pyramidarena.tournaments.sprt.SprtDecision;
import org.pyramidarena.tournaments.sprt.SprtModel;
import org.pyramidarena.tournaments.sprt.SprtOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code arena sprt}: a sequential probability ratio test of a candidate bot against a baseline,
 * played as seat-swapped pairs on shared deals until the log-likelihood ratio crosses a bound; or,
 * given counts, the same test computed at once.
 *
 * <p>Exit status: 0 when H1 is accepted (the candidate is better by elo1), 1 when H0 is accepted,
 * 3 when {@code --max-games} ends the test undecided (the calculator modes: 0, 1 or 3 likewise), 2
 * for bad input and 4 when the arena failed ({@link Errors#FAILED}): a failure is never read as a
 * decision. While pairs are played, {@link SprtProgress} shows how far the test is on standard error.
 *
 * <p>{@code --out DIR} keeps a played run's test, seed and counts in {@code DIR/sprt.json} ({@link
 * SprtRun}); {@code --add} sums the counts of such runs of one test played on different seeds (on
 * several machines, say) and computes the test of the sum. The pairs are played by {@link
 * SprtRunner}; this class reads the options and prints.
 */
@Command(name = "sprt", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Is the candidate better than the baseline? A sequential probability ratio test played as "
                + "seat-swapped pairs on shared deals, until the LLR crosses a bound or --max-games runs out.",
            "Standard output gets a status line every " + SprtRunner.REPORT_EVERY_PAIRS + " pairs and at the "
                + "end, then the decision; standard error a progress line (games, LLR, Elo, time taken and an "
                + "estimate of the time left), redrawn on a terminal.",
            "With --wdl or --pentanomial it only computes the test from the counts given; with --add it adds up "
                + "the counts of runs on several machines that --out wrote."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:H1 accepted: the candidate is better by elo1",
            "1:H0 accepted: the candidate is not better by elo1",
            "3:undecided: --max-games ran out first",
            "2:bad input (an option, a count, a bot that does not load or does not play the game): nothing is played",
            "4:the arena failed (an exception, out of memory, a bot that could not be started again): no decision"})
final class SprtCommand implements java.util.concurrent.Callable<Integer> {

    /** Exit status: the candidate is better (H1 accepted). */
    static final int H1 = 0;
    /** Exit status: the candidate is not better by elo1 (H0 accepted). */
    static final int H0 = 1;
    /** Exit status: the game budget ran out first. */
    static final int UNDECIDED = 3;

    @Spec
    CommandSpec spec;

    @Option(names = "--game", paramLabel = "ID", description = "The game (a two-player game).")
    String game;

    @Option(names = "--variant", paramLabel = "NAME", description = "The rule variant (default: the game's first).")
    String variant;

    @Option(names = "--candidate", paramLabel = "BOT", description = "The bot under test: a built-in name, a JAR "
            + "or cmd: and a command line.")
    String candidate;

    @Option(names = "--baseline", paramLabel = "BOT", description = "The bot it must beat, likewise.")
    String baseline;

    @Option(names = "--elo0", defaultValue = "0", paramLabel = "ELO",
            description = "H0: the candidate is this much better (default: ${DEFAULT-VALUE}).")
    double elo0;

    @Option(names = "--elo1", defaultValue = "5", paramLabel = "ELO",
            description = "H1: the candidate is this much better (default: ${DEFAULT-VALUE}).")
    double elo1;

    @Option(names = "--alpha", defaultValue = "0.05", paramLabel = "P",
            description = "The false-positive rate (default: ${DEFAULT-VALUE}).")
    double alpha;

    @Option(names = "--beta", defaultValue = "0.05", paramLabel = "P",
            description = "The false-negative rate (default: ${DEFAULT-VALUE}).")
    double beta;

    @Option(names = "--model", defaultValue = "normalized", paramLabel = "MODEL",
            description = "The Elo scale of the bounds: normalized or logistic (default: ${DEFAULT-VALUE}).")
    String model;

    @Option(names = "--max-games", defaultValue = "100000", paramLabel = "N",
            description = "Stop undecided after this many games (default: ${DEFAULT-VALUE}).")
    long maxGames;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "SEED", converter = SeedOption.Converter.class,
            description = "The master seed every pair's deal and seeds derive from. " + SeedOption.HELP)
    MasterSeed seed;

    @Option(names = "--concurrency", paramLabel = "N",
            description = "Pairs played at once; the decision is the same for any value (default: the number of cores).")
    Integer concurrency;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Keep the run in DIR/sprt.json (DIR is created): the test, the seed and the counts, "
                    + "rewritten with every status line and at the end, for --add. A DIR holding another test's or "
                    + "another seed's run is refused.")
    Path outDirectory;

    @Option(names = "--wdl", split = ",", paramLabel = "W,D,L",
            description = "Compute only: the candidate's wins, draws and losses.")
    List<Long> wdl;

    @Option(names = "--pentanomial", split = ",", paramLabel = "N0,N1,N2,N3,N4",
            description = "Compute only: the counts of pairs scoring 0, 1/2, 1, 3/2 and 2.")
    List<Long> pentanomial;

    @Option(names = "--add", arity = "1..*", paramLabel = "RUN",
            description = "Compute only: add up the counts of runs that --out wrote (each RUN a directory or its "
                    + "sprt.json), one test played on different seeds, and decide the sum. The test is the runs': "
                    + "--game, --variant, --candidate, --baseline, --elo0, --elo1, --alpha, --beta or --model given "
                    + "with it must match theirs.")
    List<Path> add;

    @Option(names = "--quiet", description = "No progress line on standard error (the status lines, the result "
            + "and the decision still go to standard output).")
    boolean quiet;

    @Mixin
    ClockOptions clockOptions;

    @Mixin
    OpeningOptions openingOptions;

    @Mixin
    BotOptions botOptions;

    @Mixin
    TrustOption trust;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (add != null) {
            if (wdl != null || pentanomial != null) {
                throw new UsageException("give one of --add, --wdl and --pentanomial");
            }
            return addRuns(out);
        }
        SprtOptions options = options();
        if (wdl != null || pentanomial != null) {
            return calculate(out, options);
        }
        if (game == null || candidate == null || baseline == null) {
            throw new UsageException("sprt needs --game, --candidate and --baseline (or --wdl / --pentanomial to "
                    + "compute from counts)");
        }
        if (maxGames < 2) {
            throw new UsageException("--max-games must be at least 2, not " + maxGames);
        }
        trust.check(Isolation.parse(botOptions.isolation), List.of(candidate, baseline));
        SprtMatchup matchup = new SprtMatchup(game, variant, candidate, baseline);
        Openings openings = openingOptions.load(List.of(matchup.rules()));
        TimeControl clock = clockOptions.timeControl(TimeControl.ClockKind.CPU);
        int parallel = concurrency == null ? Runtime.getRuntime().availableProcessors() : concurrency;
        if (parallel < 1) {
            throw new UsageException("--concurrency must be at least 1, not " + parallel);
        }
        Sandbox sandbox = botOptions.sandbox(spec.commandLine().getErr());
        try (RunDirectory run = botOptions.runDirectory();
             BotSources bots = new BotSources(botOptions.loader(run, sandbox))) {
            SprtRunner runner = new SprtRunner(matchup, options, seed, maxGames, clock, openings, parallel, bots);
            if (outDirectory != null) {
                runner.keptIn(outDirectory, botOptions.isolation, sandbox.label());
            }
            out.println(header(game, candidate, baseline, options) + ", " + clock.describe() + ", seed "
                    + SeedOption.shown(seed));
            if (!openings.isNone()) {
                out.println(OpeningOptions.header(openings));
            }
            out.flush();
            SprtProgress progress = quiet ? SprtProgress.NONE
                    : SprtProgress.to(spec.commandLine().getErr(), System.console() != null, maxGames);
            Sprt test;
            try {
                test = runner.run(status -> {
                    progress.statusReport(status);
                    out.println(status.statusLine());
                    out.flush();
                }, progress::afterPair);
                progress.finish(test);
            } finally {
                progress.end();
            }
            out.println(test.statusLine());
            int status = exitStatus(test.decision(), out);
            SeedOption.publish(seed, out);
            out.flush();
            return status;
        }
    }

    private static String header(String game, String candidate, String baseline, SprtOptions options) {
        return String.format(Locale.ROOT, "SPRT %s: %s against %s, elo0 %.2f elo1 %.2f (%s), alpha %.3f beta %.3f",
                game, candidate, baseline, options.elo0(), options.elo1(), modelName(options), options.alpha(),
                options.beta());
    }

    private static String modelName(SprtOptions options) {
        return options.model().name().toLowerCase(Locale.ROOT);
    }

    private SprtOptions options() {
        SprtModel scale = switch (model.toLowerCase(Locale.ROOT)) {
            case "normalized" -> SprtModel.NORMALIZED;
            case "logistic" -> SprtModel.LOGISTIC;
            default -> throw new UsageException("unknown --model '" + model + "' (normalized or logistic)");
        };
        return new SprtOptions(elo0, elo1, alpha, beta, scale);
    }

    private int calculate(PrintWriter out, SprtOptions options) {
        if (wdl != null && pentanomial != null) {
            throw new UsageException("give --wdl or --pentanomial, not both");
        }
        Sprt test;
        if (wdl != null) {
            if (wdl.size() != 3) {
                throw new UsageException("--wdl takes three counts W,D,L, not " + wdl.size());
            }
            test = Sprt.fromTrinomial(options, wdl.get(2), wdl.get(1), wdl.get(0));
        } else {
            if (pentanomial.size() != 5) {
                throw new UsageException("--pentanomial takes five counts, not " + pentanomial.size());
            }
            test = Sprt.fromPentanomial(options, pentanomial.stream().mapToLong(Long::longValue).toArray());
        }
        out.println(test.statusLine());
        out.flush();
        return exitStatus(test.decision(), out);
    }

    /**
     * {@code --add}: reads the runs, checks that they are one test on different deals, and decides
     * the sum of their counts.
     */
    private int addRuns(PrintWriter out) {
        for (String played : List.of("--seed", "--out")) {
            if (spec.commandLine().getParseResult().hasMatchedOption(played)) {
                throw new UsageException(played + " is for a run that plays; --add only adds up runs already played");
            }
        }
        List<Path> files = add.stream().map(SprtRun::fileOf).toList();
        List<SprtRun> runs = SprtRun.readOneTest(files);
        SprtRun first = runs.get(0);
        checkGivenOptionsMatch(first, files.get(0));
        Sprt test = SprtRun.added(files, runs);
        out.println(header(first.game(), first.candidate(), first.baseline(), first.options()) + ", " + runs.size()
                + " runs added");
        for (int i = 0; i < runs.size(); i++) {
            SprtRun run = runs.get(i);
            long[] counts = run.counts();
            out.printf(Locale.ROOT, "%s  seed %s  Games: %d  Ptnml(0-2): %d, %d, %d, %d, %d  (%s)%n", files.get(i),
                    run.seed(), run.games(), counts[0], counts[1], counts[2], counts[3], counts[4],
                    !run.finished() ? "in progress" : run.decision().equals("undecided")
                            ? "finished, undecided" : "finished, " + run.decision() + " accepted");
        }
        out.println(test.statusLine());
        out.flush();
        return exitStatus(test.decision(), out);
    }

    /** With --add, the test's options given on the command line must be the runs'. */
    private void checkGivenOptionsMatch(SprtRun run, Path file) {
        var parsed = spec.commandLine().getParseResult();
        Map<String, Object[]> given = new java.util.LinkedHashMap<>();
        given.put("--game", new Object[] {game, run.game()});
        given.put("--variant", new Object[] {variant, run.variant()});
        given.put("--candidate", new Object[] {candidate, run.candidate()});
        given.put("--baseline", new Object[] {baseline, run.baseline()});
        given.put("--elo0", new Object[] {elo0, run.elo0()});
        given.put("--elo1", new Object[] {elo1, run.elo1()});
        given.put("--alpha", new Object[] {alpha, run.alpha()});
        given.put("--beta", new Object[] {beta, run.beta()});
        given.put("--model", new Object[] {model.toLowerCase(Locale.ROOT), run.model()});
        for (Map.Entry<String, Object[]> option : given.entrySet()) {
            Object mine = option.getValue()[0];
            Object theirs = option.getValue()[1];
            if (parsed.hasMatchedOption(option.getKey()) && !mine.equals(theirs)) {
                throw new UsageException(option.getKey() + " " + mine + " is not the runs' " + theirs + " (" + file
                        + "): --add takes the test from the runs");
            }
        }
    }

    private static int exitStatus(SprtDecision decision, PrintWriter out) {
        int status = switch (decision) {
            case H1_ACCEPTED -> H1;
            case H0_ACCEPTED -> H0;
            case CONTINUE -> UNDECIDED;
        };
        out.println(switch (decision) {
            case H1_ACCEPTED -> "H1 accepted: the candidate is better";
            case H0_ACCEPTED -> "H0 accepted: the candidate is not better by elo1";
            case CONTINUE -> "undecided";
        });
        out.flush();
        return status;
    }
}
