package org.pyramidarena.games.pyraos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Legality;
import org.pyramidarena.api.Variant;

/** The variants standard, pass, children and pylos (DECISIONS.md Pyraos 6), each by its difference. */
class PyraosVariantsTest {

    @Test
    void variantsAreSelectableByNameWithStandardFirst() {
        Pyraos game = new Pyraos();
        assertEquals(List.of("standard", "pass", "children", "pylos"), game.variants().stream().map(Variant::name).toList());
        assertEquals("standard", game.defaultVariant());
        assertThrows(IllegalArgumentException.class, () -> game.rules(new GameSetup(2, "tournament")));
        assertThrows(IllegalArgumentException.class, () -> game.rules(new GameSetup(3, "standard")));
    }

    @Test
    void aHandicapGivesTheSecondPlayerSpheresBeyondFifteenAndANegativeOneTheFirst() {
        Pyraos game = new Pyraos();
        PyraosState one = game.rules(GameSetup.parse(2, "standard?handicap=1")).initialState();
        assertEquals(List.of(15, 16), List.of(one.reserve(0), one.reserve(1)));
        PyraosState minusTwo = game.rules(GameSetup.parse(2, "pylos?handicap=-2")).initialState();
        assertEquals(List.of(17, 15), List.of(minusTwo.reserve(0), minusTwo.reserve(1)));
        assertEquals(List.of(15, 15), List.of(game.rules(GameSetup.parse(2, "standard?handicap=0")).initialState()
                .reserve(0), PyraosPositions.rules("standard").initialState().reserve(1)));
        assertThrows(IllegalArgumentException.class, () -> game.rules(GameSetup.parse(2, "standard?handicap=0.5")),
                "a handicap is whole spheres");
        assertThrows(IllegalArgumentException.class, () -> game.rules(GameSetup.parse(2, "standard?handicap=6")));
    }

    @Test
    void aSixteenthSphereLetsTheSecondPlayerPlaceWhereFifteenWouldLeaveItStuck() {
        // Seat 1 has all 15 of its standard spheres on the board: after 3a1 it can neither place nor lift.
        PyraosState stuck = PyraosPositions.seatOneNearlyStuck();
        assertTrue(PyraosPositions.rules("standard").apply(stuck, PyraosMove.parse("3a1")).isTerminal());
        PyraosRules handicapped = (PyraosRules) new Pyraos().rules(GameSetup.parse(2, "standard?handicap=1"));
        PyraosState same = PyraosState.start(stuck.spheres(0), stuck.spheres(1), 0, 0, 1);
        PyraosState after = handicapped.apply(same, PyraosMove.parse("3a1"));
        assertFalse(after.isTerminal(), "its sixteenth sphere is still in reserve");
        assertEquals(1, after.reserve(1));
        assertTrue(handicapped.legalMoves(after).stream().anyMatch(PyraosMove::isPlacement));
        assertEquals(after, handicapped.determinize(handicapped.view(after, 0), null), "the view keeps the handicap");
    }

    @Test
    void standardLetsTheMoverRemoveNothingOneOrTwo() {
        PyraosRules rules = PyraosPositions.rules("standard");
        PyraosState state = PyraosPositions.threeOfASquare();
        assertTrue(rules.check(state, PyraosMove.parse("1b2")).isLegal());
        assertTrue(rules.check(state, PyraosMove.parse("1b2x1a1")).isLegal());
        assertTrue(rules.check(state, PyraosMove.parse("1b2x1b2x1a1")).isLegal());
    }

    @Test
    void passLetsAPlayerWhoCannotMovePassInsteadOfLosing() {
        PyraosRules rules = PyraosPositions.rules("pass");
        PyraosState after = rules.apply(PyraosPositions.seatOneNearlyStuck(), PyraosMove.parse("3a1"));
        assertFalse(after.isTerminal());
        assertEquals(1, after.actor());
        assertEquals(List.of(PyraosMove.PASS), rules.legalMoves(after));
        PyraosState passed = rules.apply(after, PyraosMove.PASS);
        assertEquals(0, passed.actor());
        assertEquals(after.occupied(), passed.occupied(), "a pass changes nothing on the board");
        assertEquals(after.moveCount() + 1, passed.moveCount(), "a pass counts as a move");
    }

    @Test
    void passIsAllowedUnderNoOtherCircumstances() {
        PyraosRules pass = PyraosPositions.rules("pass");
        Legality verdict = pass.check(pass.initialState(), PyraosMove.PASS);
        assertEquals(Legality.Reason.RULE_VIOLATION, verdict.reason());
        assertTrue(verdict.message().contains("only when"), verdict.message());
        PyraosRules standard = PyraosPositions.rules("standard");
        assertTrue(standard.check(standard.initialState(), PyraosMove.PASS).message().contains("pass variant"));
        PyraosState stuckInPass = pass.apply(PyraosPositions.seatOneNearlyStuck(), PyraosMove.parse("3a1"));
        assertTrue(pass.check(stuckInPass, PyraosMove.PASS).isLegal());
    }

    @Test
    void childrenNeverRemovesASphere() {
        PyraosRules rules = PyraosPositions.rules("children");
        PyraosState state = PyraosPositions.threeOfASquare();
        Legality verdict = rules.check(state, PyraosMove.parse("1b2x1b2"));
        assertTrue(verdict.message().contains("children"), verdict.message());
        assertTrue(rules.check(state, PyraosMove.parse("1b2")).isLegal());
        assertTrue(rules.legalMoves(PyraosPositions.levelTwoSquare()).stream().allMatch(m -> m.removals() == 0));
    }

    @Test
    void childrenStillLosesWhenAPlayerCannotMove() {
        PyraosRules rules = PyraosPositions.rules("children");
        PyraosState end = rules.apply(PyraosPositions.seatOneNearlyStuck(), PyraosMove.parse("3a1"));
        assertEquals(PyraosState.Ending.NO_MOVE, end.ending());
    }

    @Test
    void pylosMakesOneOrTwoRemovalsCompulsoryAfterASquare() {
        PyraosRules rules = PyraosPositions.rules("pylos");
        PyraosState state = PyraosPositions.threeOfASquare();
        Legality verdict = rules.check(state, PyraosMove.parse("1b2"));
        assertEquals(Legality.Reason.RULE_VIOLATION, verdict.reason());
        assertTrue(verdict.message().contains("must be removed"), verdict.message());
        List<PyraosMove> moves = PyraosPositions.withBase(rules, state, "1b2");
        assertEquals(10, moves.size());
        assertTrue(moves.stream().allMatch(m -> m.removals() >= 1));
        assertTrue(rules.check(state, PyraosMove.parse("1b2x1b2")).isLegal());
        assertTrue(rules.check(state, PyraosMove.parse("1c1")).isLegal(), "no square, no removal");
    }

    @Test
    void pylosStillLosesWhenAPlayerCannotMove() {
        PyraosRules rules = PyraosPositions.rules("pylos");
        PyraosState end = rules.apply(PyraosPositions.seatOneNearlyStuck(), PyraosMove.parse("3a1"));
        assertEquals(PyraosState.Ending.NO_MOVE, end.ending());
    }
}
