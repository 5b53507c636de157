package org.pyramidarena.games.euronimoes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pyramidarena.api.Chance;
import org.pyramidarena.api.State;
import org.pyramidarena.api.View;

/**
 * A layout scanned for placements more than once keeps where any domino could go and reads each
 * hand's placements from that (see {@code Placements.find}); a search meets this at every
 * determinization, which shares the layouts its view shows. At every play step of seeded games the
 * first, second and third listing of the same position, and the listings of its determinizations for
 * every seat's view and a spectator's (the same layouts, other hands), are the plain scan of
 * {@link ReferenceMoves}, in order.
 */
class EuronimoesRepeatedScanTest {

    private static final int GAMES = 60;

    @ParameterizedTest(name = "{0} players")
    @ValueSource(ints = {2, 3, 4})
    void repeatedScansListTheReferenceMoves(int players) {
        EuronimoesRules rules = Position.rules(players);
        int compared = 0;
        for (long seed = 0; seed < GAMES; seed++) {
            SplittableRandom rng = new SplittableRandom(seed * 17 + players);
            EuronimoesState state = rules.initialState();
            while (!state.isTerminal()) {
                if (state.actor() == State.CHANCE) {
                    state = rules.apply(state, Chance.sample(rules.chanceOutcomes(state), rng));
                    continue;
                }
                List<EuronimoesMove> moves = rules.legalMoves(state);
                if (state.phase() == EuronimoesState.Phase.PLAY) {
                    EuronimoesState at = state;
                    List<EuronimoesMove> expected = ReferenceMoves.of(state);
                    for (int time = 1; time <= 3; time++) {
                        List<EuronimoesMove> again = time == 1 ? moves : rules.legalMoves(state);
                        assertEquals(expected, again, () -> "listing again\n" + rules.render(at));
                    }
                    for (int seat = View.OBSERVER; seat < players; seat++) {
                        EuronimoesState sampled = rules.determinize(rules.view(state, seat), rng);
                        for (int other = 0; other < players; other++) {
                            assertSame(state.layout(other), sampled.layout(other), "layouts are shared");
                        }
                        assertEquals(ReferenceMoves.of(sampled), rules.legalMoves(sampled),
                                () -> "determinized\n" + rules.render(sampled));
                        compared++;
                    }
                }
                state = rules.apply(state, moves.get(rng.nextInt(moves.size())));
            }
        }
        assertTrue(compared > 1_000, "compared " + compared);
    }
}
