package org.pyramidarena.games.pyrametto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.pyramidarena.api.GameSetup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pyramidarena.api.Legality;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.RandomPlay;
import org.pyramidarena.games.pyrametto.PyramettoState.Phase;

/** The end of the game: the trigger, the free turns, the forced takes and the turn cap (DECISIONS 6). */
class PyramettoEndTest {

    private final PyramettoRules rules = Positions.rules(4);

    private static List<String> notations(List<PyramettoMove> moves) {
        return moves.stream().map(PyramettoMove::notation).toList();
    }

    /** Round 1 of a four-player game: one small and one medium yellow left; stack a holds a small red. */
    private static PyramettoState lastYellows() {
        return Positions.start(4).give(1, "Sy Sy Sy").give(3, "My My My").stack(0, "Sr").build();
    }

    @Test
    void theEndIsSignalledWhenTheInventoryRunsOutOfTwoSizesOfOneColour() {
        PyramettoState oneSizeOut = Positions.play(rules, lastYellows(), "Ta R S/y Sy:b");
        assertEquals(0, oneSizeOut.inventory(Positions.kind("Sy")));
        assertFalse(oneSizeOut.isEndTriggered(), "one size of yellow is not enough");
        PyramettoState twoSizesOut = Positions.play(rules, oneSizeOut, "R M/y My:c");
        assertTrue(twoSizesOut.isEndTriggered());
    }

    @Test
    void twoSizesOfDifferentColoursDoNotSignalTheEnd() {
        PyramettoState state = Positions.start(4).give(1, "Sy Sy Sy Sy").give(2, "Mr Mr Mr").rolled("M/r").build();
        PyramettoState after = rules.apply(state, PyramettoMove.parse("Mr:a"));
        assertEquals(0, after.inventory(Positions.kind("Mr")));
        assertFalse(after.isEndTriggered());
    }

    @Test
    void aPyramidStolenFromAVaultLeavesTheInventoryAsItWas() {
        // Small and medium yellow are already out of the inventory, but the end is signalled only by
        // the inventory running out, which a placement from a vault cannot do.
        PyramettoState state = Positions.start(4).give(1, "Sy Sy Sy Sy").give(3, "My My My").inventory("My", 0)
                .rolled("S/y").build();
        PyramettoState after = rules.apply(state, PyramettoMove.parse("Sy@1:a"));
        assertFalse(after.isEndTriggered());
    }

    /**
     * pyrametto.txt: "in a 4-player game the 1st player takes a stack ... the 2nd player rolls and
     * places the last small yellow. Then, the 3rd player rolls and places the last medium yellow thus
     * signalling the last round. The 4th player may then chose to roll and place or to take a stack
     * ... assume that they chose to take a stack. The 2nd player must then take another stack
     * followed by the 3rd player who must take the last stack which ends that game."
     */
    @Test
    void theFourPlayerExampleOfTheText() {
        PyramettoState signalled = Positions.play(rules, lastYellows(), "Ta R S/y Sy:b R M/y My:c");
        assertTrue(signalled.isEndTriggered());
        assertEquals(3, signalled.actor());
        assertTrue(signalled.hasFreeTurn(3), "the 4th player comes after the 3rd in this pass");
        assertFalse(signalled.hasFreeTurn(1));
        assertFalse(signalled.hasFreeTurn(2));
        assertEquals(List.of("Tb", "Tc", "R"), notations(rules.legalMoves(signalled)), "a free turn: take or roll");
        PyramettoState fourthTook = rules.apply(signalled, PyramettoMove.parse("Tb"));
        assertEquals(1, fourthTook.actor(), "the 1st player is out; the 2nd is next");
        assertEquals(List.of("Tc", "Td"), notations(rules.legalMoves(fourthTook)), "the 2nd must take; empty d too");
        Legality roll = rules.check(fourthTook, PyramettoMove.roll());
        assertTrue(roll.message().contains("must take"), roll.message());
        PyramettoState secondTook = rules.apply(fourthTook, PyramettoMove.parse("Td"));
        assertEquals(2, secondTook.actor());
        assertEquals(List.of("Tc"), notations(rules.legalMoves(secondTook)), "the 3rd must take the last stack");
        PyramettoState end = rules.apply(secondTook, PyramettoMove.parse("Tc"));
        assertTrue(end.isTerminal(), "which ends the game");
        assertEquals(1, end.round(), "no new round is dealt");
        Outcome outcome = rules.outcome(end);
        // Vaults: seat 0 Sr (-1); seat 1 three Sy (-3); seat 2 My (-1); seat 3 Sy, three My (-4).
        assertEquals(List.of(-1.0, -3.0, -1.0, -4.0), outcome.scores());
        assertEquals(List.of(1, 3, 1, 4), outcome.ranks(), "equal scores tie");
    }

    @Test
    void aFreeTurnMayBeARollAndThatPlayerMustTakeWhenItsTurnComesBack() {
        PyramettoState signalled = Positions.play(rules, lastYellows(), "Ta R S/y Sy:b R M/y My:c");
        PyramettoState rolled = Positions.play(rules, signalled, "R L/k Lk:d");
        assertFalse(rolled.hasFreeTurn(3), "the free turn is used");
        assertEquals(List.of("Tb", "Tc", "Td"), notations(rules.legalMoves(rolled)), "the 2nd must take");
        PyramettoState end = Positions.play(rules, rolled, "Tb Tc");
        assertEquals(3, end.actor());
        assertEquals(List.of("Td"), notations(rules.legalMoves(end)), "the 4th must now take too");
        assertTrue(rules.apply(end, PyramettoMove.parse("Td")).isTerminal());
    }

    @Test
    void thePassRoundTheTableBeginsWithTheRoundsStarter() {
        // Round started by seat 2: the pass is 2, 3, 0, 1. Seat 0 signals the end, so only seat 1
        // still has its free turn; seat 3 already had its turn in this pass.
        PyramettoState state = Positions.start(4).give(1, "Sy Sy Sy Sy").inventory("My", 1).starter(2).mover(0)
                .stack(2, "Lg").rolled("M/y").round(3).build();
        PyramettoState signalled = rules.apply(state, PyramettoMove.parse("My:a"));
        assertTrue(signalled.isEndTriggered());
        assertTrue(signalled.hasFreeTurn(1));
        assertFalse(signalled.hasFreeTurn(3));
        assertEquals(1, signalled.actor());
        assertEquals(List.of("Ta", "Tc", "R"), notations(rules.legalMoves(signalled)));
        PyramettoState afterFree = rules.apply(signalled, PyramettoMove.parse("R"));
        afterFree = Positions.play(rules, afterFree, "S/r Sr:b");
        assertEquals(2, afterFree.actor());
        assertEquals(List.of("Ta", "Tb", "Tc", "Td"), notations(rules.legalMoves(afterFree)), "forced takes follow");
    }

    @Test
    void whenTheLastPlayerOfThePassSignalsTheEndTheTakesBeginAtOnce() {
        PyramettoState state = Positions.start(4).give(1, "Sy Sy Sy Sy").inventory("My", 1).mover(3).stack(1, "Lg")
                .rolled("M/y").build();
        PyramettoState signalled = rules.apply(state, PyramettoMove.parse("My:a"));
        assertEquals(0, signalled.actor());
        assertTrue(signalled.mustTakeToEnd());
        assertEquals(List.of("Ta", "Tb", "Tc", "Td"), notations(rules.legalMoves(signalled)));
        PyramettoState end = Positions.play(rules, signalled, "Tc Td Tb Ta");
        assertTrue(end.isTerminal());
        assertEquals(Phase.OVER, end.phase());
        assertEquals(1, end.vault(3, Positions.kind("My")), "seat 3 took stack a and its medium yellow");
    }

    @Test
    void aGameReaching1000TurnsIsScoredAsItStands() {
        PyramettoState lastTake = Positions.start(4).stack(0, "Sr Mr Lr").stack(1, "Sy").turns(999).mover(2).build();
        PyramettoState end = rules.apply(lastTake, PyramettoMove.parse("Ta"));
        assertTrue(end.isTerminal());
        assertEquals(1000, end.turns());
        assertEquals(7.0, rules.outcome(end).score(2), "seat 2's red tree");
        assertEquals(1, end.height(1), "pyramids left on stacks score for nobody");
        assertEquals(List.of(1, 2, 2, 2), List.of(rules.outcome(end).rank(2), rules.outcome(end).rank(0),
                rules.outcome(end).rank(1), rules.outcome(end).rank(3)));

        PyramettoState lastRoll = Positions.start(4).stack(1, "Sy").turns(999).mover(2).build();
        PyramettoState rolled = Positions.play(rules, lastRoll, "R S/r");
        assertFalse(rolled.isTerminal(), "a roll is one turn with its placement");
        assertTrue(rules.apply(rolled, PyramettoMove.parse("Sr:c")).isTerminal());

        PyramettoState before = Positions.start(4).stack(0, "Sr").turns(998).mover(2).build();
        assertFalse(rules.apply(before, PyramettoMove.parse("Ta")).isTerminal(), "turn 999 is still played");
    }

    @ParameterizedTest(name = "{0} players")
    @ValueSource(ints = {3, 4, 5})
    void randomGamesEndBySignalBeforeTheCapWithEveryStackTaken(int players) {
        PyramettoRules game = Positions.rules(players);
        for (long seed = 1; seed <= 100; seed++) {
            PyramettoState end = RandomPlay.finalState(game, seed);
            assertTrue(end.isEndTriggered(), "seed " + seed);
            assertTrue(end.turns() < PyramettoState.TURN_CAP, "seed " + seed + ": " + end.turns());
            for (int stack = 0; stack < players; stack++) {
                assertTrue(end.isTaken(stack), "the last round is played out: seed " + seed);
            }
            assertEquals(players, game.outcome(end).players());
        }
    }

    @Test
    void komiIsTakenFromSeatZerosScoreAtTheEnd() {
        for (int players = 3; players <= 5; players++) {
            PyramettoState end = RandomPlay.finalState(Positions.rules(players), 11 + players);
            Outcome without = Positions.rules(players).outcome(end);
            Outcome with = new Pyrametto().rules(GameSetup.parse(players, "standard?komi=3")).outcome(end);
            assertEquals(without.score(0) - 3, with.score(0), 1e-12);
            for (int seat = 1; seat < players; seat++) {
                assertEquals(without.score(seat), with.score(seat), 1e-12);
            }
            assertEquals(Outcome.byHigherScore(with.scores().stream().mapToDouble(Double::doubleValue).toArray()), with,
                    "ranked by the scores after the komi");
        }
    }

    @Test
    void theStarterIsSeatZeroInTheFirstRoundAndTheTakerOfTheLastStackAfter() {
        List<PyramettoState> game = RandomPlay.game(rules, 3);
        assertEquals(0, rules.starter(game.get(0)));
        for (int i = 1; i < game.size(); i++) {
            PyramettoState before = game.get(i - 1);
            PyramettoState after = game.get(i);
            if (after.round() > before.round() && !after.isTerminal()) {
                assertEquals(before.mover(), rules.starter(after), "who took the last stack starts round "
                        + after.round());
            }
        }
    }
}
