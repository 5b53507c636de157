package org.pyramidarena.bots;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.pyramidarena.api.Clock;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.MatchContext;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Player;
import org.pyramidarena.api.RandomPlay;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;

/**
 * The sample bots' ladder in small: seeded, seat-rotated matches with fixed search budgets, so
 * each result is reproducible and the thresholds leave a margin below what was measured.
 */
class BotStrengthTest {

    private static ExecutorService pool;

    @BeforeAll
    static void startPool() {
        pool = Executors.newFixedThreadPool(2);
    }

    @AfterAll
    static void stopPool() {
        pool.shutdown();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"pylon", "pyraos", "pyrinoes", "euronimoes", "pyrametto"})
    void greedyBeatsRandomInEveryGame(String game) throws Exception {
        BotDuels.Tally tally = BotDuels.duel(game, GreedyBot::new, RandomBot::new, 4, pool);
        assertTrue(tally.score() >= 0.6, game + ": greedy scored " + tally.score() + " against random");
    }

    @ParameterizedTest(name = "{0}: {1} rounds")
    @CsvSource({"pylon, 3", "pyraos, 3", "pyrinoes, 1", "euronimoes, 2", "pyrametto, 3"})
    void mctsBeatsGreedyInEveryGame(String game, int rounds) throws Exception {
        BotDuels.Tally tally = BotDuels.duel(game, MctsBot::new, GreedyBot::new, rounds, pool);
        assertTrue(tally.score() > 0.5, game + ": mcts scored " + tally.score() + " against greedy");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"pylon", "pyraos"})
    void alphaBetaBeatsGreedy(String game) throws Exception {
        BotDuels.Tally tally = BotDuels.duel(game, AlphaBetaBot::new, GreedyBot::new, 3, pool);
        assertTrue(tally.score() >= 0.75, game + ": alphabeta scored " + tally.score() + " against greedy");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"pylon", "pyraos"})
    void alphaBetaFindsAForcedWinWithinThreeMoves(String gameId) {
        Game game = Games.byId(gameId);
        checkForcedWins(game.rules(game.defaultSetup()), 3);
    }

    private static <S extends State, M extends Move> void checkForcedWins(Rules<S, M> rules, int plies) {
        int checked = 0;
        for (long seed = 1; seed <= 30; seed++) {
            List<S> game = RandomPlay.game(rules, seed);
            for (int i = Math.max(0, game.size() - 12); i < game.size(); i++) {
                S position = game.get(i);
                if (position.isTerminal() || position.actor() < 0) {
                    continue;
                }
                int seat = position.actor();
                boolean winnable = rules.legalMoves(position).stream()
                        .anyMatch(move -> winsWithin(rules, rules.apply(position, move), seat, plies - 1));
                if (!winnable) {
                    continue;
                }
                Player player = new AlphaBetaBot().newPlayer(
                        new MatchContext(rules, seat, List.of("a", "b"), 1, 60_000, 0));
                Move chosen = player.chooseMove(rules.view(position, seat), rules.legalMoves(position),
                        new Clock(60_000, 0));
                assertTrue(winsWithin(rules, rules.apply(position, rules.parseMove(chosen.notation())), seat, plies - 1),
                        "seed " + seed + ", position " + i + ": " + chosen.notation() + " does not force the win");
                checked++;
            }
        }
        assertTrue(checked >= 5, "only " + checked + " winnable positions checked");
    }

    /** True when {@code seat} wins whatever the others do, in at most {@code plies} more moves. */
    private static <S extends State, M extends Move> boolean winsWithin(Rules<S, M> rules, S state, int seat,
                                                                        int plies) {
        if (state.isTerminal()) {
            return rules.outcome(state).isSoleWinner(seat);
        }
        if (plies == 0) {
            return false;
        }
        if (state.actor() == seat) {
            return rules.legalMoves(state).stream()
                    .anyMatch(move -> winsWithin(rules, rules.apply(state, move), seat, plies - 1));
        }
        return rules.legalMoves(state).stream()
                .allMatch(move -> winsWithin(rules, rules.apply(state, move), seat, plies - 1));
    }

}
