package org.pyramidarena.games.pylon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.RandomPlay;
import org.pyramidarena.api.View;

/** A Pylon view shows the whole position, as immutable lists read from it. */
class PylonViewTest {

    private final PylonRules rules = (PylonRules) new Pylon().rules(new GameSetup(2, "standard"));

    @Test
    void everySeatSeesEverySquareAndHandAndTheViewGivesThePositionBack() {
        for (PylonState state : RandomPlay.game(rules, 3)) {
            for (int seat = View.OBSERVER; seat < 2; seat++) {
                PylonView view = rules.view(state, seat);
                for (int square = 0; square < PylonMove.SQUARES; square++) {
                    assertEquals(state.height(square), view.heights().get(square));
                    assertEquals(state.topOwner(square), view.topOwners().get(square));
                    assertEquals(state.topSize(square), view.topSizes().get(square));
                    assertEquals(state.bottomSize(square), view.bottomSizes().get(square));
                }
                for (int size = 1; size <= 3; size++) {
                    assertEquals(state.inHand(0, size), view.hands().get(size - 1));
                    assertEquals(state.inHand(1, size), view.hands().get(3 + size - 1));
                }
                assertEquals(state, rules.determinize(view, new SplittableRandom(seat)));
            }
        }
    }

    @Test
    void aViewReadFromThePositionEqualsOneMadeOfCopies() {
        for (PylonState state : RandomPlay.game(rules, 8)) {
            PylonView view = rules.view(state, 1);
            PylonView copied = new PylonView(1, view.actor(), view.turn(), new ArrayList<>(view.heights()),
                    new ArrayList<>(view.topOwners()), new ArrayList<>(view.topSizes()),
                    new ArrayList<>(view.bottomSizes()), new ArrayList<>(view.hands()));
            assertEquals(view, copied);
            assertEquals(copied, view);
            assertEquals(view.hashCode(), copied.hashCode());
            assertEquals(state, copied.toState());
        }
    }

    @Test
    void aViewsListsCannotBeChanged() {
        PylonView view = rules.view(rules.initialState(), 0);
        assertThrows(UnsupportedOperationException.class, () -> view.heights().set(0, 3));
        assertThrows(UnsupportedOperationException.class, () -> view.hands().add(1));
        assertThrows(IndexOutOfBoundsException.class, () -> view.topOwners().get(PylonMove.SQUARES));
        List<Integer> hands = new ArrayList<>(view.hands());
        PylonView copied = new PylonView(0, view.actor(), view.turn(), view.heights(), view.topOwners(),
                view.topSizes(), view.bottomSizes(), hands);
        hands.set(0, 0);
        assertEquals(view.hands(), copied.hands(), "a view copies a list it did not make");
    }
}
