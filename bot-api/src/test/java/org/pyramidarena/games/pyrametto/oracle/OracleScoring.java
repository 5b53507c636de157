package org.pyramidarena.games.pyrametto.oracle;

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
public final class OracleScoring {

    static final int MOST_SOLID = 3;
    static final int MOST_MIXED = 4;

    private OracleScoring() {
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
        int[][] counts = new int[5][3];
        int total = 0;
        for (int kind = 0; kind < OracleState.KINDS; kind++) {
            counts[kind / 3][kind % 3] = vault[kind];
            total += vault[kind];
        }
        Split[] best = {null};
        chooseSolids(counts, 0, 0, total, best);
        return best[0];
    }

    private static void chooseSolids(int[][] residual, int colour, int solid, int total, Split[] best) {
        if (colour == 5) {
            for (int mixed = 0; mixed <= MOST_MIXED && canFormMixed(residual, mixed); mixed++) {
                int leftovers = total - 3 * (solid + mixed);
                int score = score(solid, mixed, leftovers);
                Split current = best[0];
                if (current == null || score > current.score()
                        || score == current.score() && (solid < current.solid()
                        || solid == current.solid() && mixed < current.mixed())) {
                    best[0] = new Split(solid, mixed, leftovers, score);
                }
            }
            return;
        }
        int[] sizes = residual[colour];
        int most = Math.min(MOST_SOLID - solid, Math.min(sizes[0], Math.min(sizes[1], sizes[2])));
        for (int trees = 0; trees <= most; trees++) {
            sizes[0] -= trees;
            sizes[1] -= trees;
            sizes[2] -= trees;
            chooseSolids(residual, colour + 1, solid + trees, total, best);
            sizes[0] += trees;
            sizes[1] += trees;
            sizes[2] += trees;
        }
    }

    /** True when {@code mixed} mixed trees can be formed from these counts (the cut condition above). */
    static boolean canFormMixed(int[][] counts, int mixed) {
        for (int sizes = 1; sizes < 8; sizes++) {
            int supply = 0;
            for (int[] colour : counts) {
                int inSizes = 0;
                for (int size = 0; size < 3; size++) {
                    if ((sizes & 1 << size) != 0) {
                        inSizes += colour[size];
                    }
                }
                supply += Math.min(2 * mixed, inSizes);
            }
            if (supply < Integer.bitCount(sizes) * mixed) {
                return false;
            }
        }
        return true;
    }
}
