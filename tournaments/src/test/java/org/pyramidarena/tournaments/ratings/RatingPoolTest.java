package org.pyramidarena.tournaments.ratings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.pyramidarena.tournaments.MatchRecord;

/** The ratings of a pool fed results one at a time, against the fit of the same records as a list. */
class RatingPoolTest {

    private static final String[] BOTS = {"ada", "bea", "cyd", "dot", "eve", "fay"};

    /**
     * Matches of two, three and four seats (bots drawn with repeats, so a bot may hold two seats),
     * ranks drawn with ties; stronger bots (earlier in {@link #BOTS}) tend to rank better.
     */
    private static List<MatchRecord> mixedMatches(long seed, int count, boolean twoSeatsOnly) {
        Random random = new Random(seed);
        List<MatchRecord> records = new ArrayList<>();
        for (int m = 0; m < count; m++) {
            int players = twoSeatsOnly ? 2 : 2 + random.nextInt(3);
            String[] bots = new String[players];
            int[] ranks = new int[players];
            for (int s = 0; s < players; s++) {
                int bot = random.nextInt(BOTS.length);
                bots[s] = BOTS[bot];
                ranks[s] = 1 + Math.min(players - 1, (bot + random.nextInt(2 * BOTS.length)) / 4);
            }
            records.add(Records.match(players == 2 ? "pylon" : "pyraos", bots, ranks));
        }
        return records;
    }

    private static RatingPool pool(List<MatchRecord> records, RatingOptions options) {
        RatingPool pool = new RatingPool(options);
        records.forEach(pool::add);
        return pool;
    }

    @ParameterizedTest
    @CsvSource({"1, false", "2, true", "3, false"})
    void itsEloIsTheFitOfTheRecordsWithThreeAndFourSeatMatchesToo(long seed, boolean seatAdvantage) {
        List<MatchRecord> records = mixedMatches(seed, 400, false);
        RatingOptions options = RatingOptions.defaults().withBootstrap(20, seed).withFirstSeatAdvantage(seatAdvantage);
        RatingTable expected = Standings.compute(records, options).overall();
        RatingTable actual = pool(records, options).table(Standings.OVERALL);
        assertEquals(expected.ratings().size(), actual.ratings().size());
        for (int row = 0; row < expected.ratings().size(); row++) {
            Rating want = expected.ratings().get(row);
            Rating got = actual.ratings().get(row);
            assertEquals(want.bot(), got.bot(), "row " + row);
            assertEquals(want.elo(), got.elo(), 1e-9, want.bot());
            assertEquals(want.games(), got.games(), want.bot());
            assertEquals(want.scorePercent(), got.scorePercent(), 1e-9, want.bot());
            assertTrue(got.error() > 0 && got.error() < 2 * want.error() && got.error() > want.error() / 2,
                    want.bot() + ": the pairwise bootstrap's bar " + got.error() + " against " + want.error());
        }
        if (seatAdvantage) {
            assertEquals(expected.firstSeatAdvantage(), actual.firstSeatAdvantage(), 1e-9);
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {4, 5})
    void withTwoSeatsOnlyItsErrorBarsAreTheRecordFitsToo(long seed) {
        List<MatchRecord> records = mixedMatches(seed, 300, true);
        RatingOptions options = RatingOptions.defaults().withBootstrap(30, seed);
        RatingTable expected = Standings.compute(records, options).overall();
        RatingTable actual = pool(records, options).table(Standings.OVERALL);
        assertEquals(expected.ratings(), actual.ratings());
    }

    @ParameterizedTest
    @ValueSource(longs = {6, 7})
    void addingMoreAfterAFitGivesWhatAFitFromScratchGivesInAnyOrder(long seed) {
        List<MatchRecord> records = mixedMatches(seed, 500, false);
        RatingOptions options = RatingOptions.defaults().withBootstrap(20, seed);
        RatingPool incremental = pool(records.subList(0, 200), options);
        incremental.table(Standings.OVERALL);
        records.subList(200, 500).forEach(incremental::add);
        List<MatchRecord> shuffled = new ArrayList<>(records);
        Collections.shuffle(shuffled, new Random(seed));
        RatingTable fromScratch = pool(shuffled, options).table(Standings.OVERALL);
        assertEquals(500, incremental.records());
        assertEquals(fromScratch.ratings(), incremental.table(Standings.OVERALL).ratings(),
                "Elo and error bars alike, to the bit");
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4})
    void whatItKeepsGrowsWithThePairsOfBotsNotWithTheGames(int players) {
        PairwiseData.Builder paired = new PairwiseData.Builder(false, true);
        PairwiseData.Builder whole = new PairwiseData.Builder(false);
        Random random = new Random(players);
        for (int m = 0; m < 4000; m++) {
            List<String> seats = new ArrayList<>(List.of(BOTS));
            Collections.shuffle(seats, random);
            int[] ranks = new int[players];
            for (int s = 0; s < players; s++) {
                ranks[s] = 1 + random.nextInt(players);
            }
            MatchRecord record = Records.match("pyraos", seats.subList(0, players).toArray(String[]::new), ranks);
            paired.add(record);
            whole.add(record);
        }
        int pairs = BOTS.length * (BOTS.length - 1) / 2;
        int pairedGroups = new PairwiseData(paired).signatures.size();
        int wholeGroups = new PairwiseData(whole).signatures.size();
        assertTrue(pairedGroups <= 3 * pairs, "a win, a draw and a loss per pair at most: " + pairedGroups);
        assertTrue(wholeGroups > 10 * pairedGroups, "whole games keep one per distinct result: " + wholeGroups);
    }
}
