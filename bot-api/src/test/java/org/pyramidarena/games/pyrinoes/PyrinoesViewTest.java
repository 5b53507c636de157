package org.pyramidarena.games.pyrinoes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.Event;
import org.pyramidarena.api.RandomPlay;
import org.pyramidarena.api.State;
import org.pyramidarena.api.View;

/** Hidden information: hands' dominoes and the boneyard are hidden, the rest is public (DECISIONS 9). */
class PyrinoesViewTest {

    private final PyrinoesRules rules = Positions.rules();

    private PyrinoesState position(String iceHand) {
        return new Positions.Position().hand(0, "0-1 2-3").hand(1, iceHand).line("5-5").pyrinoes(1, "BS.KS")
                .supply(Pieces.BLUE, 2, 3, 3).supply(Pieces.BLACK, 2, 3, 3).state();
    }

    @Test
    void ownHandIsHiddenFromOpponent() {
        PyrinoesState state = position("4-5 6-6");
        PyrinoesView fire = rules.view(state, 0);
        assertEquals(List.of("0-1", "2-3"), fire.hand());
        assertEquals(List.of(2, 2), fire.handSizes());
        assertEquals(List.of("4-5", "6-6"), rules.view(state, 1).hand());
        assertEquals(fire, rules.view(position("1-1 1-2"), 0), "ice's dominoes do not change fire's view");
        String picture = rules.render(fire);
        assertFalse(picture.contains("4-5") || picture.contains("6-6"), picture);
        assertTrue(picture.contains("2 dominoes (hidden)"), picture);
        assertTrue(picture.contains("0-1 2-3"), picture);
    }

    @Test
    void theObserverSeesNoHandAndTheFullRenderingSeesBoth() {
        PyrinoesState state = position("4-5 6-6");
        PyrinoesView observer = rules.view(state, View.OBSERVER);
        assertEquals(List.of(), observer.hand());
        assertEquals(observer, rules.view(position("1-1 1-2"), View.OBSERVER));
        PyrinoesState sampled = rules.determinize(observer, new SplittableRandom(1));
        assertEquals(observer, rules.view(sampled, View.OBSERVER), "the observer's view determinizes too");
        assertEquals(0, sampled.hand0 & sampled.hand1);
        String full = rules.render(state);
        assertTrue(full.contains("0-1 2-3") && full.contains("4-5 6-6"), full);
    }

    @Test
    void suppliesBuiltPyrinoesTheLineCountsAndScoresArePublic() {
        PyrinoesView fire = rules.view(position("4-5 6-6"), 0);
        assertEquals(List.of(List.of(), List.of("BS.KS")), fire.pyrinoes());
        assertEquals(2, fire.supply().get(Pieces.field(Pieces.BLUE, 1)));
        assertEquals(List.of("5-5"), fire.line());
        assertEquals(28 - 4 - 1, fire.boneyard());
        assertEquals(List.of(0, 0), fire.scores());
    }

    @Test
    void aViewsListsReadFromThePositionEqualTheirCopiesAndCannotBeChanged() {
        for (PyrinoesState state : RandomPlay.game(rules, 4)) {
            for (int seat = View.OBSERVER; seat < 2; seat++) {
                PyrinoesView view = rules.view(state, seat);
                List<String> hand = new ArrayList<>();
                for (int domino = 0; seat >= 0 && domino < Pieces.DOMINOES; domino++) {
                    if ((state.hand(seat) & 1 << domino) != 0) {
                        hand.add(Pieces.DOMINO_NAMES[domino]);
                    }
                }
                assertEquals(hand, view.hand());
                assertEquals(Arrays.stream(state.line).mapToObj(PyrinoesView::entryName).toList(), view.line());
                PyrinoesView copied = new PyrinoesView(view.seat(), view.actor(), view.phase(), view.round(),
                        view.target(), view.starter(), view.mover(), new ArrayList<>(view.weightDraw()),
                        new ArrayList<>(view.line()), view.leftEnd(), view.rightEnd(), new ArrayList<>(view.hand()),
                        new ArrayList<>(view.handSizes()),
                        List.of(new ArrayList<>(view.pyrinoes().get(0)), new ArrayList<>(view.pyrinoes().get(1))),
                        new ArrayList<>(view.supply()), view.boneyard(), view.lastPassed(),
                        new ArrayList<>(view.greensPlayed()), new ArrayList<>(view.scores()), view.rounds());
                assertEquals(view, copied);
                assertEquals(copied, view);
                assertEquals(view.hashCode(), copied.hashCode());
                assertEquals(view.toString(), copied.toString());
            }
        }
        PyrinoesView fire = rules.view(position("4-5 6-6"), 0);
        assertThrows(UnsupportedOperationException.class, () -> fire.hand().set(0, "6-6"));
        assertThrows(UnsupportedOperationException.class, () -> fire.line().add("1-1"));
        assertThrows(UnsupportedOperationException.class, () -> fire.supply().set(0, 9));
        assertThrows(UnsupportedOperationException.class, () -> fire.pyrinoes().get(1).clear());
        assertThrows(IndexOutOfBoundsException.class, () -> fire.hand().get(2));
    }

    @Test
    void theViewNeverRevealsTheOtherHandInAWholeMatch() {
        SplittableRandom rng = new SplittableRandom(7);
        for (long seed = 1; seed <= 3; seed++) {
            boolean otherHandsDiffered = false;
            for (PyrinoesState state : RandomPlay.game(rules, seed)) {
                if (state.phase() != PyrinoesState.Phase.PLAY) {
                    continue;
                }
                for (int seat = 0; seat < 2; seat++) {
                    PyrinoesView view = rules.view(state, seat);
                    assertEquals(PyrinoesView.dominoNames(state.hand(seat)), view.hand());
                    PyrinoesState sampled = rules.determinize(view, rng);
                    assertEquals(view, rules.view(sampled, seat), "the view cannot depend on what it hides");
                    assertEquals(state.hand(seat), sampled.hand(seat));
                    otherHandsDiffered |= sampled.hand(1 - seat) != state.hand(1 - seat);
                }
            }
            assertTrue(otherHandsDiffered, "determinize deals the hidden hand afresh");
        }
    }

    @Test
    void determinizeDealsTheUnseenDominoesConsistentlyWithTheView() {
        PyrinoesState state = position("4-5 6-6");
        PyrinoesView fire = rules.view(state, 0);
        Set<Integer> iceHands = new HashSet<>();
        SplittableRandom rng = new SplittableRandom(3);
        for (int i = 0; i < 200; i++) {
            PyrinoesState sampled = rules.determinize(fire, rng);
            assertEquals(state.hand0, sampled.hand0);
            assertEquals(2, sampled.handSize(1));
            assertEquals(0, sampled.hand1 & (state.hand0 | Positions.dominoes("5-5")), "never a seen domino");
            assertEquals(Pieces.ALL_DOMINOES & ~Positions.dominoes("5-5"), sampled.hand0 | sampled.hand1 | sampled.boneyard);
            assertEquals(rules.legalMoves(state), rules.legalMoves(sampled));
            iceHands.add(sampled.hand1);
        }
        assertTrue(iceHands.size() > 100, "ice's hand is sampled from the 25 unseen dominoes");
    }

    @Test
    void aDominoDealtOrDrawnIntoTheOtherHandIsRedacted() {
        PyrinoesState dealing = Positions.replay(rules, rules.initialState(), "pick:6-6 pick:0-0");
        Event own = rules.eventFor(dealing, PyrinoesMove.deal(3), 0);
        assertEquals(new Event(State.CHANCE, "deal:0-3"), own);
        assertEquals(new Event(State.CHANCE, PyrinoesRules.HIDDEN_DEAL), rules.eventFor(dealing, PyrinoesMove.deal(3), 1));
        assertEquals(PyrinoesRules.HIDDEN_DEAL, rules.eventFor(dealing, PyrinoesMove.deal(3), View.OBSERVER).notation());
        PyrinoesState lineDeal = Positions.replay(rules, dealing,
                Positions.deal("0-0 0-1 0-2 0-3 0-4 0-5 0-6 1-1 1-2", "1-3 1-4 1-5 1-6 2-2 2-3 2-4 2-5 2-6", ""));
        assertEquals("deal:3-4", rules.eventFor(lineDeal, rules.parseMove("deal:3-4"), 1).notation(),
                "the start of the line is dealt face up");
        PyrinoesState stuck = new Positions.Position().mover(1).hand(1, "0-1").hand(0, "2-2").line("5-5")
                .noSupply(1).supply(Pieces.BLUE, 1, 0, 0).supply(Pieces.GREEN, 0, 0, 0).boneyard("3-3 4-4").state();
        assertEquals("draw", rules.eventFor(stuck, PyrinoesMove.DRAW, 0).notation());
        PyrinoesState drawing = rules.apply(stuck, PyrinoesMove.DRAW);
        assertEquals(PyrinoesRules.HIDDEN_DEAL, rules.eventFor(drawing, rules.parseMove("deal:3-3"), 0).notation());
        assertEquals("deal:3-3", rules.eventFor(drawing, rules.parseMove("deal:3-3"), 1).notation());
        assertNotEquals(rules.view(rules.apply(drawing, rules.parseMove("deal:3-3")), 0).boneyard(),
                rules.view(drawing, 0).boneyard(), "the other seat sees that the boneyard shrank");
    }
}
