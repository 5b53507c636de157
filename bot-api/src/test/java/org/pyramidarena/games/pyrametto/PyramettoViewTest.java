package org.pyramidarena.games.pyrametto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.Event;
import org.pyramidarena.api.RandomPlay;
import org.pyramidarena.api.View;

/** Everything is public (DECISIONS 8): every seat's view holds the whole state. */
class PyramettoViewTest {

    private final PyramettoRules rules = Positions.rules(4);

    private final PyramettoState position = Positions.start(4).give(1, "Sr Mr Lr Sy").give(3, "Lk")
            .stack(0, "Sg Mb").taken(2, 1).stack(3, "Lk Lk Lk").mover(3).starter(2).round(4).turns(37)
            .rolled("SL/w").build();

    @Test
    void everySeatSeesTheWholeStateAndDeterminizeReturnsIt() {
        for (int seat = View.OBSERVER; seat < 4; seat++) {
            PyramettoView view = rules.view(position, seat);
            assertEquals(seat, view.seat());
            assertEquals(position, rules.determinize(view, new SplittableRandom(seat)));
            assertEquals(List.of(1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), view.vaults().get(1));
            assertEquals(List.of(Positions.kind("Sg"), Positions.kind("Mb")), view.stacks().get(0));
            assertEquals(3, view.actor());
            assertEquals(4, view.sizeFace(), "the SL face");
            assertEquals(5, view.colourFace(), "the wild face");
        }
        assertNotEquals(rules.view(position, 0), rules.view(position, 1), "a view names its seat");
    }

    @Test
    void viewsOfRandomGamesRoundTrip() {
        for (PyramettoState state : RandomPlay.game(rules, 5)) {
            PyramettoView view = rules.view(state, 2);
            assertEquals(state, view.toState());
            assertEquals(view.hashCode(), rules.view(state, 2).hashCode());
        }
    }

    @Test
    void aViewReadFromThePositionEqualsOneMadeOfCopiesAndBothGiveThePositionBack() {
        for (PyramettoState state : RandomPlay.game(rules, 9)) {
            PyramettoView read = rules.view(state, 1);
            PyramettoView copied = copy(read);
            assertEquals(read, copied);
            assertEquals(copied, read);
            assertEquals(read.hashCode(), copied.hashCode());
            assertEquals(state, copied.toState(), "rebuilt from the lists");
            assertEquals(state, read.toState());
        }
    }

    @Test
    void aViewsListsCannotBeChanged() {
        PyramettoView view = rules.view(position, 0);
        assertThrows(UnsupportedOperationException.class, () -> view.inventory().set(0, 9));
        assertThrows(UnsupportedOperationException.class, () -> view.vaults().get(1).set(0, 9));
        assertThrows(UnsupportedOperationException.class, () -> view.stacks().get(0).add(3));
        assertThrows(UnsupportedOperationException.class, () -> view.taken().set(2, false));
        assertThrows(UnsupportedOperationException.class, () -> view.vaults().remove(0));
        assertThrows(IndexOutOfBoundsException.class, () -> view.stacks().get(0).get(2));
        assertEquals(position, view.toState());
    }

    @Test
    void aViewMadeFromAnotherViewsListsWithOtherValuesShowsItsOwnValues() {
        PyramettoView view = rules.view(position, 0);
        PyramettoView later = new PyramettoView(0, view.actor(), view.phase(), view.mover(), view.starter(),
                view.round(), view.turns() + 1, view.sizeFace(), view.colourFace(), view.inventory(), view.vaults(),
                view.stacks(), view.taken(), view.inRound(), view.endTriggered(), view.freeTurns());
        assertEquals(position.turns() + 1, later.toState().turns());
        PyramettoView mixed = new PyramettoView(0, view.actor(), view.phase(), view.mover(), view.starter(),
                view.round(), view.turns(), view.sizeFace(), view.colourFace(), view.vaults().get(1), view.vaults(),
                view.stacks(), view.taken(), view.inRound(), view.endTriggered(), view.freeTurns());
        PyramettoState state = mixed.toState();
        for (int kind = 0; kind < 15; kind++) {
            assertEquals(position.vault(1, kind), state.inventory(kind), "the inventory given, seat 1's vault");
        }
    }

    private static PyramettoView copy(PyramettoView v) {
        return new PyramettoView(v.seat(), v.actor(), v.phase(), v.mover(), v.starter(), v.round(), v.turns(),
                v.sizeFace(), v.colourFace(), new ArrayList<>(v.inventory()),
                v.vaults().stream().map(ArrayList::new).map(List::<Integer>copyOf).toList(),
                v.stacks().stream().map(ArrayList::new).map(List::<Integer>copyOf).toList(), new ArrayList<>(v.taken()),
                new ArrayList<>(v.inRound()), v.endTriggered(), new ArrayList<>(v.freeTurns()));
    }

    @Test
    void everySeatIsToldEveryActionInFull() {
        for (int seat = View.OBSERVER; seat < 4; seat++) {
            assertEquals(new Event(3, "Lb:b"), rules.eventFor(position, PyramettoMove.parse("Lb:b"), seat));
        }
    }

    @Test
    void renderShowsStacksInventoryVaultsScoresAndWhoIsToMove() {
        String text = rules.render(position);
        assertTrue(text.contains("a [Sg Mb]"), text);
        assertTrue(text.contains("c (taken)"), text);
        assertTrue(text.contains("d [Lk Lk Lk]"), text);
                assertTrue(text.contains("inventory    3 3 3   3 4 4   3 4 4   4 3 4   4 4 0"), text);
        assertTrue(text.contains("seat 1 out   1 1 1   1 0 0"), text);
        assertTrue(text.contains("score 6 (1 solid, 0 mixed, 1 left over)"), text);
        assertTrue(text.contains("seat 3 rolled SL/w and places a pyramid"), text);
        assertEquals(text, rules.render(rules.view(position, View.OBSERVER)));
        assertEquals(List.of(), text.lines().filter(line -> line.endsWith(" ")).toList());
    }
}
