package org.pyramidarena.tournaments.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.RandomRecords;

/** The balance added up match by match against the computation over the whole list it replaced. */
class BalanceBuilderTest {

    @ParameterizedTest
    @CsvSource({"1, 1", "2, 2", "3, 40", "4, 500", "5, 5000"})
    void theBuilderGivesExactlyWhatTheListGave(long seed, int count) {
        List<MatchRecord> records = RandomRecords.of(seed, count);
        assertEquals(ListBalance.compute(records).groups(), Balance.compute(records).groups());
    }

    @ParameterizedTest
    @CsvSource({"1, 1", "2, 2", "3, 3", "4, 10", "5, 101", "6, 4000"})
    void histogramPercentilesAreCommonsMathsTypeSeven(long seed, int count) {
        java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
        long[] counts = new long[3000];
        double[] lengths = new double[count];
        for (int i = 0; i < count; i++) {
            int moves = random.nextInt(10) == 0 ? random.nextInt(3000) : 40 + random.nextInt(9);
            counts[moves]++;
            lengths[i] = moves;
        }
        Percentile percentile = new Percentile().withEstimationType(Percentile.EstimationType.R_7);
        percentile.setData(lengths);
        GameLength length = Balance.length(counts, count);
        assertEquals(percentile.evaluate(50), length.median());
        assertEquals(percentile.evaluate(95), length.percentile95());
    }
}
