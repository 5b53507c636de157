package org.pyramidarena.games.pylon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Legality;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.RandomPlay;
import org.pyramidarena.api.State;

/** Pylon's rules, each test named for the rule or decision it pins (pylon.txt, DECISIONS.md). */
class PylonRulesTest {

    private final PylonRules rules = (PylonRules) new Pylon().rules(new GameSetup(2, "standard"));

    /**
     * Fills the board row by row, the seats alternating, sizes taken from {@code sizes} (30 letters,
     * a1..f1, a2..f2, ...): seat 0 places squares 0, 2, 4, .. and seat 1 squares 1, 3, 5, ...
     */
    static String fill(String sizes) {
        StringBuilder moves = new StringBuilder();
        for (int square = 0; square < 30; square++) {
            moves.append(sizes.charAt(square)).append(PylonMove.squareName(square)).append(' ');
        }
        return moves.toString();
    }

    /** Each seat places 5 S, 5 M, 5 L: row 1 and the first half of row 2 small, and so on. */
    static final String ROWS_OF_SIZES = "SSSSSS" + "SSSSMM" + "MMMMMM" + "MMLLLL" + "LLLLLL";

    @Test
    void seatZeroPlacesFirstAndSeatOnePlacesTheLastPyramid() {
        PylonState state = rules.initialState();
        assertEquals(0, state.actor());
        PylonState full = RandomPlay.after(rules, fill(ROWS_OF_SIZES).substring(0, fill(ROWS_OF_SIZES).length() - 5), 0);
        assertEquals(29, full.turn());
        assertEquals(1, full.actor(), "seat 1 makes the 30th placement");
    }

    @Test
    void ninetyFirstMovesAndEightySevenReplies() {
        PylonState start = rules.initialState();
        assertEquals(90, rules.legalMoves(start).size(), "30 squares x 3 sizes");
        PylonState after = rules.apply(start, PylonMove.parse("Mc3"));
        assertEquals(87, rules.legalMoves(after).size(), "29 squares x 3 sizes");
    }

    @Test
    void seatOneMovesTwiceInARowAtThePhaseChange() {
        PylonState full = RandomPlay.after(rules, fill(ROWS_OF_SIZES), 0);
        assertFalse(full.isPlacementPhase());
        assertEquals(1, full.actor(), "the player who placed the last pyramid starts stacking");
        PylonState afterFirstStack = rules.apply(full, rules.legalMoves(full).get(0));
        assertEquals(0, afterFirstStack.actor(), "then the players alternate");
    }

    @Test
    void aPlacementNeedsAnEmptySquareAndAPyramidOfThatSizeInHand() {
        PylonState state = RandomPlay.after(rules, "Sa1", 0);
        assertEquals(Legality.Reason.RULE_VIOLATION, rules.check(state, PylonMove.parse("Sa1")).reason());
        String fiveSmall = "Sa1 Sb1 Sc1 Sd1 Se1 Sf1 Sa2 Sb2 Sc2 Sd2";
        PylonState noSmallLeft = RandomPlay.after(rules, fiveSmall, 0);
        assertEquals(0, noSmallLeft.inHand(0, 1));
        assertFalse(rules.check(noSmallLeft, PylonMove.parse("Se2")).isLegal(), "seat 0 has no small left");
        assertTrue(rules.check(noSmallLeft, PylonMove.parse("Me2")).isLegal());
    }

    @Test
    void stacksDoNotMoveDuringThePlacementPhase() {
        PylonState state = RandomPlay.after(rules, "Sa1 Sb1", 0);
        assertFalse(rules.check(state, PylonMove.parse("a1-b1")).isLegal());
    }

    @Test
    void equalSizesStack() {
        PylonState full = RandomPlay.after(rules, fill(ROWS_OF_SIZES), 0);
        // a1 and b1 are both small: either may move onto the other.
        assertTrue(rules.check(full, PylonMove.parse("a1-b1")).isLegal());
        assertTrue(rules.check(full, PylonMove.parse("b1-a1")).isLegal());
    }

    @Test
    void aPyramidMayNeverBeStackedOnASmallerOne() {
        PylonState full = RandomPlay.after(rules, fill(ROWS_OF_SIZES), 0);
        // a2 is small, a3 medium: small onto medium is legal, medium onto small is not.
        assertTrue(rules.check(full, PylonMove.parse("a2-a3")).isLegal());
        Legality verdict = rules.check(full, PylonMove.parse("a3-a2"));
        assertEquals(Legality.Reason.RULE_VIOLATION, verdict.reason());
        assertTrue(verdict.message().contains("smaller"));
    }

    @Test
    void theWholeStackMovesAndItsBottomDecidesWhereItMayGo() {
        PylonState full = RandomPlay.after(rules, fill(ROWS_OF_SIZES), 0);
        // Seat 1 moves the small on a2 onto the medium on a3, then seat 0 the stack on a3 onto b3.
        PylonState state = RandomPlay.after(rules, fill(ROWS_OF_SIZES) + " a2-a3", 0);
        assertEquals(0, state.height(PylonMove.parse("Sa2").to()));
        int a3 = PylonMove.parse("Sa3").to();
        assertEquals(2, state.height(a3));
        assertEquals(1, state.topSize(a3), "the small from a2 is on top");
        assertEquals(2, state.bottomSize(a3), "the medium of a3 is at the bottom");
        assertEquals(0, state.topOwner(a3), "a2 was seat 0's pyramid (even square)");
        PylonState moved = rules.apply(state, PylonMove.parse("a3-b3"));
        int b3 = PylonMove.parse("Sb3").to();
        assertEquals(3, moved.height(b3), "both pyramids moved together");
        assertEquals(0, moved.height(a3));
        assertEquals(1, moved.topSize(b3), "the small still tops the stack");
        assertEquals(2, moved.bottomSize(b3), "b3's own medium is the new bottom");
        assertEquals(1, full.height(b3));
    }

    @Test
    void nothingMovesOntoAnEmptySquare() {
        PylonState state = RandomPlay.after(rules, fill(ROWS_OF_SIZES) + " a2-a3", 0);
        Legality verdict = rules.check(state, PylonMove.parse("a1-a2"));
        assertFalse(verdict.isLegal());
        assertTrue(verdict.message().contains("empty"));
        assertFalse(rules.check(state, PylonMove.parse("a2-a1")).isLegal(), "an empty square has no stack to move");
    }

    @Test
    void theFirstStackingTurnHasBetween49And98Moves() {
        for (long seed = 1; seed <= 50; seed++) {
            List<PylonState> game = RandomPlay.game(rules, seed);
            int count = rules.legalMoves(game.get(30)).size();
            assertTrue(count >= 49 && count <= 98, "seed " + seed + ": " + count);
        }
    }

    @Test
    void aGameLastsAtMost59TurnsAndScoresSumTo30() {
        for (long seed = 1; seed <= 200; seed++) {
            PylonState end = RandomPlay.finalState(rules, seed);
            assertTrue(end.turn() <= 59, "seed " + seed + " took " + end.turn());
            assertEquals(30, end.score(0) + end.score(1));
            assertEquals(State.NONE, end.actor());
        }
    }

    @Test
    void theGameEndsWhenNoStackingMoveIsLeftAndTheHigherScoreWins() {
        PylonState end = RandomPlay.finalState(rules, 42);
        assertTrue(rules.legalMoves(end).isEmpty());
        Outcome outcome = rules.outcome(end);
        int winner = end.score(0) > end.score(1) ? 0 : 1;
        if (end.score(0) != end.score(1)) {
            assertTrue(outcome.isSoleWinner(winner));
        }
        assertEquals(end.score(0), outcome.score(0));
    }

    @Test
    void scoringCountsThePyramidsUnderEachSeatsTopPyramid() {
        PylonState state = RandomPlay.after(rules, fill(ROWS_OF_SIZES), 0);
        assertEquals(15, state.score(0));
        assertEquals(15, state.score(1));
        PylonState next = rules.apply(state, PylonMove.parse("b1-c1"));
        // b1 is seat 1's small, c1 seat 0's small: the 2-stack is now seat 1's.
        assertEquals(16, next.score(1));
        assertEquals(14, next.score(0));
    }

    @Test
    void equalScoresAreADraw() {
        // Search seeded random games for one that ends 15-15; the outcome must rank both first.
        for (long seed = 1; seed < 2000; seed++) {
            PylonState end = RandomPlay.finalState(rules, seed);
            if (end.score(0) == 15) {
                Outcome outcome = rules.outcome(end);
                assertTrue(outcome.isDraw());
                assertEquals(List.of(1, 1), outcome.ranks());
                return;
            }
        }
        throw new AssertionError("no drawn game in 2000 seeds");
    }

    @Test
    void komiIsTakenFromSeatZerosScoreAtTheEnd() {
        PylonState end = RandomPlay.finalState(rules, 7);
        int difference = end.score(0) - end.score(1);
        Pylon pylon = new Pylon();
        Outcome even = pylon.rules(GameSetup.parse(2, "standard?komi=" + difference)).outcome(end);
        assertTrue(even.isDraw(), "a komi of the score difference draws: " + even);
        assertEquals(end.score(0) - difference, even.score(0), 1e-12, "seat 0's score is the komi less");
        assertEquals(end.score(1), even.score(1), 1e-12, "seat 1's score is its own");
        assertTrue(pylon.rules(GameSetup.parse(2, "standard?komi=" + (difference + 0.5))).outcome(end).isSoleWinner(1));
        assertTrue(pylon.rules(GameSetup.parse(2, "standard?komi=" + (difference - 0.5))).outcome(end).isSoleWinner(0));
    }

    @Test
    void aKomiOfZeroPlaysTheRulesWithoutOne() {
        PylonRules zero = (PylonRules) new Pylon().rules(GameSetup.parse(2, "standard?komi=0"));
        for (long seed = 1; seed <= 20; seed++) {
            PylonState end = RandomPlay.finalState(rules, seed);
            assertEquals(rules.outcome(end), zero.outcome(end));
        }
        assertThrows(IllegalArgumentException.class, () -> new Pylon().rules(GameSetup.parse(2, "standard?komi=16")),
                "a komi beyond 15 points is refused");
    }

    @Test
    void movesOffTheBoardOrBetweenDistantSquaresDoNotParse() {
        assertThrows(IllegalArgumentException.class, () -> PylonMove.parse("Sg1"));
        assertThrows(IllegalArgumentException.class, () -> PylonMove.parse("Sa6"));
        assertThrows(IllegalArgumentException.class, () -> PylonMove.parse("a1-c1"));
        assertThrows(IllegalArgumentException.class, () -> PylonMove.parse("a1-b2"));
        assertThrows(IllegalArgumentException.class, () -> PylonMove.parse("Xa1"));
        assertThrows(IllegalArgumentException.class, () -> PylonMove.parse(""));
    }

    @Test
    void applyRejectsAnIllegalMove() {
        PylonState state = RandomPlay.after(rules, "Sa1", 0);
        assertThrows(IllegalArgumentException.class, () -> rules.apply(state, PylonMove.parse("Ma1")));
    }

    @Test
    void determinizeReturnsTheStateTheViewShows() {
        PylonState state = RandomPlay.game(rules, 9).get(40);
        assertEquals(state, rules.determinize(rules.view(state, 0), new java.util.SplittableRandom(1)));
    }

    @Test
    void theBoardsMasksAgreeWithItsSquares() {
        for (long seed = 1; seed <= 40; seed++) {
            for (PylonState state : RandomPlay.game(rules, seed)) {
                for (int square = 0; square < 30; square++) {
                    int bit = 1 << square;
                    String where = state + " square " + square;
                    assertEquals(state.height(square) > 0, (state.occupiedMask() & bit) != 0, where);
                    for (int size = 1; size <= 3; size++) {
                        assertEquals(state.topSize(square) >= size, (state.topAtLeastMask(size) & bit) != 0, where);
                        assertEquals(state.bottomSize(square) >= size, (state.bottomAtLeastMask(size) & bit) != 0, where);
                    }
                    for (int seat = 0; seat < 2; seat++) {
                        assertEquals(state.height(square) > 0 && state.topOwner(square) == seat,
                                (state.toppedByMask(seat) & bit) != 0, where);
                    }
                }
            }
        }
        PylonState start = rules.initialState();
        assertThrows(IllegalArgumentException.class, () -> start.topAtLeastMask(4));
        assertThrows(IllegalArgumentException.class, () -> start.bottomAtLeastMask(0));
        assertThrows(IndexOutOfBoundsException.class, () -> start.toppedByMask(2));
    }
}
