package org.pyramidarena.tournaments.ratings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.pyramidarena.tournaments.ratings.Records.duel;
import static org.pyramidarena.tournaments.ratings.Records.match;
import static org.pyramidarena.tournaments.ratings.Records.times;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.stats.Elo;

class RatingTableTest {
    private static final RatingOptions NO_BOOTSTRAP = RatingOptions.defaults().withBootstrap(0, 1);

    private static List<MatchRecord> threeToOne() {
        return List.of(duel("alpha", "beta", 1), duel("beta", "alpha", 0), duel("alpha", "beta", 1),
                duel("beta", "alpha", 1));
    }

    @Test
    void threeWinsAndOneLossFitFourHundredLogThreeApart() {
        RatingTable table = RatingTable.compute("pylon", threeToOne(), NO_BOOTSTRAP);
        double alpha = table.rating("alpha").elo();
        double beta = table.rating("beta").elo();
        assertEquals(190.849, alpha - beta, 1e-3);
        assertEquals(0.0, alpha + beta, 1e-9, "the pool average is 0");
        assertEquals(1, table.rating("alpha").rank());
        assertEquals(75.0, table.rating("alpha").scorePercent(), 1e-9);
        assertEquals(4, table.rating("alpha").games());
        assertFalse(table.virtualDrawsAdded());
    }

    @Test
    void anchorFixesTheAnchorBotsRating() {
        RatingTable table = RatingTable.compute("pylon", threeToOne(),
                RatingOptions.defaults().withAnchor("beta", 1500).withBootstrap(50, 3));
        assertEquals(1500.0, table.rating("beta").elo(), 1e-9);
        assertEquals(1690.849, table.rating("alpha").elo(), 1e-3);
        assertEquals(0.0, table.rating("beta").error(), 1e-9, "the anchor has no error of its own");
        assertTrue(table.rating("alpha").error() > 0);
    }

    @Test
    void missingAnchorIsAClearError() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> RatingTable.compute("pylon", threeToOne(), NO_BOOTSTRAP.withAnchor("gamma", 0)));
        assertTrue(error.getMessage().contains("gamma"));
    }

    @Test
    void symmetricResultsGiveEqualRatings() {
        List<MatchRecord> records = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            records.add(duel("a", "b", 1));
            records.add(duel("b", "c", 1));
            records.add(duel("c", "a", 1));
            records.add(duel("a", "c", 0.5));
        }
        RatingTable table = RatingTable.compute("pylon", records, NO_BOOTSTRAP);
        for (Rating rating : table.ratings()) {
            assertEquals(0.0, rating.elo(), 1e-9, rating.bot());
        }
    }

    @Test
    void shuffledRecordsGiveTheSameRatings() {
        List<MatchRecord> records = randomPool(new Random(11), 6, 400);
        RatingOptions options = RatingOptions.defaults().withBootstrap(40, 5);
        RatingTable original = RatingTable.compute("pylon", records, options);
        List<MatchRecord> shuffled = new ArrayList<>(records);
        Collections.shuffle(shuffled, new Random(99));
        RatingTable again = RatingTable.compute("pylon", shuffled, options);
        for (Rating rating : original.ratings()) {
            Rating other = again.rating(rating.bot());
            assertEquals(rating.rank(), other.rank());
            assertEquals(rating.elo(), other.elo(), 1e-9);
            assertEquals(rating.error(), other.error(), 1e-6);
        }
    }

    @Test
    void bootstrapIsReproducibleForTheSameSeed() {
        List<MatchRecord> records = randomPool(new Random(3), 5, 300);
        RatingTable first = RatingTable.compute("pylon", records, RatingOptions.defaults().withBootstrap(30, 42));
        RatingTable second = RatingTable.compute("pylon", records, RatingOptions.defaults().withBootstrap(30, 42));
        RatingTable otherSeed = RatingTable.compute("pylon", records, RatingOptions.defaults().withBootstrap(30, 43));
        for (int row = 0; row < first.ratings().size(); row++) {
            assertEquals(first.ratings().get(row).error(), second.ratings().get(row).error(), 0.0);
        }
        assertNotEquals(first.ratings().get(0).error(), otherSeed.ratings().get(0).error());
        assertEquals(first.likelihoodOfSuperiority(0, 1), second.likelihoodOfSuperiority(0, 1), 0.0);
    }

    @Test
    void bootstrapErrorAgreesWithTheFisherInformation() {
        // 1000 games at 55%: var(difference) = 1 / (n p (1 - p)) nats², each rating carries half the difference.
        List<MatchRecord> records = new ArrayList<>(times(550, duel("a", "b", 1)));
        records.addAll(times(450, duel("a", "b", 0)));
        RatingTable table = RatingTable.compute("pylon", records, RatingOptions.defaults().withBootstrap(400, 8));
        double analytic = 1.959964 * Math.sqrt(1 / (1000 * 0.55 * 0.45)) * (400 / Math.log(10)) / 2;
        assertEquals(analytic, table.rating("a").error(), 0.15 * analytic);
    }

    @Test
    void likelihoodOfSuperiorityFavoursTheStrongerBot() {
        List<MatchRecord> records = randomPool(new Random(5), 4, 400);
        RatingTable table = RatingTable.compute("pylon", records, RatingOptions.defaults().withBootstrap(60, 2));
        double[][] los = table.losMatrix();
        assertTrue(los[0][3] > 0.5);
        assertEquals(1.0, los[0][3] + los[3][0], 1e-9);
        assertEquals(0.5, los[1][1], 0.0);
    }

    @Test
    void threePlayerGamesDecomposeIntoPairsWeightedOneHalf() {
        List<MatchRecord> threePlayer = List.of(
                match("delta", new String[] {"a", "b", "c"}, new int[] {1, 2, 3}),
                match("delta", new String[] {"b", "c", "a"}, new int[] {1, 2, 3}),
                match("delta", new String[] {"c", "a", "b"}, new int[] {1, 1, 3}));
        List<MatchRecord> twoPlayer = List.of(duel("a", "b", 1), duel("b", "c", 0), duel("b", "c", 0.5),
                duel("c", "a", 1));
        List<MatchRecord> decomposed = new ArrayList<>();
        decomposed.addAll(List.of(duel("a", "b", 1), duel("a", "c", 1), duel("b", "c", 1)));
        decomposed.addAll(List.of(duel("b", "c", 1), duel("b", "a", 1), duel("c", "a", 1)));
        decomposed.addAll(List.of(duel("c", "a", 0.5), duel("c", "b", 1), duel("a", "b", 1)));
        // A 1/2-weighted pair equals a full pair once everything else counts twice (the fit is scale-free).
        decomposed.addAll(twoPlayer);
        decomposed.addAll(twoPlayer);

        List<MatchRecord> mixed = new ArrayList<>(threePlayer);
        mixed.addAll(twoPlayer);
        RatingTable fromThreePlayer = RatingTable.compute("all", mixed, NO_BOOTSTRAP);
        RatingTable fromPairs = RatingTable.compute("all", decomposed, NO_BOOTSTRAP);
        for (Rating rating : fromPairs.ratings()) {
            assertEquals(rating.elo(), fromThreePlayer.rating(rating.bot()).elo(), 1e-6, rating.bot());
        }
        // a: three 3-player games weigh one game each, plus two duels.
        assertEquals(5, fromThreePlayer.rating("a").games());
        assertEquals(100 * (1 + 0 + 0.5 * 0.5 + 0.5 * 1 + 1 + 0) / 5, fromThreePlayer.rating("a").scorePercent(), 1e-9);
    }

    @Test
    void gamesBetweenCopiesOfTheSameBotDoNotCount() {
        List<MatchRecord> records = new ArrayList<>(threeToOne());
        records.addAll(times(5, duel("alpha", "alpha", 1)));
        records.add(match("delta", new String[] {"beta", "beta", "alpha"}, new int[] {1, 2, 3}));
        records.add(match("delta", new String[] {"alpha", "beta", "beta"}, new int[] {1, 2, 3}));
        RatingTable table = RatingTable.compute("all", records, NO_BOOTSTRAP);
        assertEquals(6, table.rating("alpha").games());
        // The two 3-player games are one win and one loss for alpha (two half-weight pairs each): still 3:1 plus 1:1.
        assertEquals(Math.log10(4.0 / 2.0) * 400, table.rating("alpha").elo() - table.rating("beta").elo(), 1e-6);
    }

    @Test
    void firstSeatAdvantageIsFittedApartFromStrength() {
        List<MatchRecord> records = new ArrayList<>();
        records.addAll(times(3, duel("a", "b", 1)));
        records.add(duel("a", "b", 0));
        records.addAll(times(3, duel("b", "a", 1)));
        records.add(duel("b", "a", 0));
        RatingTable table = RatingTable.compute("pylon", records,
                RatingOptions.defaults().withFirstSeatAdvantage(true).withBootstrap(50, 1));
        assertEquals(190.849, table.firstSeatAdvantage(), 1e-3);
        assertTrue(table.firstSeatAdvantageError() > 0);
        assertEquals(table.rating("a").elo(), table.rating("b").elo(), 1e-9);
        assertTrue(Double.isNaN(RatingTable.compute("pylon", records, NO_BOOTSTRAP).firstSeatAdvantage()));
    }

    @Test
    void aPerfectScoreGivesFiniteRatingsThroughVirtualDraws() {
        RatingTable table = RatingTable.compute("pylon", times(10, duel("a", "b", 1)), RatingOptions.defaults().withBootstrap(20, 1));
        assertTrue(table.virtualDrawsAdded());
        assertTrue(Double.isFinite(table.rating("a").elo()) && table.rating("a").elo() > 200);
        assertTrue(Double.isFinite(table.rating("a").error()));
        assertEquals(100.0, table.rating("a").scorePercent(), 1e-9);
    }

    @Test
    void multiplayerGamesAreResampledWholeAndReproducibly() {
        Random random = new Random(17);
        List<MatchRecord> records = new ArrayList<>();
        for (int g = 0; g < 300; g++) {
            List<Integer> order = new ArrayList<>(List.of(1, 2, 3));
            Collections.shuffle(order, random);
            records.add(match("delta", new String[] {"a", "b", "c"}, new int[] {order.get(0), order.get(1), order.get(2)}));
        }
        RatingOptions options = RatingOptions.defaults().withBootstrap(50, 4);
        RatingTable table = RatingTable.compute("delta", records, options);
        RatingTable again = RatingTable.compute("delta", records, options);
        for (Rating rating : table.ratings()) {
            assertTrue(rating.error() > 5 && rating.error() < 100, rating.toString());
            assertEquals(rating.error(), again.rating(rating.bot()).error(), 0.0);
        }
    }

    @Test
    void poolsThatNeverMetAreEachCentredOnTheAverage() {
        List<MatchRecord> records = new ArrayList<>(threeToOne());
        records.addAll(List.of(duel("gamma", "delta", 1), duel("delta", "gamma", 0.5)));
        RatingTable table = RatingTable.compute("pylon", records, NO_BOOTSTRAP);
        assertEquals(190.849, table.rating("alpha").elo() - table.rating("beta").elo(), 1e-3);
        assertEquals(0.0, table.rating("alpha").elo() + table.rating("beta").elo(), 1e-9);
        assertEquals(Elo.fromScore(0.75), table.rating("gamma").elo() - table.rating("delta").elo(), 1e-6);
        assertEquals(0.0, table.rating("gamma").elo() + table.rating("delta").elo(), 1e-9);
        assertTrue(Double.isNaN(table.likelihoodOfSuperiority(0, 1)));
    }

    /** A pool whose bots have strengths 0, 60, 120, ... Elo, with draws. */
    static List<MatchRecord> randomPool(Random random, int bots, int games) {
        List<MatchRecord> records = new ArrayList<>();
        for (int g = 0; g < games; g++) {
            int a = random.nextInt(bots);
            int b = (a + 1 + random.nextInt(bots - 1)) % bots;
            double expected = 1 / (1 + Math.pow(10, (b - a) * 60 / 400.0));
            double u = random.nextDouble();
            double score = u < expected - 0.15 ? 1 : u < expected + 0.15 ? 0.5 : 0;
            records.add(duel("bot" + (bots - a), "bot" + (bots - b), score));
        }
        return records;
    }
}
