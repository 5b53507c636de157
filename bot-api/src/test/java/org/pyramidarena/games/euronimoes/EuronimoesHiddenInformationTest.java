package org.pyramidarena.games.euronimoes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.Event;
import org.pyramidarena.api.RandomPlay;
import org.pyramidarena.api.State;
import org.pyramidarena.api.View;
import org.pyramidarena.games.euronimoes.EuronimoesState.Phase;

/** What each seat may know (DECISIONS 8): its own hand and everything public, never other hands or the pile. */
class EuronimoesHiddenInformationTest {

    private final EuronimoesRules rules = Position.rules(2);

    private static Position base() {
        return new Position(2).market("0-0", "0-1", "0-2", "0-3", "0-4").layout(0, "2-3h0,0L1").layout(1, "6-6h0,0L1")
                .turn(0, Phase.PLAY);
    }

    @Test
    void ownHandIsHiddenFromOpponent() {
        EuronimoesState one = base().hand(0, "1-5 4-4 3-6").hand(1, "2-5 1-1 5-5").build();
        EuronimoesState other = base().hand(0, "1-5 4-4 3-6").hand(1, "4-6 1-1 5-5").build();
        assertEquals(rules.view(one, 0), rules.view(other, 0), "seat 0 cannot tell 2-5 from 4-6 in seat 1's hand");
        assertEquals(rules.view(one, View.OBSERVER), rules.view(other, View.OBSERVER));
        assertNotEquals(rules.view(one, 1), rules.view(other, 1), "seat 1 sees its own hand");
        EuronimoesView view = rules.view(one, 0);
        assertEquals(3, view.handSizes().get(1), "hand sizes are public");
        assertEquals(Dominoes.TYPES, view.hand().size(), "a seat sees its own hand, a count per domino type");
        assertEquals(1, view.hand().get(Position.type("1-5")));
        assertEquals(0, view.hand().get(Position.type("2-5")));
        assertEquals(0, rules.view(one, View.OBSERVER).hand().size(), "a spectator holds no hand");
        assertFalse(rules.render(view).contains("2-5"), "the picture of seat 0's view does not show seat 1's 2-5");
        assertTrue(rules.render(one).contains("2-5"), "the picture of the state shows everything");
    }

    @Test
    void theBonePileIsHiddenFromEverySeat() {
        EuronimoesState state = RandomPlay.after(rules, "", 4);
        for (int seat = View.OBSERVER; seat < 2; seat++) {
            EuronimoesView view = rules.view(state, seat);
            assertEquals(state.pileSize(), view.pileSize());
            assertEquals(17, view.pileSize(), "only the number of dominoes in the pile is shown");
        }
    }

    @Test
    void aDominoDealtOrDrawnIntoAHandIsToldOnlyToItsOwner() {
        EuronimoesState before = rules.apply(base().hand(0, "1-5").hand(1, "2-5").turn(0, Phase.OBTAIN).build(),
                EuronimoesMove.DRAW);
        EuronimoesMove drawn = EuronimoesMove.parse("3-4");
        assertEquals(new Event(State.CHANCE, "3-4"), rules.eventFor(before, drawn, 0));
        assertEquals(new Event(State.CHANCE, EuronimoesRules.HIDDEN_DEAL), rules.eventFor(before, drawn, 1));
        assertEquals(new Event(State.CHANCE, EuronimoesRules.HIDDEN_DEAL), rules.eventFor(before, drawn, View.OBSERVER));
        EuronimoesState dealing = Position.after(rules, "0-0 0-1 0-2 0-3 0-4 1-1");
        assertEquals(Phase.DEAL_HANDS, dealing.phase());
        assertEquals("deal", rules.eventFor(dealing, drawn, 1).notation());
        assertEquals("3-4", rules.eventFor(dealing, drawn, 0).notation());
        EuronimoesState marketDeal = rules.initialState();
        assertEquals("3-4", rules.eventFor(marketDeal, drawn, 1).notation(), "market dominoes are face up");
        EuronimoesState obtaining = base().hand(0, "1-5").turn(0, Phase.OBTAIN).build();
        assertEquals(new Event(0, "draw"), rules.eventFor(obtaining, EuronimoesMove.DRAW, 1));
        assertEquals(new Event(0, "buy1"), rules.eventFor(obtaining, EuronimoesMove.buy(1), 1));
        EuronimoesState refilling = rules.apply(obtaining, EuronimoesMove.buy(1));
        assertEquals("3-4", rules.eventFor(refilling, drawn, 1).notation(), "a refill is face up");
    }

    @Test
    void aDominoBoughtInPublicStaysKnownUntilPlayed() {
        EuronimoesState state = base().hand(0, "1-5 4-4 3-6").hand(1, "2-5 1-1 5-5").turn(0, Phase.OBTAIN).build();
        EuronimoesState bought = rules.apply(rules.apply(state, EuronimoesMove.buy(1)), EuronimoesMove.parse("3-4"));
        EuronimoesView seen = rules.view(bought, 1);
        assertEquals(1, seen.known().get(Position.type("0-2")), "everyone saw seat 0 buy the 0-2");
        assertEquals(4, seen.handSizes().get(0));
        for (int sample = 0; sample < 20; sample++) {
            EuronimoesState guess = rules.determinize(seen, new SplittableRandom(sample));
            assertEquals(1, guess.inHand(0, Position.type("0-2")));
        }
        EuronimoesState played = rules.apply(bought, EuronimoesMove.parse("0-2h-2,0L1"));
        assertEquals(0, rules.view(played, 1).known().get(Position.type("0-2")));
    }

    @Test
    void aViewReadFromThePositionEqualsOneMadeOfCopiesAndCannotBeChanged() {
        for (int players = 2; players <= 4; players++) {
            EuronimoesRules r = Position.rules(players);
            for (EuronimoesState state : RandomPlay.game(r, 13)) {
                for (int seat = View.OBSERVER; seat < players; seat++) {
                    EuronimoesView view = r.view(state, seat);
                    EuronimoesView copied = new EuronimoesView(view.seat(), view.actor(), view.players(), view.phase(),
                            view.turnSeat(), view.start(), new ArrayList<>(view.market()), view.pileSize(),
                            new ArrayList<>(view.chips()), new ArrayList<>(view.handSizes()),
                            new ArrayList<>(view.hand()), new ArrayList<>(view.known()), new ArrayList<>(view.stopped()),
                            view.layouts().stream().map(ArrayList::new).map(List::<EuronimoesMove>copyOf).toList());
                    assertEquals(view, copied);
                    assertEquals(view.hashCode(), copied.hashCode());
                    assertEquals(r.render(view), r.render(copied));
                }
            }
        }
        EuronimoesView view = rules.view(base().hand(0, "1-5").hand(1, "2-5").build(), 0);
        assertThrows(UnsupportedOperationException.class, () -> view.hand().set(0, 3));
        assertThrows(UnsupportedOperationException.class, () -> view.market().set(0, 3));
        assertThrows(UnsupportedOperationException.class, () -> view.layouts().get(0).clear());
        assertThrows(UnsupportedOperationException.class, () -> view.stopped().set(0, true));
    }

    @Test
    void determinizeDealsTheUnseenDominoesConsistently() {
        for (int players = 2; players <= 4; players++) {
            EuronimoesRules r = Position.rules(players);
            List<EuronimoesState> game = RandomPlay.game(r, 21);
            SplittableRandom rng = new SplittableRandom(5);
            for (int i = 0; i < game.size(); i += 5) {
                EuronimoesState state = game.get(i);
                for (int seat = View.OBSERVER; seat < players; seat++) {
                    EuronimoesView view = r.view(state, seat);
                    EuronimoesState sampled = r.determinize(view, rng);
                    assertEquals(view, r.view(sampled, seat));
                    assertEquals(state.pileSize(), sampled.pileSize());
                    for (int type = 0; type < Dominoes.TYPES; type++) {
                        int copies = sampled.inPile(type);
                        for (int s = 0; s < players; s++) {
                            copies += sampled.inHand(s, type);
                        }
                        for (int s = 0; s < players; s++) {
                            final int t = type;
                            copies += (int) sampled.placements(s).stream().filter(p -> p.type() == t).count();
                        }
                        for (int slot = 0; slot < 5; slot++) {
                            copies += sampled.market(slot) == type ? 1 : 0;
                        }
                        assertEquals(EuronimoesState.sets(players), copies, "every copy of " + Dominoes.name(type));
                    }
                }
            }
        }
    }

    @Test
    void determinizeSamplesDifferentHiddenHands() {
        EuronimoesState state = RandomPlay.after(rules, "", 8);
        EuronimoesView view = rules.view(state, 0);
        long distinct = java.util.stream.IntStream.range(0, 20)
                .mapToObj(i -> rules.determinize(view, new SplittableRandom(i))).distinct().count();
        assertTrue(distinct > 10, "the opponent's hand is dealt at random: " + distinct);
    }

    @Test
    void determinizingOneViewAgainAndAgainGivesWhatAFreshReadingGives() {
        // The rules keep what the last view they determinized says; views taken in turn, each several
        // times, must sample exactly what rules that never saw them sample.
        for (int players = 2; players <= 4; players++) {
            EuronimoesRules searching = Position.rules(players);
            for (long seed = 1; seed <= 4; seed++) {
                List<EuronimoesState> game = RandomPlay.game(searching, seed);
                for (int at = 0; at < game.size(); at += 7) {
                    EuronimoesState state = game.get(at);
                    List<EuronimoesView> views = new ArrayList<>();
                    for (int seat = 0; seat < players; seat++) {
                        views.add(searching.view(state, seat));
                    }
                    for (int round = 0; round < 3; round++) {
                        for (EuronimoesView view : views) {
                            long draws = seed * 1_000 + at * 10L + round;
                            EuronimoesState again = searching.determinize(view, new SplittableRandom(draws));
                            EuronimoesState fresh = Position.rules(players).determinize(view, new SplittableRandom(draws));
                            assertEquals(fresh, again, players + " players, seed " + seed + ", action " + at
                                    + ", seat " + view.seat() + ", round " + round);
                            assertEquals(view, searching.view(again, view.seat()), "consistent with the view");
                        }
                    }
                }
            }
        }
    }
}
