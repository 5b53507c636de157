package org.pyramidarena.games.pyrinoes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pyramidarena.api.Perft;

/** Move counts from named positions pin Pyrinoes's move generator (chess-engine perft). */
class PyrinoesPerftTest {

    private final PyrinoesRules rules = Positions.rules();

    /*
     * Counts worked out by hand:
     * - 'opening': the line is 3-4; fire holds 0-0 0-3 1-4 3-3 2-5 4-6 5-5 6-6 1-2 and a full supply:
     *   plays 0-3@L 1-4@R 3-3@L 4-6@R and 135 builds = 139. Ice holds 0-1 0-2 0-4 0-5 0-6 1-1 1-3
     *   1-5 1-6. After any of fire's 135 builds the ends are still 3 and 4 and ice has 1-3@L, 0-4@R
     *   and its own 135 builds (a green taken by fire leaves two of that size): 137 each. After 0-3@L
     *   (ends 0, 4): 0-1, 0-2, 0-5, 0-6 left and 0-4 both ways = 6 plays; after 1-4@R (3, 1): 0-1,
     *   1-1, 1-5, 1-6 right and 1-3 both ways = 6; after 3-3@L (3, 4): 2; after 4-6@R (3, 6): 1-3@L,
     *   0-6@R, 1-6@R = 3. Depth 2: 135 x 137 + 141 + 141 + 137 + 138 = 19052.
     * - 'one colour left': fire has a single small red and must pair it with a green of each size: 3.
     * - 'stuck': nothing to play or build, a boneyard: draw; then ice likewise: 1 and 1.
     */
    private static final Map<String, Supplier<PyrinoesState>> POSITIONS = Map.of(
            "opening", () -> new Positions.Position().hand(0, "0-0 0-3 1-4 3-3 2-5 4-6 5-5 6-6 1-2")
                    .hand(1, "0-1 0-2 0-4 0-5 0-6 1-1 1-3 1-5 1-6").line("3-4").state(),
            "one colour left", () -> new Positions.Position().hand(0, "0-1").line("5-5").noSupply(0)
                    .supply(Pieces.RED, 1, 0, 0).state(),
            "stuck", () -> new Positions.Position().hand(0, "0-1").hand(1, "0-2").line("5-5").noSupply(0).noSupply(1)
                    .supply(Pieces.RED, 1, 0, 0).supply(Pieces.BLUE, 1, 0, 0).supply(Pieces.GREEN, 0, 0, 0)
                    .boneyard("3-3 4-4").state());

    @ParameterizedTest(name = "{0}: depth {1} = {2}")
    @CsvSource(delimiter = '|', textBlock = """
            opening         | 1 | 139
            opening         | 2 | 19052
            one colour left | 1 | 3
            stuck           | 1 | 1
            stuck           | 2 | 1
            """)
    void moveCounts(String position, int depth, long expected) {
        assertEquals(expected, Perft.count(rules, POSITIONS.get(position).get(), depth, 0));
    }
}
