package org.pyramidarena.games.pyrametto;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pyramidarena.games.pyrametto.PyramettoScoring.Split;

/** Scoring by the best split of a vault (pyrametto.txt "Scoring", DECISIONS 7). */
class PyramettoScoringTest {

    /** A vault from pyramid names, e.g. {@code "Sr Mr Lr Sy"}. */
    static int[] vault(String pyramids) {
        int[] vault = new int[PyramettoState.KINDS];
        for (String pyramid : pyramids.trim().isEmpty() ? new String[0] : pyramids.trim().split("\\s+")) {
            vault[Positions.kind(pyramid)]++;
        }
        return vault;
    }

    static String times(int count, String pyramids) {
        return (pyramids + " ").repeat(count);
    }

    @Test
    void solidTreesScore7Then11ThenMinus3AndTwoLessForEachFurtherOne() {
        int[] expected = {7, 11, -3, -5, -7, -9, -11};
        for (int k = 1; k <= expected.length; k++) {
            assertEquals(expected[k - 1], PyramettoScoring.solidTreeValue(k), "solid tree " + k);
        }
    }

    @Test
    void mixedTreesScore5Then7ThenMinus1AndTwoLessForEachFurtherOne() {
        int[] expected = {5, 7, -1, -3, -5, -7};
        for (int k = 1; k <= expected.length; k++) {
            assertEquals(expected[k - 1], PyramettoScoring.mixedTreeValue(k), "mixed tree " + k);
        }
    }

    /**
     * The text's worked example, as vaults: two red trees (18); three red trees (15); the three red
     * trees and a mixed tree of a small yellow with a fourth red medium and large (20); and one
     * more pyramid, a fifth large red, that joins no tree (19). Every other split of these vaults
     * scores no more (e.g. for the last: two solid trees, one mixed tree and four leftovers, also 19).
     */
    @ParameterizedTest(name = "{0}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            two red trees             | Sr Sr Mr Mr Lr Lr                               | 18
            a third red tree          | Sr Sr Sr Mr Mr Mr Lr Lr Lr                      | 15
            and a mixed tree          | Sr Sr Sr Mr Mr Mr Mr Lr Lr Lr Lr Sy             | 20
            and a leftover            | Sr Sr Sr Mr Mr Mr Mr Lr Lr Lr Lr Lr Sy          | 19
            """)
    void theWorkedExampleScores18Then15Then20Then19(String name, String pyramids, int score) {
        assertEquals(score, PyramettoScoring.bestSplit(vault(pyramids)).score());
        assertEquals(score, bruteForce(vault(pyramids)), "the brute force agrees");
    }

    @Test
    void theBestSplitIsChosenWhenSeveralExist() {
        // Three solid trios (red, yellow, green): three solid trees score 7 + 11 - 3 = 15, but one
        // solid tree and two mixed trees (Sy My Lg, Sg Mg Ly) score 7 + 5 + 7 = 19.
        Split split = PyramettoScoring.bestSplit(vault("Sr Mr Lr Sy My Ly Sg Mg Lg"));
        assertEquals(new Split(1, 2, 0, 19), split);
    }

    @Test
    void aPyramidIsLeftOverWhenAFurtherTreeWouldCostMore() {
        // Four red trios: a fourth solid tree (-3) costs as much as three leftovers, a third (-3) too.
        assertEquals(new Split(2, 0, 6, 12), PyramettoScoring.bestSplit(vault(times(4, "Sr Mr Lr"))));
    }

    @Test
    void leftoversCostOneEach() {
        assertEquals(new Split(0, 0, 4, -4), PyramettoScoring.bestSplit(vault("Sr Sr Sy Sg")));
        assertEquals(new Split(0, 0, 0, 0), PyramettoScoring.bestSplit(vault("")));
    }

    @Test
    void aTreeOfOneColourIsSolidAndAnyOtherTreeIsMixed() {
        assertEquals(new Split(1, 0, 0, 7), PyramettoScoring.bestSplit(vault("Sb Mb Lb")));
        assertEquals(new Split(0, 1, 0, 5), PyramettoScoring.bestSplit(vault("Sr Mr Ly")));
        // The tree holding the red medium also holds a red small and a red large, so it is solid:
        // one solid and one mixed tree (Sr My Lr), never two mixed ones.
        assertEquals(new Split(1, 1, 0, 12), PyramettoScoring.bestSplit(vault("Sr Sr Mr My Lr Lr")));
    }

    @Test
    void theBestSplitMatchesABruteForceOverEverySplitOfSmallVaults() {
        SplittableRandom rng = new SplittableRandom(7);
        for (int trial = 0; trial < 3000; trial++) {
            int[] vault = new int[PyramettoState.KINDS];
            int pieces = rng.nextInt(13);
            // Few colours make many competing splits: draw from 2 or 3 colours most of the time.
            int colours = 2 + rng.nextInt(4);
            for (int piece = 0; piece < pieces; piece++) {
                vault[rng.nextInt(colours) * 3 + rng.nextInt(3)]++;
            }
            assertEquals(bruteForce(vault), PyramettoScoring.bestSplit(vault).score(), java.util.Arrays.toString(vault));
        }
    }

    @Test
    void theBestSplitMatchesABruteForceOnLargerVaultsOfFewColours() {
        // Up to 21 pyramids of two colours: room for more than three solid and four mixed trees.
        SplittableRandom rng = new SplittableRandom(11);
        for (int trial = 0; trial < 300; trial++) {
            int[] vault = new int[PyramettoState.KINDS];
            int pieces = 12 + rng.nextInt(10);
            int first = rng.nextInt(5);
            int second = (first + 1 + rng.nextInt(4)) % 5;
            for (int piece = 0; piece < pieces; piece++) {
                vault[(rng.nextBoolean() ? first : second) * 3 + rng.nextInt(3)]++;
            }
            assertEquals(bruteForce(vault), PyramettoScoring.bestSplit(vault).score(), java.util.Arrays.toString(vault));
        }
    }

    /**
     * Every split, tried tree by tree: the first small left is either a leftover or forms a tree
     * with some medium and some large. Exponential, fine for a dozen pyramids.
     */
    static int bruteForce(int[] vault) {
        return bruteForce(vault.clone(), 0, 0, 0);
    }

    private static int bruteForce(int[] vault, int solid, int mixed, int leftovers) {
        int small = -1;
        for (int colour = 0; colour < 5 && small < 0; colour++) {
            if (vault[colour * 3] > 0) {
                small = colour;
            }
        }
        if (small < 0) {
            int rest = 0;
            for (int count : vault) {
                rest += count;
            }
            return PyramettoScoring.score(solid, mixed, leftovers + rest);
        }
        vault[small * 3]--;
        int best = bruteForce(vault, solid, mixed, leftovers + 1);
        for (int medium = 0; medium < 5; medium++) {
            for (int large = 0; large < 5; large++) {
                if (vault[medium * 3 + 1] == 0 || vault[large * 3 + 2] == 0) {
                    continue;
                }
                vault[medium * 3 + 1]--;
                vault[large * 3 + 2]--;
                boolean isSolid = medium == small && large == small;
                best = Math.max(best, bruteForce(vault, solid + (isSolid ? 1 : 0), mixed + (isSolid ? 0 : 1), leftovers));
                vault[medium * 3 + 1]++;
                vault[large * 3 + 2]++;
            }
        }
        vault[small * 3]++;
        return best;
    }
}
