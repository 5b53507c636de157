package org.pyramidarena.bots.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.RandomPlay;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;

class InformationSetMctsTest {

    private record RecordMove(int square) implements Move {
        @Override
        public String notation() {
            return "s" + square;
        }
    }

    private static final class PlainMove implements Move {
        private final String notation;

        PlainMove(String notation) {
            this.notation = notation;
        }

        @Override
        public String notation() {
            return notation;
        }
    }

    @Test
    void aRecordMoveIsItsOwnKeyAndAnyOtherMoveItsNotation() {
        RecordMove move = new RecordMove(3);
        assertSame(move, InformationSetMcts.key(move));
        assertEquals(InformationSetMcts.key(new RecordMove(3)), InformationSetMcts.key(move));
        assertEquals("x", InformationSetMcts.key(new PlainMove("x")));
        assertEquals(InformationSetMcts.key(new PlainMove("x")), InformationSetMcts.key(new PlainMove("x")));
    }

    /** The games' moves are keyed by value: a move's notation parses back to an equal record. */
    @Test
    void everyGamesMovesAreRecordsEqualByNotation() {
        for (Game game : Games.all()) {
            Rules<State, Move> rules = rules(game, game.minPlayers());
            for (long seed = 1; seed <= 2; seed++) {
                for (State state : RandomPlay.game(rules, seed)) {
                    for (Move move : rules.legalMoves(state)) {
                        assertTrue(move instanceof Record, game.id() + ": " + move.getClass());
                        assertEquals(InformationSetMcts.key(move), InformationSetMcts.key(rules.parseMove(move.notation())));
                    }
                }
            }
        }
    }

    @Test
    void aNodeFindsEveryChildItHoldsAndNoOther() {
        InformationSetMcts.Node node = new InformationSetMcts.Node(0);
        for (int i = 0; i < 500; i++) {
            node.add(new RecordMove(i * 7), new InformationSetMcts.Node(i));
        }
        for (int i = 0; i < 500; i++) {
            assertEquals(i, node.child(new RecordMove(i * 7)).mover);
            assertEquals(null, node.child(new RecordMove(i * 7 + 1)));
        }
    }

    /** The same seed and budget choose the same move in every game; another seed may not. */
    @Test
    void theSearchIsDeterministicForASeedAndABudget() {
        InformationSetMcts.Settings settings = new InformationSetMcts.Settings(0.7, 200, null, 1, null);
        for (Game game : Games.all()) {
            int players = game.minPlayers() == 2 ? 2 : 3;
            Rules<State, Move> rules = rules(game, players);
            List<State> states = RandomPlay.game(rules, 9);
            int decisions = 0;
            for (State state : states) {
                if (state.isTerminal() || state.actor() < 0 || rules.legalMoves(state).size() < 2) {
                    continue;
                }
                if (++decisions > 5) {
                    break;
                }
                Move first = choose(rules, state, settings, 42);
                for (int run = 0; run < 2; run++) {
                    assertEquals(first, choose(rules, state, settings, 42), game.id() + " at " + state);
                }
            }
            assertNotEquals(0, decisions, game.id());
        }
    }

    private static Move choose(Rules<State, Move> rules, State state, InformationSetMcts.Settings settings, long seed) {
        InformationSetMcts<State, Move> search = new InformationSetMcts<>(rules, new SplittableRandom(seed), settings);
        return search.choose(rules.view(state, state.actor()), rules.legalMoves(state), 40, () -> 0, Long.MAX_VALUE);
    }

    @SuppressWarnings("unchecked")
    private static Rules<State, Move> rules(Game game, int players) {
        return (Rules<State, Move>) game.rules(new GameSetup(players, game.defaultVariant()));
    }
}
