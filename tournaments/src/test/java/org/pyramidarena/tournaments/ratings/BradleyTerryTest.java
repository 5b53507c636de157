package org.pyramidarena.tournaments.ratings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.SplittableRandom;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pyramidarena.tournaments.RandomRecords;

/** The fit over {@link BradleyTerry.Pairs} against the plain loops it replaced, bit for bit. */
class BradleyTerryTest {

    @ParameterizedTest
    @CsvSource({"1, 40, false, false", "2, 40, true, true", "3, 3000, false, false", "4, 3000, true, true",
            "5, 3000, true, false", "6, 3000, false, true"})
    void theFitIsExactlyThePlainLoops(long seed, int count, boolean seatAdvantage, boolean fitAdvantage) {
        PairwiseData data = new PairwiseData(RandomRecords.of(seed, count), seatAdvantage);
        int cells = data.cellCount();
        int bots = data.bots.size();
        double[] games = new double[cells];
        double[] score = new double[cells];
        for (int c = 0; c < cells; c++) {
            games[c] = data.twoPlayerGames[c] + data.multiPlayerWeight[c] + 0.5;
            score[c] = data.twoPlayerScore[c] + data.multiPlayerScore[c] + 0.25;
        }
        double[] start = new double[bots + 1];
        assertFit(bots, data.first, data.second, data.advantage, games, score, fitAdvantage, start);
        // A warm start away from the maximum, as the bootstrap's refits have.
        SplittableRandom random = new SplittableRandom(seed);
        for (int k = 0; k <= bots; k++) {
            start[k] = random.nextGaussian();
        }
        assertFit(bots, data.first, data.second, data.advantage, games, score, fitAdvantage, start);
    }

    @ParameterizedTest
    @CsvSource({"7, false", "8, true"})
    void cellsInAnyOrderAndSeveralGroupsFitExactlyAsThePlainLoops(long seed, boolean fitAdvantage) {
        SplittableRandom random = new SplittableRandom(seed);
        int bots = 30;
        int cells = 200;
        int[] first = new int[cells];
        int[] second = new int[cells];
        boolean[] advantaged = new boolean[cells];
        double[] games = new double[cells];
        double[] score = new double[cells];
        for (int c = 0; c < cells; c++) {
            // Two groups that never meet: bots 0-19 and 20-29; cells unsorted, first above second too.
            int base = random.nextInt(3) == 0 ? 20 : 0;
            int size = base == 0 ? 20 : 10;
            first[c] = base + random.nextInt(size);
            second[c] = base + (first[c] - base + 1 + random.nextInt(size - 1)) % size;
            advantaged[c] = random.nextBoolean();
            games[c] = 1 + random.nextInt(5);
            score[c] = 0.5 * random.nextInt((int) (2 * games[c]) + 1);
        }
        assertFit(bots, first, second, advantaged, games, score, fitAdvantage, new double[bots + 1]);
    }

    private static void assertFit(int bots, int[] first, int[] second, boolean[] advantaged, double[] games,
                                  double[] score, boolean fitAdvantage, double[] start) {
        double[] expected = ReferenceBradleyTerry.fit(bots, first, second, advantaged, games, score, fitAdvantage,
                start);
        assertArrayEquals(expected, BradleyTerry.fit(bots, first, second, advantaged, games, score, fitAdvantage,
                start));
        BradleyTerry.Pairs pairs = new BradleyTerry.Pairs(bots, first, second, advantaged);
        assertArrayEquals(expected, BradleyTerry.fit(pairs, games, score, fitAdvantage, start));
        assertArrayEquals(expected, BradleyTerry.fit(pairs, games, score, fitAdvantage, start), "reused pairs");
    }
}
