package org.pyramidarena.games.pylon;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Perft;
import org.pyramidarena.api.RandomPlay;

/** Move counts from named positions pin Pylon's move generator (chess-engine perft). */
class PylonPerftTest {

    private final PylonRules rules = (PylonRules) new Pylon().rules(new GameSetup(2, "standard"));

    private static final String ROWS_OF_SIZES = PylonRulesTest.fill(PylonRulesTest.ROWS_OF_SIZES);

    /*
     * Counts worked out by hand:
     * - start: 30 squares x 3 sizes = 90, then 29 x 3 = 87 replies, 90 x 87 = 7830 at depth 2.
     * - one pyramid placed: 87, then 28 x 3 = 84, 87 x 84 = 7308.
     * - 'rows of sizes' (rows S S S S S S / S S S S M M / M x6 / M M L L L L / L x6): every one of the
     *   49 adjacent pairs gives one move (smaller onto larger) or two (equal sizes). Pairs of unequal
     *   sizes: vertical a2-a3, b2-b3, c2-c3, d2-d3 (S-M), e1-e2, f1-f2 (S-M), c3-c4 .. f3-f4 (M-L),
     *   a4-a5, b4-b5 (M-L); horizontal d2-e2 (S-M), b4-c4 (M-L): 14 pairs. 49 + (49 - 14) = 84.
     * - then a2-a3 (small onto medium): the 5 moves touching a2 go (a1-a2 and a2-b2 both ways,
     *   a2-a3); a3 now has a medium bottom but a small top, so b3 and a4 (medium bottoms) can no
     *   longer move onto it while it can still move onto them: 84 - 5 - 2 = 77.
     * - seat 0 after placing its five smalls has 2 sizes for each of 20 empty squares: 40.
     */
    @ParameterizedTest(name = "{0}: depth {2} = {3}")
    @CsvSource(delimiter = '|', textBlock = """
            start                    | ''                   | 1 | 90
            start                    | ''                   | 2 | 7830
            after one placement      | Mc3                  | 1 | 87
            after one placement      | Mc3                  | 2 | 7308
            seat 0 without smalls    | Sa1 Sb1 Sc1 Sd1 Se1 Sf1 Sa2 Sb2 Sc2 Sd2 | 1 | 40
            """)
    void placementCounts(String name, String moves, int depth, long expected) {
        assertEquals(expected, Perft.count(rules, RandomPlay.after(rules, moves, 0), depth, 0));
    }

    @ParameterizedTest(name = "rows of sizes + [{0}]: depth {1} = {2}")
    @CsvSource(delimiter = '|', textBlock = """
            ''     | 1 | 84
            a2-a3  | 1 | 77
            """)
    void stackingCounts(String moves, int depth, long expected) {
        assertEquals(expected, Perft.count(rules, RandomPlay.after(rules, ROWS_OF_SIZES + " " + moves, 0), depth, 0));
    }
}
