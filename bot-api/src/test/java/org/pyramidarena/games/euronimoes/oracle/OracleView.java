package org.pyramidarena.games.euronimoes.oracle;

import java.util.List;
import org.pyramidarena.api.View;
import org.pyramidarena.api.ViewLists;

/**
 * What a seat sees of a Euronimoes position: its own hand, every layout, the market, all chips, how
 * many dominoes each hand and the bone pile hold, and which dominoes in each hand everybody saw
 * bought from the market. Never another seat's other dominoes or the bone pile's contents.
 *
 * <p>OracleDominoes are domino types (see {@link OracleDominoes}). The lists are immutable; a view made by the
 * rules reads them from the position as they are asked for ({@link ViewLists}).
 *
 * @param seat the seat viewing, or {@link View#OBSERVER}
 * @param actor the seat to move, {@link org.pyramidarena.api.State#CHANCE} or
 *     {@link org.pyramidarena.api.State#NONE}
 * @param players the number of seats
 * @param phase where the game is
 * @param turnSeat as {@link OracleState#turnSeat()}
 * @param start the seat who took the first turn, -1 until the hands are dealt
 * @param market the domino type in each slot 0..4 (costing -1..3), -1 when empty
 * @param pileSize the number of dominoes in the bone pile
 * @param chips the chips each seat holds
 * @param handSizes the number of dominoes each seat holds
 * @param hand this seat's hand, a count per domino type (28 entries); empty for the observer
 * @param known per seat and type ({@code seat * 28 + type}), how many of that seat's dominoes were
 *     bought in public and are still held
 * @param stopped per seat, whether it has stopped with one domino kept
 * @param layouts each seat's placements in the order they were made
 */
public record OracleView(int seat, int actor, int players, OracleState.Phase phase, int turnSeat, int start,
                             List<Integer> market, int pileSize, List<Integer> chips, List<Integer> handSizes,
                             List<Integer> hand, List<Integer> known, List<Boolean> stopped,
                             List<List<OracleMove>> layouts) implements View {

    public OracleView {
        market = ViewLists.copyOf(market);
        chips = ViewLists.copyOf(chips);
        handSizes = ViewLists.copyOf(handSizes);
        hand = ViewLists.copyOf(hand);
        known = ViewLists.copyOf(known);
        stopped = ViewLists.copyOf(stopped);
        layouts = ViewLists.copyOfLists(layouts);
    }

    static OracleView of(OracleState state, int seat) {
        int players = state.players();
        int types = OracleDominoes.TYPES;
        return new OracleView(seat, state.actor(), players, state.phase(), state.turnSeat(), state.start(),
                ViewLists.of(OracleState.SLOTS, state, OracleState::market), state.pileSize(),
                ViewLists.of(players, state, OracleState::chips),
                ViewLists.of(players, state, OracleState::handSize),
                seat >= 0 ? ViewLists.of(types, type -> state.inHand(seat, type)) : List.of(),
                ViewLists.of(players * types, state,
                        (st, index) -> st.knownInHand(index / OracleDominoes.TYPES, index % OracleDominoes.TYPES)),
                ViewLists.of(players, state, OracleState::hasStopped),
                ViewLists.of(players, state, OracleState::placements));
    }

    @Override
    public String toString() {
        return "EuronimoesView[seat " + seat + ", " + phase + ", actor " + actor + "]";
    }
}
