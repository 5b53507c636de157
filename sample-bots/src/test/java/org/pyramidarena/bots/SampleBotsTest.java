package org.pyramidarena.bots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.Bot;
import org.pyramidarena.api.Chance;
import org.pyramidarena.api.Clock;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.MatchContext;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.Player;
import org.pyramidarena.api.RandomPlay;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.Seeds;
import org.pyramidarena.api.State;
import org.pyramidarena.games.pylon.PylonMove;
import org.pyramidarena.games.pylon.PylonState;

class SampleBotsTest {

    private static final Clock CLOCK = new Clock(60_000, 0);

    /** Plays one match directly (no referee), returning the outcome. */
    static <S extends State, M extends Move> Outcome play(Rules<S, M> rules, List<Bot> bots, long seed) {
        List<Player> players = new ArrayList<>();
        List<String> names = bots.stream().map(Bot::name).toList();
        for (int seat = 0; seat < bots.size(); seat++) {
            players.add(bots.get(seat).newPlayer(new MatchContext(rules, seat, names, Seeds.derive(seed, seat), 60_000, 0)));
        }
        java.util.SplittableRandom chance = new java.util.SplittableRandom(seed);
        S state = rules.initialState();
        while (!state.isTerminal()) {
            if (state.actor() == State.CHANCE) {
                state = rules.apply(state, Chance.sample(rules.chanceOutcomes(state), chance));
            } else {
                List<M> legal = rules.legalMoves(state);
                Move move = players.get(state.actor()).chooseMove(rules.view(state, state.actor()), legal, CLOCK);
                state = rules.apply(state, rules.parseMove(move.notation()));
            }
        }
        return rules.outcome(state);
    }

    @Test
    void theSampleBotsAreRegisteredByName() {
        List<String> names = new ArrayList<>();
        ServiceLoader.load(Bot.class).forEach(b -> names.add(b.name()));
        assertTrue(names.containsAll(List.of("random", "greedy", "mcts", "alphabeta")), names.toString());
    }

    @Test
    void theRandomBotPlaysEveryRegisteredGameAndIsReproducible() {
        Games.all().forEach(game -> {
            Rules<?, ?> rules = game.rules(game.defaultSetup());
            List<Bot> bots = new ArrayList<>();
            for (int seat = 0; seat < game.minPlayers(); seat++) {
                bots.add(new RandomBot());
            }
            assertEquals(play(rules, bots, 4), play(rules, bots, 4), game.id());
        });
    }

    @Test
    void alphaBetaPlaysAMinimaxBestMoveNearTheEndOfPylon() {
        Rules<PylonState, PylonMove> rules = pylon();
        // Find seeded positions a few moves from the end and compare with exhaustive minimax.
        for (long seed = 1; seed <= 20; seed++) {
            List<PylonState> game = RandomPlay.game(rules, seed);
            PylonState position = game.get(Math.max(31, game.size() - 5));
            if (position.isTerminal()) {
                continue;
            }
            Player player = new AlphaBetaBot().newPlayer(new MatchContext(rules, position.actor(), List.of("a", "b"), 1, 60_000, 0));
            Move chosen = player.chooseMove(rules.view(position, position.actor()), rules.legalMoves(position), CLOCK);
            int seat = position.actor();
            int best = Integer.MIN_VALUE;
            for (PylonMove move : rules.legalMoves(position)) {
                best = Math.max(best, minimax(rules, rules.apply(position, move), seat));
            }
            assertEquals(best, minimax(rules, rules.apply(position, rules.parseMove(chosen.notation())), seat),
                    "seed " + seed + ": " + chosen);
        }
    }

    /** Exhaustive result for {@code seat}: +1 win, 0 draw, -1 loss. */
    private static int minimax(Rules<PylonState, PylonMove> rules, PylonState state, int seat) {
        if (state.isTerminal()) {
            Outcome o = rules.outcome(state);
            return Integer.compare(o.rank(1 - seat), o.rank(seat));
        }
        int best = state.actor() == seat ? Integer.MIN_VALUE : Integer.MAX_VALUE;
        for (PylonMove move : rules.legalMoves(state)) {
            int value = minimax(rules, rules.apply(state, move), seat);
            best = state.actor() == seat ? Math.max(best, value) : Math.min(best, value);
        }
        return best;
    }

    @SuppressWarnings("unchecked")
    private static Rules<PylonState, PylonMove> pylon() {
        return (Rules<PylonState, PylonMove>) Games.byId("pylon").rules(new GameSetup(2, "standard"));
    }
}
