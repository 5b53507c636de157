package org.pyramidarena.arena.balance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.stats.Balance;

/**
 * A study of several cells computes each cell's metrics (a thousand bootstrap resamples by
 * default) while the next cell's games are played, instead of holding the match threads until they
 * are done; the cells and metrics are those of playing the cells one after another.
 */
class CellMetricsOverlapTest {

    private static final int GAMES = 400;
    private static final int SAMPLES = 200;

    @TempDir
    Path temp;

    @Test
    void aCellsMetricsAreComputedWhileTheNextCellPlaysAndAreTheSameAsOneAfterAnother() throws Exception {
        StudyPlan plan = new StudyPlan(List.of("pylon", "pyraos", "pyrinoes"), null, null, List.of("first"), GAMES,
                SAMPLES, "5", "1s", null, null, "in-process", "none", null, 1, null, null, 2, false, null, null);
        List<Setup> setups = Setup.parse(plan.setups(), null, null);
        MasterSeed seed = MasterSeed.of(5);
        // Each cell's games: the sixty-forty game's, on seeds of their own, so that the cells differ.
        List<List<double[]>> features = new ArrayList<>();
        List<GameMeasures> measures = new ArrayList<>();
        for (int cell = 0; cell < setups.size(); cell++) {
            CellObserver observer = SixtyFortyCells.play(new GameSetup(2, "standard"), GAMES, MasterSeed.of(11 + cell));
            features.add(observer.features());
            measures.add(observer.measures());
        }
        List<String> readBy = new ArrayList<>();
        List<Boolean> nextCellStarted = new ArrayList<>();
        List<CountDownLatch> started = List.of(new CountDownLatch(1), new CountDownLatch(1), new CountDownLatch(1));
        BalanceStudy.Player player = new BalanceStudy.Player() {
            @Override
            public int rotation(Setup setup) {
                return 2;
            }

            @Override
            public BalanceStudy.Played play(Setup setup, String bot, int games, Path folder) {
                int cell = setups.indexOf(setup);
                started.get(cell).countDown();
                List<double[]> rows = features.get(cell);
                List<double[]> watched = new AbstractList<>() {
                    @Override
                    public double[] get(int index) {
                        if (index == 0) {
                            synchronized (readBy) {
                                readBy.add(Thread.currentThread().getName());
                            }
                            // A cell's metrics wait for the next cell's games to begin: played one
                            // after another, they would wait in vain.
                            if (cell + 1 < setups.size()) {
                                try {
                                    boolean begun = started.get(cell + 1).await(10, TimeUnit.SECONDS);
                                    synchronized (nextCellStarted) {
                                        nextCellStarted.add(begun);
                                    }
                                } catch (InterruptedException e) {
                                    throw new IllegalStateException(e);
                                }
                            }
                        }
                        return rows.get(index);
                    }

                    @Override
                    public int size() {
                        return rows.size();
                    }
                };
                return new BalanceStudy.Played(new Balance.Builder().build(), measures.get(cell), watched);
            }
        };
        BalanceStudy study = new BalanceStudy(plan, setups, List.of("first"), List.of("first"), temp, seed, player);
        BalanceStudy.Findings findings = study.run();

        assertEquals(List.of(true, true), nextCellStarted, "each cell's metrics ran while the next cell played");
        assertTrue(readBy.stream().noneMatch(name -> name.equals(Thread.currentThread().getName())),
                "the metrics are computed off the thread that plays the cells: " + readBy);
        assertEquals(setups.size(), findings.result().cells().size());
        for (int cell = 0; cell < setups.size(); cell++) {
            StudyResult.Cell found = findings.result().cells().get(cell);
            assertEquals(setups.get(cell), found.setup(), "the cells in the grid's order");
            Metrics.Result alone = Metrics.compute(features.get(cell), 2, measures.get(cell), 2, SAMPLES,
                    Metrics.seed(seed, 2));
            assertEquals(alone.estimates(), found.metrics().estimates(), "cell " + cell);
            assertArrayEquals(alone.advantageReplicates(), found.metrics().advantageReplicates(), "cell " + cell);
        }
        assertNotEquals(findings.result().cells().get(0).metrics().estimates(),
                findings.result().cells().get(1).metrics().estimates(), "the cells' own games, not one cell's twice");
    }
}
