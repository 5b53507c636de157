package org.pyramidarena.tournaments.sprt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalLong;

import org.junit.jupiter.api.Test;

/** Reference figures are those of the issue, which follow fishtest's LLRcalc. */
class SprtTest {
    private static final SprtOptions NORMALIZED = new SprtOptions(0, 2, 0.05, 0.05, SprtModel.NORMALIZED);
    private static final SprtOptions LOGISTIC = new SprtOptions(0, 2, 0.05, 0.05, SprtModel.LOGISTIC);
    private static final long[] PENTANOMIAL = {120, 900, 2000, 1000, 100};

    @Test
    void trinomialNormalizedLlrMatchesTheReference() {
        assertEquals(0.80039, Sprt.fromTrinomial(NORMALIZED, 1500, 5100, 1600).llr(), 1e-3);
    }

    @Test
    void trinomialLogisticLlrMatchesTheReference() {
        assertEquals(1.16343, Sprt.fromTrinomial(LOGISTIC, 1500, 5100, 1600).llr(), 1e-3);
    }

    @Test
    void trinomialEloIntervalAndLosMatchTheReference() {
        Sprt sprt = Sprt.fromTrinomial(NORMALIZED, 1500, 5100, 1600);
        assertEquals(4.237, sprt.elo().elo(), 1e-3);
        assertEquals(4.624, sprt.elo().error(), 1e-3);
        assertEquals(0.9638, sprt.elo().los(), 1e-3);
    }

    @Test
    void pentanomialNormalizedLlrMatchesTheReference() {
        assertEquals(0.45775, Sprt.fromPentanomial(NORMALIZED, PENTANOMIAL).llr(), 1e-3);
    }

    @Test
    void pentanomialLogisticLlrMatchesTheReference() {
        assertEquals(0.61858, Sprt.fromPentanomial(LOGISTIC, PENTANOMIAL).llr(), 1e-3);
    }

    @Test
    void pentanomialEloIntervalAndLosMatchTheReference() {
        Sprt sprt = Sprt.fromPentanomial(NORMALIZED, PENTANOMIAL);
        assertEquals(2.530, sprt.elo().elo(), 1e-3);
        assertEquals(4.357, sprt.elo().error(), 1e-3);
        assertEquals(0.8725, sprt.elo().los(), 1e-3);
    }

    @Test
    void boundsAreTheWaldBoundsOfAlphaAndBeta() {
        Sprt sprt = Sprt.start(NORMALIZED);
        assertEquals(Math.log(0.05 / 0.95), sprt.lowerBound(), 1e-12);
        assertEquals(Math.log(0.95 / 0.05), sprt.upperBound(), 1e-12);
        assertEquals(-2.944, sprt.lowerBound(), 1e-3);
    }

    @Test
    void pairsUpdateThePentanomialAndGameCounts() {
        Sprt sprt = Sprt.start(NORMALIZED)
                .afterPair(1, 0.5)
                .afterPair(0, 1)
                .afterPair(0.5, 0.5)
                .afterPair(0, 0);
        assertArrayEquals(new long[] {1, 0, 2, 1, 0}, sprt.pentanomial());
        assertEquals(OptionalLong.of(2), sprt.wins());
        assertEquals(OptionalLong.of(3), sprt.draws());
        assertEquals(OptionalLong.of(3), sprt.losses());
        assertEquals(8, sprt.games());
    }

    @Test
    void pairsGiveTheSameLlrAsTheirPentanomialCounts() {
        Sprt sprt = Sprt.start(LOGISTIC);
        for (int i = 0; i < 30; i++) {
            sprt = sprt.afterPair(1, 0.5).afterPair(0.5, 0.5);
        }
        sprt = sprt.afterPair(0, 0.5);
        assertEquals(Sprt.fromPentanomial(LOGISTIC, 0, 1, 30, 30, 0).llr(), sprt.llr(), 1e-12);
    }

    @Test
    void pairsWithTheirGameCountsGiveThePentanomialLlrAndReportTheGames() {
        Sprt played = Sprt.start(NORMALIZED).afterPair(1, 0.5).afterPair(0, 1).afterPair(0.5, 0.5).afterPair(0, 0);
        Sprt counted = Sprt.fromPairs(NORMALIZED, new long[] {1, 0, 2, 1, 0}, 2, 3, 3);
        assertEquals(played.statusLine(), counted.statusLine());
        assertEquals(Sprt.fromPentanomial(NORMALIZED, 1, 0, 2, 1, 0).llr(), counted.llr(), 0);
        assertEquals(OptionalLong.of(2), counted.wins());
    }

    @Test
    void gameCountsThatCannotBeThoseOfThePairsAreRejected() {
        long[] pairs = {1, 0, 2, 1, 0};
        assertThrows(IllegalArgumentException.class, () -> Sprt.fromPairs(NORMALIZED, pairs, 2, 3, 4));
        assertThrows(IllegalArgumentException.class, () -> Sprt.fromPairs(NORMALIZED, pairs, 0, 6, 2));
        assertThrows(IllegalArgumentException.class, () -> Sprt.fromPairs(NORMALIZED, pairs, 4, 0, 4));
        assertThrows(IllegalArgumentException.class, () -> Sprt.fromPairs(NORMALIZED, pairs, 4, -1, 5));
        assertThrows(IllegalArgumentException.class, () -> Sprt.fromPairs(NORMALIZED, new long[] {1, 2}, 0, 0, 6));
        assertEquals(8, Sprt.fromPairs(NORMALIZED, pairs, 3, 1, 4).games(), "both pairs scoring 1 a win and a loss");
        assertEquals(8, Sprt.fromPairs(NORMALIZED, pairs, 1, 5, 2).games(), "both pairs scoring 1 two draws");
    }

    @Test
    void aStrongCandidateIsAcceptedAndAWeakOneRejected() {
        assertEquals(SprtDecision.H1_ACCEPTED, Sprt.fromPentanomial(NORMALIZED, 100, 900, 2000, 1300, 200).decision());
        assertEquals(SprtDecision.H0_ACCEPTED, Sprt.fromPentanomial(NORMALIZED, 200, 1300, 2000, 900, 100).decision());
        assertEquals(SprtDecision.CONTINUE, Sprt.fromPentanomial(NORMALIZED, PENTANOMIAL).decision());
    }

    @Test
    void resultsAllAtOneEndAreDecidedNotFailed() {
        // A far weaker candidate loses every pair: the deviation of the observed results is tiny and
        // the normalized fit once failed ("the constraint cannot be met by reweighting these results").
        double previous = 0;
        for (int pairs = 1; pairs <= 60; pairs++) {
            double llr = Sprt.fromPentanomial(SprtOptions.of(0, 5), pairs, 0, 0, 0, 0).llr();
            assertTrue(llr < previous, "LLR falls with every lost pair: " + llr + " after " + pairs);
            previous = llr;
            double won = Sprt.fromPentanomial(SprtOptions.of(0, 5), 0, 0, 0, 0, pairs).llr();
            assertTrue(won > 0, "every pair won: LLR " + won);
        }
        assertEquals(SprtDecision.H0_ACCEPTED, Sprt.fromPentanomial(SprtOptions.of(0, 5), 150, 0, 0, 0, 0).decision());
        assertEquals(SprtDecision.H0_ACCEPTED, Sprt.fromTrinomial(SprtOptions.of(0, 5), 300, 0, 0).decision());
    }

    @Test
    void anEmptyTestContinuesWithZeroLlr() {
        Sprt sprt = Sprt.start(NORMALIZED);
        assertEquals(0.0, sprt.llr(), 1e-5);
        assertEquals(SprtDecision.CONTINUE, sprt.decision());
    }

    @Test
    void statusLineStartsWithLlrBoundsAndHypotheses() {
        String line = Sprt.fromTrinomial(new SprtOptions(0, 5, 0.05, 0.05, SprtModel.NORMALIZED), 1500, 5100, 1600)
                .statusLine();
        assertTrue(line.matches("LLR: -?\\d+\\.\\d\\d \\(-2\\.94,2\\.94\\) <0\\.00,5\\.00>  Elo: 4\\.24 ± 4\\.62 .*"), line);
        assertTrue(line.contains("W: 1600  L: 1500  D: 5100"), line);
    }

    @Test
    void pentanomialStatusLineHasNoGameCounts() {
        String line = Sprt.fromPentanomial(NORMALIZED, PENTANOMIAL).statusLine();
        assertTrue(line.endsWith("Ptnml(0-2): 120, 900, 2000, 1000, 100"), line);
        assertTrue(!line.contains("W:"), line);
    }

    @Test
    void invalidInputIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> new SprtOptions(2, 0, 0.05, 0.05, SprtModel.LOGISTIC));
        assertThrows(IllegalArgumentException.class, () -> Sprt.fromPentanomial(NORMALIZED, 1, 2, 3));
        assertThrows(IllegalArgumentException.class, () -> Sprt.start(NORMALIZED).afterPair(0.25, 1));
    }
}
