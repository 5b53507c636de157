package org.pyramidarena.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * {@link Rules#randomPlayout} is the loop its contract states, draw for draw, in every game, player
 * count and variant: from the start and from states along seeded games, to the end, cut by a
 * number of actions and stopped by a predicate, the same final state with the same draws used (the
 * generators agree afterwards) and the predicate tested on the same states.
 */
class RandomPlayoutConformanceTest {

    private static final int GAMES_PER_SETUP = 4;

    @TestFactory
    Stream<DynamicNode> everyGamesPlayoutIsTheContractsLoop() {
        return Games.all().stream().map(game -> DynamicContainer.dynamicContainer(game.id(),
                setups(game).stream().map(setup -> DynamicTest.dynamicTest(
                        setup.players() + " players, " + setup.variant(),
                        () -> comparePlayouts(game.rules(setup))))));
    }

    private static List<GameSetup> setups(Game game) {
        List<GameSetup> setups = new ArrayList<>();
        for (int players = game.minPlayers(); players <= game.maxPlayers(); players++) {
            for (Variant variant : game.variants()) {
                setups.add(new GameSetup(players, variant.name()));
            }
        }
        return setups;
    }

    private static <S extends State, M extends Move> void comparePlayouts(Rules<S, M> rules) {
        for (long seed = 1; seed <= GAMES_PER_SETUP; seed++) {
            List<S> game = RandomPlay.game(rules, seed);
            for (int at = 0; at < game.size(); at += Math.max(1, game.size() / 7)) {
                S start = game.get(at);
                long playoutSeed = seed * 1_000 + at;
                compare(rules, start, playoutSeed, Integer.MAX_VALUE, false);
                compare(rules, start, playoutSeed, 0, false);
                compare(rules, start, playoutSeed, 1 + at % 9, false);
                compare(rules, start, playoutSeed, Integer.MAX_VALUE, true);
            }
        }
    }

    /**
     * One playout both ways. With {@code stopping}, the predicate holds at the first state whose
     * actor differs from the starting state's after at least three tests, and records every state it
     * is shown.
     */
    private static <S extends State, M extends Move> void compare(Rules<S, M> rules, S start, long seed,
                                                                  int maxActions, boolean stopping) {
        List<S> testedByRules = new ArrayList<>();
        List<S> testedByLoop = new ArrayList<>();
        SplittableRandom rulesRng = new SplittableRandom(seed);
        SplittableRandom loopRng = new SplittableRandom(seed);
        S byRules = rules.randomPlayout(start, rulesRng, maxActions,
                stopping ? stopper(start, testedByRules) : null);
        S byLoop = loop(rules, start, loopRng, maxActions, stopping ? stopper(start, testedByLoop) : null);
        String where = rules.game().id() + " " + rules.setup() + " from " + start + ", seed " + seed + ", at most "
                + maxActions + (stopping ? ", stopping" : "");
        assertEquals(byLoop, byRules, where);
        assertEquals(rules.render(byLoop), rules.render(byRules), where);
        assertEquals(loopRng.nextLong(), rulesRng.nextLong(), "the same draws: " + where);
        assertEquals(testedByLoop, testedByRules, "the predicate shown the same states: " + where);
    }

    private static <S extends State> Predicate<S> stopper(S start, List<S> tested) {
        return state -> {
            tested.add(state);
            return tested.size() >= 3 && state.actor() != start.actor();
        };
    }

    /** The loop of randomPlayout's contract, written out. */
    private static <S extends State, M extends Move> S loop(Rules<S, M> rules, S state, SplittableRandom rng,
                                                           int maxActions, Predicate<? super S> stop) {
        for (int actions = 0; !state.isTerminal() && actions < maxActions
                && (stop == null || !stop.test(state)); actions++) {
            if (state.actor() == State.CHANCE) {
                state = rules.apply(state, Chance.sample(rules.chanceOutcomes(state), rng));
            } else {
                List<M> moves = rules.legalMoves(state);
                state = rules.apply(state, moves.get(rng.nextInt(moves.size())));
            }
        }
        return state;
    }
}
