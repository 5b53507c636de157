package org.pyramidarena.arena.server.contest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongConsumer;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.ratings.Rating;
import org.pyramidarena.tournaments.ratings.RatingOptions;
import org.pyramidarena.tournaments.ratings.RatingTable;
import org.pyramidarena.tournaments.ratings.Standings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The live leaderboard: the tournaments module's joint Bradley-Terry fit (Elo scale, bootstrap error
 * bars) over every finished qualifying and ladder match, old versions and the built-in random bot
 * included (they anchor the others' ratings), showing each team's version on the ladder. It is
 * fitted again on a thread of its own after matches end, at most about once a second, so a match's
 * end never waits for the fit.
 */
public final class Leaderboard implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Leaderboard.class);
    private static final int BOOTSTRAP_SAMPLES = 200;
    private static final long REFIT_MILLIS = 1000;

    private final ContestDatabase db;
    private final String contest;
    private final RatingOptions options;
    private final Thread refitter;
    private volatile List<Row> rows = List.of();
    private volatile Map<String, Double> elos = Map.of();
    private volatile long fittedMatches;
    private final List<LongConsumer> listeners = new CopyOnWriteArrayList<>();
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
        this.options = RatingOptions.defaults().withBootstrap(BOOTSTRAP_SAMPLES, seed.derive("ratings"));
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

    /** Fits the ratings now, on the calling thread. */
    public void refresh() {
        List<ContestDatabase.Match> finished = db.finishedMatches(ContestRunner.RATED);
        List<MatchRecord> records = new ArrayList<>(finished.size());
        finished.forEach(m -> records.add(ContestDatabase.record(contest, m)));
        RatingTable table = null;
        if (!records.isEmpty()) {
            table = Standings.compute(records, options).overall();
        }
        Map<String, Double> fitted = new HashMap<>();
        if (table != null) {
            table.ratings().forEach(r -> fitted.put(r.bot(), r.elo()));
        }
        List<Row> unsorted = new ArrayList<>();
        for (ContestDatabase.Version version : db.activeVersions()) {
            Rating rating = table == null ? null : table.ratings().stream()
                    .filter(r -> r.bot().equals(version.label())).findFirst().orElse(null);
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
        List<Row> ranked = new ArrayList<>();
        for (int i = 0; i < unsorted.size(); i++) {
            Row row = unsorted.get(i);
            int rank = Double.isNaN(row.elo()) ? (int) unsorted.stream().filter(r -> !Double.isNaN(r.elo())).count() + 1
                    : i + 1;
            ranked.add(new Row(rank, row.team(), row.version(), row.label(), row.elo(), row.error(), row.games(),
                    row.scorePercent()));
        }
        elos = Map.copyOf(fitted);
        rows = List.copyOf(ranked);
        fittedMatches = records.size();
    }

    @Override
    public synchronized void close() {
        closed = true;
        notifyAll();
        refitter.interrupt();
    }
}
