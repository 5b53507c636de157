package org.pyramidarena.arena.server.contest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.ratings.Rating;
import org.pyramidarena.tournaments.ratings.RatingOptions;
import org.pyramidarena.tournaments.ratings.RatingPool;
import org.pyramidarena.tournaments.ratings.RatingTable;
import org.pyramidarena.tournaments.ratings.Standings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The live leaderboard: the tournaments module's joint Bradley-Terry fit (Elo scale, bootstrap error
 * bars) over every finished qualifying and ladder match, old versions and the built-in random bot
 * included (they anchor the others' ratings), showing each team's version on the ladder.
 *
 * <p>It is fitted again on a thread of its own after matches end, at most about once a second, so
 * a match's end never waits for the fit. Each fit reads only the matches finished since the last one
 * and adds them to a {@link RatingPool}, which keeps per-pair counts, so neither the read nor what
 * the fit reads grows with every match (see {@link #refreshRatings}). The error bars come from the
 * pool's bootstrap (200 replicates, each one more fit, seeded from the contest's seed): for a small
 * contest (fewer than {@value #BACKGROUND_BOOTSTRAP_BOTS} rated bots) on the refit's thread, so each
 * fit shows its own bars; for a larger one on another thread (see {@link #refreshErrorBars}), so
 * the Elo keeps up with the matches while the bars follow, each version's bar from the last
 * bootstrap done. Either way the same matches give the same leaderboard once the bootstrap of the
 * last fit is done: the fit depends on the matches alone, not on the order they were read in.
 */
public final class Leaderboard implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Leaderboard.class);
    private static final int BOOTSTRAP_SAMPLES = 200;
    private static final long REFIT_MILLIS = 1000;
    /** The matches read in one query: a bound on the statement's parameters and on what one read holds. */
    private static final int PAGE = 500;
    /**
     * From this many rated bots on, the bootstrap runs on a thread of its own: with 1,500 it took
     * 15 to 30 s (LeaderboardBenchmark.errorBars), with a few dozen a few milliseconds.
     */
    static final int BACKGROUND_BOOTSTRAP_BOTS = 100;

    private final ContestDatabase db;
    private final String contest;
    private final int backgroundBootstrapBots;
    private final Thread refitter;
    private final Thread bootstrapper;
    private volatile List<Row> rows = List.of();
    private volatile Map<String, Double> elos = Map.of();
    private volatile long fittedMatches;
    private final List<LongConsumer> listeners = new CopyOnWriteArrayList<>();
    /** Held while the pool, what has been read into it, or the fits change. */
    private final Object fitLock = new Object();
    private final RatingPool pool;
    /** Every rated match with an id up to this one is in the pool, failed, dropped or {@link #pending}. */
    private long countedThrough;
    /** The rated matches up to {@link #countedThrough} unfinished at the last fit, by id, in order. */
    private List<Long> pending = List.of();
    /** The pool as last fitted, and its fits: the Elo's, and the last one with error bars (possibly older). */
    private RatingPool.Snapshot snapshot;
    private RatingTable eloTable;
    private RatingTable errorTable;
    private long errorTableRecords = -1;
    private int lastRead;
    private boolean dirty;
    private boolean bootstrapWanted;
    private boolean closed;

    /**
     * One line of the leaderboard.
     *
     * @param rank 1 for the best Elo; teams with no rated game yet share the last rank
     * @param team the team
     * @param version the version on the ladder
     * @param label the version's label
     * @param elo its Elo (NaN before its first rated game)
     * @param error half the width of its 95% interval (NaN when unknown)
     * @param games the rated games it played
     * @param scorePercent its pairwise score, in percent
     */
    public record Row(int rank, String team, int version, String label, double elo, double error, long games,
                      double scorePercent) {
    }

    /**
     * A leaderboard over a contest's database, not fitted yet ({@link #refresh} or {@link #changed} fits it).
     *
     * @param contest the contest's name, the tournament its match records name
     * @param seed the contest's seed, from which the bootstrap's is derived
     */
    public Leaderboard(ContestDatabase db, String contest, MasterSeed seed) {
        this(db, contest, seed, BACKGROUND_BOOTSTRAP_BOTS);
    }

    /** @param backgroundBootstrapBots from how many rated bots on the refit loop bootstraps on a thread of its own */
    Leaderboard(ContestDatabase db, String contest, MasterSeed seed, int backgroundBootstrapBots) {
        this.db = db;
        this.contest = contest;
        this.backgroundBootstrapBots = backgroundBootstrapBots;
        this.pool = new RatingPool(RatingOptions.defaults().withBootstrap(BOOTSTRAP_SAMPLES, seed.derive("ratings")));
        this.refitter = new Thread(this::refitLoop, "leaderboard");
        refitter.setDaemon(true);
        refitter.start();
        this.bootstrapper = new Thread(this::bootstrapLoop, "leaderboard-bootstrap");
        bootstrapper.setDaemon(true);
        bootstrapper.start();
    }

    /** The leaderboard as last fitted. */
    public List<Row> rows() {
        return rows;
    }

    /** The matches the last fit counted. */
    public long fittedMatches() {
        return fittedMatches;
    }

    /** Every rated bot's Elo by label, as last fitted: every version that has played, the older ones too. */
    public Map<String, Double> elos() {
        return elos;
    }

    /**
     * Hears every fit made on the leaderboard's own threads after matches ended (not the first, made
     * at start), and every bootstrap done on its own thread: given the rated matches the fit counted.
     * Called on those threads; a listener must not block.
     */
    public void onRefit(LongConsumer listener) {
        listeners.add(listener);
    }

    /** Asks for a new fit. */
    synchronized void changed() {
        dirty = true;
        notifyAll();
    }

    /**
     * Waits until a flag is set or the leaderboard is closed, and takes the flag down.
     *
     * @return false when the leaderboard is closed (or the thread interrupted): the loop ends
     */
    private synchronized boolean awaitWanted(BooleanSupplier wanted, Runnable takeDown) {
        while (!wanted.getAsBoolean() && !closed) {
            try {
                wait();
            } catch (InterruptedException e) {
                return false;
            }
        }
        if (closed) {
            return false;
        }
        takeDown.run();
        return true;
    }

    private void refitLoop() {
        while (awaitWanted(() -> dirty, () -> dirty = false)) {
            try {
                refreshRatings();
                if (bots() < backgroundBootstrapBots) {
                    refreshErrorBars();
                } else {
                    synchronized (this) {
                        bootstrapWanted = true;
                        notifyAll();
                    }
                }
                tellListeners();
                Thread.sleep(REFIT_MILLIS);
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                LOG.warn("the leaderboard could not be fitted: {}", e.toString());
            }
        }
    }

    /** The least pause between two background bootstraps of the error bars. */
    private static final long BOOTSTRAP_PAUSE_MILLIS = 5_000;

    private void bootstrapLoop() {
        while (awaitWanted(() -> bootstrapWanted, () -> bootstrapWanted = false)) {
            try {
                long begun = System.nanoTime();
                if (refreshErrorBars()) {
                    tellListeners();
                }
                // At most half a core, and a pause of a few seconds at least: on a machine whose cores also play the
                // ladder and answer the pages, the error bars trail a little more and take no core for themselves.
                Thread.sleep(Math.max(BOOTSTRAP_PAUSE_MILLIS, (System.nanoTime() - begun) / 1_000_000));
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                synchronized (this) {
                    if (closed) {
                        return;
                    }
                }
                LOG.warn("the leaderboard's error bars could not be computed: {}", e.toString());
            }
        }
    }

    private void tellListeners() {
        long fitted = fittedMatches;
        listeners.forEach(listener -> listener.accept(fitted));
    }

    private int bots() {
        synchronized (fitLock) {
            return snapshot == null ? 0 : snapshot.bots();
        }
    }

    /**
     * Fits the ratings and their error bars now, on the calling thread, with the matches finished
     * since the last fit: {@link #refreshRatings} then {@link #refreshErrorBars}.
     */
    public void refresh() {
        refreshRatings();
        refreshErrorBars();
    }

    /**
     * Fits the Elo now, on the calling thread, with the matches finished since the last fit; the
     * error bars stay those of the last bootstrap (NaN for a version it did not rate).
     *
     * <p>A refit reads only what it has not counted: every rated match up to the highest id there
     * was at the last fit is counted, failed, dropped, or was unfinished then and is looked up again
     * by its id; the matches after it are read once they are done. Matches finish out of id order
     * (several workers, possibly in other processes), hence the unfinished ones are kept by id. The
     * results are added to a {@link RatingPool}, which keeps them as per-pair counts, and the fit
     * runs on those counts: its cost grows with the pairs of bots met, not with the matches. When no
     * match finished, the last fit is kept and only the rows (the versions on the ladder) are made again.
     */
    public void refreshRatings() {
        synchronized (fitLock) {
            long ceiling = db.lastMatchId();
            long from = pending.isEmpty() ? countedThrough + 1 : Math.min(pending.get(0), countedThrough + 1);
            List<Long> unfinished = db.unfinishedMatchIds(ContestRunner.RATED, from);
            List<ContestDatabase.Match> found = new ArrayList<>();
            for (int start = 0; start < pending.size(); start += PAGE) {
                found.addAll(db.finishedMatchesAmong(ContestRunner.RATED,
                        pending.subList(start, Math.min(pending.size(), start + PAGE))));
            }
            long after = countedThrough;
            while (true) {
                List<ContestDatabase.Match> page = db.finishedMatchesBetween(ContestRunner.RATED, after, ceiling, PAGE);
                found.addAll(page);
                if (page.size() < PAGE) {
                    break;
                }
                after = page.get(page.size() - 1).id();
            }
            // Every read is done before the pool changes, so a failed read leaves it as it was.
            List<MatchRecord> records = new ArrayList<>(found.size());
            Set<Long> counted = new HashSet<>();
            for (ContestDatabase.Match match : found) {
                records.add(ContestDatabase.record(contest, match));
                counted.add(match.id());
            }
            records.forEach(pool::add);
            pending = unfinished.stream().filter(id -> id <= ceiling && !counted.contains(id)).toList();
            countedThrough = ceiling;
            lastRead = records.size();
            if (snapshot == null || !records.isEmpty()) {
                snapshot = pool.snapshot();
                eloTable = snapshot.records() == errorTableRecords ? errorTable : snapshot.eloOnly(Standings.OVERALL);
            }
            publish();
            fittedMatches = pool.records();
        }
    }

    /**
     * Computes the error bars of the last fit now, on the calling thread, unless they are computed
     * already: the bootstrap's 200 replicates, each one more fit over the pool's counts, which takes
     * most of a refit's time in a large contest. Meanwhile the Elo may be fitted again; bars
     * computed for an older fit are shown with the newer Elo until the next bootstrap.
     *
     * @return whether it computed them (false when the last fit had them already)
     */
    public boolean refreshErrorBars() {
        RatingPool.Snapshot fitted;
        synchronized (fitLock) {
            if (snapshot == null || snapshot.records() == errorTableRecords) {
                return false;
            }
            fitted = snapshot;
        }
        RatingTable withErrors = fitted.table(Standings.OVERALL);
        synchronized (fitLock) {
            if (fitted.records() > errorTableRecords) {
                errorTable = withErrors;
                errorTableRecords = fitted.records();
                if (snapshot == fitted) {
                    eloTable = withErrors;
                }
                publish();
            }
        }
        return true;
    }

    /** The matches the last {@link #refreshRatings} read from the database: those finished since the one before. */
    int lastRead() {
        synchronized (fitLock) {
            return lastRead;
        }
    }

    /** Makes the rows: the Elo of the last fit, each with its error bar from the last bootstrap (NaN before one). */
    private void publish() {
        Map<String, Rating> byBot = new HashMap<>();
        if (eloTable != null) {
            eloTable.ratings().forEach(r -> byBot.put(r.bot(), r));
        }
        Map<String, Double> errors = new HashMap<>();
        if (errorTable != null) {
            errorTable.ratings().forEach(r -> errors.put(r.bot(), r.error()));
        }
        List<Row> unsorted = new ArrayList<>();
        for (ContestDatabase.Version version : db.activeVersions()) {
            Rating rating = byBot.get(version.label());
            unsorted.add(new Row(0, version.team(), version.number(), version.label(),
                    rating == null ? Double.NaN : rating.elo(), rating == null ? Double.NaN
                    : errors.getOrDefault(version.label(), Double.NaN),
                    rating == null ? 0 : rating.games(), rating == null ? Double.NaN : rating.scorePercent()));
        }
        unsorted.sort((a, b) -> {
            if (Double.isNaN(a.elo()) != Double.isNaN(b.elo())) {
                return Double.isNaN(a.elo()) ? 1 : -1;
            }
            int byElo = Double.isNaN(a.elo()) ? 0 : Double.compare(b.elo(), a.elo());
            return byElo != 0 ? byElo : a.team().compareTo(b.team());
        });
        int rated = (int) unsorted.stream().filter(r -> !Double.isNaN(r.elo())).count();
        List<Row> ranked = new ArrayList<>();
        for (int i = 0; i < unsorted.size(); i++) {
            Row row = unsorted.get(i);
            int rank = Double.isNaN(row.elo()) ? rated + 1 : i + 1;
            ranked.add(new Row(rank, row.team(), row.version(), row.label(), row.elo(), row.error(), row.games(),
                    row.scorePercent()));
        }
        Map<String, Double> fitted = new HashMap<>();
        byBot.forEach((bot, rating) -> fitted.put(bot, rating.elo()));
        elos = Map.copyOf(fitted);
        rows = List.copyOf(ranked);
    }

    @Override
    public synchronized void close() {
        closed = true;
        notifyAll();
        refitter.interrupt();
        bootstrapper.interrupt();
    }
}
