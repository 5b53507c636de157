package org.pyramidarena.games.pyrinoes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Round scoring (pyrinoes.txt "Scoring", DECISIONS 7). */
class PyrinoesScoringTest {

    private final PyrinoesRules rules = Positions.rules();

    /**
     * Fire plays its last piece, a green pyrino, and ends the round with nothing left (+10). Ice
     * keeps 6-6 and 2-3 (17), a large blue in supply (3), BM.KS (3) and GL.KM (green 3 + black 2).
     */
    @Test
    void aHandMadeFinalPositionScoresHandTotalsBonusAndPlayedGreens() {
        PyrinoesState state = new Positions.Position().hand(0, "").noSupply(0).pyrinoes(0, "GM.RS")
                .hand(1, "6-6 2-3").noSupply(1).supply(Pieces.BLUE, 0, 0, 1).pyrinoes(1, "BM.KS GL.KM")
                .line("1-4").greensPlayed(3, 1).scores(20, 30).state();
        PyrinoesState after = rules.apply(state, rules.parseMove("GM.RS@L"));
        PyrinoesRound round = after.rounds().get(0);
        assertEquals(List.of(0, 17 + 3 + 3 + 5), round.handTotals(), "unplayed greens count at their pips");
        assertEquals(10, round.bonus());
        assertEquals(List.of(3 + 2, 1), round.greens(), "the green played now counts for fire");
        assertEquals(List.of(28 + 10 + 5, 1), round.points());
        assertEquals(20 + 43, after.score(0), "round scores add to the match scores");
        assertEquals(30 + 1, after.score(1));
    }

    @Test
    void equalHandTotalsScoreNothingButPlayedGreensStillCount() {
        PyrinoesState state = new Positions.Position().hand(0, "0-2").hand(1, "1-1").line("5-5").noSupply(0)
                .noSupply(1).supply(Pieces.RED, 1, 0, 0).supply(Pieces.BLUE, 1, 0, 0).supply(Pieces.GREEN, 0, 0, 0)
                .boneyard("").greensPlayed(0, 2).lastPassed().state();
        PyrinoesState after = rules.apply(state, PyrinoesMove.PASS);
        PyrinoesRound round = after.rounds().get(0);
        assertEquals(List.of(3, 3), round.handTotals());
        assertEquals(List.of(0, 2), round.points());
    }

    @Test
    void theLowerTotalScoresTheDifferenceAndTheBonusGoesToTheEnderEvenWhenThatIsTheOtherPlayer() {
        // Fire ends the round (+5, no pyramids left) but holds the heavier hand.
        PyrinoesState state = new Positions.Position().hand(0, "6-6 5-6").noSupply(0).pyrinoes(0, "RS.YS")
                .hand(1, "0-1").noSupply(1).supply(Pieces.BLUE, 1, 0, 0).line("1-4").state();
        PyrinoesState after = rules.apply(state, rules.parseMove("RS.YS@L"));
        PyrinoesRound round = after.rounds().get(0);
        assertEquals(List.of(23, 2), round.handTotals());
        assertEquals(List.of(5, 21), round.points());
    }
}
