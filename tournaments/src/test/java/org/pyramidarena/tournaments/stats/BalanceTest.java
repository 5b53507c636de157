package org.pyramidarena.tournaments.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.TerminationReason;

class BalanceTest {

    private static MatchRecord game(String game, int moves, TerminationReason termination, int... ranks) {
        List<SeatResult> seats = new ArrayList<>();
        for (int seat = 0; seat < ranks.length; seat++) {
            seats.add(new SeatResult("bot" + seat, ranks[seat], 10 * (ranks.length - ranks[seat]),
                    seat == ranks.length - 1 ? termination : TerminationReason.NORMAL, 5));
        }
        return new MatchRecord("t", 1, 0, game, "standard", seats, termination, moves, 1L);
    }

    private static List<MatchRecord> repeat(int n, MatchRecord record) {
        List<MatchRecord> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(record);
        }
        return list;
    }

    @Test
    void twoPlayerSeatsAreTestedWithTheBinomialOnDecisiveGames() {
        List<MatchRecord> records = new ArrayList<>();
        records.addAll(repeat(60, game("pylon", 30, TerminationReason.NORMAL, 1, 2)));
        records.addAll(repeat(40, game("pylon", 30, TerminationReason.NORMAL, 2, 1)));
        records.addAll(repeat(20, game("pylon", 30, TerminationReason.NORMAL, 1, 1)));
        BalanceGroup group = Balance.compute(records).groups().get(0);
        assertEquals("binomial", group.fairness().method());
        // scipy.stats.binomtest(60, 100, 0.5).pvalue = 0.0568879...
        assertEquals(0.056888, group.fairness().pValue(), 1e-5);
        SeatBalance first = group.seats().get(0);
        assertEquals(120, first.games());
        assertEquals(60, first.wins());
        assertEquals(20, first.draws());
        assertEquals(40, first.losses());
        assertEquals(70.0 / 120, first.winShare(), 1e-12);
        Wilson interval = Wilson.interval(70, 120, 0.95);
        assertEquals(interval.low(), first.winShareLow(), 1e-12);
        assertEquals(1 + 40.0 / 120, first.meanRank(), 1e-12);
    }

    @Test
    void smallSamplesGetTheExactBinomial() {
        List<MatchRecord> records = new ArrayList<>(repeat(3, game("pylon", 10, TerminationReason.NORMAL, 1, 2)));
        records.add(game("pylon", 10, TerminationReason.NORMAL, 2, 1));
        // P(X <= 1 or X >= 3) for Binomial(4, 1/2) = 10/16
        assertEquals(0.625, Balance.compute(records).groups().get(0).fairness().pValue(), 1e-12);
    }

    @Test
    void moreSeatsAreTestedWithChiSquareOnWinShares() {
        List<MatchRecord> records = new ArrayList<>();
        records.addAll(repeat(40, game("delta", 50, TerminationReason.NORMAL, 1, 2, 3)));
        records.addAll(repeat(30, game("delta", 50, TerminationReason.NORMAL, 3, 1, 2)));
        records.addAll(repeat(20, game("delta", 50, TerminationReason.NORMAL, 2, 3, 1)));
        records.addAll(repeat(10, game("delta", 50, TerminationReason.NORMAL, 1, 1, 3)));
        BalanceGroup group = Balance.compute(records).groups().get(0);
        // win shares 45, 35, 20 against 33.33 each: statistic 9.5, 2 degrees of freedom, p = exp(-9.5/2)
        assertEquals("chi-square", group.fairness().method());
        assertEquals(9.5, group.fairness().statistic(), 1e-9);
        assertEquals(Math.exp(-4.75), group.fairness().pValue(), 1e-9);
        assertEquals(10, group.seats().get(1).draws());
    }

    @Test
    void firstSeatAdvantageIsTheEloOfItsPairwiseScore() {
        List<MatchRecord> records = new ArrayList<>();
        records.addAll(repeat(75, game("pylon", 30, TerminationReason.NORMAL, 1, 2)));
        records.addAll(repeat(25, game("pylon", 30, TerminationReason.NORMAL, 2, 1)));
        EloEstimate advantage = Balance.compute(records).groups().get(0).firstSeatAdvantage();
        assertEquals(190.849, advantage.elo(), 1e-3);
        // mean 0.75, per-game variance 0.1875, 100 games
        double half = 1.959964 * Math.sqrt(0.1875 / 100);
        assertEquals(Elo.fromScore(0.75 - half), advantage.low(), 1e-3);
        assertEquals(Elo.fromScore(0.75 + half), advantage.high(), 1e-3);
    }

    @Test
    void gameLengthAndTerminationsAreSummarized() {
        List<MatchRecord> records = new ArrayList<>();
        for (int moves = 1; moves <= 20; moves++) {
            records.add(game("pylon", moves, moves == 20 ? TerminationReason.TIMEOUT : TerminationReason.NORMAL, 1, 2));
        }
        BalanceGroup group = Balance.compute(records).groups().get(0);
        assertEquals(10.5, group.length().mean(), 1e-12);
        assertEquals(10.5, group.length().median(), 1e-12);
        // numpy.percentile(range(1, 21), 95) = 19.05
        assertEquals(19.05, group.length().percentile95(), 1e-12);
        assertEquals(19L, group.terminations().get(TerminationReason.NORMAL));
        assertEquals(1L, group.terminations().get(TerminationReason.TIMEOUT));
        assertEquals(0L, group.terminations().get(TerminationReason.CRASH));
    }

    @Test
    void groupsAreSplitByGameVariantAndPlayers() {
        List<MatchRecord> records = List.of(game("delta", 5, TerminationReason.NORMAL, 1, 2, 3),
                game("delta", 5, TerminationReason.NORMAL, 1, 2), game("alpha", 5, TerminationReason.NORMAL, 2, 1));
        List<BalanceGroup> groups = Balance.compute(records).groups();
        assertEquals(3, groups.size());
        assertEquals("alpha", groups.get(0).game());
        assertEquals(2, groups.get(1).players());
        assertEquals(3, groups.get(2).players());
        assertTrue(Double.isNaN(Balance.compute(repeat(2, game("pylon", 5, TerminationReason.NORMAL, 1, 1)))
                .groups().get(0).fairness().pValue()));
    }
}
