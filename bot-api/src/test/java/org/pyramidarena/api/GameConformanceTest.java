package org.pyramidarena.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The contract every registered game is held to: seeded random playthroughs of every player count
 * and variant, checking each state on the way. A game joins this suite by registering.
 */
class GameConformanceTest {

    private static final int GAMES_PER_SETUP = 6;

    @Test
    void everyGameIsRegisteredOnceWithAValidDefinition() {
        List<Game> games = Games.all();
        assertFalse(games.isEmpty(), "no game is registered");
        Set<String> ids = new HashSet<>();
        for (Game game : games) {
            assertTrue(ids.add(game.id()), "id registered twice: " + game.id());
            assertTrue(game.id().matches("[a-z0-9-]+"), "id " + game.id());
            assertTrue(game.minPlayers() >= 1 && game.maxPlayers() >= game.minPlayers(), game.id());
            assertFalse(game.variants().isEmpty(), game.id() + " has no variant");
            Set<String> names = new HashSet<>();
            for (Variant variant : game.variants()) {
                assertTrue(variant.name().matches("[a-z0-9-]+"), "variant " + variant.name());
                assertTrue(names.add(variant.name()), "variant listed twice: " + variant.name());
            }
            assertThrows(IllegalArgumentException.class,
                    () -> game.rules(new GameSetup(game.maxPlayers() + 1, game.defaultVariant())));
            assertThrows(IllegalArgumentException.class,
                    () -> game.rules(new GameSetup(game.minPlayers(), "no-such-variant")));
            assertFalse(game.starterRule().isBlank(), game.id() + " says who starts");
            assertNotNull(game.scoring(), game.id() + " says how it keeps score");
            assertFalse(game.parameters().isEmpty(), game.id() + " declares a design parameter");
            Set<String> parameters = new HashSet<>();
            for (Parameter parameter : game.parameters()) {
                assertTrue(parameters.add(parameter.name()), "parameter listed twice: " + parameter.name());
                assertEquals(parameter, game.parameter(parameter.name()));
                assertThrows(IllegalArgumentException.class, () -> game.rules(game.defaultSetup()
                        .withParameter(parameter.name(), parameter.maximum() + parameter.step())), "beyond the range");
            }
            assertThrows(IllegalArgumentException.class,
                    () -> game.rules(game.defaultSetup().withParameter("no-such-parameter", 1)));
        }
    }

    /**
     * A parameter given at its default plays the game as it is without it: the same seeded random
     * games end in the same states with the same outcomes.
     */
    @TestFactory
    Stream<DynamicNode> aParameterGivenAtItsDefaultChangesNothing() {
        return Games.all().stream().flatMap(game -> game.parameters().stream().map(parameter ->
                DynamicTest.dynamicTest(game.id() + " " + parameter.name(), () -> {
                    Rules<?, ?> plain = game.rules(game.defaultSetup());
                    Rules<?, ?> given = game.rules(game.defaultSetup().withParameter(parameter.name(),
                            parameter.defaultValue()));
                    for (long seed = 1; seed <= 3; seed++) {
                        assertSameGame(plain, given, seed);
                    }
                })));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void assertSameGame(Rules plain, Rules given, long seed) {
        State end = RandomPlay.finalState(plain, seed);
        assertEquals(end, RandomPlay.finalState(given, seed));
        assertEquals(plain.outcome(end), given.outcome(end));
    }

    @TestFactory
    Stream<DynamicNode> everyRegisteredGameKeepsTheContract() {
        return Games.all().stream().map(game -> DynamicContainer.dynamicContainer(game.id(),
                setups(game).stream().map(setup -> DynamicContainer.dynamicContainer(
                        setup.players() + " players, " + setup.variantNotation(),
                        Stream.iterate(1L, seed -> seed + 1).limit(GAMES_PER_SETUP).map(seed ->
                                DynamicTest.dynamicTest("seed " + seed,
                                        () -> playThrough(game.rules(setup), seed)))))));
    }

    /**
     * Every player count with every variant, and the fewest players with each parameter at its ends
     * (a wide range's far end, such as a target of 10000 points that plays to the round cap, replaced
     * by the default plus a step).
     */
    private static List<GameSetup> setups(Game game) {
        List<GameSetup> setups = new ArrayList<>();
        for (int players = game.minPlayers(); players <= game.maxPlayers(); players++) {
            for (Variant variant : game.variants()) {
                setups.add(new GameSetup(players, variant.name()));
            }
        }
        for (Parameter parameter : game.parameters()) {
            boolean wide = (parameter.maximum() - parameter.minimum()) / parameter.step() > 100;
            for (double end : new double[] {parameter.minimum(),
                wide ? parameter.defaultValue() + parameter.step() : parameter.maximum()}) {
                setups.add(game.defaultSetup().withParameter(parameter.name(), end));
            }
        }
        return setups;
    }

    private static <S extends State, M extends Move> void playThrough(Rules<S, M> rules, long seed) {
        assertEquals(rules.setup().players(), rules.initialState().players());
        SplittableRandom rng = new SplittableRandom(seed);
        S state = rules.initialState();
        int actions = 0;
        // Moves listed earlier in the game, to ask later lists about moves they may not hold.
        List<Move> earlier = new ArrayList<>();
        boolean decided = false;
        while (!state.isTerminal()) {
            if (++actions > RandomPlay.MAX_ACTIONS) {
                fail("no end after " + RandomPlay.MAX_ACTIONS + " actions");
            }
            String before = snapshot(rules, state);
            assertRunningScore(rules, state);
            int starter = rules.starter(state);
            assertTrue(starter == State.CHANCE || starter >= 0 && starter < state.players(),
                    "the starter is a seat or still for chance to decide: " + starter);
            M action;
            if (state.actor() == State.CHANCE) {
                List<ChanceOutcome<M>> outcomes = rules.chanceOutcomes(state);
                assertFalse(outcomes.isEmpty(), "a chance node lists its outcomes");
                assertTrue(rules.legalMoves(state).isEmpty(), "no player moves at a chance node");
                assertThrows(UnsupportedOperationException.class, () -> outcomes.remove(0),
                        "the chance outcomes are an immutable list");
                double total = outcomes.stream().mapToDouble(ChanceOutcome::probability).sum();
                assertEquals(1.0, total, 1e-9, "chance probabilities sum to 1");
                for (ChanceOutcome<M> outcome : outcomes) {
                    assertRoundTrips(rules, outcome.move());
                    assertTrue(rules.check(state, outcome.move()).isLegal(), outcome.move().notation());
                }
                action = Chance.sample(outcomes, rng);
            } else {
                assertTrue(state.actor() >= 0 && state.actor() < state.players(), "actor is a seat");
                assertTrue(starter >= 0, "the starter is known at a seat's turn");
                if (!decided) {
                    assertEquals(state.actor(), starter, "the first seat to act is the starter");
                    decided = true;
                }
                List<M> moves = rules.legalMoves(state);
                assertFalse(moves.isEmpty(), "a seat to move has a legal move");
                assertTrue(rules.chanceOutcomes(state).isEmpty(), "no chance outcomes at a seat's turn");
                assertEquals(moves.size(), new HashSet<>(moves).size(), "legal moves are distinct");
                assertEquals(moves, rules.legalMoves(state), "legal moves come in a deterministic order");
                assertThrows(UnsupportedOperationException.class, () -> moves.remove(0),
                        "the legal moves are an immutable list: a bot handed it cannot change it");
                for (M move : moves) {
                    assertRoundTrips(rules, move);
                    Legality legality = rules.check(state, move);
                    assertTrue(legality.isLegal(), move.notation() + ": " + legality.message());
                }
                assertLookupsAgreeWithAWalk(moves, earlier);
                if (earlier.size() < 400) {
                    earlier.addAll(moves.subList(0, Math.min(moves.size(), 8)));
                }
                assertViewsAreConsistent(rules, state, rng);
                action = moves.get(rng.nextInt(moves.size()));
            }
            for (int seat = View.OBSERVER; seat < state.players(); seat++) {
                rules.eventFor(state, action, seat);
            }
            S next = rules.apply(state, action);
            assertEquals(before, snapshot(rules, state), "apply changed its input");
            assertNotNull(next);
            state = next;
        }
        assertTrue(rules.legalMoves(state).isEmpty(), "a finished game has no legal moves");
        assertTrue(rules.chanceOutcomes(state).isEmpty(), "a finished game has no chance outcomes");
        Outcome outcome = rules.outcome(state);
        assertEquals(state.players(), outcome.players(), "one rank and one score per seat");
        assertTrue(outcome.ranks().contains(1), "somebody ranks first");
        assertRunningScore(rules, state);
        rules.endedByCap(state);
        rules.render(state);
    }

    /**
     * The running score is defined in every state, one finite number per seat, as the game's scoring
     * says: zeros before the end of a game that scores only at its end; at the end, the outcome's
     * scores for a game keeping points (a komi counted as the outcome counts it), and no seat ahead on
     * them ranked behind a seat it is ahead of.
     */
    private static <S extends State, M extends Move> void assertRunningScore(Rules<S, M> rules, S state) {
        Scoring scoring = rules.game().scoring();
        double[] running = rules.runningScore(state);
        assertEquals(state.players(), running.length, "one running score per seat");
        for (double score : running) {
            assertTrue(Double.isFinite(score), "a running score is a finite number: " + Arrays.toString(running));
        }
        assertNotSame(running, rules.runningScore(state), "each call gives the caller an array of its own");
        if (!state.isTerminal()) {
            if (scoring.kind() == Scoring.Kind.AT_END) {
                assertArrayEquals(new double[state.players()], running, 0,
                        "a game that scores only at its end (the default scoring) keeps 0 before it: if it keeps "
                                + "points of its own, its Game.scoring() says so");
            }
            return;
        }
        if (scoring.kind() == Scoring.Kind.PROXY) {
            return;
        }
        Outcome outcome = rules.outcome(state);
        assertArrayEquals(outcome.scores().stream().mapToDouble(Double::doubleValue).toArray(), running, 0,
                "the running score at the end is the outcome's scores");
        for (int seat = 0; seat < running.length; seat++) {
            for (int other = 0; other < running.length; other++) {
                if (scoring.kind() == Scoring.Kind.POINTS && scoring.ahead(running[seat], running[other])) {
                    assertTrue(outcome.rank(seat) < outcome.rank(other), "seat " + seat + " ahead of seat " + other
                            + " on " + Arrays.toString(running) + " ranks before it: " + outcome.ranks());
                }
            }
        }
    }

    /**
     * A legal list's {@code contains} and {@code indexOf} answer as a walk through it would, for its
     * own moves and for moves of earlier lists (a game's list may answer them from the move's fields,
     * and the referee trusts the answer for the moves of bots in its JVM).
     */
    private static <M extends Move> void assertLookupsAgreeWithAWalk(List<M> moves, List<Move> earlier) {
        for (int i = 0; i < moves.size(); i++) {
            M move = moves.get(i);
            assertTrue(moves.contains(move), move.notation() + " is listed");
            assertEquals(i, moves.indexOf(move), "the index of " + move.notation());
        }
        for (Move other : earlier) {
            int walked = -1;
            for (int i = 0; i < moves.size() && walked < 0; i++) {
                walked = moves.get(i).equals(other) ? i : -1;
            }
            assertEquals(walked >= 0, moves.contains(other), "contains " + other.notation());
            assertEquals(walked, moves.indexOf(other), "the index of " + other.notation());
        }
        assertFalse(moves.contains("not a move"), "a list of moves holds no string");
    }

    private static <S extends State, M extends Move> void assertRoundTrips(Rules<S, M> rules, M move) {
        String notation = move.notation();
        assertFalse(notation.isEmpty(), "empty notation");
        assertFalse(notation.chars().anyMatch(Character::isWhitespace), "whitespace in '" + notation + "'");
        assertEquals(move, rules.parseMove(notation), "notation round trip of '" + notation + "'");
        assertEquals(notation, move.toString(), "toString is the notation");
    }

    /**
     * Each seat's view is what determinize keeps: a state sampled from a view shows that same view,
     * so the view cannot depend on what it hides; and the mover's legal moves follow from its view.
     */
    private static <S extends State, M extends Move> void assertViewsAreConsistent(Rules<S, M> rules, S state,
                                                                                   SplittableRandom rng) {
        for (int seat = View.OBSERVER; seat < state.players(); seat++) {
            View view = rules.view(state, seat);
            assertEquals(seat, view.seat(), "a view names its seat");
            assertEquals(state.actor(), view.actor(), "a view shows who is to move");
            assertEquals(view, rules.view(state, seat), "views are values");
            if (seat == View.OBSERVER) {
                continue;
            }
            for (int sample = 0; sample < 2; sample++) {
                S sampled = rules.determinize(view, rng.split());
                assertEquals(view, rules.view(sampled, seat), "a determinized state shows the same view");
                if (seat == state.actor()) {
                    assertEquals(rules.legalMoves(state), rules.legalMoves(sampled),
                            "the mover's legal moves follow from its view");
                }
            }
            rules.render(view);
        }
    }

    private static <S extends State, M extends Move> String snapshot(Rules<S, M> rules, S state) {
        StringBuilder out = new StringBuilder(rules.render(state));
        out.append(state.hashCode()).append(rules.legalMoves(state));
        for (int seat = 0; seat < state.players(); seat++) {
            out.append(rules.view(state, seat).hashCode());
        }
        return out.toString();
    }
}
