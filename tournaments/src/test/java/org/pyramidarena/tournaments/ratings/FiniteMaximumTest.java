package org.pyramidarena.tournaments.ratings;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** When maximum-likelihood ratings exist: every group of bots strongly connected by who scored against whom. */
class FiniteMaximumTest {

    @Test
    void pairsThatBothScoredNeedNoSearch() {
        // 0-1 and 1-2 split their games; 3 and 4 split theirs in a group of their own.
        assertTrue(BradleyTerry.hasFiniteMaximum(5, new int[] {0, 1, 3}, new int[] {1, 2, 4},
                new double[] {2, 2, 4}, new double[] {1, 1.5, 2}));
    }

    @Test
    void aCycleOfOneSidedResultsIsFinite() {
        // 0 beat 1, 1 beat 2, 2 beat 0: nobody is ahead of everyone.
        assertTrue(BradleyTerry.hasFiniteMaximum(3, new int[] {0, 1, 2}, new int[] {1, 2, 0},
                new double[] {1, 1, 1}, new double[] {1, 1, 1}));
    }

    @Test
    void aBotThatWonEverythingRunsOff() {
        // 1 and 2 split their games, 0 beat both.
        assertFalse(BradleyTerry.hasFiniteMaximum(3, new int[] {1, 0, 0}, new int[] {2, 1, 2},
                new double[] {2, 1, 3}, new double[] {1, 1, 3}));
    }

    @Test
    void aGroupThatLostEverythingToAnotherRunsOff() {
        // 0-1 and 2-3 split their games; 2 lost its one game against 1.
        assertFalse(BradleyTerry.hasFiniteMaximum(4, new int[] {0, 2, 1}, new int[] {1, 3, 2},
                new double[] {2, 2, 1}, new double[] {1, 1, 1}));
    }

    @Test
    void aBotWithoutGamesChangesNothing() {
        assertTrue(BradleyTerry.hasFiniteMaximum(3, new int[] {0}, new int[] {1}, new double[] {2},
                new double[] {1}));
    }
}
