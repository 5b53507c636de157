package org.pyramidarena.games.pyrametto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.pyramidarena.api.ChanceOutcome;
import org.pyramidarena.api.Legality;
import org.pyramidarena.api.RandomPlay;
import org.pyramidarena.api.State;
import org.pyramidarena.games.pyrametto.PyramettoState.Phase;

/** Pyrametto's turns, dice and stacks, each test named for the rule or decision it pins. */
class PyramettoRulesTest {

    private final PyramettoRules rules = Positions.rules(4);

    private static List<String> notations(List<PyramettoMove> moves) {
        return moves.stream().map(PyramettoMove::notation).toList();
    }

    @ParameterizedTest(name = "{0} players: {1} pyramids")
    @CsvSource({"3, 45", "4, 60", "5, 75"})
    void theInventoryHoldsNTreehouseSetsAndThereAreNEmptyStacks(int players, int pyramids) {
        PyramettoState start = Positions.rules(players).initialState();
        assertEquals(pyramids, start.inventoryTotal());
        for (int kind = 0; kind < PyramettoState.KINDS; kind++) {
            assertEquals(players, start.inventory(kind), "N of every colour and size");
            for (int seat = 0; seat < players; seat++) {
                assertEquals(0, start.vault(seat, kind));
            }
        }
        for (int stack = 0; stack < players; stack++) {
            assertFalse(start.isTaken(stack));
            assertEquals(0, start.height(stack));
        }
        assertEquals(players, start.players());
    }

    @Test
    void seatZeroStartsAndMustRollWhileEveryStackIsEmpty() {
        PyramettoState start = rules.initialState();
        assertEquals(0, start.actor());
        assertEquals(List.of("R"), notations(rules.legalMoves(start)));
        Legality verdict = rules.check(start, PyramettoMove.take(0));
        assertEquals(Legality.Reason.RULE_VIOLATION, verdict.reason());
        assertTrue(verdict.message().contains("empty"), verdict.message());
    }

    @Test
    void theDiceAreOneChanceActionOf36EquallyLikelyFacePairs() {
        PyramettoState rolling = rules.apply(rules.initialState(), PyramettoMove.roll());
        assertEquals(State.CHANCE, rolling.actor());
        assertTrue(rules.legalMoves(rolling).isEmpty());
        List<ChanceOutcome<PyramettoMove>> outcomes = rules.chanceOutcomes(rolling);
        assertEquals(36, outcomes.size());
        Set<String> faces = new HashSet<>();
        for (ChanceOutcome<PyramettoMove> outcome : outcomes) {
            assertEquals(1.0 / 36, outcome.probability(), 1e-15);
            faces.add(outcome.move().notation());
        }
        assertEquals(36, faces.size());
        assertTrue(faces.containsAll(List.of("S/r", "M/y", "L/g", "SM/b", "SL/k", "ML/w")));
        assertEquals(Legality.Reason.NOT_YOUR_TURN, rules.check(rolling, PyramettoMove.roll()).reason());
        assertEquals(Legality.Reason.NOT_YOUR_TURN, rules.check(rules.initialState(), PyramettoMove.dice(0, 0)).reason());
    }

    @Test
    void aSingleFaceFixesThePyramidAndTheRollerPicksTheStack() {
        PyramettoState state = Positions.play(rules, rules.initialState(), "R L/g");
        assertEquals(Phase.PLACE, state.phase());
        assertEquals(0, state.actor(), "the roller places");
        assertEquals(List.of("Lg:a", "Lg:b", "Lg:c", "Lg:d"), notations(rules.legalMoves(state)));
        assertFalse(rules.check(state, PyramettoMove.parse("Mg:a")).isLegal());
        assertFalse(rules.check(state, PyramettoMove.parse("Lr:a")).isLegal());
    }

    @Test
    void aTwoSizeFaceLetsTheRollerPickEitherSize() {
        PyramettoState state = Positions.play(rules, rules.initialState(), "R SL/b");
        assertEquals(List.of("Sb:a", "Sb:b", "Sb:c", "Sb:d", "Lb:a", "Lb:b", "Lb:c", "Lb:d"),
                notations(rules.legalMoves(state)));
        Legality verdict = rules.check(state, PyramettoMove.parse("Mb:a"));
        assertTrue(verdict.message().contains("size die"), verdict.message());
    }

    @Test
    void theWildFaceLetsTheRollerPickAnyColour() {
        PyramettoState state = Positions.play(rules, rules.initialState(), "R M/w");
        List<String> moves = notations(rules.legalMoves(state));
        assertEquals(5 * 4, moves.size());
        for (String colour : List.of("r", "y", "g", "b", "k")) {
            assertTrue(moves.contains("M" + colour + ":c"), colour);
        }
        PyramettoState red = Positions.play(rules, rules.initialState(), "R M/r");
        assertTrue(rules.check(red, PyramettoMove.parse("My:a")).message().contains("colour die"));
    }

    @Test
    void aPlacedPyramidLeavesTheInventoryForTheStackAndTheTurnPasses() {
        PyramettoState state = Positions.play(rules, rules.initialState(), "R SM/w My:c");
        assertEquals(3, state.inventory(Positions.kind("My")));
        assertEquals(1, state.height(2));
        assertEquals(Positions.kind("My"), state.pyramid(2, 0));
        assertEquals(1, state.actor());
        assertEquals(1, state.turns(), "a roll and its placement are one turn");
        assertEquals(List.of("Tc", "R"), notations(rules.legalMoves(state)));
    }

    @Test
    void aMissingPyramidIsTakenFromAnyVaultTheRollersOwnIncluded() {
        PyramettoState state = Positions.start(4).inventory("Lr", 0).vault(0, "Lr", 1).vault(2, "Lr", 2)
                .vault(3, "Lr", 1).taken(3, 3).stack(1, "Sy Sy Sy").rolled("L/r").build();
        assertEquals(List.of("Lr@0:a", "Lr@0:c", "Lr@2:a", "Lr@2:c", "Lr@3:a", "Lr@3:c"),
                notations(rules.legalMoves(state)), "any vault, a seat out of the round too; stacks with room");
        assertTrue(rules.check(state, PyramettoMove.parse("Lr:a")).message().contains("inventory has no"));
        assertTrue(rules.check(state, PyramettoMove.parse("Lr@1:a")).message().contains("vault has no"));
        PyramettoState own = rules.apply(state, PyramettoMove.parse("Lr@0:a"));
        assertEquals(0, own.vault(0, Positions.kind("Lr")), "the roller stole from its own vault");
        assertEquals(Positions.kind("Lr"), own.pyramid(0, 0));
        assertEquals(0, own.inventory(Positions.kind("Lr")));
        PyramettoState other = rules.apply(state, PyramettoMove.parse("Lr@2:c"));
        assertEquals(1, other.vault(2, Positions.kind("Lr")));
    }

    @Test
    void aStolenPyramidIsClaimedLikeAnyOther() {
        PyramettoState state = Positions.start(4).inventory("Lr", 0).vault(2, "Lr", 1).rolled("L/r").build();
        state = Positions.play(rules, state, "Lr@2:b Tb");
        assertEquals(1, state.vault(1, Positions.kind("Lr")), "seat 1 took the stack holding it");
        assertEquals(0, state.vault(2, Positions.kind("Lr")));
    }

    @Test
    void aVaultIsUsedOnlyWhenTheInventoryHasNone() {
        PyramettoState state = Positions.start(4).inventory("Lr", 1).vault(2, "Lr", 1).rolled("L/r").build();
        assertEquals(List.of("Lr:a", "Lr:b", "Lr:c", "Lr:d"), notations(rules.legalMoves(state)));
        assertTrue(rules.check(state, PyramettoMove.parse("Lr@2:a")).message().contains("only when the inventory has none"));
    }

    @Test
    void theSourceFollowsThePyramidChosenNotTheFaces() {
        // SM/r: the inventory still has small reds but no medium red; seat 1 holds one. The roller
        // may take the small red from the inventory or choose the medium red and take it from seat 1.
        PyramettoState state = Positions.start(4).inventory("Mr", 0).vault(1, "Mr", 1).taken(1, 1).taken(2, 2)
                .taken(3, 3).rolled("SM/r").build();
        assertEquals(List.of("Sr:a", "Mr@1:a"), notations(rules.legalMoves(state)));
    }

    @Test
    void theDiceAreRolledAgainWhenNothingTheFacesAllowCanBeSupplied() {
        // All four large reds sit on the stacks: no inventory or vault holds one.
        PyramettoState rolling = Positions.start(4).stack(0, "Lr Lr").stack(1, "Lr Lr").mover(2).rolling().build();
        PyramettoState again = rules.apply(rolling, PyramettoMove.parse("L/r"));
        assertEquals(State.CHANCE, again.actor(), "back to a chance node");
        assertEquals(rolling, again);
        assertEquals(0, again.turns());
        PyramettoState wild = rules.apply(rolling, PyramettoMove.parse("L/w"));
        assertEquals(Phase.PLACE, wild.phase(), "the wild face can still be supplied in another colour");
        assertFalse(notations(rules.legalMoves(wild)).stream().anyMatch(m -> m.startsWith("Lr")));
    }

    @Test
    void aPyramidGoesOnlyOnAStackHoldingTwoOrFewer() {
        PyramettoState state = Positions.start(4).stack(0, "Sr Sr Sr").stack(1, "Sy Sy").rolled("M/g").build();
        assertEquals(List.of("Mg:b", "Mg:c", "Mg:d"), notations(rules.legalMoves(state)));
        assertTrue(rules.check(state, PyramettoMove.parse("Mg:a")).message().contains("full"));
    }

    @Test
    void takingAStackMovesItToTheVaultAndSitsTheTakerOutOfTheRound() {
        PyramettoState state = Positions.start(4).stack(1, "Sr My Lg").mover(1).build();
        PyramettoState after = rules.apply(state, PyramettoMove.parse("Tb"));
        assertEquals(1, after.vault(1, Positions.kind("Sr")));
        assertEquals(1, after.vault(1, Positions.kind("My")));
        assertEquals(1, after.vault(1, Positions.kind("Lg")));
        assertTrue(after.isTaken(1));
        assertFalse(after.isInRound(1));
        assertEquals(2, after.actor());
        // Seat 1 is skipped from then on: after seat 0 comes seat 2.
        PyramettoState skip = Positions.start(4).stack(0, "Sr").taken(1, 1).mover(0).build();
        assertEquals(2, Positions.play(rules, skip, "R S/y Sy:c").actor());
        assertTrue(rules.check(after, PyramettoMove.parse("Tb")).message().contains("already taken"));
    }

    @Test
    void aPlayerMustTakeWhenEveryStackIsFull() {
        PyramettoState state = Positions.start(4).stack(0, "Sr Sr Sr").stack(2, "Sy Sy Sy").stack(3, "Sg Sg Sg")
                .taken(1, 3).mover(0).build();
        assertEquals(List.of("Ta", "Tc", "Td"), notations(rules.legalMoves(state)));
        Legality verdict = rules.check(state, PyramettoMove.roll());
        assertEquals(Legality.Reason.RULE_VIOLATION, verdict.reason());
        assertTrue(verdict.message().contains("full"), verdict.message());
    }

    @Test
    void anEmptyStackMayNotBeTaken() {
        PyramettoState state = Positions.start(4).stack(1, "Sr").mover(2).build();
        assertEquals(List.of("Tb", "R"), notations(rules.legalMoves(state)));
        for (String empty : List.of("Ta", "Tc", "Td")) {
            assertTrue(rules.check(state, PyramettoMove.parse(empty)).message().contains("empty stack"), empty);
        }
        assertThrows(IllegalArgumentException.class, () -> rules.apply(state, PyramettoMove.parse("Ta")));
    }

    @Test
    void thereIsNoFifthStackInAFourPlayerGame() {
        PyramettoState state = Positions.start(4).stack(1, "Sr").rolled("S/w").build();
        assertTrue(rules.check(state, PyramettoMove.parse("Sy:e")).message().contains("no stack e"));
        assertTrue(rules.check(state, PyramettoMove.parse("Sy@4:a")).message().contains("no seat 4"));
    }

    @Test
    void theLastPlayerInTheRoundMayKeepRollingWhileItsStackHasRoom() {
        PyramettoState state = Positions.start(3).taken(0, 0).taken(1, 1).stack(2, "Sr").mover(2).build();
        PyramettoRules three = Positions.rules(3);
        assertEquals(List.of("Tc", "R"), notations(three.legalMoves(state)));
        PyramettoState after = Positions.play(three, state, "R S/y Sy:c");
        assertEquals(2, after.actor(), "nobody else is in the round");
        assertEquals(List.of("Tc", "R"), notations(three.legalMoves(after)));
        PyramettoState full = Positions.play(three, after, "R S/y Sy:c");
        assertEquals(List.of("Tc"), notations(three.legalMoves(full)));
    }

    @Test
    void theRoundEndsWhenEveryoneHasTakenAndTheLastTakerStartsTheNext() {
        PyramettoRules three = Positions.rules(3);
        PyramettoState state = Positions.start(3).taken(0, 2).taken(2, 0).stack(1, "Sr Mr").mover(1).build();
        PyramettoState next = three.apply(state, PyramettoMove.parse("Tb"));
        assertEquals(2, next.round());
        assertEquals(1, next.starter());
        assertEquals(1, next.actor());
        for (int seat = 0; seat < 3; seat++) {
            assertTrue(next.isInRound(seat));
            assertFalse(next.isTaken(seat));
            assertEquals(0, next.height(seat), "the new round's stacks are empty");
        }
        assertEquals(List.of("R"), notations(three.legalMoves(next)));
    }

    @ParameterizedTest(name = "{0} players")
    @ValueSource(ints = {3, 4, 5})
    void checkAcceptsExactlyTheListedMovesAndEveryPyramidIsAccountedFor(int players) {
        PyramettoRules game = Positions.rules(players);
        for (long seed = 1; seed <= 20; seed++) {
            for (PyramettoState state : RandomPlay.game(game, seed)) {
                int total = 0;
                for (int kind = 0; kind < PyramettoState.KINDS; kind++) {
                    total += state.inventory(kind);
                    for (int seat = 0; seat < players; seat++) {
                        total += state.vault(seat, kind);
                    }
                }
                for (int stack = 0; stack < players; stack++) {
                    total += state.height(stack);
                }
                assertEquals(15 * players, total, "pyramids are never created or lost");
                if (state.actor() < 0) {
                    continue;
                }
                Set<PyramettoMove> legal = new HashSet<>(game.legalMoves(state));
                for (PyramettoMove move : allMoves()) {
                    assertEquals(legal.contains(move), game.check(state, move).isLegal(), move + " in " + state);
                }
            }
        }
    }

    static List<PyramettoMove> allMoves() {
        java.util.ArrayList<PyramettoMove> moves = new java.util.ArrayList<>();
        moves.add(PyramettoMove.roll());
        for (int stack = 0; stack < 5; stack++) {
            moves.add(PyramettoMove.take(stack));
            for (int size = 1; size <= 3; size++) {
                for (int colour = 0; colour < 5; colour++) {
                    for (int from = PyramettoMove.INVENTORY; from < 5; from++) {
                        moves.add(PyramettoMove.place(size, colour, from, stack));
                    }
                }
            }
        }
        for (int face = 0; face < 36; face++) {
            moves.add(PyramettoMove.dice(face / 6, face % 6));
        }
        return moves;
    }

    @Test
    void applyLeavesItsInputUnchanged() {
        PyramettoState state = Positions.start(4).stack(1, "Sr").rolled("S/w").build();
        PyramettoState copy = Positions.start(4).stack(1, "Sr").rolled("S/w").build();
        rules.apply(state, PyramettoMove.parse("Sy:b"));
        assertEquals(copy, state);
        assertSame(rules.initialState(), rules.initialState());
    }

    @Test
    void aFinishedGameAcceptsNothing() {
        PyramettoState end = RandomPlay.finalState(rules, 3);
        assertEquals(Legality.Reason.GAME_OVER, rules.check(end, PyramettoMove.roll()).reason());
        assertTrue(rules.legalMoves(end).isEmpty());
        assertThrows(IllegalStateException.class, () -> rules.outcome(rules.initialState()));
    }
}
