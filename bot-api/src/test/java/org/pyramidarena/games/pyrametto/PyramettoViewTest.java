package org.pyramidarena.games.pyrametto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
            assertArrayEquals(new int[] {1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, view.vaults()[1]);
            assertArrayEquals(new int[] {Positions.kind("Sg"), Positions.kind("Mb")}, view.stacks()[0]);
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
