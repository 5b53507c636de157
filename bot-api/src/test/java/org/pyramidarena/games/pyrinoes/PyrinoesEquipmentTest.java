package org.pyramidarena.games.pyrinoes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.RandomPlay;

/** The pieces of Pyrinoes: the deal, the dominoes, the pyramids and which pyrinoes exist (DECISIONS 1, 2, 4). */
class PyrinoesEquipmentTest {

    private final PyrinoesRules rules = Positions.rules();

    @Test
    void theDealIsNinePlusNinePlusOnePlusNine() {
        PyrinoesState state = Positions.replay(rules, rules.initialState(), "pick:6-6 pick:0-0");
        int deals = 0;
        while (state.phase() == PyrinoesState.Phase.DEAL) {
            assertEquals(28 - deals, rules.chanceOutcomes(state).size(), "each deal is uniform over what remains");
            state = rules.apply(state, rules.chanceOutcomes(state).get(0).move());
            deals++;
        }
        assertEquals(19, deals);
        assertEquals(9, state.handSize(0));
        assertEquals(9, state.handSize(1));
        assertEquals(1, state.line.length);
        assertEquals(9, state.boneyardSize());
    }

    @Test
    void theSetHasTwentyEightDominoesTotallingOneHundredSixtyEightPips() {
        int pips = 0;
        Set<String> names = new HashSet<>();
        for (int d = 0; d < Pieces.DOMINOES; d++) {
            pips += Pieces.weight(d);
            names.add(Pieces.DOMINO_NAMES[d]);
        }
        assertEquals(28, names.size());
        assertEquals(168, pips);
    }

    @Test
    void eachPlayerHasEighteenPyramidsOfThirtySixPipsAndNineGreensAreShared() {
        PyrinoesState start = new Positions.Position().state();
        for (int seat = 0; seat < 2; seat++) {
            int count = 0;
            for (int colour : Pieces.SEAT_COLOURS[seat]) {
                for (int size = 1; size <= 3; size++) {
                    count += start.supply(colour, size);
                }
            }
            assertEquals(18, count);
            assertEquals(36, Pieces.pips(Pieces.FULL_SUPPLY & Pieces.SEAT_FIELDS[seat]));
        }
        assertEquals(9, start.supply(Pieces.GREEN, 1) + start.supply(Pieces.GREEN, 2) + start.supply(Pieces.GREEN, 3));
    }

    @Test
    void everyDominoButTheDoubleBlankCanBeBuiltAsAPyrino() {
        for (int seat = 0; seat < 2; seat++) {
            Set<Integer> buildable = new HashSet<>();
            for (int type = seat * Pieces.TYPES_PER_SEAT; type < (seat + 1) * Pieces.TYPES_PER_SEAT; type++) {
                buildable.add(Pieces.domino(Pieces.END_A[type], Pieces.END_B[type]));
            }
            assertEquals(27, buildable.size(), Pieces.SEAT_NAMES[seat]);
            assertTrue(!buildable.contains(Pieces.domino(0, 0)), "0-0 is never a pyrino");
        }
    }

    @Test
    void aPyrinoNeverHasTheSameColourAtBothEnds() {
        for (int type = 0; type < Pieces.TYPES; type++) {
            String[] ends = Pieces.END_NAMES[type];
            assertNotEquals(ends[0].charAt(0), ends[1].charAt(0), Pieces.TYPE_NAMES[type]);
            assertEquals(2, Integer.bitCount(Pieces.COLOURS[type]), Pieces.TYPE_NAMES[type]);
        }
        for (String sameColour : List.of("+RS.RM", "+GS.GM", "+BL.BS", "+RS.YS.YM", "+YS.RS", "+RSM.YS")) {
            assertThrows(IllegalArgumentException.class, () -> rules.parseMove(sameColour), sameColour);
        }
    }

    @Test
    void aPyrinoEndIsOnePyramidOrTwoOfOneColourWithTheSmallerOnTop() {
        for (int type = 0; type < Pieces.TYPES; type++) {
            for (String end : Pieces.END_NAMES[type]) {
                String sizes = end.substring(1);
                assertTrue(sizes.matches("[SML]|LL|LM|LS|MM|MS|SS"), end);
                if (end.charAt(0) == 'G') {
                    assertEquals(1, sizes.length(), "a green end is a single pyramid");
                }
            }
        }
        assertEquals(4, Pieces.END_A[Positions.type("RLS.YM")]);
        assertEquals(2, Pieces.END_B[Positions.type("RLS.YM")]);
        assertEquals(0, Pieces.END_A[Positions.type("GL.KLM")], "a green pyramid counts 0 spots at any size");
        assertEquals(5, Pieces.END_B[Positions.type("GL.KLM")]);
    }

    @Test
    void aFullSupplyOffersEachPlayerOneHundredThirtyFivePhysicallyDifferentPyrinoes() {
        PyrinoesState state = new Positions.Position().hand(0, "0-0").line("5-5").state();
        List<PyrinoesMove> moves = rules.legalMoves(state);
        assertEquals(135, moves.size(), "81 with one end of each colour + 3 green sizes x 2 colours x 9 ends");
        Set<Long> pyramidsUsed = new HashSet<>();
        for (PyrinoesMove move : moves) {
            assertEquals(PyrinoesMove.Kind.BUILD, move.kind());
            pyramidsUsed.add(Pieces.USE[move.piece()]);
        }
        assertEquals(135, pyramidsUsed.size(), "no two builds use the same pyramids");
    }

    @Test
    void theTextsExamplePyrinoesAreBuildable() {
        PyrinoesState fire = new Positions.Position().hand(0, "0-0").line("5-5").state();
        PyrinoesState ice = new Positions.Position().mover(1).hand(1, "0-0").line("5-5").state();
        for (String example : List.of("+RL.YS", "+RS.YMS", "+RS.YL", "+RMS.YS", "+RLL.YLL")) {
            assertTrue(rules.check(fire, rules.parseMove(example)).isLegal(), example);
        }
        for (String example : List.of("+BM.KLS", "+BLS.KSS", "+BMM.KM", "+BMM.KSS", "+GS.KLM", "+GL.BLM")) {
            assertTrue(rules.check(ice, rules.parseMove(example)).isLegal(), example);
        }
    }

    @Test
    void randomMatchesKeepEveryPieceAccountedFor() {
        for (long seed = 1; seed <= 5; seed++) {
            for (PyrinoesState state : RandomPlay.game(rules, seed)) {
                if (state.phase() != PyrinoesState.Phase.PLAY) {
                    continue;
                }
                int line = 0;
                int pyramids = 0;
                for (int entry : state.line) {
                    int piece = entry & PyrinoesState.PIECE;
                    if (piece < Pieces.DOMINOES) {
                        line |= 1 << piece;
                    } else {
                        pyramids += pyramidCount(Pieces.USE[piece - Pieces.DOMINOES]);
                    }
                }
                assertEquals(Pieces.ALL_DOMINOES, state.hand0 | state.hand1 | state.boneyard | line);
                assertEquals(28, state.handSize(0) + state.handSize(1) + state.boneyardSize() + Integer.bitCount(line));
                for (int seat = 0; seat < 2; seat++) {
                    for (int type : state.pyrinoes(seat)) {
                        pyramids += pyramidCount(Pieces.USE[type]);
                    }
                }
                assertEquals(45, pyramids + pyramidCount(state.pyramids), "a 3House set holds 45 pyramids");
            }
        }
    }

    private static int pyramidCount(long supply) {
        int count = 0;
        for (int field = 0; field < 15; field++) {
            count += Pieces.count(supply, field);
        }
        return count;
    }
}
