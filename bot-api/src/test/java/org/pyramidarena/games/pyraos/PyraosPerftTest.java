package org.pyramidarena.games.pyraos;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pyramidarena.api.Perft;
import org.pyramidarena.api.RandomPlay;

/** Move counts from named positions pin Pyraos's move generator (chess-engine perft). */
class PyraosPerftTest {

    /*
     * Counts worked out by hand:
     * - start: 16 empty holes, then 15, 14, 13: 16, 240, 3360, 43680. No lift is possible while
     *   fewer than four spheres are down, and no square of one colour fits in four spheres.
     * - depth 5: after 4 placements seat 0 has 12 holes, plus the level-2 position over the four
     *   spheres when they form one of the 9 squares (9 squares x 4! orders = 216 paths); seat 0's
     *   two spheres then both support that position, so there is still no lift:
     *   43680 x 12 + 216 = 524376.
     * - three of a square (seat 0: 1a1 1b1 1a2; seat 1: 1c3 1d4 1c4; seat 0 to move): 10 holes; 1b2
     *   completes seat 0's square and frees 4 own spheres to remove: 4 singles + 6 pairs. 1d3 completes
     *   a square of mixed colours, which earns nothing. standard and pass: 10 + 10 = 20; pylos (a
     *   removal is compulsory): 9 + 10 = 19; children (no removals): 10.
     */
    @ParameterizedTest(name = "{0}, {1}: depth {3} = {4}")
    @CsvSource(delimiter = '|', textBlock = """
            start            | standard | ''                      | 1 | 16
            start            | standard | ''                      | 2 | 240
            start            | standard | ''                      | 3 | 3360
            start            | standard | ''                      | 4 | 43680
            start            | standard | ''                      | 5 | 524376
            start            | pylos    | ''                      | 2 | 240
            start            | children | ''                      | 2 | 240
            start            | pass     | ''                      | 2 | 240
            three of a square | standard | 1a1 1c3 1b1 1d4 1a2 1c4 | 1 | 20
            three of a square | pass     | 1a1 1c3 1b1 1d4 1a2 1c4 | 1 | 20
            three of a square | pylos    | 1a1 1c3 1b1 1d4 1a2 1c4 | 1 | 19
            three of a square | children | 1a1 1c3 1b1 1d4 1a2 1c4 | 1 | 10
            """)
    void moveCounts(String name, String variant, String moves, int depth, long expected) {
        PyraosRules rules = PyraosPositions.rules(variant);
        assertEquals(expected, Perft.count(rules, RandomPlay.after(rules, moves, 0), depth, 0));
    }
}
