package org.pyramidarena.games.euronimoes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pyramidarena.api.Chance;
import org.pyramidarena.api.RandomPlay;
import org.pyramidarena.api.State;

/**
 * Euronimoes' own {@link EuronimoesRules#randomPlayout} (placements found into one buffer, the
 * revealed type read from the pile, no legality checks) is the loop of the contract, draw for draw:
 * for 2, 3 and 4 players, from every fifth state of 60 seeded games (the deal, both steps of a turn,
 * the end phase, the end), playouts to the end, cut after a number of actions and stopped by
 * predicates end in equal states, leave the generator at the same point and show the predicate the
 * same states. Some 4,000 playouts per player count.
 */
class EuronimoesRandomPlayoutTest {

    private static final int GAMES = 60;

    @ParameterizedTest(name = "{0} players")
    @ValueSource(ints = {2, 3, 4})
    void thePlayoutIsTheContractsLoop(int players) {
        EuronimoesRules rules = Position.rules(players);
        int playouts = 0;
        int cut = 0;
        int stopped = 0;
        for (long seed = 0; seed < GAMES; seed++) {
            List<EuronimoesState> game = RandomPlay.game(rules, seed * 31 + players);
            for (int at = (int) (seed % 5); at < game.size(); at += 5) {
                EuronimoesState start = game.get(at);
                long playoutSeed = seed * 100_003 + at;
                compare(rules, start, playoutSeed, Integer.MAX_VALUE, null);
                int cap = 1 + (int) ((seed + at) % 40);
                cut += compare(rules, start, playoutSeed + 1, cap, null) == cap ? 1 : 0;
                int seat = (int) (seed % players);
                stopped += compare(rules, start, playoutSeed + 2, Integer.MAX_VALUE,
                        state -> state.actor() == seat && state.phase() == EuronimoesState.Phase.PLAY) > 0 ? 1 : 0;
                compare(rules, start, playoutSeed + 3, 5 + at % 7, state -> state.pileSize() < 3);
                playouts += 4;
            }
        }
        assertTrue(playouts > 3_000 && cut > 500 && stopped > 500, playouts + " " + cut + " " + stopped);
    }

    /**
     * One playout both ways, with a predicate (or none) that records the states it is shown.
     *
     * @return the number of actions the loop played
     */
    private static int compare(EuronimoesRules rules, EuronimoesState start, long seed, int maxActions,
                               Predicate<EuronimoesState> stop) {
        List<EuronimoesState> shownToRules = new ArrayList<>();
        List<EuronimoesState> shownToLoop = new ArrayList<>();
        SplittableRandom rulesRng = new SplittableRandom(seed);
        SplittableRandom loopRng = new SplittableRandom(seed);
        EuronimoesState byRules = rules.randomPlayout(start, rulesRng, maxActions, recording(stop, shownToRules));
        int[] actions = new int[1];
        EuronimoesState byLoop = loop(rules, start, loopRng, maxActions, recording(stop, shownToLoop), actions);
        String where = rules.setup() + " from " + start + ", seed " + seed + ", at most " + maxActions
                + (stop == null ? "" : ", stopping");
        assertEquals(byLoop, byRules, where);
        assertEquals(rules.render(byLoop), rules.render(byRules), where);
        for (int seat = 0; seat < byLoop.players(); seat++) {
            assertEquals(byLoop.placements(seat), byRules.placements(seat), where + ": placements " + seat);
        }
        assertEquals(loopRng.nextLong(), rulesRng.nextLong(), "the same draws: " + where);
        assertEquals(shownToLoop, shownToRules, "the predicate shown the same states: " + where);
        return actions[0];
    }

    private static Predicate<EuronimoesState> recording(Predicate<EuronimoesState> stop, List<EuronimoesState> shown) {
        return stop == null ? null : state -> {
            shown.add(state);
            return stop.test(state);
        };
    }

    /** The loop of randomPlayout's contract, written out. */
    private static EuronimoesState loop(EuronimoesRules rules, EuronimoesState state, SplittableRandom rng,
                                        int maxActions, Predicate<EuronimoesState> stop, int[] played) {
        int actions = 0;
        for (; !state.isTerminal() && actions < maxActions && (stop == null || !stop.test(state)); actions++) {
            if (state.actor() == State.CHANCE) {
                state = rules.apply(state, Chance.sample(rules.chanceOutcomes(state), rng));
            } else {
                List<EuronimoesMove> moves = rules.legalMoves(state);
                state = rules.apply(state, moves.get(rng.nextInt(moves.size())));
            }
        }
        played[0] = actions;
        return state;
    }
}
