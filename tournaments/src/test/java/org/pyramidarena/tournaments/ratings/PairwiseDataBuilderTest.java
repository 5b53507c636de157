package org.pyramidarena.tournaments.ratings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.RandomRecords;

/** The pairwise data added up match by match against the computation over the whole list it replaced. */
class PairwiseDataBuilderTest {

    @ParameterizedTest
    @CsvSource({"1, 1, false", "2, 3, true", "3, 60, false", "4, 60, true", "5, 3000, false", "6, 3000, true"})
    void theBuilderGivesExactlyWhatTheListGave(long seed, int count, boolean seatAdvantage) {
        List<MatchRecord> records = RandomRecords.of(seed, count);
        ListPairwiseData expected = new ListPairwiseData(records, seatAdvantage);
        PairwiseData.Builder builder = new PairwiseData.Builder(seatAdvantage);
        records.forEach(builder::add);
        PairwiseData actual = new PairwiseData(builder);
        assertEquals(expected.bots, actual.bots);
        assertArrayEquals(expected.first, actual.first);
        assertArrayEquals(expected.second, actual.second);
        assertArrayEquals(expected.advantage, actual.advantage);
        assertArrayEquals(expected.twoPlayerGames, actual.twoPlayerGames);
        assertArrayEquals(expected.twoPlayerScore, actual.twoPlayerScore);
        assertArrayEquals(expected.twoPlayerDraws, actual.twoPlayerDraws);
        assertArrayEquals(expected.multiPlayerWeight, actual.multiPlayerWeight);
        assertArrayEquals(expected.multiPlayerScore, actual.multiPlayerScore);
        assertArrayEquals(expected.games, actual.games);
        assertArrayEquals(expected.pairGames, actual.pairGames);
        assertArrayEquals(expected.pairScore, actual.pairScore);
        assertArrayEquals(expected.pairDraws, actual.pairDraws);
        assertEquals(expected.signatures.size(), actual.signatures.size());
        for (int k = 0; k < expected.signatures.size(); k++) {
            ListPairwiseData.Signature e = expected.signatures.get(k);
            PairwiseData.Signature a = actual.signatures.get(k);
            assertEquals(e.count(), a.count());
            assertEquals(e.weight(), a.weight());
            assertArrayEquals(e.cells(), a.cells());
            assertArrayEquals(e.scores(), a.scores());
        }
    }
}
