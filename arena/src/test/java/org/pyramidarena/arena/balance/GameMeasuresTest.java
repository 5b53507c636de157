package org.pyramidarena.arena.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pyramidarena.api.Chance;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;

/** A game's reader of leaders names the leader the measures name, state after state. */
class GameMeasuresTest {

    @SuppressWarnings({"unchecked", "rawtypes"})
    @ParameterizedTest
    @CsvSource({"pylon, 2", "pyraos, 2", "pyrinoes, 2", "euronimoes, 3", "pyrametto, 3", "pyrametto, 5"})
    void theReaderOfAGamesLeadersNamesTheLeaderOfEveryState(String game, int players) {
        Rules rules = Games.byId(game).rules(new GameSetup(players, Games.byId(game).defaultVariant()));
        GameMeasures measures = GameMeasures.of(rules);
        int leaders = 0;
        for (long seed = 1; seed <= 20; seed++) {
            SplittableRandom rng = new SplittableRandom(seed);
            GameMeasures.Leaders reader = measures.leaders();
            State state = rules.initialState();
            // Every third state, as a study reads tenths: vaults changed or not since the one before.
            for (int action = 0; !state.isTerminal(); action++) {
                if (action % 3 == 0) {
                    int leader = measures.leader(state);
                    assertEquals(leader, reader.leader(state), game + " seed " + seed + " action " + action);
                    leaders += leader != GameMeasures.NO_LEADER ? 1 : 0;
                }
                Move move = state.actor() == State.CHANCE ? Chance.sample(rules.chanceOutcomes(state), rng)
                        : (Move) rules.legalMoves(state).get(rng.nextInt(rules.legalMoves(state).size()));
                state = (State) rules.apply(state, move);
            }
            assertEquals(measures.leader(state), reader.leader(state), game + " seed " + seed + " at the end");
        }
        assertTrue(leaders > 0, "some state has a sole leader");
    }
}
