package org.pyramidarena.games.euronimoes;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.pyramidarena.api.View;

/**
 * What a seat sees of a Euronimoes position: its own hand, every layout, the market, all chips, how
 * many dominoes each hand and the bone pile hold, and which dominoes in each hand everybody saw
 * bought from the market. Never another seat's other dominoes or the bone pile's contents.
 *
 * <p>Dominoes are domino types (see {@link Dominoes}).
 *
 * @param seat the seat viewing, or {@link View#OBSERVER}
 * @param actor the seat to move, {@link org.pyramidarena.api.State#CHANCE} or
 *     {@link org.pyramidarena.api.State#NONE}
 * @param players the number of seats
 * @param phase where the game is
 * @param turnSeat as {@link EuronimoesState#turnSeat()}
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
public record EuronimoesView(int seat, int actor, int players, EuronimoesState.Phase phase, int turnSeat, int start,
                             int[] market, int pileSize, int[] chips, int[] handSizes, int[] hand, int[] known,
                             boolean[] stopped, List<List<EuronimoesMove>> layouts) implements View {

    public EuronimoesView {
        List<List<EuronimoesMove>> copies = new ArrayList<>(layouts.size());
        for (List<EuronimoesMove> layout : layouts) {
            copies.add(List.copyOf(layout));
        }
        layouts = List.copyOf(copies);
    }

    static EuronimoesView of(EuronimoesState state, int seat) {
        int players = state.players();
        int[] market = state.marketCopy();
        int[] chips = state.chipsCopy();
        int[] handSizes = new int[players];
        boolean[] stopped = new boolean[players];
        List<List<EuronimoesMove>> layouts = new ArrayList<>(players);
        for (int s = 0; s < players; s++) {
            handSizes[s] = state.handSize(s);
            stopped[s] = state.hasStopped(s);
            layouts.add(state.placements(s));
        }
        int[] hand = new int[seat >= 0 ? Dominoes.TYPES : 0];
        for (int type = 0; type < hand.length; type++) {
            hand[type] = state.inHand(seat, type);
        }
        return new EuronimoesView(seat, state.actor(), players, state.phase(), state.turnSeat(), state.start(),
                market, state.pileSize(), chips, handSizes, hand, state.knownCopy(), stopped, layouts);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof EuronimoesView v && seat == v.seat && actor == v.actor && players == v.players
                && phase == v.phase && turnSeat == v.turnSeat && start == v.start && pileSize == v.pileSize
                && Arrays.equals(market, v.market) && Arrays.equals(chips, v.chips)
                && Arrays.equals(handSizes, v.handSizes) && Arrays.equals(hand, v.hand)
                && Arrays.equals(known, v.known) && Arrays.equals(stopped, v.stopped) && layouts.equals(v.layouts);
    }

    @Override
    public int hashCode() {
        int h = Arrays.hashCode(market) * 31 + Arrays.hashCode(hand);
        h = h * 31 + Arrays.hashCode(handSizes) + Arrays.hashCode(chips) * 7;
        h = h * 31 + Arrays.hashCode(known) + Arrays.hashCode(stopped);
        h = h * 31 + layouts.hashCode();
        return h * 31 + ((seat * 7 + actor) * 7 + phase.ordinal()) * 7 + turnSeat + start * 5 + pileSize * 3;
    }

    @Override
    public String toString() {
        return "EuronimoesView[seat " + seat + ", " + phase + ", actor " + actor + "]";
    }
}
