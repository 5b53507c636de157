package org.pyramidarena.games.pylon.oracle;

/*
 * The oracle: a frozen copy of org.pyramidarena.games.pylon.PylonState as it was before the engine was
 * rewritten for speed (issue 26), renamed into this test package. PylonOracleTest plays the
 * production rules against it move by move. Do not optimise or fix it: it is the reference.
 */

import java.util.Arrays;
import org.pyramidarena.api.State;

/**
 * A Pylon position. Pylon has no hidden information, so a seat's {@link OraclePylonView} shows all of it.
 *
 * <p>Each square holds a stack, described by what the rules need of it: its height (0 when
 * empty), the owner and size of its top pyramid and the size of its bottom pyramid. Sizes are 1
 * (small), 2 (medium), 3 (large); owners are seats 0 and 1.
 */
public final class OraclePylonState implements State {

    static final int PER_SIZE = 5;

    // Packed square: bits 0-4 height, bit 5 top owner, bits 6-7 top size, bits 8-9 bottom size.
    private final int[] squares;
    // Pyramids still in hand: index seat * 3 + size - 1.
    private final int[] hands;
    private final int actor;
    private final int turn;

    OraclePylonState(int[] squares, int[] hands, int actor, int turn) {
        this.squares = squares;
        this.hands = hands;
        this.actor = actor;
        this.turn = turn;
    }

    static OraclePylonState initial() {
        int[] hands = new int[6];
        Arrays.fill(hands, PER_SIZE);
        return new OraclePylonState(new int[OraclePylonMove.SQUARES], hands, 0, 0);
    }

    static int pack(int height, int topOwner, int topSize, int bottomSize) {
        return height | topOwner << 5 | topSize << 6 | bottomSize << 8;
    }

    int packed(int square) {
        return squares[square];
    }

    int[] squaresCopy() {
        return squares.clone();
    }

    int[] handsCopy() {
        return hands.clone();
    }

    @Override
    public int actor() {
        return actor;
    }

    @Override
    public int players() {
        return 2;
    }

    /** The number of actions taken so far. */
    public int turn() {
        return turn;
    }

    /** True while pyramids are still being placed (fewer than 30 on the board). */
    public boolean isPlacementPhase() {
        return turn < OraclePylonMove.SQUARES;
    }

    /** The number of pyramids in the stack on a square; 0 when it is empty. */
    public int height(int square) {
        return squares[square] & 31;
    }

    /** The seat owning the top pyramid on a square; -1 when it is empty. */
    public int topOwner(int square) {
        return height(square) == 0 ? -1 : squares[square] >> 5 & 1;
    }

    /** The size (1-3) of the top pyramid on a square; 0 when it is empty. */
    public int topSize(int square) {
        return squares[square] >> 6 & 3;
    }

    /** The size (1-3) of the bottom pyramid on a square; 0 when it is empty. */
    public int bottomSize(int square) {
        return squares[square] >> 8 & 3;
    }

    /** How many pyramids of a size (1-3) a seat still has in hand. */
    public int inHand(int seat, int size) {
        return hands[seat * 3 + size - 1];
    }

    /** A seat's score: the pyramids in stacks topped by that seat's pyramids. */
    public int score(int seat) {
        int score = 0;
        for (int square = 0; square < OraclePylonMove.SQUARES; square++) {
            if (topOwner(square) == seat) {
                score += height(square);
            }
        }
        return score;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof OraclePylonState s && actor == s.actor && turn == s.turn
                && Arrays.equals(squares, s.squares) && Arrays.equals(hands, s.hands);
    }

    @Override
    public int hashCode() {
        return (Arrays.hashCode(squares) * 31 + Arrays.hashCode(hands)) * 31 + actor * 131 + turn;
    }

    @Override
    public String toString() {
        return "PylonState[turn " + turn + ", actor " + actor + "]";
    }
}
