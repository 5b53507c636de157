package org.pyramidarena.arena.balance;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.match.MatchListener;
import org.pyramidarena.arena.tournament.ContestantFactory;
import org.pyramidarena.arena.tournament.MatchObserver;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.pairing.MatchSpec;

/**
 * Collects the decisions of one cell of a study (a setup and a bot) while its games are played:
 * each game's features are kept at its place in the schedule, so what is collected does not depend
 * on the order in which games finish.
 */
public final class CellObserver implements MatchObserver {

    // Each game's row is written once, at its place, by the thread that played it: no lock, which
    // every match thread would take at every game; features() is read once the runner's threads
    // are over (and joined), which makes every row visible.
    private final AtomicReferenceArray<double[]> features;
    private volatile DecisionCollector.Start start;
    private volatile GameMeasures measures;

    /**
     * @param games the games of the cell, matches 0 to {@code games - 1} of its schedule
     */
    public CellObserver(int games) {
        this.features = new AtomicReferenceArray<>(games);
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

    /** The runner's contestants, each telling the match's collector the legal moves it is handed. */
    @Override
    public ContestantFactory contestants(MatchSpec spec, MatchListener listener, ContestantFactory contestants) {
        return new CountingContestants(contestants, (DecisionCollector) listener);
    }

    @Override
    public void played(MatchSpec spec, MatchListener listener, MatchRecord record) {
        GameTrace trace = ((DecisionCollector) listener).trace(record);
        double[] row = Metrics.features(trace, measures.scored());
        features.lazySet(spec.index(), row);
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
        List<double[]> rows = new ArrayList<>(features.length());
        for (int g = 0; g < features.length(); g++) {
            double[] row = features.get(g);
            if (row == null) {
                throw new IllegalStateException("game " + g + " of the cell was not observed");
            }
            rows.add(Arrays.copyOf(row, row.length));
        }
        return rows;
    }
}
