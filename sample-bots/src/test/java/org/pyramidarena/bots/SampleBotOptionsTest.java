package org.pyramidarena.bots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.Bot;
import org.pyramidarena.api.BotOption;
import org.pyramidarena.api.Clock;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.MatchContext;
import org.pyramidarena.api.Options;
import org.pyramidarena.api.Player;
import org.pyramidarena.api.Rules;
import org.pyramidarena.games.pylon.PylonState;

/** The sample bots' options: each knob changes what it says and nothing else. */
class SampleBotOptionsTest {

    private static Options options(Bot bot, String... pairs) {
        Map<String, String> given = new java.util.LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            given.put(pairs[i], pairs[i + 1]);
        }
        return Options.resolve(bot.name(), bot.options(), given);
    }

    @Test
    void mctsWithoutOptionsSearchesEachGamesOwnProfile() {
        for (String game : List.of("pylon", "pyraos", "pyrinoes", "euronimoes", "pyrametto")) {
            assertEquals(MctsBot.profile(game), MctsBot.profile(game, Options.NONE), game);
        }
    }

    @Test
    void mctsOptionsOverrideTheProfileOneKnobAtATime() {
        MctsBot bot = new MctsBot();
        MctsBot.Profile profile = MctsBot.profile("euronimoes", options(bot, "iterations", "1600",
                "exploration", "0.25", "playout-cap", "50"));
        assertEquals(1600, profile.iterations());
        assertEquals(0.25, profile.settings().exploration());
        assertEquals(50, profile.settings().playoutCap());
        assertEquals(MctsBot.profile("euronimoes").settings().evaluator(), profile.settings().evaluator(),
                "the game's evaluation stays");
    }

    @Test
    void aThinkShareWithoutABudgetSearchesUntilItsTimeIsUp() {
        MctsBot bot = new MctsBot();
        assertEquals(Integer.MAX_VALUE, MctsBot.profile("pylon", options(bot, "think", "0.5")).iterations());
        assertEquals(300, MctsBot.profile("pylon", options(bot, "think", "0.5", "iterations", "300")).iterations(),
                "with a budget too, whichever ends first");
    }

    @Test
    void theThinkDeadlineIsItsShareOfTheMoveTimeAndZeroKeepsTheGuard() {
        Clock clock = new Clock(1000, 0, false);
        long before = clock.now();
        long half = Deadlines.deadline(clock, 0.5);
        long guard = Deadlines.deadline(clock, 0);
        long after = clock.now();
        assertTrue(before + 500_000_000L <= half && half <= after + 500_000_000L, "half of 1000 ms from the reading");
        assertTrue(before + 1_000_000_000L / 3 <= guard && guard <= after + 1_000_000_000L / 3,
                "think=0 keeps the guard: a third of the move under a wall clock");
    }

    @Test
    void alphabetasNodesOptionChangesItsPlayAndItsDefaultDoesNot() {
        AlphaBetaBot bot = new AlphaBetaBot();
        Rules<?, ?> rules = Games.byId("pylon").rules(Games.byId("pylon").defaultSetup());
        String byDefault = firstMoves(bot, rules, Options.NONE);
        assertEquals(byDefault, firstMoves(bot, rules, options(bot, "nodes", Integer.toString(AlphaBetaBot.DEFAULT_NODES))));
        assertNotEquals(byDefault, firstMoves(bot, rules, options(bot, "nodes", "30")));
    }

    @Test
    void everyOptionOfTheSampleBotsIsListedWithHelp() {
        for (Bot bot : List.of(new MctsBot(), new AlphaBetaBot(), new GreedyBot(), new RandomBot())) {
            for (BotOption option : bot.options()) {
                assertNotEquals("", option.help(), bot.name() + " " + option.name());
            }
        }
        assertEquals(List.of("iterations", "exploration", "playout-cap", "think"),
                new MctsBot().options().stream().map(BotOption::name).toList());
        assertEquals(List.of("nodes", "think"), new AlphaBetaBot().options().stream().map(BotOption::name).toList());
    }

    /** The bot's first six moves against itself from the start of Pylon, seed 3. */
    private static String firstMoves(Bot bot, Rules<?, ?> rules, Options options) {
        @SuppressWarnings("unchecked")
        Rules<PylonState, org.pyramidarena.games.pylon.PylonMove> pylon =
                (Rules<PylonState, org.pyramidarena.games.pylon.PylonMove>) rules;
        List<Player> players = List.of(
                bot.newPlayer(new MatchContext(rules, 0, List.of("a", "b"), 3, 60_000, 0, options)),
                bot.newPlayer(new MatchContext(rules, 1, List.of("a", "b"), 4, 60_000, 0, options)));
        PylonState state = pylon.initialState();
        StringBuilder moves = new StringBuilder();
        for (int i = 0; i < 6 && !state.isTerminal(); i++) {
            var move = players.get(state.actor()).chooseMove(pylon.view(state, state.actor()),
                    pylon.legalMoves(state), new Clock(60_000, 0));
            moves.append(move.notation()).append(' ');
            state = pylon.apply(state, pylon.parseMove(move.notation()));
        }
        return moves.toString();
    }
}
