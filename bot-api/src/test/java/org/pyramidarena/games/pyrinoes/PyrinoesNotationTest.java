package org.pyramidarena.games.pyrinoes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The move notation of docs/rules/pyrinoes.md. */
class PyrinoesNotationTest {

    private final PyrinoesRules rules = Positions.rules();

    @Test
    void everyActionRoundTripsThroughItsNotation() {
        int count = 0;
        for (int piece = 0; piece < PyrinoesMove.PIECES; piece++) {
            for (int side = 0; side < 2; side++) {
                PyrinoesMove play = new PyrinoesMove(PyrinoesMove.Kind.PLAY, piece, side);
                assertSame(piece < Pieces.DOMINOES ? PyrinoesMove.playDomino(piece, side)
                        : PyrinoesMove.playPyrino(piece - Pieces.DOMINOES, side), rules.parseMove(play.notation()));
                count++;
            }
        }
        for (int type = 0; type < Pieces.TYPES; type++) {
            assertEquals(PyrinoesMove.build(type), rules.parseMove("+" + Pieces.TYPE_NAMES[type]));
            count++;
        }
        for (int domino = 0; domino < Pieces.DOMINOES; domino++) {
            assertEquals(PyrinoesMove.pick(domino), rules.parseMove(PyrinoesMove.pick(domino).notation()));
            assertEquals(PyrinoesMove.deal(domino), rules.parseMove(PyrinoesMove.deal(domino).notation()));
            count += 2;
        }
        assertEquals(596 + 270 + 56, count);
        assertSame(PyrinoesMove.DRAW, rules.parseMove("draw"));
        assertSame(PyrinoesMove.PASS, rules.parseMove("pass"));
    }

    @Test
    void theNotationNamesPiecesEndsAndSides() {
        assertEquals("3-5@L", PyrinoesMove.playDomino(Pieces.domino(5, 3), PyrinoesMove.LEFT).notation());
        assertEquals(rules.parseMove("3-5@R"), rules.parseMove("5-3@R"), "a domino may be written either way");
        assertEquals("+RLS.YM", PyrinoesMove.build(Positions.type("RLS.YM")).toString());
        assertEquals("GM.BL@R", PyrinoesMove.playPyrino(Positions.type("GM.BL"), PyrinoesMove.RIGHT).notation());
        assertEquals("pick:0-6", PyrinoesMove.pick(Pieces.domino(6, 0)).notation());
        assertEquals("deal:2-2", PyrinoesMove.deal(Pieces.domino(2, 2)).notation());
    }

    @Test
    void malformedNotationIsRejectedWithAMessage() {
        for (String bad : List.of("", "3-7@L", "3-5", "3-5@X", "3-5@", "+", "+RS", "+YS.RS", "RS.YS@", "deal:9-9",
                "pick:", "Draw", "3-5@l", "+GS.GS", "RS.YL.@L")) {
            assertThrows(IllegalArgumentException.class, () -> rules.parseMove(bad), bad);
        }
    }
}
