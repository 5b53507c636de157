package org.pyramidarena.arena.server.contest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
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
 * included (they anchor the others' ratings), showing each team's version on the ladder. It is
 * fitted again on a thread of its own after matches end, at most about once a second, so a match's
 * end never waits for the fit; each fit reads only the matches finished since the last one and
 * fits per-pair counts, not matches (see {@link #refresh}), with the error bars of {@link RatingPool}'s
 * bootstrap, seeded from the contest's seed: the same matches give the same leaderboard.
 */
public final class Leaderboard implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Leaderboard.class);
    private static final int BOOTSTRAP_SAMPLES = 200;
    private static final long REFIT_MILLIS = 1000;
    /** The matches read in one query: a bound on the statement's parameters and on what one read holds. */
    private static final int PAGE = 500;

    private final ContestDatabase db;
    private final String contest;
    private final Thread refitter;
    private volatile List<Row> rows = List.of();
    private volatile Map<String, Double> elos = Map.of();
    private volatile long fittedMatches;
    private final List<LongConsumer> listeners = new CopyOnWriteArrayList<>();
    /** Held by a fit: the pool and what has been read into it. */
    private final Object fitLock = new Object();
    private final RatingPool pool;
    /** Every rated match with an id up to this one is in the pool, failed, dropped or {@link #pending}. */
    private long countedThrough;
    /** The rated matches up to {@link #countedThrough} unfinished at the last fit, by id, in order. */
    private List<Long> pending = List.of();
    private RatingTable table;
    private int lastRead;
    private boolean dirty;
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

    Leaderboard(ContestDatabase db, String contest, MasterSeed seed) {
        this.db = db;
        this.contest = contest;
        this.pool = new RatingPool(RatingOptions.defaults().withBootstrap(BOOTSTRAP_SAMPLES, seed.derive("ratings")));
        this.refitter = new Thread(this::refitLoop, "leaderboard");
        refitter.setDaemon(true);
        refitter.start();
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
     * Hears every fit made on the leaderboard's own thread after matches ended (not the first, made
     * at start): given the rated matches the fit counted. Called on that thread; a listener must not
     * block.
     */
    public void onRefit(LongConsumer listener) {
        listeners.add(listener);
    }

    /** Asks for a new fit. */
    synchronized void changed() {
        dirty = true;
        notifyAll();
    }

    private void refitLoop() {
        while (true) {
            synchronized (this) {
                while (!dirty && !closed) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                if (closed) {
                    return;
                }
                dirty = false;
            }
            try {
                refresh();
                long fitted = fittedMatches;
                listeners.forEach(listener -> listener.accept(fitted));
                Thread.sleep(REFIT_MILLIS);
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                LOG.warn("the leaderboard could not be fitted: {}", e.toString());
            }
        }
    }

    /**
     * Fits the ratings now, on the calling thread, with the matches finished since the last fit.
     *
     * <p>A refit reads only what it has not counted: every rated match up to the highest id there
     * was at the last fit is counted, failed, dropped, or was unfinished then and is looked up again
     * by its id; the matches after it are read once they are done. Matches finish out of id order
     * (several workers, possibly in other processes), hence the unfinished ones are kept by id. The
     * results are added to a {@link RatingPool}, which keeps them as per-pair counts, and the fit
     * runs on those counts: its cost grows with the pairs of bots met, not with the matches. When no
     * match finished, the last fit is kept and only the rows (the versions on the ladder) are made again.
     */
    public void refresh() {
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
            if (!records.isEmpty() || table == null && pool.records() > 0) {
                table = pool.table(Standings.OVERALL);
            }
            publish(table);
            fittedMatches = pool.records();
        }
    }

    /** The matches the last {@link #refresh} read from the database: those finished since the one before. */
    int lastRead() {
        synchronized (fitLock) {
            return lastRead;
        }
    }

    private void publish(RatingTable table) {
        Map<String, Rating> byBot = new HashMap<>();
        if (table != null) {
            table.ratings().forEach(r -> byBot.put(r.bot(), r));
        }
        List<Row> unsorted = new ArrayList<>();
        for (ContestDatabase.Version version : db.activeVersions()) {
            Rating rating = byBot.get(version.label());
            unsorted.add(new Row(0, version.team(), version.number(), version.label(),
                    rating == null ? Double.NaN : rating.elo(), rating == null ? Double.NaN : rating.error(),
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
    }
}
