package org.pyramidarena.games.pyraos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pyramidarena.api.Legality;
import org.pyramidarena.api.RandomPlay;
import org.pyramidarena.api.View;

/** Move notation, views, rendering, and the agreement of check with the move list. */
class PyraosNotationAndViewTest {

    private final PyraosRules rules = PyraosPositions.rules("standard");

    @Test
    void positionsAreNamedByLevelColumnAndRow() {
        assertEquals("1a1", PyraosBoard.name(0));
        assertEquals("1d4", PyraosBoard.name(15));
        assertEquals("2a1", PyraosBoard.name(16));
        assertEquals("2c3", PyraosBoard.name(24));
        assertEquals("3b2", PyraosBoard.name(28));
        assertEquals("4a1", PyraosBoard.name(PyraosBoard.APEX));
        for (int p = 0; p < PyraosBoard.POSITIONS; p++) {
            assertEquals(p, PyraosBoard.parse(PyraosBoard.name(p)));
        }
    }

    @Test
    void movesWriteAsPlacementLiftRemovalsOrPass() {
        assertEquals("1b2", PyraosMove.place(PyraosBoard.parse("1b2")).notation());
        assertEquals("1a1-2b2", PyraosMove.lift(0, PyraosBoard.parse("2b2")).notation());
        assertEquals("2b2x2a1x1a1", PyraosMove.parse("2b2x1a1x2a1").notation());
        assertEquals("pass", PyraosMove.PASS.toString());
        assertTrue(PyraosMove.parse("1b2") == PyraosMove.place(PyraosBoard.parse("1b2")), "shared instances");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "pas", "5a1", "1e1", "2d1", "3a3", "4b1", "1a1-1a1", "1a1-", "1a1x", "1b2x1a1x1a1",
            "1b2x1a1x1b1x1c1", "1a1 ", "x1a1"})
    void malformedNotationDoesNotParse(String text) {
        assertThrows(IllegalArgumentException.class, () -> PyraosMove.parse(text));
    }

    @Test
    void viewsShowEverythingAndDeterminizeGivesTheStateBack() {
        List<PyraosState> game = RandomPlay.game(rules, 5);
        for (PyraosState state : game) {
            PyraosView view = rules.view(state, 0);
            assertEquals(state, rules.determinize(view, new SplittableRandom(1)));
            for (long key : view.history()) {
                assertTrue(key >= 0 && key < 1L << 53, "history keys are exact in JSON");
            }
        }
        PyraosView observed = rules.view(game.get(game.size() - 1), View.OBSERVER);
        assertEquals(View.OBSERVER, observed.seat());
        assertEquals(game.size(), observed.history().size());
    }

    @Test
    void aViewReadFromThePositionEqualsOneMadeOfCopiesAndCannotBeChanged() {
        for (PyraosState state : RandomPlay.game(rules, 6)) {
            PyraosView view = rules.view(state, 1);
            PyraosView copied = new PyraosView(1, view.actor(), view.moveCount(), new ArrayList<>(view.board()),
                    new ArrayList<>(view.reserves()), view.ending(), view.winner(), new ArrayList<>(view.history()));
            assertEquals(view, copied);
            assertEquals(copied, view);
            assertEquals(view.hashCode(), copied.hashCode());
            assertEquals(state, copied.toState());
            for (int p = 0; p < PyraosBoard.POSITIONS; p++) {
                assertEquals(state.owner(p), view.board().get(p));
            }
        }
        PyraosView view = rules.view(RandomPlay.after(rules, "1a1 1b1", 0), 0);
        assertThrows(UnsupportedOperationException.class, () -> view.board().set(0, 1));
        assertThrows(UnsupportedOperationException.class, () -> view.history().set(0, 0L));
        assertThrows(UnsupportedOperationException.class, () -> view.reserves().set(0, 15));
        assertEquals(3, view.history().size(), "the start and the two positions after it");
    }

    @Test
    void renderingShowsTheFourLevels() {
        PyraosState state = RandomPlay.after(rules, "1a1 1b1", 0);
        String picture = rules.render(state);
        assertTrue(picture.contains("level 1") && picture.contains("level 4"), picture);
        assertTrue(picture.contains("1 W B . ."), picture);
        assertTrue(picture.contains("seat 0 (W) to move"), picture);
        assertEquals(picture, rules.render(rules.view(state, 1)));
        String end = rules.render(rules.apply(PyraosPositions.apexToPlace(), PyraosMove.parse("4a1")));
        assertTrue(end.contains("placed the apex"), end);
    }

    /** Every candidate move that check accepts is listed, and every listed move is accepted. */
    @ParameterizedTest
    @ValueSource(strings = {"standard", "pass", "children", "pylos"})
    void checkAcceptsExactlyTheListedMoves(String variant) {
        PyraosRules variantRules = PyraosPositions.rules(variant);
        List<PyraosState> states = new ArrayList<>(RandomPlay.game(variantRules, 11));
        states.add(PyraosPositions.levelTwoSquare());
        states.add(PyraosPositions.seatOneNearlyStuck());
        for (PyraosState state : states) {
            if (state.isTerminal()) {
                continue;
            }
            Set<PyraosMove> listed = new HashSet<>(variantRules.legalMoves(state));
            Set<PyraosMove> accepted = new HashSet<>();
            int own = state.spheres(state.actor());
            for (PyraosMove base : candidates()) {
                Legality alone = variantRules.check(state, base);
                if (alone.isLegal()) {
                    accepted.add(base);
                }
                // Removals cannot mend a placement or lift that is illegal in itself.
                if (base.isPass() || !(alone.isLegal() || alone.message().contains("must be removed"))) {
                    continue;
                }
                int removable = own | 1 << base.to();
                for (int first = 0; first < PyraosBoard.POSITIONS; first++) {
                    if ((removable >> first & 1) == 0) {
                        continue;
                    }
                    for (int second = -1; second < first; second++) {
                        PyraosMove move = base.withRemovals(first, second);
                        if (variantRules.check(state, move).isLegal()) {
                            accepted.add(move);
                        }
                    }
                }
            }
            assertEquals(listed, accepted, variantRules.render(state));
        }
    }

    private static List<PyraosMove> candidates() {
        List<PyraosMove> moves = new ArrayList<>();
        moves.add(PyraosMove.PASS);
        for (int to = 0; to < PyraosBoard.POSITIONS; to++) {
            moves.add(PyraosMove.place(to));
            for (int from = 0; from < PyraosBoard.POSITIONS; from++) {
                if (from != to) {
                    moves.add(PyraosMove.lift(from, to));
                }
            }
        }
        return moves;
    }
}
