package org.pyramidarena.tournaments.ratings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pyramidarena.tournaments.RandomRecords;

/** The replicates are drawn in order from one generator, so the threads that fit them change nothing. */
class BootstrapTest {

    @ParameterizedTest
    @CsvSource({"1, false", "2, true"})
    void theReplicatesAreTheSameWhateverTheThreads(long seed, boolean seatAdvantage) {
        PairwiseData data = new PairwiseData(RandomRecords.of(seed, 2000), seatAdvantage);
        RatingOptions options = RatingOptions.defaults().withBootstrap(40, seed).withFirstSeatAdvantage(seatAdvantage);
        int cells = data.cellCount();
        int bots = data.bots.size();
        double[] games = new double[cells];
        double[] score = new double[cells];
        for (int c = 0; c < cells; c++) {
            games[c] = data.twoPlayerGames[c] + data.multiPlayerWeight[c];
            score[c] = data.twoPlayerScore[c] + data.multiPlayerScore[c];
        }
        BradleyTerry.Pairs pairs = new BradleyTerry.Pairs(bots, data.first, data.second, data.advantage);
        double[] strengths = BradleyTerry.fit(pairs, games, score, seatAdvantage, new double[bots + 1]);
        Bootstrap bootstrap = new Bootstrap(data, pairs, strengths, options, false);
        double[][] one = bootstrap.replicates(1);
        assertEquals(40, one.length);
        for (int threads : new int[] {2, 3, 8}) {
            double[][] many = bootstrap.replicates(threads);
            for (int r = 0; r < one.length; r++) {
                assertArrayEquals(one[r], many[r], "replicate " + r + " with " + threads + " threads");
            }
        }
    }

    @Test
    void aFitOfFewCellsIsBootstrappedOnTheCallingThreadAndALargerOneOnEveryCore() {
        // Ten bots that all meet make 45 cells: handing each refit to a pool costs more than the refit.
        assertEquals(1, Bootstrap.threadsFor(45, 2));
        assertEquals(1, Bootstrap.threadsFor(Bootstrap.PARALLEL_CELLS - 1, 8));
        assertEquals(8, Bootstrap.threadsFor(Bootstrap.PARALLEL_CELLS, 8));
        assertEquals(2, Bootstrap.threadsFor(499_500, 2));
    }
}
