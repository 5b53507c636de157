package org.pyramidarena.games.pyrinoes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pyramidarena.api.Chance;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;

/**
 * Pyrinoes's own {@link PyrinoesRules#randomPlayout}, played on a scratch position, is the contract's
 * loop over {@code legalMoves}, {@code chanceOutcomes} and {@code apply}, draw for draw, in every
 * kind of match: from thousands of positions along seeded matches (weight draws, deals, draws from
 * the boneyard, builds, passes, round ends), to the end, cut after any number of actions, and stopped
 * by predicates (shown the same states), among them the search's stop at the end of the round: the
 * same final state, the same draws taken from the generator.
 */
class PyrinoesPlayoutTest {

    @ParameterizedTest
    @CsvSource({"standard, 15", "to-50, 25", "to-1, 100"})
    void playoutsFromAlongManyMatchesAreTheLoop(String variant, int matches) {
        Rules<PyrinoesState, PyrinoesMove> rules = new Pyrinoes().rules(new GameSetup(2, variant));
        int playouts = 0;
        for (long seed = 1; seed <= matches; seed++) {
            List<PyrinoesState> match = match(rules, seed);
            SplittableRandom pick = new SplittableRandom(-seed);
            int step = Math.max(1, match.size() / 40);
            for (int at = 0; at < match.size(); at += 1 + pick.nextInt(step)) {
                PyrinoesState start = match.get(at);
                long playoutSeed = seed * 100_000 + at;
                int round = start.round();
                compare(rules, start, playoutSeed, Integer.MAX_VALUE, state -> state.round() != round);
                assertRoundOverIsItsPredicate(rules, start, playoutSeed, pick.nextInt(3) == 0 ? 1 + pick.nextInt(80)
                        : Integer.MAX_VALUE);
                compare(rules, start, playoutSeed, pick.nextInt(120), null);
                compare(rules, start, playoutSeed, 1 + pick.nextInt(60), state -> state.phase() == PyrinoesState.Phase.DRAW);
                compare(rules, start, playoutSeed, Integer.MAX_VALUE, state -> false);
                playouts += 4;
                if (at % 5 == 0) {
                    compare(rules, start, playoutSeed, Integer.MAX_VALUE, null);
                    playouts++;
                }
            }
        }
        assertTrue(playouts > 1_500, playouts + " playouts");
        PyrinoesState end = match(rules, 2).get(match(rules, 2).size() - 1);
        assertSame(end, rules.randomPlayout(end, new SplittableRandom(1), 100, null));
        assertSame(rules.initialState(), rules.randomPlayout(rules.initialState(), new SplittableRandom(1), 0, null));
    }

    /**
     * {@link PyrinoesRules#roundOver}, which the playout reads from its own round, ends where its
     * predicate shown every position ends, on the same draws.
     */
    private static void assertRoundOverIsItsPredicate(Rules<PyrinoesState, PyrinoesMove> rules, PyrinoesState start,
                                                      long seed, int maxActions) {
        SplittableRandom nativeRng = new SplittableRandom(seed);
        SplittableRandom shownRng = new SplittableRandom(seed);
        Predicate<State> over = PyrinoesRules.roundOver(start);
        PyrinoesState byNative = rules.randomPlayout(start, nativeRng, maxActions, over);
        PyrinoesState byShown = rules.randomPlayout(start, shownRng, maxActions, state -> over.test(state));
        String where = rules.setup() + " from " + start + ", seed " + seed + ", at most " + maxActions;
        assertEquals(byShown, byNative, where);
        assertEquals(byShown.round(), byNative.round(), where);
        assertEquals(shownRng.nextLong(), nativeRng.nextLong(), "the same draws: " + where);
        assertEquals(start.round() != byNative.round(), over.test(byNative), where);
    }

    /** A seeded match by the contract's loop, every state of it. */
    private static List<PyrinoesState> match(Rules<PyrinoesState, PyrinoesMove> rules, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        List<PyrinoesState> states = new ArrayList<>();
        PyrinoesState state = rules.initialState();
        states.add(state);
        while (!state.isTerminal()) {
            state = loop(rules, state, rng, 1, null);
            states.add(state);
        }
        return states;
    }

    private static void compare(Rules<PyrinoesState, PyrinoesMove> rules, PyrinoesState start, long seed,
                                int maxActions, Predicate<PyrinoesState> stop) {
        List<PyrinoesState> shownToRules = new ArrayList<>();
        List<PyrinoesState> shownToLoop = new ArrayList<>();
        SplittableRandom rulesRng = new SplittableRandom(seed);
        SplittableRandom loopRng = new SplittableRandom(seed);
        PyrinoesState byRules = rules.randomPlayout(start, rulesRng, maxActions, stop == null ? null : state -> {
            shownToRules.add(state);
            return stop.test(state);
        });
        PyrinoesState byLoop = loop(rules, start, loopRng, maxActions, stop == null ? null : state -> {
            shownToLoop.add(state);
            return stop.test(state);
        });
        String where = rules.setup() + " from " + start + ", seed " + seed + ", at most " + maxActions
                + (stop == null ? "" : ", stopping");
        assertEquals(byLoop, byRules, where);
        assertEquals(byLoop.hashCode(), byRules.hashCode(), where);
        assertEquals(byLoop.rounds(), byRules.rounds(), where);
        assertEquals(rules.render(byLoop), rules.render(byRules), where);
        assertEquals(rules.legalMoves(byLoop), rules.legalMoves(byRules), where);
        assertEquals(rules.chanceOutcomes(byLoop), rules.chanceOutcomes(byRules), where);
        if (byLoop.isTerminal()) {
            assertEquals(rules.outcome(byLoop), rules.outcome(byRules), where);
        }
        assertEquals(loopRng.nextLong(), rulesRng.nextLong(), "the same draws: " + where);
        assertEquals(shownToLoop, shownToRules, "the predicate shown the same states: " + where);
    }

    /** The loop of randomPlayout's contract. */
    private static PyrinoesState loop(Rules<PyrinoesState, PyrinoesMove> rules, PyrinoesState state,
                                      SplittableRandom rng, int maxActions, Predicate<PyrinoesState> stop) {
        for (int actions = 0; !state.isTerminal() && actions < maxActions
                && (stop == null || !stop.test(state)); actions++) {
            if (state.actor() == State.CHANCE) {
                state = rules.apply(state, Chance.sample(rules.chanceOutcomes(state), rng));
            } else {
                List<PyrinoesMove> moves = rules.legalMoves(state);
                state = rules.apply(state, moves.get(rng.nextInt(moves.size())));
            }
        }
        return state;
    }
}
