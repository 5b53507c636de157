package org.pyramidarena.arena.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.bots.Isolation;
import org.pyramidarena.arena.bots.RunDirectory;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.tournament.BotSources;
import org.pyramidarena.arena.tournament.Matches;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.pairing.MatchSpec;
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
 * 3 when {@code --max-games} ends the test undecided (the calculator modes: 0, 1 or 3 likewise).
 *
 * <p>{@code --out DIR} keeps a played run's test, seed and counts in {@code DIR/sprt.json} ({@link
 * SprtRun}); {@code --add} sums the counts of such runs of one test played on different seeds (on
 * several machines, say) and computes the test of the sum.
 */
@Command(name = "sprt", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Is the candidate better than the baseline? A sequential probability ratio test played as "
                + "seat-swapped pairs on shared deals; exits 0 when H1 is accepted, 1 when H0 is, 3 when "
                + "--max-games ends it undecided.",
            "With --wdl or --pentanomial it only computes the test from the counts given; with --add it adds up "
                + "the counts of runs on several machines that --out wrote."})
final class SprtCommand implements java.util.concurrent.Callable<Integer> {

    /** Exit status: the candidate is better (H1 accepted). */
    static final int H1 = 0;
    /** Exit status: the candidate is not better by elo1 (H0 accepted). */
    static final int H0 = 1;
    /** Exit status: the game budget ran out first. */
    static final int UNDECIDED = 3;

    /** Pairs between two progress lines. */
    private static final int REPORT_EVERY_PAIRS = 100;

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

    @Mixin
    ClockOptions clockOptions;

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
        Game definition = Games.byId(game);
        if (definition.minPlayers() > 2) {
            throw new UsageException("sprt plays seat-swapped pairs of two-player games; " + game
                    + " needs at least " + definition.minPlayers() + " players");
        }
        String variantPlayed = variant == null ? definition.defaultVariant() : variant;
        Rules<?, ?> rules = definition.rules(GameSetup.parse(2, variantPlayed));
        TimeControl clock = clockOptions.timeControl(TimeControl.ClockKind.CPU);
        int parallel = concurrency == null ? Runtime.getRuntime().availableProcessors() : concurrency;
        if (parallel < 1) {
            throw new UsageException("--concurrency must be at least 1, not " + parallel);
        }
        Sandbox sandbox = botOptions.sandbox(spec.commandLine().getErr());
        try (RunDirectory run = botOptions.runDirectory();
             BotSources bots = new BotSources(botOptions.loader(run, sandbox))) {
            for (String bot : List.of(candidate, baseline)) {
                if (!bots.plays(bot, definition)) {
                    throw new UsageException("bot '" + bot + "' does not play " + game);
                }
            }
            RunFile runFile = outDirectory == null ? null : new RunFile(outDirectory, variantPlayed, options);
            out.println(header(game, candidate, baseline, options) + ", seed " + SeedOption.shown(seed));
            out.flush();
            Sprt test = play(out, runFile, rules, bots, clock, Sprt.start(options), parallel);
            int status = conclude(out, runFile, test);
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
     * Plays pairs until a bound is crossed or the budget ends. Pairs run {@code parallel} at a time
     * but are folded into the test strictly in pair order, and the test stops at the first pair
     * that decides it: the answer does not depend on the concurrency.
     */
    private Sprt play(PrintWriter out, RunFile runFile, Rules<?, ?> rules, BotSources bots, TimeControl clock,
                      Sprt start, int parallel) {
        long maxPairs = maxGames / 2;
        ExecutorService pool = Executors.newFixedThreadPool(parallel, runnable -> {
            Thread thread = new Thread(runnable, "sprt-pair");
            thread.setDaemon(true);
            return thread;
        });
        Sprt test = start;
        try {
            List<Future<double[]>> inFlight = new ArrayList<>();
            long nextPair = 0;
            long folded = 0;
            while (folded < maxPairs) {
                while (inFlight.size() < 2 * parallel && nextPair < maxPairs) {
                    long pair = nextPair++;
                    inFlight.add(pool.submit(() -> playPair(rules, bots, clock, pair)));
                }
                double[] scores = inFlight.remove(0).get();
                test = test.afterPair(scores[0], scores[1]);
                folded++;
                if (test.decision() != SprtDecision.CONTINUE) {
                    break;
                }
                if (folded % REPORT_EVERY_PAIRS == 0 && folded < maxPairs) {
                    out.println(test.statusLine());
                    out.flush();
                    if (runFile != null) {
                        runFile.write(test, false);
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("a match failed: " + e.getCause(), e.getCause());
        } finally {
            // The pairs still playing end before their bots are closed: a pair that started its next
            // match meanwhile would otherwise start a bot process after the close, which nobody ends.
            pool.shutdownNow();
            try {
                pool.awaitTermination(1, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return test;
    }

    /**
     * The candidate's scores in a pair: seat 0 first, then seat 1, on one deal. The pair's deal seed
     * is {@code seed.derive("deal", pair)}, its matches' seeds {@code seed.derive("match", 2 * pair + candidateSeat)}.
     */
    private double[] playPair(Rules<?, ?> rules, BotSources bots, TimeControl clock, long pair) {
        long deal = seed.derive(MatchSpec.DEAL_STREAM, pair);
        double[] scores = new double[2];
        for (int candidateSeat = 0; candidateSeat < 2; candidateSeat++) {
            List<String> seats = candidateSeat == 0 ? List.of(candidate, baseline) : List.of(baseline, candidate);
            MatchSettings settings = new MatchSettings(seed.derive(MatchSpec.MATCH_STREAM, 2 * pair + candidateSeat),
                    deal, clock, MatchSettings.DEFAULT_ACTION_LIMIT);
            MatchResult result = Matches.play(rules, seats, List.of("seat0@p" + pair, "seat1@p" + pair), bots,
                    settings);
            int mine = result.outcome().rank(candidateSeat);
            int theirs = result.outcome().rank(1 - candidateSeat);
            scores[candidateSeat] = mine < theirs ? 1 : mine == theirs ? 0.5 : 0;
        }
        return scores;
    }

    private int conclude(PrintWriter out, RunFile runFile, Sprt test) {
        out.println(test.statusLine());
        if (runFile != null) {
            runFile.write(test, true);
        }
        return exitStatus(test.decision(), out);
    }

    /**
     * The {@code --out} directory of a played run. Claimed before the first game: a directory that
     * already holds another test's run, or another seed's run of this test (whose counts would be
     * lost), is refused; one holding this very run (the same test and seed, played again) is
     * rewritten. The empty test is written at once, so the directory shows the run from its start.
     */
    private final class RunFile {
        private final Path directory;
        private final String variantPlayed;

        RunFile(Path directory, String variantPlayed, SprtOptions options) {
            this.directory = directory;
            this.variantPlayed = variantPlayed;
            SprtRun fresh = state(Sprt.start(options), false);
            if (Files.exists(directory) && !Files.isDirectory(directory)) {
                throw new UsageException("--out " + directory + " is a file; --out names a directory");
            }
            Path file = directory.resolve(RunFolder.SPRT);
            if (Files.exists(file)) {
                SprtRun existing;
                try {
                    existing = SprtRun.read(file);
                } catch (UsageException e) {
                    throw new UsageException("--out " + directory + " holds a file that is not a run of this arena's "
                            + "sprt (" + e.getMessage() + "); give another --out");
                }
                Optional<String> difference = existing.differenceFrom(fresh, file.toString(), "this run");
                if (difference.isPresent()) {
                    throw new UsageException("--out " + directory + " holds the run of another test (" + difference.get()
                            + "); give another --out");
                }
                if (existing.dealKey() != fresh.dealKey()) {
                    throw new UsageException("--out " + directory + " holds the run of seed " + existing.seed()
                            + ", whose counts this run would replace; give each run its own --out");
                }
            }
            try {
                Files.createDirectories(directory);
            } catch (IOException e) {
                throw new UsageException("cannot create --out " + directory + ": " + e);
            }
            fresh.write(directory);
        }

        private SprtRun state(Sprt test, boolean finished) {
            return SprtRun.of(game, variantPlayed, candidate, baseline, seed, maxGames, test, finished);
        }

        void write(Sprt test, boolean finished) {
            state(test, finished).write(directory);
        }
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
        List<SprtRun> runs = files.stream().map(SprtRun::read).toList();
        SprtRun first = runs.get(0);
        for (int i = 1; i < runs.size(); i++) {
            Optional<String> difference = runs.get(i).differenceFrom(first, files.get(i).toString(),
                    files.get(0).toString());
            if (difference.isPresent()) {
                throw new UsageException(files.get(i) + " and " + files.get(0) + " are runs of different tests ("
                        + difference.get() + ")");
            }
        }
        checkGivenOptionsMatch(first, files.get(0));
        Map<Long, Integer> byDeals = new HashMap<>();
        for (int i = 0; i < runs.size(); i++) {
            Integer same = byDeals.putIfAbsent(runs.get(i).dealKey(), i);
            if (same != null) {
                throw new UsageException(files.get(i) + " and " + files.get(same) + " have the same seed ("
                        + runs.get(i).seed() + "): they played the same deals, so their counts are not independent; "
                        + "give each run its own --seed");
            }
        }
        SprtOptions options = first.options();
        long[] sum = new long[5];
        long wins = 0;
        long draws = 0;
        long losses = 0;
        out.println(header(first.game(), first.candidate(), first.baseline(), options) + ", " + runs.size()
                + " runs added");
        for (int i = 0; i < runs.size(); i++) {
            SprtRun run = runs.get(i);
            long[] counts = run.counts();
            Arrays.setAll(sum, k -> sum[k] + counts[k]);
            wins += run.wins();
            draws += run.draws();
            losses += run.losses();
            out.printf(Locale.ROOT, "%s  seed %s  Games: %d  Ptnml(0-2): %d, %d, %d, %d, %d  (%s)%n", files.get(i),
                    run.seed(), run.games(), counts[0], counts[1], counts[2], counts[3], counts[4],
                    !run.finished() ? "in progress" : run.decision().equals("undecided")
                            ? "finished, undecided" : "finished, " + run.decision() + " accepted");
        }
        Sprt test = Sprt.fromPairs(options, sum, wins, draws, losses);
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
