package org.pyramidarena.games.pylon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Rules;

/**
 * Pylon's own {@link PylonRules#randomPlayout}, played on a scratch position, is the contract's
 * loop over {@code legalMoves} and {@code apply}, draw for draw: from thousands of positions along
 * seeded games, to the end, cut after any number of actions, and stopped by predicates (shown the
 * same states), the same final state, the same draws taken from the generator.
 */
class PylonPlayoutTest {

    private static final int GAMES = 400;

    private final Rules<PylonState, PylonMove> rules = new Pylon().rules(new GameSetup(2, "standard"));

    @Test
    void playoutsFromAlongManyGamesAreTheLoop() {
        int playouts = 0;
        for (long seed = 1; seed <= GAMES; seed++) {
            List<PylonState> game = game(seed);
            SplittableRandom pick = new SplittableRandom(-seed);
            for (int at = 0; at < game.size(); at += 1 + pick.nextInt(6)) {
                PylonState start = game.get(at);
                long playoutSeed = seed * 1_000 + at;
                compare(start, playoutSeed, Integer.MAX_VALUE, null);
                compare(start, playoutSeed, pick.nextInt(40), null);
                int stopTurn = start.turn() + pick.nextInt(45);
                compare(start, playoutSeed, Integer.MAX_VALUE, state -> state.turn() >= stopTurn);
                compare(start, playoutSeed, 1 + pick.nextInt(30), state -> state.score(0) > state.score(1) + 4);
                compare(start, playoutSeed, Integer.MAX_VALUE, state -> false);
                playouts += 5;
            }
        }
        assertTrue(playouts > 20_000, playouts + " playouts");
    }

    @Test
    void aFinishedGameAndACapOfNoActionGiveTheStartBack() {
        PylonState end = game(7).get(game(7).size() - 1);
        assertTrue(end.isTerminal());
        assertSame(end, rules.randomPlayout(end, new SplittableRandom(1), 100, null));
        PylonState start = rules.initialState();
        assertSame(start, rules.randomPlayout(start, new SplittableRandom(1), 0, null));
        assertSame(start, rules.randomPlayout(start, new SplittableRandom(1), 100, state -> true));
    }

    /** A seeded game by the contract's loop, every state of it. */
    private List<PylonState> game(long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        List<PylonState> states = new ArrayList<>();
        PylonState state = rules.initialState();
        states.add(state);
        while (!state.isTerminal()) {
            state = loop(state, rng, 1, null);
            states.add(state);
        }
        return states;
    }

    private void compare(PylonState start, long seed, int maxActions, Predicate<PylonState> stop) {
        List<PylonState> shownToRules = new ArrayList<>();
        List<PylonState> shownToLoop = new ArrayList<>();
        SplittableRandom rulesRng = new SplittableRandom(seed);
        SplittableRandom loopRng = new SplittableRandom(seed);
        PylonState byRules = rules.randomPlayout(start, rulesRng, maxActions, stop == null ? null : state -> {
            shownToRules.add(state);
            return stop.test(state);
        });
        PylonState byLoop = loop(start, loopRng, maxActions, stop == null ? null : state -> {
            shownToLoop.add(state);
            return stop.test(state);
        });
        String where = "from " + start + ", seed " + seed + ", at most " + maxActions + (stop == null ? "" : ", stopping");
        assertEquals(byLoop, byRules, where);
        assertEquals(byLoop.hashCode(), byRules.hashCode(), where);
        assertEquals(rules.render(byLoop), rules.render(byRules), where);
        assertEquals(rules.legalMoves(byLoop), rules.legalMoves(byRules), where);
        if (byLoop.isTerminal()) {
            assertEquals(rules.outcome(byLoop), rules.outcome(byRules), where);
        }
        assertEquals(loopRng.nextLong(), rulesRng.nextLong(), "the same draws: " + where);
        assertEquals(shownToLoop, shownToRules, "the predicate shown the same states: " + where);
    }

    /** The loop of randomPlayout's contract. */
    private PylonState loop(PylonState state, SplittableRandom rng, int maxActions, Predicate<PylonState> stop) {
        for (int actions = 0; !state.isTerminal() && actions < maxActions
                && (stop == null || !stop.test(state)); actions++) {
            List<PylonMove> moves = rules.legalMoves(state);
            state = rules.apply(state, moves.get(rng.nextInt(moves.size())));
        }
        return state;
    }
}
