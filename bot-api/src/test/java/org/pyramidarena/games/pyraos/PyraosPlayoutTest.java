package org.pyramidarena.games.pyraos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Rules;

/**
 * Pyraos's own {@link PyraosRules#randomPlayout}, played on a scratch position, is the contract's
 * loop over {@code legalMoves} and {@code apply}, draw for draw, in every variant: from thousands of
 * positions along seeded games (removal sets, passes, repetitions and the move limit included), to
 * the end, cut after any number of actions, and stopped by predicates (shown the same states), the
 * same final state with the same history, the same draws taken from the generator.
 */
class PyraosPlayoutTest {

    private static final int GAMES = 120;

    @ParameterizedTest
    @ValueSource(strings = {"standard", "pass", "children", "pylos"})
    void playoutsFromAlongManyGamesAreTheLoop(String variant) {
        Rules<PyraosState, PyraosMove> rules = new Pyraos().rules(new GameSetup(2, variant));
        int playouts = 0;
        int withRemovals = 0;
        for (long seed = 1; seed <= GAMES; seed++) {
            List<PyraosState> game = game(rules, seed);
            SplittableRandom pick = new SplittableRandom(-seed);
            for (int at = 0; at < game.size(); at += 1 + pick.nextInt(12)) {
                PyraosState start = game.get(at);
                long playoutSeed = seed * 1_000 + at;
                compare(rules, start, playoutSeed, Integer.MAX_VALUE, null);
                compare(rules, start, playoutSeed, pick.nextInt(60), null);
                int stopMove = start.moveCount() + pick.nextInt(80);
                compare(rules, start, playoutSeed, Integer.MAX_VALUE, state -> state.moveCount() >= stopMove);
                compare(rules, start, playoutSeed, 1 + pick.nextInt(100), state -> state.reserve(0) < state.reserve(1) - 2);
                compare(rules, start, playoutSeed, Integer.MAX_VALUE, state -> false);
                playouts += 5;
                if (rules.legalMoves(start).stream().anyMatch(move -> move.removals() > 0)) {
                    withRemovals++;
                }
            }
        }
        assertTrue(playouts > 3_000, playouts + " playouts");
        assertTrue(variant.equals("children") || withRemovals > 20, withRemovals + " starts with removals");
        PyraosState end = game(rules, 3).get(game(rules, 3).size() - 1);
        assertSame(end, rules.randomPlayout(end, new SplittableRandom(1), 100, null));
        assertSame(rules.initialState(), rules.randomPlayout(rules.initialState(), new SplittableRandom(1), 0, null));
    }

    /** A seeded game by the contract's loop, every state of it. */
    private static List<PyraosState> game(Rules<PyraosState, PyraosMove> rules, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        List<PyraosState> states = new ArrayList<>();
        PyraosState state = rules.initialState();
        states.add(state);
        while (!state.isTerminal()) {
            state = loop(rules, state, rng, 1, null);
            states.add(state);
        }
        return states;
    }

    private static void compare(Rules<PyraosState, PyraosMove> rules, PyraosState start, long seed, int maxActions,
                                Predicate<PyraosState> stop) {
        List<PyraosState> shownToRules = new ArrayList<>();
        List<PyraosState> shownToLoop = new ArrayList<>();
        SplittableRandom rulesRng = new SplittableRandom(seed);
        SplittableRandom loopRng = new SplittableRandom(seed);
        PyraosState byRules = rules.randomPlayout(start, rulesRng, maxActions, stop == null ? null : state -> {
            shownToRules.add(state);
            return stop.test(state);
        });
        PyraosState byLoop = loop(rules, start, loopRng, maxActions, stop == null ? null : state -> {
            shownToLoop.add(state);
            return stop.test(state);
        });
        String where = rules.setup() + " from " + start + ", seed " + seed + ", at most " + maxActions
                + (stop == null ? "" : ", stopping");
        assertEquals(byLoop, byRules, where);
        assertEquals(byLoop.hashCode(), byRules.hashCode(), where);
        assertEquals(byLoop.positionKey(), byRules.positionKey(), where);
        assertEquals(byLoop.repetitions(), byRules.repetitions(), where);
        assertEquals(byLoop.ending(), byRules.ending(), where);
        assertEquals(byLoop.winner(), byRules.winner(), where);
        assertTrue(java.util.Arrays.equals(byLoop.historyKeys(), byRules.historyKeys()), where);
        assertEquals(rules.render(byLoop), rules.render(byRules), where);
        assertEquals(rules.legalMoves(byLoop), rules.legalMoves(byRules), where);
        if (byLoop.isTerminal()) {
            assertEquals(rules.outcome(byLoop), rules.outcome(byRules), where);
        }
        assertEquals(loopRng.nextLong(), rulesRng.nextLong(), "the same draws: " + where);
        assertEquals(shownToLoop, shownToRules, "the predicate shown the same states: " + where);
    }

    /** The loop of randomPlayout's contract. */
    private static PyraosState loop(Rules<PyraosState, PyraosMove> rules, PyraosState state, SplittableRandom rng,
                                    int maxActions, Predicate<PyraosState> stop) {
        for (int actions = 0; !state.isTerminal() && actions < maxActions
                && (stop == null || !stop.test(state)); actions++) {
            List<PyraosMove> moves = rules.legalMoves(state);
            state = rules.apply(state, moves.get(rng.nextInt(moves.size())));
        }
        return state;
    }
}
