package org.pyramidarena.arena.balance;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.match.MatchListener;
import org.pyramidarena.arena.tournament.MatchObserver;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.pairing.MatchSpec;

/**
 * Collects the decisions of one cell of a study (a setup and a bot) while its games are played:
 * each game's features are kept at its place in the schedule, so what is collected does not depend
 * on the order in which games finish.
 */
public final class CellObserver implements MatchObserver {

    /**
     * Rows per chunk of the features: a full chunk (32,768 rows of 50-odd doubles, some 14 MB) is a
     * humongous object to G1 with regions of up to 16 MB, allocated where it stays and never copied
     * by a young collection, where 200,000 rows of their own, kept to the cell's end, were copied
     * from region to region (a 200,000-game study's collections paused 326 ms against a
     * tournament's 129 ms of the same games, with -Xlog:gc).
     */
    static final int CHUNK_ROWS = 1 << 15;

    // Each game's row is written once, at its place, by the thread that played it: no lock, which
    // every match thread would take at every game; features() is read once the runner's threads
    // are over (and joined), which makes every row visible. A chunk is made by the first game that
    // falls into it.
    private final int games;
    private final AtomicReferenceArray<double[]> chunks;
    private volatile int width;
    private volatile DecisionCollector.Start start;
    private volatile GameMeasures measures;

    /**
     * @param games the games of the cell, matches 0 to {@code games - 1} of its schedule
     */
    public CellObserver(int games) {
        this.games = games;
        this.chunks = new AtomicReferenceArray<>((games + CHUNK_ROWS - 1) / CHUNK_ROWS);
    }

    @Override
    public MatchListener listener(MatchSpec spec, Rules<?, ?> rules) {
        DecisionCollector.Start known = start;
        if (known == null || known.rules() != rules) {
            synchronized (this) {
                if (start == null || start.rules() != rules) {
                    measures = GameMeasures.of(rules);
                    start = DecisionCollector.Start.of(rules, measures);
                }
                known = start;
            }
        }
        return new DecisionCollector(known);
    }

    @Override
    public void played(MatchSpec spec, MatchListener listener, MatchRecord record) {
        GameTrace trace = ((DecisionCollector) listener).trace(record);
        double[] row = Metrics.features(trace, measures.scored());
        // Every row of a cell has its width: the setup's player count fixes it.
        width = row.length;
        int game = spec.index();
        System.arraycopy(row, 0, chunk(game / CHUNK_ROWS, row.length), (game % CHUNK_ROWS) * row.length, row.length);
    }

    private double[] chunk(int index, int rowWidth) {
        double[] chunk = chunks.get(index);
        if (chunk == null) {
            int rows = Math.min(CHUNK_ROWS, games - index * CHUNK_ROWS);
            chunks.compareAndSet(index, null, new double[rows * rowWidth]);
            chunk = chunks.get(index);
        }
        return chunk;
    }

    /** The measures of the cell's game; null before its first game. */
    public GameMeasures measures() {
        return measures;
    }

    /**
     * Every game's features in schedule order.
     *
     * @throws IllegalStateException when a game was not played
     */
    public List<double[]> features() {
        int rowWidth = width;
        for (int g = 0; g < games; g++) {
            double[] chunk = chunks.get(g / CHUNK_ROWS);
            // Metrics.features sets the column ONE of every row to 1; a row never written holds 0.
            if (chunk == null || chunk[(g % CHUNK_ROWS) * rowWidth + Metrics.ONE] != 1) {
                throw new IllegalStateException("game " + g + " of the cell was not observed");
            }
        }
        // Each row is copied when asked for, so the rows asked for are short-lived, not another
        // copy of the whole cell kept until its metrics are computed.
        return new AbstractList<>() {
            @Override
            public double[] get(int g) {
                Objects.checkIndex(g, games);
                int start = (g % CHUNK_ROWS) * rowWidth;
                return Arrays.copyOfRange(chunks.get(g / CHUNK_ROWS), start, start + rowWidth);
            }

            @Override
            public int size() {
                return games;
            }
        };
    }
}
