package org.pyramidarena.games.pyrinoes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The end of a round and its bonuses (pyrinoes.txt "Ending the Round and Bonuses", DECISIONS 6):
 * checked after each turn for the player who just moved, the first condition that holds.
 */
class PyrinoesRoundEndTest {

    private final PyrinoesRules rules = Positions.rules();

    private static PyrinoesRound lastRound(PyrinoesState state) {
        return state.rounds().get(state.rounds().size() - 1);
    }

    @Test
    void playingTheLastPieceOfAllEndsTheRoundWithTenAndNotAlsoFive() {
        PyrinoesState state = new Positions.Position().hand(0, "").noSupply(0).pyrinoes(0, "RS.YM")
                .hand(1, "6-6").line("1-3").state();
        PyrinoesState after = rules.apply(state, rules.parseMove("RS.YM@L"));
        PyrinoesRound round = lastRound(after);
        assertEquals(0, round.ender());
        assertEquals(10, round.bonus(), "nothing left at all: +10, not +10 and +5");
        assertEquals(List.of(0, 12 + 36), round.handTotals());
        assertEquals(List.of(48 + 10, 0), round.points());
    }

    @Test
    void noPyramidsLeftEndsTheRoundWithFive() {
        PyrinoesState state = new Positions.Position().hand(0, "3-4").noSupply(0).pyrinoes(0, "RS.YM")
                .hand(1, "6-6").line("1-3").state();
        PyrinoesState after = rules.apply(state, rules.parseMove("RS.YM@L"));
        PyrinoesRound round = lastRound(after);
        assertEquals(0, round.ender());
        assertEquals(5, round.bonus());
        assertEquals(List.of(7, 48), round.handTotals());
        assertEquals(List.of(41 + 5, 0), round.points());
    }

    @Test
    void noDominoesAndOnlyOneColourLeftEndsTheRoundWithFive() {
        PyrinoesState state = new Positions.Position().hand(0, "1-3").noSupply(0).supply(Pieces.RED, 1, 0, 0)
                .hand(1, "6-6").line("1-2").boneyard("").state();
        PyrinoesState after = rules.apply(state, rules.parseMove("1-3@L"));
        PyrinoesRound round = lastRound(after);
        assertEquals(0, round.ender());
        assertEquals(5, round.bonus());
        assertEquals(List.of(1, 48), round.handTotals());
    }

    @Test
    void greenCountsAsAColourForTheOneColourCondition() {
        PyrinoesState state = new Positions.Position().hand(0, "1-3").noSupply(0).pyrinoes(0, "GS.RS")
                .hand(1, "6-6").line("1-2").state();
        PyrinoesState after = rules.apply(state, rules.parseMove("1-3@L"));
        assertEquals(List.of(), after.rounds(), "green and red are two colours: the round goes on");
        assertEquals(1, after.actor());
        PyrinoesState redOnly = new Positions.Position().hand(0, "1-3").noSupply(0).supply(Pieces.RED, 1, 0, 0)
                .pyrinoes(0, "GS.RM").hand(1, "6-6").line("1-2").state();
        assertEquals(List.of(), rules.apply(redOnly, rules.parseMove("1-3@L")).rounds(),
                "the green pyrino in hand is counted too");
    }

    @Test
    void aPassRightAfterTheOtherPlayersPassEndsTheRoundWithoutBonus() {
        // Each holds one pyramid it cannot build with: no other colour, no green.
        PyrinoesState state = new Positions.Position().hand(0, "0-1").hand(1, "2-3").line("5-5").noSupply(0)
                .noSupply(1).supply(Pieces.RED, 1, 0, 0).supply(Pieces.BLUE, 1, 0, 0).supply(Pieces.GREEN, 0, 0, 0)
                .boneyard("").state();
        PyrinoesState onePass = rules.apply(state, PyrinoesMove.PASS);
        assertEquals(List.of(), onePass.rounds(), "a single pass does not end the round");
        assertEquals(1, onePass.actor());
        PyrinoesState twoPasses = rules.apply(onePass, PyrinoesMove.PASS);
        PyrinoesRound round = lastRound(twoPasses);
        assertEquals(1, round.ender());
        assertEquals(0, round.bonus());
        assertEquals(List.of(2, 6), round.handTotals());
        assertEquals(List.of(4, 0), round.points());
    }

    @Test
    void aPassAfterAMoveDoesNotEndTheRound() {
        PyrinoesState state = new Positions.Position().mover(1).hand(0, "0-1").hand(1, "2-3 5-6").line("5-5")
                .noSupply(0).noSupply(1).supply(Pieces.RED, 1, 0, 0).supply(Pieces.BLUE, 1, 0, 0)
                .supply(Pieces.GREEN, 0, 0, 0).boneyard("").lastPassed().state();
        PyrinoesState played = rules.apply(state, rules.parseMove("5-6@L"));
        assertEquals(List.of(), played.rounds());
        PyrinoesState pass = rules.apply(played, PyrinoesMove.PASS);
        assertEquals(List.of(), pass.rounds(), "ice played in between: fire's pass is not a second pass");
    }

    @Test
    void onlyThePlayerWhoJustMovedIsChecked() {
        // Ice holds no domino and only black pyramids, but it is fire's turn that is checked.
        PyrinoesState state = new Positions.Position().hand(0, "0-0 2-2").hand(1, "").noSupply(1)
                .supply(Pieces.BLACK, 1, 0, 0).line("5-5").state();
        PyrinoesState after = rules.apply(state, rules.parseMove("+RS.YS"));
        assertEquals(List.of(), after.rounds());
        assertEquals(1, after.actor());
    }

    @Test
    void theEndChecksComeInTheOrderOfTheDecisions() {
        assertEquals(10, PyrinoesRules.endBonus(0, 0, PyrinoesState.EMPTY, 0, true), "+10 before the double pass");
        assertEquals(5, PyrinoesRules.endBonus(1, 0, PyrinoesState.EMPTY, 0, true), "+5 before the double pass");
        assertEquals(-1, PyrinoesRules.endBonus(1, Pieces.FULL_SUPPLY, PyrinoesState.EMPTY, 0, false));
        assertEquals(0, PyrinoesRules.endBonus(1, Pieces.FULL_SUPPLY, PyrinoesState.EMPTY, 0, true));
    }
}
