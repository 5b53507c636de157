package org.pyramidarena.games.pyrametto;

/**
 * Pyrametto scoring (DECISIONS 7): a vault is split into solid trees (small, medium and large of one
 * colour), mixed trees (one of each size, not all one colour) and leftovers, the split with the
 * highest score counting.
 *
 * <p>The search runs over the number of solid trees of each colour; for each choice it grows the
 * number of mixed trees while the rest can still form them. Whether {@code m} mixed trees can be
 * formed from counts {@code r[colour][size]} is a flow question (sizes to colours, each size
 * supplying {@code m}, no colour in more than {@code 2m} of the {@code 3m} places, since a colour in
 * all three places of one tree makes it solid); by max-flow/min-cut it holds exactly when, for every
 * non-empty set Z of sizes, {@code sum over colours of min(2m, sum over Z of r) >= |Z| m}. Counts
 * meeting that bound can always be arranged without a one-colour tree: a one-colour tree can swap a
 * pyramid with another tree holding fewer than two of that colour, lowering the number of one-colour
 * trees.
 *
 * <p>The search stops at {@value #MOST_SOLID} solid and {@value #MOST_MIXED} mixed trees, which
 * loses nothing: from the third solid tree on, a solid tree scores -3 or less, no more than its
 * three pyramids left over, and from the fourth mixed tree on the same holds for mixed trees. So
 * breaking up the last such tree of any split never lowers its score, and a best split with the
 * fewest solid trees, then the fewest mixed trees, lies within the bounds.
 */
public final class PyramettoScoring {

    static final int MOST_SOLID = 3;
    static final int MOST_MIXED = 4;

    private PyramettoScoring() {
    }

    /**
     * The best split of a vault.
     *
     * @param solid the number of solid trees
     * @param mixed the number of mixed trees
     * @param leftovers the pyramids in no tree
     * @param score the split's score
     */
    public record Split(int solid, int mixed, int leftovers, int score) {
    }

    /** The score of the k-th solid tree (from 1): 7, 11, -3, -5, -7, then 2 less each time. */
    public static int solidTreeValue(int k) {
        return k == 1 ? 7 : k == 2 ? 11 : -3 - 2 * (k - 3);
    }

    /** The score of the k-th mixed tree (from 1): 5, 7, -1, -3, -5, then 2 less each time. */
    public static int mixedTreeValue(int k) {
        return k == 1 ? 5 : k == 2 ? 7 : -1 - 2 * (k - 3);
    }

    /** The score of a split with these counts: tree values in order, -1 per leftover. */
    public static int score(int solid, int mixed, int leftovers) {
        int score = -leftovers;
        for (int k = 1; k <= solid; k++) {
            score += solidTreeValue(k);
        }
        for (int k = 1; k <= mixed; k++) {
            score += mixedTreeValue(k);
        }
        return score;
    }

    /**
     * The highest-scoring split of a vault; among equal scores, the one with fewer solid trees, then
     * fewer mixed trees.
     *
     * @param vault counts by kind ({@code colour * 3 + size - 1}), 15 entries
     */
    public static Split bestSplit(int[] vault) {
        int[] counts = new int[PyramettoState.KINDS];
        int total = 0;
        for (int kind = 0; kind < PyramettoState.KINDS; kind++) {
            counts[kind] = vault[kind];
            total += vault[kind];
        }
        int key = chooseSolids(counts, 0, 0, total);
        int solid = MOST_SOLID - (key >> 4 & 15);
        int mixed = MOST_MIXED - (key & 15);
        return new Split(solid, mixed, total - 3 * (solid + mixed), (key >> 8) - SCORE_OFFSET);
    }

    /** The score of the best split of the vault held in {@code counts} from {@code offset} (15 entries). */
    static int bestScore(byte[] counts, int offset) {
        int[] residual = new int[PyramettoState.KINDS];
        int total = 0;
        for (int kind = 0; kind < PyramettoState.KINDS; kind++) {
            residual[kind] = counts[offset + kind];
            total += residual[kind];
        }
        return (chooseSolids(residual, 0, 0, total) >> 8) - SCORE_OFFSET;
    }

    private static final int SCORE_OFFSET = 1 << 12;

    /** The trees' part of a split's score, by solid trees then mixed trees. */
    private static final int[][] TREES_SCORE = new int[MOST_SOLID + 1][MOST_MIXED + 1];

    static {
        for (int solid = 0; solid <= MOST_SOLID; solid++) {
            for (int mixed = 0; mixed <= MOST_MIXED; mixed++) {
                TREES_SCORE[solid][mixed] = score(solid, mixed, 0);
            }
        }
    }

    /**
     * The best split's key over the choices of solid trees from {@code colour} on: the score in bits
     * 8+ (offset by {@link #SCORE_OFFSET}), then {@code MOST_SOLID - solid} in bits 4-7 and {@code
     * MOST_MIXED - mixed} in bits 0-3, so that the greatest key is the highest score with the fewest
     * solid, then mixed, trees. {@code residual} is left as it was found.
     */
    private static int chooseSolids(int[] residual, int colour, int solid, int total) {
        if (colour == 5) {
            int best = Integer.MIN_VALUE;
            for (int mixed = 0; mixed <= MOST_MIXED && canFormMixed(residual, mixed); mixed++) {
                int leftovers = total - 3 * (solid + mixed);
                int score = TREES_SCORE[solid][mixed] - leftovers;
                int key = (score + SCORE_OFFSET) << 8 | (MOST_SOLID - solid) << 4 | (MOST_MIXED - mixed);
                best = Math.max(best, key);
            }
            return best;
        }
        int base = colour * 3;
        int most = Math.min(MOST_SOLID - solid,
                Math.min(residual[base], Math.min(residual[base + 1], residual[base + 2])));
        int best = chooseSolids(residual, colour + 1, solid, total);
        for (int trees = 1; trees <= most; trees++) {
            residual[base]--;
            residual[base + 1]--;
            residual[base + 2]--;
            best = Math.max(best, chooseSolids(residual, colour + 1, solid + trees, total));
        }
        residual[base] += most;
        residual[base + 1] += most;
        residual[base + 2] += most;
        return best;
    }

    /**
     * True when {@code mixed} mixed trees can be formed from these counts by kind (the cut condition
     * above): for every non-empty set of sizes, the colours' capped supply covers it.
     */
    static boolean canFormMixed(int[] counts, int mixed) {
        if (mixed == 0) {
            return true;
        }
        int cap = 2 * mixed;
        for (int sizes = 1; sizes < 8; sizes++) {
            int supply = 0;
            for (int base = 0; base < PyramettoState.KINDS; base += 3) {
                int inSizes = ((sizes & 1) != 0 ? counts[base] : 0) + ((sizes & 2) != 0 ? counts[base + 1] : 0)
                        + ((sizes & 4) != 0 ? counts[base + 2] : 0);
                supply += Math.min(cap, inSizes);
            }
            if (supply < Integer.bitCount(sizes) * mixed) {
                return false;
            }
        }
        return true;
    }
}
