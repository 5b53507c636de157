package org.pyramidarena.games.pylon;

import java.util.Arrays;
import org.pyramidarena.api.View;

/**
 * What a seat sees of a Pylon position: all of it, since Pylon has no hidden information.
 *
 * @param seat the seat viewing, or {@link View#OBSERVER}
 * @param actor the seat to move, or {@link org.pyramidarena.api.State#NONE}
 * @param turn the number of moves made
 * @param heights the stack height on each square, {@code row * 6 + column}; 0 when empty
 * @param topOwners the seat owning each square's top pyramid, -1 when empty
 * @param topSizes the size (1-3) of each square's top pyramid, 0 when empty
 * @param bottomSizes the size (1-3) of each square's bottom pyramid, 0 when empty
 * @param hands pyramids left in hand, {@code seat * 3 + size - 1}
 */
public record PylonView(int seat, int actor, int turn, int[] heights, int[] topOwners, int[] topSizes,
                        int[] bottomSizes, int[] hands) implements View {

    static PylonView of(PylonState state, int seat) {
        int n = PylonMove.SQUARES;
        int[] heights = new int[n];
        int[] owners = new int[n];
        int[] tops = new int[n];
        int[] bottoms = new int[n];
        for (int square = 0; square < n; square++) {
            heights[square] = state.height(square);
            owners[square] = state.topOwner(square);
            tops[square] = state.topSize(square);
            bottoms[square] = state.bottomSize(square);
        }
        int[] hands = new int[6];
        for (int s = 0; s < 2; s++) {
            for (int size = 1; size <= 3; size++) {
                hands[s * 3 + size - 1] = state.inHand(s, size);
            }
        }
        return new PylonView(seat, state.actor(), state.turn(), heights, owners, tops, bottoms, hands);
    }

    /** The full state this view shows. */
    PylonState toState() {
        int[] squares = new int[PylonMove.SQUARES];
        for (int square = 0; square < squares.length; square++) {
            squares[square] = heights[square] == 0 ? 0
                    : PylonState.pack(heights[square], topOwners[square], topSizes[square], bottomSizes[square]);
        }
        return new PylonState(squares, hands.clone(), actor, turn);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PylonView v && seat == v.seat && actor == v.actor && turn == v.turn
                && Arrays.equals(heights, v.heights) && Arrays.equals(topOwners, v.topOwners)
                && Arrays.equals(topSizes, v.topSizes) && Arrays.equals(bottomSizes, v.bottomSizes)
                && Arrays.equals(hands, v.hands);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(heights) * 31 + Arrays.hashCode(topOwners) + seat * 7 + actor * 3 + turn;
    }

    @Override
    public String toString() {
        return "PylonView[seat " + seat + ", turn " + turn + "]";
    }
}
