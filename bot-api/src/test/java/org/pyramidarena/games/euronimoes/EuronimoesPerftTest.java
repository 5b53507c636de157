package org.pyramidarena.games.euronimoes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pyramidarena.api.Perft;

/** Move counts from named positions pin Euronimoes' move generator (chess-engine perft). */
class EuronimoesPerftTest {

    private final EuronimoesRules rules = Position.rules(2);

    /** Market 0-0 0-1 0-2 0-3 0-4; seat 0 holds 1-1 1-2 1-3, seat 1 holds 2-2 2-3 2-4 and starts (2-4 totals 6). */
    /** A market, so that the positions below are not in the end phase. */
    private static final String[] FULL = {"0-0", "0-1", "0-2", "0-3", "0-4"};

    private static final String DEAL = "0-0 0-1 0-2 0-3 0-4 1-1 1-2 1-3 2-2 2-3 2-4";

    /*
     * Counts worked out by hand:
     * - after the deal seat 1 (2 chips) may buy at -1, 0, 1 or 2, or draw: 5.
     * - a first domino lies on 0,0: a double once, another domino twice (either end first), and a
     *   consecutive one twice more standing up. After buy-1 seat 1 holds 0-0 2-2 2-3 2-4:
     *   1 + 1 + 4 + 2 = 8; after buy0 (0-1): 4 + 1 + 4 + 2 = 11; after buy1 (0-2) or buy2 (0-3):
     *   2 + 1 + 4 + 2 = 9.
     * - each of the 8 placements is followed by seat 0's obtain step with 2 chips and a full market: 8 x 5 = 40.
     */
    @ParameterizedTest(name = "{0}: depth {2} = {3}")
    @CsvSource(delimiter = '|', textBlock = """
            after the deal | ''     | 1 | 5
            after buy-1    | buy-1  | 1 | 8
            after buy0     | buy0   | 1 | 11
            after buy1     | buy1   | 1 | 9
            after buy2     | buy2   | 1 | 9
            after buy-1    | buy-1  | 2 | 40
            """)
    void openingCounts(String name, String moves, int depth, long expected) {
        assertEquals(expected, Perft.count(rules, Position.after(rules, DEAL + " " + moves), depth, 0));
    }

    /**
     * A 2 on 0,0 and a 3 on 1,0; seat 0 holds 4-5. Horizontal: beside the row on either end, both
     * ways (4); over the 3 only a 4 fits, so 4-5 from 1,1 and from 1,-1 (2); next to the 2 nothing.
     * Vertical: in the empty columns -1 and 2, touching row 0 from below or above, both ways (8);
     * in column 1, 5-4 under the 3 and 4-5 over it (2). In all 16.
     */
    @Test
    void secondDominoCount() {
        EuronimoesState state = new Position(2).market(FULL).layout(0, "2-3h0,0L1").hand(0, "4-5").build();
        assertEquals(16, Perft.count(rules, state, 1, 0));
    }

    /**
     * 2-3 with 3-4 above it (columns 2-3 and 3-4 both rising); seat 0 holds a second 2-3 (three
     * players, two sets). Level 2: only up column 0, across the two dominoes (1). Ground horizontal:
     * beside either row on either end, both ways (8), and 2-3 from 1,-1 under the 3 (1). Ground
     * vertical: columns -1 and 2, three heights each, both ways (12); columns 0 and 1 would need a 0-1,
     * 1-2 or 4-5, 5-6. In all 22.
     */
    @Test
    void upperLevelCount() {
        EuronimoesRules three = Position.rules(3);
        EuronimoesState state = new Position(3).market(FULL).layout(0, "2-3h0,0L1 3-4h0,1L1").hand(0, "2-3").build();
        assertEquals(22, Perft.count(three, state, 1, 0));
    }
}
