package org.pyramidarena.games.euronimoes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pyramidarena.api.Legality;
import org.pyramidarena.api.RandomPlay;
import org.pyramidarena.api.State;
import org.pyramidarena.games.euronimoes.EuronimoesState.Phase;

/** Obtaining a domino (DECISIONS 1 and 3): the market, its costs and shifts, the bone pile, chips. */
class EuronimoesMarketTest {

    private final EuronimoesRules rules = Position.rules(2);

    /** Seat 0 to obtain, market 0-0 0-1 0-2 0-3 0-4 (costs -1..3), holding 6-6 5-5 4-4 and some chips. */
    private static EuronimoesState obtaining(int chips) {
        return new Position(2).market("0-0", "0-1", "0-2", "0-3", "0-4").hand(0, "6-6 5-5 4-4").hand(1, "3-3 2-2 1-1")
                .chips(0, chips).turn(0, Phase.OBTAIN).build();
    }

    private static List<String> market(EuronimoesState state) {
        return java.util.stream.IntStream.range(0, 5)
                .mapToObj(slot -> state.market(slot) < 0 ? "-" : Dominoes.name(state.market(slot))).toList();
    }

    @ParameterizedTest(name = "buying at cost {0}")
    @CsvSource(delimiter = '|', textBlock = """
            -1 | 0-0 | 3 | 0-1 0-2 0-3 0-4
             0 | 0-1 | 2 | 0-0 0-2 0-3 0-4
             1 | 0-2 | 1 | 0-0 0-1 0-3 0-4
             2 | 0-3 | 0 | 0-0 0-1 0-2 0-4
            """)
    void buyingShiftsTheDearerDominoesDownAndRefillsTheSlotCostingThree(int cost, String bought, int chipsAfter,
                                                                        String shifted) {
        EuronimoesState state = obtaining(2);
        EuronimoesState after = rules.apply(state, EuronimoesMove.buy(cost));
        assertEquals(1, after.inHand(0, Position.type(bought)));
        assertEquals(4, after.handSize(0));
        assertEquals(chipsAfter, after.chips(0));
        List<String> expected = new java.util.ArrayList<>(List.of(shifted.split(" ")));
        expected.add("-");
        assertEquals(expected, market(after));
        assertEquals(Phase.REFILL, after.phase());
        assertEquals(State.CHANCE, after.actor());
        EuronimoesState refilled = rules.apply(after, EuronimoesMove.parse("5-6"));
        assertEquals("5-6", Dominoes.name(refilled.market(4)));
        assertEquals(Phase.PLAY, refilled.phase());
        assertEquals(0, refilled.actor(), "the same seat now plays");
        assertEquals(state.pileSize() - 1, refilled.pileSize());
    }

    @Test
    void buyingTheDominoCostingThreeNeedsThreeChips() {
        EuronimoesState poor = obtaining(2);
        assertEquals(List.of("buy-1", "buy0", "buy1", "buy2", "draw"),
                rules.legalMoves(poor).stream().map(EuronimoesMove::notation).toList());
        Legality verdict = rules.check(poor, EuronimoesMove.buy(3));
        assertEquals(Legality.Reason.RULE_VIOLATION, verdict.reason());
        assertTrue(verdict.message().contains("needs 3 chips"));
        EuronimoesState rich = obtaining(3);
        EuronimoesState after = rules.apply(rich, EuronimoesMove.buy(3));
        assertEquals(0, after.chips(0));
        assertEquals(List.of("0-0", "0-1", "0-2", "0-3", "-"), market(after));
        assertEquals(1, after.inHand(0, Position.type("0-4")));
    }

    @Test
    void drawingFromTheBonePileCyclesTheCheapestDominoToTheSlotCostingThree() {
        EuronimoesState state = obtaining(2);
        EuronimoesState after = rules.apply(state, EuronimoesMove.DRAW);
        assertEquals(List.of("0-1", "0-2", "0-3", "0-4", "0-0"), market(after));
        assertEquals(3, after.chips(0), "a draw takes a chip from the bank");
        assertEquals(Phase.DRAW, after.phase());
        assertEquals(State.CHANCE, after.actor());
        EuronimoesState drawn = rules.apply(after, EuronimoesMove.parse("5-6"));
        assertEquals(1, drawn.inHand(0, Position.type("5-6")));
        assertEquals(4, drawn.handSize(0));
        assertEquals(state.pileSize() - 1, drawn.pileSize());
        assertEquals(Phase.PLAY, drawn.phase());
        assertEquals(0, drawn.actor());
    }

    @Test
    void aPlayerNeverHoldsMoreThanFourChips() {
        EuronimoesState full = obtaining(4);
        assertEquals(4, rules.apply(full, EuronimoesMove.buy(-1)).chips(0), "the -1 domino is still free");
        assertEquals(4, rules.apply(full, EuronimoesMove.DRAW).chips(0), "drawing is still allowed");
        assertEquals(4, rules.apply(obtaining(3), EuronimoesMove.DRAW).chips(0));
        for (int players = 2; players <= 4; players++) {
            EuronimoesRules r = Position.rules(players);
            for (EuronimoesState state : RandomPlay.game(r, 7)) {
                for (int seat = 0; seat < players; seat++) {
                    assertTrue(state.chips(seat) >= 0 && state.chips(seat) <= 4);
                }
            }
        }
    }

    @Test
    void withAnEmptyBonePileBuyingStillShiftsAndNothingRefills() {
        boolean seen = false;
        for (EuronimoesState state : RandomPlay.game(rules, 3)) {
            if (state.pileSize() == 0) {
                int size = state.marketSize();
                for (int slot = 0; slot < 5; slot++) {
                    assertEquals(slot < size, state.market(slot) >= 0, "the market fills the cheapest slots");
                }
            }
            if (state.phase() == Phase.OBTAIN && state.pileSize() == 0) {
                assertFalse(rules.legalMoves(state).contains(EuronimoesMove.DRAW));
                assertFalse(rules.check(state, EuronimoesMove.DRAW).isLegal());
                int dearest = state.marketSize() - 1;
                int cost = Math.min(dearest, state.chips(state.actor())) - 1;
                EuronimoesState after = rules.apply(state, EuronimoesMove.buy(cost));
                assertEquals(Phase.PLAY, after.phase(), "no refill: the same seat plays at once");
                assertEquals(state.marketSize() - 1, after.marketSize());
                for (int slot = cost + 1; slot < 4; slot++) {
                    assertEquals(state.market(slot + 1), after.market(slot));
                }
                seen = true;
            }
        }
        assertTrue(seen);
    }

    @Test
    void theSetupDealsFiveToTheMarketAndThreeToEachHandWithTwoChipsEach() {
        for (int players = 2; players <= 4; players++) {
            EuronimoesRules r = Position.rules(players);
            EuronimoesState dealt = RandomPlay.after(r, "", 5);
            assertEquals(Phase.OBTAIN, dealt.phase());
            assertEquals(5, dealt.marketSize());
            int sets = players == 2 ? 1 : 2;
            assertEquals(sets, EuronimoesState.sets(players));
            assertEquals(28 * sets - 5 - 3 * players, dealt.pileSize());
            for (int seat = 0; seat < players; seat++) {
                assertEquals(3, dealt.handSize(seat));
                assertEquals(2, dealt.chips(seat));
            }
        }
    }

    @Test
    void theHolderOfTheHighestDominoStartsAndTheLowestSeatWinsATie() {
        EuronimoesRules four = Position.rules(4);
        String market = "0-0 0-1 0-2 0-3 0-4 ";
        EuronimoesState state = Position.after(four, market + "1-1 1-2 1-3 5-5 2-3 2-4 4-6 1-5 1-6 0-5 0-6 2-2");
        assertEquals(1, state.start(), "seat 1's 5-5 and seat 2's 4-6 both total 10: the lower seat starts");
        assertEquals(1, state.actor());
        EuronimoesState single = Position.after(rules, market + "1-1 1-2 1-3 2-2 2-3 2-4");
        assertEquals(1, single.start(), "seat 1's 2-4 beats seat 0's 1-3");
        EuronimoesState withDouble = Position.after(rules, market + "6-6 1-2 1-3 2-2 5-6 2-4");
        assertEquals(0, withDouble.start());
    }

    @Test
    void twoSetsHoldTwoOfEachDomino() {
        EuronimoesRules three = Position.rules(3);
        EuronimoesState state = Position.after(three, "6-6 6-6");
        assertEquals(2, state.marketSize());
        assertFalse(three.chanceOutcomes(state).stream().anyMatch(o -> o.move().notation().equals("6-6")));
        assertFalse(three.check(state, EuronimoesMove.parse("6-6")).isLegal());
        EuronimoesState one = Position.after(rules, "6-6");
        assertFalse(rules.check(one, EuronimoesMove.parse("6-6")).isLegal(), "one set holds one 6-6");
    }
}
