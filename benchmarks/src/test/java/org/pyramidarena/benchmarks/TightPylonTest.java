package org.pyramidarena.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * The tight playout plays the real Pylon: 20,000 games, each the same as the rules' game of the
 * same seed (length, outcome, final position), so the same statistics. {@link TightPylonCheck} runs
 * a million by hand.
 */
class TightPylonTest {

    @Test
    void twentyThousandGamesAreTheRulesGamesMoveForMove() {
        TightPylonCheck.Result result = TightPylonCheck.check(20_000);
        assertEquals(0, result.differing(), result.firstDifference());
        assertEquals(result.rules(), result.tight());
        // The games are real games: both seats win some, some are drawn, lengths reach past 40 turns.
        TightPylonCheck.Tally tally = result.tight();
        assertTrue(tally.seat0Wins > 1000 && tally.seat1Wins > 1000 && tally.draws > 100,
                tally.seat0Wins + " / " + tally.seat1Wins + " / " + tally.draws);
        assertEquals(30 * 20_000L, tally.seat0Score + tally.seat1Score);
        assertEquals(20_000, LongStream.of(tally.lengths).sum());
        assertTrue(LongStream.of(tally.lengths).limit(31).sum() == 0, "every game stacks at least once");
    }
}
