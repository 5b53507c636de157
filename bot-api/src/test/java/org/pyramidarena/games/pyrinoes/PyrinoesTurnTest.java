package org.pyramidarena.games.pyrinoes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.Legality;
import org.pyramidarena.api.State;

/** A turn: play, build, forced build, draw, pass (pyrinoes.txt "Gameplay", DECISIONS 5). */
class PyrinoesTurnTest {

    private final PyrinoesRules rules = Positions.rules();

    private static List<String> notations(List<PyrinoesMove> moves) {
        return moves.stream().map(PyrinoesMove::notation).toList();
    }

    @Test
    void aPieceIsPlayedWithOneEndMatchingAnOpenEndAndItsOtherEndBecomesOpen() {
        PyrinoesState state = new Positions.Position().hand(0, "2-3 3-6 1-1").line("2-5 5-3").noSupply(0)
                .supply(Pieces.RED, 1, 0, 0).supply(Pieces.GREEN, 0, 0, 0).state();
        assertEquals(List.of("2-3@L", "2-3@R", "3-6@R"), notations(rules.legalMoves(state)));
        PyrinoesState left = rules.apply(state, rules.parseMove("2-3@L"));
        assertEquals(3, left.leftEnd);
        assertEquals(3, left.rightEnd);
        assertEquals(List.of("3-2", "2-5", "5-3"), rules.view(left, 0).line());
        PyrinoesState right = rules.apply(state, rules.parseMove("3-6@R"));
        assertEquals(6, right.rightEnd);
        assertEquals(List.of("2-5", "5-3", "3-6"), rules.view(right, 0).line());
        assertEquals(Legality.Reason.RULE_VIOLATION, rules.check(state, rules.parseMove("3-6@L")).reason());
        assertFalse(rules.check(state, rules.parseMove("1-1@L")).isLegal());
        assertFalse(rules.check(state, rules.parseMove("4-5@L")).isLegal(), "4-5 is not in fire's hand");
    }

    @Test
    void aDoubleHasOnlyOneOpenEnd() {
        PyrinoesState state = new Positions.Position().hand(0, "4-4").line("4-1").state();
        PyrinoesState after = rules.apply(state, rules.parseMove("4-4@L"));
        assertEquals(4, after.leftEnd);
        assertEquals(1, after.rightEnd);
        assertEquals(2, after.line.length, "the line stays a line: nothing branches off a double");
    }

    @Test
    void aBuiltPyrinoIsPlayedLikeADominoAndItsGreensCountForItsPlayer() {
        PyrinoesState state = new Positions.Position().hand(0, "6-6").line("4-1").pyrinoes(0, "GM.RLS RS.YS")
                .state();
        List<String> plays = notations(rules.legalMoves(state)).stream().filter(n -> n.contains("@")).toList();
        assertEquals(List.of("RS.YS@R", "GM.RLS@L"), plays);
        PyrinoesState after = rules.apply(state, rules.parseMove("GM.RLS@L"));
        assertEquals(0, after.leftEnd, "the green end, worth 0 spots, is now open");
        assertEquals(List.of("GM.RLS", "4-1"), rules.view(after, 1).line());
        assertEquals(2, after.greens0);
        assertEquals(List.of("RS.YS"), rules.view(after, 1).pyrinoes().get(0));
    }

    @Test
    void buildingMovesPyramidsFromTheSupplyIntoTheHandFaceUp() {
        PyrinoesState state = new Positions.Position().hand(0, "0-0").line("5-5").state();
        PyrinoesState after = rules.apply(state, rules.parseMove("+RLS.YM"));
        assertEquals(2, after.supply(Pieces.RED, 3));
        assertEquals(2, after.supply(Pieces.RED, 1));
        assertEquals(2, after.supply(Pieces.YELLOW, 2));
        assertEquals(List.of("RLS.YM"), rules.view(after, 1).pyrinoes().get(0), "the other player sees it");
        assertEquals(1, after.actor(), "building is the whole turn");
    }

    @Test
    void aBuiltPyrinoIsNeverChanged() {
        PyrinoesState state = new Positions.Position().hand(0, "0-0").line("5-5").noSupply(0)
                .supply(Pieces.GREEN, 0, 0, 0).pyrinoes(0, "RS.YS").state();
        assertEquals(List.of("draw"), notations(rules.legalMoves(state)),
                "a held pyrino's pyramids cannot be used again and the pyrino cannot be played half");
    }

    @Test
    void greenPyramidsAreSharedAndEitherPlayerMayUseThem() {
        PyrinoesState state = new Positions.Position().hand(0, "0-0").line("5-5").state();
        PyrinoesState after = Positions.replay(rules, state, "+GL.RS +GL.BS +GL.YS");
        assertEquals(0, after.supply(Pieces.GREEN, 3));
        PyrinoesState iceTurn = after;
        assertFalse(rules.check(iceTurn, rules.parseMove("+GL.BM")).isLegal(), "no large green is left");
        assertTrue(rules.check(iceTurn, rules.parseMove("+GM.BM")).isLegal());
    }

    @Test
    void buildingIsAllowedEvenWhenAPlayExists() {
        PyrinoesState state = new Positions.Position().hand(0, "5-6").line("5-5").state();
        List<PyrinoesMove> moves = rules.legalMoves(state);
        assertEquals(2 + 135, moves.size());
        assertEquals(List.of("5-6@L", "5-6@R"), notations(moves.subList(0, 2)));
    }

    @Test
    void aPlayerWhoCannotPlayMustBuild() {
        PyrinoesState state = new Positions.Position().hand(0, "0-1 2-3").line("5-5").state();
        List<PyrinoesMove> moves = rules.legalMoves(state);
        assertEquals(135, moves.size());
        assertTrue(moves.stream().allMatch(m -> m.kind() == PyrinoesMove.Kind.BUILD));
        Legality draw = rules.check(state, PyrinoesMove.DRAW);
        assertEquals(Legality.Reason.RULE_VIOLATION, draw.reason());
        assertEquals("a player who cannot play must build a pyrino if they can", draw.message());
        assertFalse(rules.check(state, PyrinoesMove.PASS).isLegal());
    }

    @Test
    void withOneColourLeftTheForcedBuildPairsItWithAGreen() {
        PyrinoesState state = new Positions.Position().hand(0, "0-1").line("5-5").noSupply(0)
                .supply(Pieces.RED, 1, 0, 0).state();
        assertEquals(List.of("+GS.RS", "+GM.RS", "+GL.RS"), notations(rules.legalMoves(state)));
    }

    @Test
    void aPlayerWhoCanNeitherPlayNorBuildDrawsAndThatIsTheTurn() {
        PyrinoesState state = new Positions.Position().hand(0, "0-1").hand(1, "2-2").line("5-5").noSupply(0)
                .supply(Pieces.RED, 1, 0, 0).supply(Pieces.GREEN, 0, 0, 0).boneyard("3-3 4-4").state();
        assertEquals(List.of("draw"), notations(rules.legalMoves(state)));
        PyrinoesState drawing = rules.apply(state, PyrinoesMove.DRAW);
        assertEquals(State.CHANCE, drawing.actor());
        assertEquals(List.of("deal:3-3", "deal:4-4"),
                rules.chanceOutcomes(drawing).stream().map(o -> o.move().notation()).toList());
        assertEquals(0.5, rules.chanceOutcomes(drawing).get(0).probability());
        PyrinoesState drawn = rules.apply(drawing, rules.parseMove("deal:4-4"));
        assertEquals(Positions.dominoes("0-1 4-4"), drawn.hand0);
        assertEquals(1, drawn.boneyardSize());
        assertEquals(1, drawn.actor(), "the draw was fire's turn, even when the drawn domino could be played");
    }

    @Test
    void aPlayerPassesOnlyWhenTheBoneyardIsEmpty() {
        PyrinoesState stuck = new Positions.Position().hand(0, "0-1").hand(1, "2-2").line("5-5").noSupply(0)
                .supply(Pieces.GREEN, 0, 0, 0).boneyard("3-3").state();
        assertFalse(rules.check(stuck, PyrinoesMove.PASS).isLegal(), "a domino is left to draw");
        PyrinoesState empty = new Positions.Position().hand(0, "0-1").hand(1, "2-2").line("5-5").noSupply(0)
                .supply(Pieces.GREEN, 0, 0, 0).boneyard("").state();
        assertEquals(List.of("pass"), notations(rules.legalMoves(empty)));
        assertFalse(rules.check(empty, PyrinoesMove.DRAW).isLegal());
        PyrinoesState canPlay = new Positions.Position().hand(0, "0-5").line("5-5").noSupply(0)
                .supply(Pieces.GREEN, 0, 0, 0).boneyard("").state();
        assertFalse(rules.check(canPlay, PyrinoesMove.PASS).isLegal(), "a player who can play may not pass");
        PyrinoesState canBuild = new Positions.Position().hand(0, "0-1").line("5-5").boneyard("").state();
        assertFalse(rules.check(canBuild, PyrinoesMove.PASS).isLegal(), "a player who can build may not pass");
    }

    @Test
    void aPlayerBuildsOnlyFromTheirOwnColoursAndTheGreens() {
        PyrinoesState state = new Positions.Position().hand(0, "0-0").line("5-5").state();
        Legality ice = rules.check(state, rules.parseMove("+BS.KS"));
        assertEquals("fire builds only with red, yellow and green pyramids", ice.message());
        PyrinoesState noLarge = new Positions.Position().hand(0, "0-0").line("5-5").supply(Pieces.RED, 3, 3, 1).state();
        assertFalse(rules.check(noLarge, rules.parseMove("+RLL.YS")).isLegal(), "only one large red is left");
        assertTrue(rules.check(noLarge, rules.parseMove("+RLM.YS")).isLegal());
    }

    @Test
    void chanceOutcomesAreNoPlayersMoveAndMovesAreNoChanceOutcome() {
        PyrinoesState state = new Positions.Position().hand(0, "0-0").line("5-5").state();
        assertEquals(Legality.Reason.NOT_YOUR_TURN, rules.check(state, rules.parseMove("deal:1-1")).reason());
        PyrinoesState start = rules.initialState();
        assertEquals(Legality.Reason.NOT_YOUR_TURN, rules.check(start, PyrinoesMove.DRAW).reason());
        assertThrows(IllegalArgumentException.class, () -> rules.apply(start, PyrinoesMove.PASS));
    }

    @Test
    void applyLeavesItsInputUnchanged() {
        PyrinoesState state = new Positions.Position().hand(0, "2-3 3-6").line("2-5 5-3").pyrinoes(0, "RS.YS").state();
        PyrinoesState copy = new Positions.Position().hand(0, "2-3 3-6").line("2-5 5-3").pyrinoes(0, "RS.YS").state();
        for (PyrinoesMove move : rules.legalMoves(state)) {
            rules.apply(state, move);
        }
        assertEquals(copy, state);
        assertEquals(copy.hashCode(), state.hashCode());
    }
}
