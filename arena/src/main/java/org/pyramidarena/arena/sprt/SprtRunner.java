package org.pyramidarena.arena.sprt;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.arena.tournament.ContestantFactory;
import org.pyramidarena.arena.tournament.Matches;
import org.pyramidarena.arena.tournament.Openings;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.pairing.MatchSpec;
import org.pyramidarena.tournaments.sprt.Sprt;
import org.pyramidarena.tournaments.sprt.SprtDecision;
import org.pyramidarena.tournaments.sprt.SprtOptions;

/**
 * Plays a sequential probability ratio test of a candidate bot against a baseline: seat-swapped
 * pairs of matches on shared deals, until the log-likelihood ratio crosses a bound or the game
 * budget is spent. Pairs run {@code concurrency} at a time on threads of the runner's own, but are
 * folded into the test strictly in pair order, and the test stops at the first pair that decides it:
 * the answer does not depend on the concurrency.
 *
 * <p>Pair {@code p}'s deal seed is {@code seed.derive("deal", p)}, its matches' seeds {@code
 * seed.derive("match", 2p + candidateSeat)}, so runs of one test on different master seeds play
 * different deals and their counts add up ({@link SprtRun#added}). Both matches of a pair open
 * alike: the openings' line {@code p} and the random plies of the pair's deal ({@link Openings}).
 * Match {@code 2p + candidateSeat} of a run is pair {@code p} with the candidate in that seat, as
 * {@link #matchSettings} makes it and {@code arena rerun} plays it again.
 */
public final class SprtRunner {

    /** Pairs between two status reports (and two writes of the run's file). */
    public static final int REPORT_EVERY_PAIRS = 100;

    private final SprtMatchup matchup;
    private final SprtOptions options;
    private final MasterSeed seed;
    private final long maxGames;
    private final TimeControl clock;
    private final Openings openings;
    private final int concurrency;
    private final ContestantFactory bots;
    private final Rules<?, ?> rules;
    private Path directory;
    private String isolation;
    private String sandbox;

    /**
     * @param matchup the game and the two bots
     * @param options the test's hypotheses and error rates
     * @param seed the master seed every pair's deal and seeds derive from
     * @param maxGames the game budget, at least 2: the test ends undecided after this many games
     * @param clock each match's time control
     * @param concurrency pairs at once, at least 1
     * @param bots makes the seats' contestants; it must know both bots
     * @throws IllegalArgumentException with one line when a bot does not play the game, or the budget
     *     or the concurrency is too small
     */
    public SprtRunner(SprtMatchup matchup, SprtOptions options, MasterSeed seed, long maxGames, TimeControl clock,
                      int concurrency, ContestantFactory bots) {
        this(matchup, options, seed, maxGames, clock, Openings.NONE, concurrency, bots);
    }

    /**
     * A runner whose pairs start from openings.
     *
     * @param openings where each pair's opening comes from, loaded for the matchup's rules
     * @see #SprtRunner(SprtMatchup, SprtOptions, MasterSeed, long, TimeControl, int, ContestantFactory)
     */
    public SprtRunner(SprtMatchup matchup, SprtOptions options, MasterSeed seed, long maxGames, TimeControl clock,
                      Openings openings, int concurrency, ContestantFactory bots) {
        if (maxGames < 2) {
            throw new IllegalArgumentException("the game budget must be at least 2, not " + maxGames);
        }
        if (concurrency < 1) {
            throw new IllegalArgumentException("the concurrency must be at least 1, not " + concurrency);
        }
        for (String bot : List.of(matchup.candidate(), matchup.baseline())) {
            if (!bots.plays(bot, matchup.definition())) {
                throw new IllegalArgumentException("bot '" + bot + "' does not play " + matchup.game());
            }
        }
        this.matchup = matchup;
        this.options = options;
        this.seed = seed;
        this.maxGames = maxGames;
        this.clock = clock;
        this.openings = openings;
        this.concurrency = concurrency;
        this.bots = bots;
        this.rules = matchup.rules();
    }

    /**
     * Keeps the run in {@code directory/sprt.json} ({@link SprtRun}), rewritten with every status
     * report and at the end. The directory is claimed now, before any game: one that already holds
     * another test's run, or another seed's run of this test (whose counts would be lost), is
     * refused; one holding this very run (the same test and seed, played again) is rewritten. The
     * empty test is written at once, so the directory shows the run from its start.
     *
     * @return this runner
     * @throws IllegalArgumentException with one line when the directory is refused or cannot be
     *     written
     */
    public SprtRunner keptIn(Path directory) {
        return keptIn(directory, "process", "none");
    }

    /**
     * Keeps the run in {@code directory/sprt.json} as {@link #keptIn(Path)} does, recording how its bots
     * run, so that {@code arena rerun} plays a match of it again as it was played.
     *
     * @param isolationMode how bot JARs run: {@code process} or {@code in-process}
     * @param sandboxMode what bot processes run in: {@code bwrap} or {@code none}
     * @return this runner
     */
    public SprtRunner keptIn(Path directory, String isolationMode, String sandboxMode) {
        this.isolation = isolationMode;
        this.sandbox = sandboxMode;
        SprtRun fresh = state(Sprt.start(options), false);
        if (Files.exists(directory) && !Files.isDirectory(directory)) {
            throw new IllegalArgumentException("--out " + directory + " is a file; --out names a directory");
        }
        Path file = directory.resolve(RunFolder.SPRT);
        if (Files.exists(file)) {
            SprtRun existing;
            try {
                existing = SprtRun.read(file);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--out " + directory + " holds a file that is not a run of this "
                        + "arena's sprt (" + e.getMessage() + "); give another --out");
            }
            Optional<String> difference = existing.differenceFrom(fresh, file.toString(), "this run");
            if (difference.isPresent()) {
                throw new IllegalArgumentException("--out " + directory + " holds the run of another test ("
                        + difference.get() + "); give another --out");
            }
            if (existing.dealKey() != fresh.dealKey()) {
                throw new IllegalArgumentException("--out " + directory + " holds the run of seed " + existing.seed()
                        + ", whose counts this run would replace; give each run its own --out");
            }
        }
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot create --out " + directory + ": " + e);
        }
        fresh.write(directory);
        this.directory = directory;
        return this;
    }

    /**
     * Plays pairs until a bound is crossed or the budget ends.
     *
     * @param status hears the test every {@value #REPORT_EVERY_PAIRS} pairs while it goes on, from the
     *     calling thread
     * @return the test at its end: decided, or undecided when the budget ran out
     * @throws IllegalStateException when a match fails (a bot that cannot be started again, a
     *     failure of the referee), the run's file cannot be written, or the thread is interrupted:
     *     the test has not ended
     */
    public Sprt run(Consumer<Sprt> status) {
        return run(status, test -> { });
    }

    /**
     * Plays pairs as {@link #run(Consumer)} does, and tells the test after every pair as well.
     *
     * @param status hears the test every {@value #REPORT_EVERY_PAIRS} pairs while it goes on
     * @param afterEachPair hears the test after every pair folded in, the deciding one included, from
     *     the calling thread: for a progress display
     * @return the test at its end
     */
    public Sprt run(Consumer<Sprt> status, Consumer<Sprt> afterEachPair) {
        long maxPairs = maxGames / 2;
        ExecutorService pool = Executors.newFixedThreadPool(concurrency, runnable -> {
            Thread thread = new Thread(runnable, "sprt-pair");
            thread.setDaemon(true);
            return thread;
        });
        Sprt test = Sprt.start(options);
        try {
            List<Future<double[]>> inFlight = new ArrayList<>();
            long nextPair = 0;
            long folded = 0;
            while (folded < maxPairs) {
                while (inFlight.size() < 2 * concurrency && nextPair < maxPairs) {
                    long pair = nextPair++;
                    inFlight.add(pool.submit(() -> playPair(pair)));
                }
                double[] scores = inFlight.remove(0).get();
                test = test.afterPair(scores[0], scores[1]);
                folded++;
                afterEachPair.accept(test);
                if (test.decision() != SprtDecision.CONTINUE) {
                    break;
                }
                if (folded % REPORT_EVERY_PAIRS == 0 && folded < maxPairs) {
                    status.accept(test);
                    keep(test, false);
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
        keep(test, true);
        return test;
    }

    /**
     * Rewrites the run's file, if it is kept. Its directory was accepted before the first game, so a
     * write that fails now (the directory removed, the disk full) is a failure of the run, not bad input.
     */
    private void keep(Sprt test, boolean finished) {
        if (directory == null) {
            return;
        }
        try {
            state(test, finished).write(directory);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /**
     * The settings of a match of a run: pair {@code match / 2}, the candidate in seat {@code match % 2}.
     *
     * @param seed the run's master seed
     * @param match the match's number in the run, {@code 2 * pair + candidateSeat}
     * @param clock the time control
     * @param openings the run's openings
     * @param game the game's id
     */
    public static MatchSettings matchSettings(MasterSeed seed, long match, TimeControl clock, Openings openings,
                                              String game) {
        long pair = match / 2;
        return new MatchSettings(seed.derive(MatchSpec.MATCH_STREAM, match), seed.derive(MatchSpec.DEAL_STREAM, pair),
                clock, MatchSettings.DEFAULT_ACTION_LIMIT, openings.forGroup(game, pair));
    }

    /** The bots of a match of a run by seat: the candidate in seat {@code match % 2}. */
    public static List<String> seats(SprtMatchup matchup, long match) {
        return match % 2 == 0 ? List.of(matchup.candidate(), matchup.baseline())
                : List.of(matchup.baseline(), matchup.candidate());
    }

    /** The candidate's scores in a pair: seat 0 first, then seat 1, on one deal. */
    private double[] playPair(long pair) {
        double[] scores = new double[2];
        for (int candidateSeat = 0; candidateSeat < 2; candidateSeat++) {
            List<String> seats = seats(matchup, 2 * pair + candidateSeat);
            MatchSettings settings = matchSettings(seed, 2 * pair + candidateSeat, clock, openings, matchup.game());
            MatchResult result = Matches.play(rules, seats, List.of("seat0@p" + pair, "seat1@p" + pair), bots,
                    settings);
            int mine = result.outcome().rank(candidateSeat);
            int theirs = result.outcome().rank(1 - candidateSeat);
            scores[candidateSeat] = mine < theirs ? 1 : mine == theirs ? 0.5 : 0;
        }
        return scores;
    }

    private SprtRun state(Sprt test, boolean finished) {
        return SprtRun.of(matchup.game(), matchup.variant(), matchup.candidate(), matchup.baseline(), seed, maxGames,
                test, finished, clock, isolation, sandbox, openings);
    }
}
