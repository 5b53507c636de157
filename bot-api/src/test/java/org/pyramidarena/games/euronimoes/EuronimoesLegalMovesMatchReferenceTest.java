package org.pyramidarena.games.euronimoes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pyramidarena.api.Chance;
import org.pyramidarena.api.State;
import org.pyramidarena.games.euronimoes.EuronimoesMove.Kind;

/**
 * The engine's move generator, which works on row masks kept in the layout, lists exactly the moves
 * of the plain scan in {@link ReferenceMoves}, in the same order (bots pick by index and replays are
 * pinned by seed), at every turn of many seeded games. Half the games prefer building upwards and
 * standing dominoes up, so that tall stacks and long columns are covered as well as random sprawl.
 */
class EuronimoesLegalMovesMatchReferenceTest {

    private static final int GAMES = 150;

    @ParameterizedTest(name = "{0} players")
    @ValueSource(ints = {2, 3, 4})
    void everyTurnOfManyGamesListsTheReferenceMovesInOrder(int players) {
        EuronimoesRules rules = Position.rules(players);
        int upper = 0;
        int vertical = 0;
        int stops = 0;
        for (long seed = 0; seed < GAMES; seed++) {
            SplittableRandom rng = new SplittableRandom(seed * 31 + players);
            boolean buildUp = seed % 2 == 1;
            EuronimoesState state = rules.initialState();
            while (!state.isTerminal()) {
                EuronimoesMove move;
                if (state.actor() == State.CHANCE) {
                    move = Chance.sample(rules.chanceOutcomes(state), rng);
                } else {
                    List<EuronimoesMove> moves = rules.legalMoves(state);
                    List<EuronimoesMove> expected = ReferenceMoves.of(state);
                    EuronimoesState at = state;
                    long game = seed;
                    assertEquals(notations(expected), notations(moves), () -> "seed " + game + "\n" + rules.render(at));
                    assertEquals(expected, moves);
                    for (EuronimoesMove m : moves) {
                        upper += m.level() >= 2 ? 1 : 0;
                        vertical += m.level() == 1 && m.vertical() ? 1 : 0;
                        stops += m.kind() == Kind.STOP ? 1 : 0;
                    }
                    move = pick(moves, rng, buildUp);
                }
                state = rules.apply(state, move);
            }
        }
        assertTrue(upper > 100 && vertical > 100 && stops > 10,
                "the games reach upper levels, vertical placements and stops: " + upper + ", " + vertical + ", "
                        + stops);
    }

    /** A uniform pick, or when building up the first upper-level or vertical move more often than not. */
    private static EuronimoesMove pick(List<EuronimoesMove> moves, SplittableRandom rng, boolean buildUp) {
        if (buildUp && rng.nextInt(4) != 0) {
            for (EuronimoesMove move : moves) {
                if (move.level() >= 2 || move.vertical()) {
                    return move;
                }
            }
        }
        return moves.get(rng.nextInt(moves.size()));
    }

    private static List<String> notations(List<EuronimoesMove> moves) {
        return moves.stream().map(EuronimoesMove::notation).toList();
    }
}
