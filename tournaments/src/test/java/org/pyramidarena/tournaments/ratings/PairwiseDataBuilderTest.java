package org.pyramidarena.tournaments.ratings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.RandomRecords;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.TerminationReason;

/** The pairwise data added up match by match against the computation over the whole list it replaced. */
class PairwiseDataBuilderTest {

    @ParameterizedTest
    @CsvSource({"1, 1, false", "2, 3, true", "3, 60, false", "4, 60, true", "5, 3000, false", "6, 3000, true"})
    void theBuilderGivesExactlyWhatTheListGave(long seed, int count, boolean seatAdvantage) {
        assertSameData(RandomRecords.of(seed, count), seatAdvantage);
    }

    /**
     * Hundreds of bots met in an order unlike their names': the builder's cell table grows many
     * times, and renumbering swaps the bots of about half the cells.
     */
    @ParameterizedTest
    @CsvSource({"7, false", "8, true"})
    void manyBotsAndPairsGiveExactlyWhatTheListGave(long seed, boolean seatAdvantage) {
        SplittableRandom random = new SplittableRandom(seed);
        List<MatchRecord> records = new ArrayList<>();
        for (int match = 0; match < 40_000; match++) {
            int players = random.nextInt(10) == 0 ? 3 : 2;
            List<SeatResult> seats = new ArrayList<>();
            for (int seat = 0; seat < players; seat++) {
                String bot = "bot" + Integer.toString(random.nextInt(400) * 7919 % 400, 7);
                seats.add(new SeatResult(bot, 1 + random.nextInt(players), 0, TerminationReason.NORMAL, 0));
            }
            records.add(new MatchRecord("t", 1, match, players == 2 ? "pylon" : "pyrametto", "standard", seats,
                    TerminationReason.NORMAL, 40, match));
        }
        assertSameData(records, seatAdvantage);
    }

    private static void assertSameData(List<MatchRecord> records, boolean seatAdvantage) {
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
