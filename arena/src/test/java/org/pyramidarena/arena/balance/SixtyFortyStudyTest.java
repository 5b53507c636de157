package org.pyramidarena.arena.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.tournaments.MasterSeed;

/**
 * A study of a game whose first seat wins 60% of the games by construction, played by the referee
 * with the study's listener, two seatings on each deal as a balance study plays them.
 */
class SixtyFortyStudyTest {

    private static final int GAMES = 2000;
    private static Metrics.Result paired;
    private static Metrics.Result unpaired;

    @BeforeAll
    static void play() {
        CellObserver observer = SixtyFortyCells.play(new GameSetup(2, "standard"), GAMES, MasterSeed.of(5));
        // Blocks of 2: the two seatings of a deal are resampled together, as the study does.
        paired = Metrics.compute(observer.features(), 2, observer.measures(), 2, 2000, 17);
        unpaired = Metrics.compute(observer.features(), 2, observer.measures(), 1, 2000, 17);
    }

    @Test
    void theFirstSeatAdvantageOfTenPointsIsFoundWithAnIntervalOfTheRightWidth() {
        Metrics.Estimate advantage = paired.get(Metric.FIRST_SEAT_ADVANTAGE);
        assertTrue(advantage.low() > 0, "the advantage is found: " + advantage);
        assertTrue(advantage.low() < 0.1 && 0.1 < advantage.high(), "the interval holds the true 10 points: " + advantage);
        // Both seatings of a deal end alike, so 2000 games weigh as 1000 deals: the interval is
        // about 2 * 1.96 binomial standard errors of 1000 draws wide.
        double share = 0.5 + advantage.value();
        double expected = 2 * 1.96 * Math.sqrt(share * (1 - share) / (GAMES / 2.0));
        double width = advantage.high() - advantage.low();
        assertEquals(expected, width, 0.15 * expected, advantage.toString());
        double naive = unpaired.get(Metric.FIRST_SEAT_ADVANTAGE).high() - unpaired.get(Metric.FIRST_SEAT_ADVANTAGE).low();
        assertEquals(1 / Math.sqrt(2), naive / width, 0.1, "resampling single games would understate the error");
    }

    @Test
    void theDecisionsSeenByTheRefereeGiveTheGamesBranchingAndForcedMoves() {
        // Seat 0 has 2 moves, seat 1 one; the chance node is no decision.
        assertEquals(1.5, paired.get(Metric.BRANCHING_FACTOR).value(), 1e-12);
        assertEquals(2, paired.get(Metric.branchingAt(1)).value(), 1e-12);
        assertEquals(1, paired.get(Metric.branchingAt(6)).value(), 1e-12);
        assertEquals(0.5, paired.get(Metric.FORCED_SHARE).value(), 1e-12);
        assertEquals(2, paired.get(Metric.DURATION_MEAN).value(), 1e-12);
        assertEquals(1, paired.get(Metric.COMPLETION).value(), 1e-12);
        assertEquals(0, paired.get(Metric.DRAWISHNESS).value(), 1e-12);
        assertTrue(paired.get(Metric.LEAD_CHANGES).note().startsWith("not applicable"));
    }
}
