package org.pyramidarena.games.pyrinoes;

import java.util.List;
import org.pyramidarena.api.View;
import org.pyramidarena.api.ViewLists;

/**
 * What a seat may know of a Pyrinoes position: its own dominoes, never the other hand's or the
 * boneyard's; everything else (supplies, built pyrinoes, the line, counts, scores) is public.
 * Pieces are written in move notation.
 *
 * @param seat the seat viewing, or {@link View#OBSERVER}
 * @param actor the seat to move, {@link org.pyramidarena.api.State#CHANCE} or {@link
 *     org.pyramidarena.api.State#NONE}
 * @param phase where the match stands
 * @param round the round being played (or dealt), from 1
 * @param target the winning threshold of the variant
 * @param starter the seat with the first turn of this round, -1 before the weight draw decided
 * @param mover the seat whose turn it is, or who is drawing; -1 outside play
 * @param weightDraw the picks of the weight draw for round 1 (seat 0's, then seat 1's): the
 *     current draw while it runs, the deciding one afterwards
 * @param line the pieces of the line, left to right, each written as it lies: a domino {@code 2-5}
 *     with its left spot count first, a pyrino {@code YM.RLS} with its left end first
 * @param leftEnd the spot count of the left open end, -1 before the line is dealt
 * @param rightEnd the spot count of the right open end, -1 before the line is dealt
 * @param hand this seat's dominoes in domino order; empty for the observer
 * @param handSizes how many dominoes each seat holds, by seat
 * @param pyrinoes each seat's built, unplayed pyrinoes (face up), by seat, in type order
 * @param supply the pyramids in the supplies by {@code colour * 3 + size - 1}, colours red,
 *     yellow, green (the shared greens), blue, black, sizes small, medium, large
 * @param boneyard the number of dominoes in the boneyard (during the deal: not yet dealt)
 * @param lastPassed true when the previous turn was a pass
 * @param greensPlayed the pips of green pyramids each seat played into the line this round
 * @param scores each seat's match score
 * @param rounds the completed rounds' scoring, oldest first
 */
public record PyrinoesView(int seat, int actor, PyrinoesState.Phase phase, int round, int target, int starter,
                           int mover, List<String> weightDraw, List<String> line, int leftEnd, int rightEnd,
                           List<String> hand, List<Integer> handSizes, List<List<String>> pyrinoes,
                           List<Integer> supply, int boneyard, boolean lastPassed, List<Integer> greensPlayed,
                           List<Integer> scores, List<PyrinoesRound> rounds) implements View {

    public PyrinoesView {
        weightDraw = List.copyOf(weightDraw);
        line = ViewLists.copyOf(line);
        hand = ViewLists.copyOf(hand);
        handSizes = ViewLists.copyOf(handSizes);
        pyrinoes = ViewLists.copyOfLists(pyrinoes);
        supply = ViewLists.copyOf(supply);
        greensPlayed = ViewLists.copyOf(greensPlayed);
        scores = ViewLists.copyOf(scores);
        rounds = List.copyOf(rounds);
    }

    // The position's arrays and bit sets are never changed once it is made (a new position shares
    // what did not change), so the view's lists read them as they are asked for ({@link ViewLists})
    // instead of writing lists of names at every decision. Each list is one object that reads the
    // position through a function that captures nothing: the referee makes a view at every decision.
    static PyrinoesView of(PyrinoesState state, int seat, int target) {
        List<String> picks = state.pick0 < 0 ? List.of()
                : state.pick1 < 0 ? List.of(Pieces.DOMINO_NAMES[state.pick0])
                : List.of(Pieces.DOMINO_NAMES[state.pick0], Pieces.DOMINO_NAMES[state.pick1]);
        int[] line = state.line;
        return new PyrinoesView(seat, state.actor(), state.phase, state.round, target, state.starter, state.mover,
                picks, ViewLists.of(line.length, line, (entries, i) -> entryName(entries[i])), state.leftEnd, state.rightEnd,
                seat == 0 ? ViewLists.of(Integer.bitCount(state.hand0), state, (st, i) -> dominoName(st.hand0, i))
                        : seat == 1 ? ViewLists.of(Integer.bitCount(state.hand1), state, (st, i) -> dominoName(st.hand1, i))
                        : List.of(),
                ViewLists.of(2, state, PyrinoesState::handSize),
                ViewLists.of(2, state, (st, s) -> typeNames(st.pyrinoes(s))),
                ViewLists.of(15, state, (st, field) -> Pieces.count(st.pyramids, field)), state.boneyardSize(),
                state.lastPassed,
                ViewLists.of(2, state, (st, s) -> s == 0 ? st.greens0 : st.greens1),
                ViewLists.of(2, state, PyrinoesState::score), state.rounds);
    }

    /** The name of the domino with {@code index} dominoes of the set before it (a bit per domino). */
    private static String dominoName(int dominoes, int index) {
        int rest = dominoes;
        for (int skip = 0; skip < index; skip++) {
            rest &= rest - 1;
        }
        return Pieces.DOMINO_NAMES[Integer.numberOfTrailingZeros(rest)];
    }

    /** The names of a set of dominoes (a bit per domino), in domino order. */
    static List<String> dominoNames(int dominoes) {
        return ViewLists.of(Integer.bitCount(dominoes), index -> dominoName(dominoes, index));
    }

    private static List<String> typeNames(int[] types) {
        return ViewLists.of(types.length, types, (pyrinoes, i) -> Pieces.TYPE_NAMES[pyrinoes[i]]);
    }

    /** The name of every line entry (a piece, flipped or not), written once rather than per view. */
    private static final String[] ENTRY_NAMES = new String[2 * PyrinoesState.FLIPPED];

    static {
        for (int piece = 0; piece < Pieces.DOMINOES + Pieces.TYPES; piece++) {
            ENTRY_NAMES[piece] = describeEntry(piece);
            ENTRY_NAMES[piece | PyrinoesState.FLIPPED] = describeEntry(piece | PyrinoesState.FLIPPED);
        }
    }

    /** A line entry written as it lies, left end first. */
    static String entryName(int entry) {
        String name = entry >= 0 && entry < ENTRY_NAMES.length ? ENTRY_NAMES[entry] : null;
        return name != null ? name : describeEntry(entry);
    }

    private static String describeEntry(int entry) {
        int piece = entry & PyrinoesState.PIECE;
        boolean flipped = (entry & PyrinoesState.FLIPPED) != 0;
        if (piece < Pieces.DOMINOES) {
            return PyrinoesState.leftOf(entry) + "-" + PyrinoesState.rightOf(entry);
        }
        String[] ends = Pieces.END_NAMES[piece - Pieces.DOMINOES];
        return flipped ? ends[1] + "." + ends[0] : ends[0] + "." + ends[1];
    }

    /** The line entry a name from {@link #line} stands for. */
    static int parseEntry(String name) {
        int domino = Pieces.parseDomino(name);
        if (domino >= 0) {
            return name.charAt(0) - '0' > name.charAt(2) - '0' ? domino | PyrinoesState.FLIPPED : domino;
        }
        int type = Pieces.parseType(name);
        if (type >= 0) {
            return Pieces.DOMINOES + type;
        }
        int dot = name.indexOf('.');
        type = Pieces.parseType(name.substring(dot + 1) + "." + name.substring(0, dot));
        if (type < 0) {
            throw new IllegalArgumentException("no line piece '" + name + "'");
        }
        return (Pieces.DOMINOES + type) | PyrinoesState.FLIPPED;
    }
}
