package org.pyramidarena.games.pylon;

import java.util.List;
import org.pyramidarena.api.View;
import org.pyramidarena.api.ViewLists;

/**
 * What a seat sees of a Pylon position: all of it, since Pylon has no hidden information.
 *
 * <p>The lists are immutable; a view made by the rules reads them from the position as they are
 * asked for ({@link ViewLists}).
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
public record PylonView(int seat, int actor, int turn, List<Integer> heights, List<Integer> topOwners,
                        List<Integer> topSizes, List<Integer> bottomSizes, List<Integer> hands) implements View {

    public PylonView {
        heights = ViewLists.copyOf(heights);
        topOwners = ViewLists.copyOf(topOwners);
        topSizes = ViewLists.copyOf(topSizes);
        bottomSizes = ViewLists.copyOf(bottomSizes);
        hands = ViewLists.copyOf(hands);
    }

    static PylonView of(PylonState state, int seat) {
        int n = PylonMove.SQUARES;
        return new PylonView(seat, state.actor(), state.turn(), ViewLists.of(n, state, PylonState::height),
                ViewLists.of(n, state, PylonState::topOwner), ViewLists.of(n, state, PylonState::topSize),
                ViewLists.of(n, state, PylonState::bottomSize),
                ViewLists.of(6, state, (st, index) -> st.inHand(index / 3, index % 3 + 1)));
    }

    /** The full state this view shows. */
    PylonState toState() {
        int[] squares = new int[PylonMove.SQUARES];
        for (int square = 0; square < squares.length; square++) {
            int height = heights.get(square);
            squares[square] = height == 0 ? 0
                    : PylonState.pack(height, topOwners.get(square), topSizes.get(square), bottomSizes.get(square));
        }
        int[] inHand = new int[6];
        for (int index = 0; index < inHand.length; index++) {
            inHand[index] = hands.get(index);
        }
        return PylonState.of(squares, inHand, actor, turn);
    }

    @Override
    public String toString() {
        return "PylonView[seat " + seat + ", turn " + turn + "]";
    }
}
