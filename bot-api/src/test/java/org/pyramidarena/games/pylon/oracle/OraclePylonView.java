package org.pyramidarena.games.pylon.oracle;

/*
 * The oracle: a frozen copy of org.pyramidarena.games.pylon.PylonView as it was before the engine was
 * rewritten for speed (issue 26), renamed into this test package. PylonOracleTest plays the
 * production rules against it move by move. Do not optimise or fix it: it is the reference.
 */

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
public record OraclePylonView(int seat, int actor, int turn, List<Integer> heights, List<Integer> topOwners,
                        List<Integer> topSizes, List<Integer> bottomSizes, List<Integer> hands) implements View {

    public OraclePylonView {
        heights = ViewLists.copyOf(heights);
        topOwners = ViewLists.copyOf(topOwners);
        topSizes = ViewLists.copyOf(topSizes);
        bottomSizes = ViewLists.copyOf(bottomSizes);
        hands = ViewLists.copyOf(hands);
    }

    static OraclePylonView of(OraclePylonState state, int seat) {
        int n = OraclePylonMove.SQUARES;
        return new OraclePylonView(seat, state.actor(), state.turn(), ViewLists.of(n, state, OraclePylonState::height),
                ViewLists.of(n, state, OraclePylonState::topOwner), ViewLists.of(n, state, OraclePylonState::topSize),
                ViewLists.of(n, state, OraclePylonState::bottomSize),
                ViewLists.of(6, state, (st, index) -> st.inHand(index / 3, index % 3 + 1)));
    }

    /** The full state this view shows. */
    OraclePylonState toState() {
        int[] squares = new int[OraclePylonMove.SQUARES];
        for (int square = 0; square < squares.length; square++) {
            int height = heights.get(square);
            squares[square] = height == 0 ? 0
                    : OraclePylonState.pack(height, topOwners.get(square), topSizes.get(square), bottomSizes.get(square));
        }
        int[] inHand = new int[6];
        for (int index = 0; index < inHand.length; index++) {
            inHand[index] = hands.get(index);
        }
        return new OraclePylonState(squares, inHand, actor, turn);
    }

    @Override
    public String toString() {
        return "PylonView[seat " + seat + ", turn " + turn + "]";
    }
}
