package org.pyramidarena.games.euronimoes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pyramidarena.api.RandomPlay;
import org.pyramidarena.api.State;
import org.pyramidarena.games.euronimoes.EuronimoesMove.Kind;
import org.pyramidarena.games.euronimoes.EuronimoesState.Phase;

/** A turn's two steps (DECISIONS 3), the end phase and the end of the game (DECISIONS 6). */
class EuronimoesTurnTest {

    @Test
    void aTurnIsTwoDecisionsOfTheSameSeatObtainThenPlay() {
        EuronimoesRules rules = Position.rules(3);
        List<EuronimoesState> game = RandomPlay.game(rules, 11);
        int checked = 0;
        for (int i = 0; i + 1 < game.size(); i++) {
            EuronimoesState state = game.get(i);
            if (state.phase() != Phase.OBTAIN) {
                continue;
            }
            int seat = state.actor();
            EuronimoesState next = game.get(i + 1);
            if (next.actor() == State.CHANCE) {
                next = game.get(i + 2);
            }
            assertEquals(Phase.PLAY, next.phase());
            assertEquals(seat, next.actor());
            assertTrue(rules.legalMoves(next).stream().allMatch(m -> m.kind() == Kind.PLACE));
            assertFalse(rules.check(state, EuronimoesMove.STOP).isLegal(), "a turn starts by obtaining");
            assertFalse(rules.check(next, EuronimoesMove.buy(-1)).isLegal(), "one domino per turn");
            checked++;
        }
        assertEquals(47, checked);
    }

    @Test
    void playRotatesInSeatOrderFromTheStartingPlayer() {
        EuronimoesRules rules = Position.rules(4);
        List<EuronimoesState> game = RandomPlay.game(rules, 12);
        int expected = -1;
        for (EuronimoesState state : game) {
            if (state.phase() == Phase.OBTAIN) {
                if (expected < 0) {
                    expected = state.start();
                }
                assertEquals(expected, state.actor());
                expected = (expected + 1) % 4;
            }
        }
    }

    /**
     * The count of obtain steps, which the seed's "22 draws" counts for two players: every domino not
     * dealt to a hand is obtained once, by a purchase or a bone-pile draw, one per turn.
     */
    @ParameterizedTest(name = "{0} players: {1} draws")
    @CsvSource({"2, 22", "3, 47", "4, 44"})
    void everyDominoNotDealtToAHandIsDrawnOnce(int players, int draws) {
        EuronimoesRules rules = Position.rules(players);
        for (long seed = 1; seed <= 5; seed++) {
            List<EuronimoesState> game = RandomPlay.game(rules, seed);
            long obtained = game.stream().filter(s -> s.phase() == Phase.OBTAIN).count();
            assertEquals(draws, obtained, "seed " + seed);
            assertEquals(28L * EuronimoesState.sets(players) - 3L * players, obtained);
        }
    }

    @Test
    void theEndPhaseLetsASeatKeepItsLastDomino() {
        EuronimoesRules rules = Position.rules(2);
        int stops = 0;
        for (long seed = 1; seed <= 20; seed++) {
            SplittableRandom rng = new SplittableRandom(seed);
            EuronimoesState state = rules.initialState();
            while (!state.isTerminal()) {
                if (state.phase() == Phase.PLAY) {
                    int seat = state.actor();
                    List<EuronimoesMove> moves = rules.legalMoves(state);
                    boolean endPhase = state.marketSize() == 0;
                    assertEquals(endPhase && state.handSize(seat) == 1, moves.contains(EuronimoesMove.STOP),
                            "stop only in the end phase holding one domino");
                    if (moves.contains(EuronimoesMove.STOP)) {
                        EuronimoesState stopped = rules.apply(state, EuronimoesMove.STOP);
                        assertTrue(stopped.hasStopped(seat));
                        assertEquals(1, stopped.handSize(seat));
                        assertEquals(state.score(seat), stopped.score(seat), "no penalty for the kept domino");
                        assertTrue(stopped.isTerminal() || stopped.actor() != seat);
                        state = stopped;
                        stops++;
                        continue;
                    }
                }
                state = rules.apply(state, RandomPlay.next(rules, state, rng));
            }
            for (int seat = 0; seat < 2; seat++) {
                assertTrue(state.handSize(seat) == 0 || state.handSize(seat) == 1 && state.hasStopped(seat),
                        "everybody has none or has stopped");
            }
        }
        assertTrue(stops > 10);
    }

    @Test
    void withNothingLeftToObtainTheObtainStepIsSkipped() {
        EuronimoesRules rules = Position.rules(4);
        boolean seen = false;
        for (EuronimoesState state : RandomPlay.game(rules, 13)) {
            if (state.marketSize() == 0 && state.actor() >= 0) {
                assertEquals(Phase.PLAY, state.phase());
                assertFalse(rules.check(state, EuronimoesMove.buy(-1)).isLegal());
                assertTrue(rules.check(state, EuronimoesMove.DRAW).message().contains("nothing is left"));
                seen = true;
            }
        }
        assertTrue(seen);
    }

    @Test
    void stoppingNeedsAnEmptyMarketAndExactlyOneDomino() {
        EuronimoesRules rules = Position.rules(2);
        EuronimoesState market = new Position(2).market("0-0", "0-1", "0-2", "0-3", "0-4").layout(0, "2-2h0,0L1")
                .hand(0, "5-5").build();
        assertTrue(rules.check(market, EuronimoesMove.STOP).message().contains("nothing can be obtained"));
        EuronimoesState twoHeld = new Position(2).layout(0, "2-2h0,0L1").hand(0, "5-5 6-6").build();
        assertTrue(rules.check(twoHeld, EuronimoesMove.STOP).message().contains("must play"));
        EuronimoesState oneHeld = new Position(2).layout(0, "2-2h0,0L1").hand(0, "5-5").hand(1, "1-1").build();
        EuronimoesState stopped = rules.apply(oneHeld, EuronimoesMove.STOP);
        assertEquals(1, stopped.actor(), "seat 1 plays on");
        EuronimoesState over = rules.apply(stopped, EuronimoesMove.parse("1-1h0,0L1"));
        assertTrue(over.isTerminal(), "seat 0 stopped and seat 1 holds none");
    }

    @Test
    void chanceRevealsAreUniformOverTheUnseenDominoes() {
        EuronimoesRules rules = Position.rules(3);
        EuronimoesState state = Position.after(rules, "6-6 5-5 5-5");
        var outcomes = rules.chanceOutcomes(state);
        assertEquals(27, outcomes.size(), "5-5 is gone; one 6-6 is left");
        for (var outcome : outcomes) {
            int copies = outcome.move().notation().equals("6-6") ? 1 : 2;
            assertEquals(copies / 53.0, outcome.probability(), 1e-12, outcome.move().notation());
        }
    }

    @Test
    void aSeatHoldingTwoOrMoreMustPlayAndAStoppedSeatNeverMovesAgain() {
        EuronimoesRules rules = Position.rules(3);
        for (long seed = 1; seed <= 10; seed++) {
            int stoppedMask = 0;
            for (EuronimoesState state : RandomPlay.game(rules, seed)) {
                if (state.actor() >= 0) {
                    assertEquals(0, stoppedMask >> state.actor() & 1, "a stopped seat never acts again");
                    assertTrue(state.handSize(state.actor()) > 0);
                }
                for (int seat = 0; seat < 3; seat++) {
                    if (state.hasStopped(seat)) {
                        stoppedMask |= 1 << seat;
                    }
                }
            }
        }
    }

    @Test
    void theGameEndsOnlyWhenNothingIsLeftToObtainAndEveryoneIsDone() {
        for (int players = 2; players <= 4; players++) {
            EuronimoesRules rules = Position.rules(players);
            for (long seed = 1; seed <= 5; seed++) {
                EuronimoesState end = RandomPlay.finalState(rules, seed);
                assertEquals(Phase.OVER, end.phase());
                assertEquals(0, end.pileSize());
                assertEquals(0, end.marketSize());
                assertTrue(rules.legalMoves(end).isEmpty());
                int placed = 0;
                for (int seat = 0; seat < players; seat++) {
                    assertTrue(end.handSize(seat) <= 1);
                    placed += end.placements(seat).size() + end.handSize(seat);
                }
                assertEquals(28 * EuronimoesState.sets(players), placed, "every domino ends in a layout or a hand");
            }
        }
    }

    @Test
    void applyRejectsAnIllegalMoveAndNeverChangesItsInput() {
        EuronimoesRules rules = Position.rules(2);
        EuronimoesState state = RandomPlay.after(rules, "", 3);
        EuronimoesState copy = RandomPlay.after(rules, "", 3);
        assertThrows(IllegalArgumentException.class, () -> rules.apply(state, EuronimoesMove.parse("0-0h0,0L1")));
        assertThrows(IllegalArgumentException.class, () -> rules.apply(state, EuronimoesMove.parse("1-2")));
        rules.apply(state, EuronimoesMove.DRAW);
        assertEquals(copy, state);
        assertEquals(copy.hashCode(), state.hashCode());
    }
}
