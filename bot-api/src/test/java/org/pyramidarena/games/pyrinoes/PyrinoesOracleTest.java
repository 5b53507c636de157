package org.pyramidarena.games.pyrinoes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pyramidarena.api.ChanceOutcome;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.State;
import org.pyramidarena.api.View;
import org.pyramidarena.games.pyrinoes.oracle.OracleGame;
import org.pyramidarena.games.pyrinoes.oracle.OracleMove;
import org.pyramidarena.games.pyrinoes.oracle.OracleRound;
import org.pyramidarena.games.pyrinoes.oracle.OracleRules;
import org.pyramidarena.games.pyrinoes.oracle.OracleState;
import org.pyramidarena.games.pyrinoes.oracle.OracleView;

/**
 * The engine plays exactly the game of the oracle (the engine as it was before it was made fast,
 * frozen in {@code org.pyramidarena.games.pyrinoes.oracle}): seeded random matches played to the
 * end, chance sampled through both rules identically, and at every decision the same actor and
 * phase, the same legal moves in the same order, the same chance outcomes and probabilities, the
 * same verdict on the move chosen, the same events and commentary, the same views of every seat,
 * the same picture and the same outcome.
 */
class PyrinoesOracleTest {

    @ParameterizedTest
    @CsvSource({"standard, 300", "to-50, 150", "to-1, 50"})
    void everyDecisionOfRandomMatchesMatchesTheOracle(String variant, int matches) {
        GameSetup setup = new GameSetup(2, variant);
        PyrinoesRules rules = (PyrinoesRules) new Pyrinoes().rules(setup);
        OracleRules oracle = (OracleRules) new OracleGame().rules(setup);
        long actions = 0;
        int rounds = 0;
        for (long seed = 0; seed < matches; seed++) {
            SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + variant.hashCode());
            PyrinoesState state = rules.initialState();
            OracleState expected = oracle.initialState();
            String where = variant + " seed " + seed;
            compare(rules, oracle, state, expected, where + " start");
            int action = 0;
            while (!expected.isTerminal()) {
                String at = where + " action " + action;
                int index;
                PyrinoesMove move;
                OracleMove expectedMove;
                if (expected.actor() == State.CHANCE) {
                    List<ChanceOutcome<PyrinoesMove>> outcomes = rules.chanceOutcomes(state);
                    List<ChanceOutcome<OracleMove>> expectedOutcomes = oracle.chanceOutcomes(expected);
                    assertEquals(chances(expectedOutcomes), chances(outcomes), at + ": chance outcomes");
                    assertEquals(List.of(), rules.legalMoves(state), at + ": no moves at chance");
                    index = random.nextInt(outcomes.size());
                    move = outcomes.get(index).move();
                    expectedMove = expectedOutcomes.get(index).move();
                } else {
                    List<PyrinoesMove> moves = rules.legalMoves(state);
                    List<OracleMove> expectedMoves = oracle.legalMoves(expected);
                    assertEquals(notations(expectedMoves), notations(moves), at + ": legal moves");
                    assertEquals(List.of(), rules.chanceOutcomes(state), at + ": no chance at a turn");
                    index = random.nextInt(moves.size());
                    move = moves.get(index);
                    expectedMove = expectedMoves.get(index);
                    // An illegal move too: the same verdict and message.
                    PyrinoesMove other = rules.parseMove(expectedMoves.get(random.nextInt(expectedMoves.size()))
                            .notation());
                    assertEquals(oracle.check(expected, oracle.parseMove(other.notation())),
                            rules.check(state, other), at + ": check " + other);
                }
                assertEquals(oracle.check(expected, expectedMove), rules.check(state, move), at + ": check " + move);
                assertEquals(move, rules.parseMove(move.notation()), at + ": parse " + move);
                for (int seat : new int[] {View.OBSERVER, 0, 1}) {
                    assertEquals(oracle.eventFor(expected, expectedMove, seat), rules.eventFor(state, move, seat),
                            at + ": event for " + seat);
                }
                PyrinoesState next = rules.apply(state, move);
                OracleState expectedNext = oracle.apply(expected, expectedMove);
                assertEquals(oracle.commentary(expected, expectedNext), rules.commentary(state, next),
                        at + ": commentary");
                state = next;
                expected = expectedNext;
                compare(rules, oracle, state, expected, at + " after " + move);
                action++;
            }
            actions += action;
            rounds += state.rounds().size();
            assertEquals(oracle.outcome(expected), rules.outcome(state), where + ": outcome");
            assertEquals(List.of(), rules.legalMoves(state), where + ": no moves after the end");
            assertEquals(List.of(), rules.chanceOutcomes(state), where + ": no chance after the end");
        }
        assertTrue(actions > 20L * matches, variant + " actions " + actions);
        assertTrue(rounds >= matches, variant + " rounds " + rounds);
    }

    /** Everything a state shows, compared with the oracle's. */
    private static void compare(PyrinoesRules rules, OracleRules oracle, PyrinoesState state, OracleState expected,
                                String at) {
        assertEquals(expected.isTerminal(), state.isTerminal(), at + ": terminal");
        assertEquals(expected.actor(), state.actor(), at + ": actor");
        assertEquals(expected.players(), state.players(), at + ": players");
        assertEquals(expected.phase().name(), state.phase().name(), at + ": phase");
        assertEquals(expected.round(), state.round(), at + ": round");
        assertEquals(expected.starter(), state.starter(), at + ": starter");
        assertEquals(expected.boneyardSize(), state.boneyardSize(), at + ": boneyard");
        for (int seat = 0; seat < 2; seat++) {
            assertEquals(expected.score(seat), state.score(seat), at + ": score " + seat);
            assertEquals(expected.handSize(seat), state.handSize(seat), at + ": hand size " + seat);
        }
        for (int colour = 0; colour < 5; colour++) {
            for (int size = 1; size <= 3; size++) {
                assertEquals(expected.supply(colour, size), state.supply(colour, size), at + ": supply");
            }
        }
        assertEquals(rounds(expected.rounds()), roundsOf(state.rounds()), at + ": rounds");
        assertEquals(expected.hashCode(), state.hashCode(), at + ": hash code");
        assertEquals(expected.toString(), state.toString(), at + ": toString");
        for (int seat : new int[] {View.OBSERVER, 0, 1}) {
            PyrinoesView view = rules.view(state, seat);
            OracleView expectedView = oracle.view(expected, seat);
            assertEquals(fields(expectedView), fields(view), at + ": view of seat " + seat);
            assertEquals(oracle.render(expectedView), rules.render(view), at + ": rendered view of " + seat);
        }
        assertEquals(oracle.render(expected), rules.render(state), at + ": picture");
        if (expected.isTerminal()) {
            assertEquals(oracle.outcome(expected), rules.outcome(state), at + ": outcome");
        }
    }

    private static List<String> notations(List<? extends org.pyramidarena.api.Move> moves) {
        List<String> out = new ArrayList<>(moves.size());
        for (org.pyramidarena.api.Move move : moves) {
            out.add(move.notation());
        }
        return out;
    }

    private static List<String> chances(List<? extends ChanceOutcome<?>> outcomes) {
        List<String> out = new ArrayList<>(outcomes.size());
        for (ChanceOutcome<?> outcome : outcomes) {
            out.add(outcome.move().notation() + " " + Double.doubleToRawLongBits(outcome.probability()));
        }
        return out;
    }

    private static List<Object> rounds(List<OracleRound> rounds) {
        List<Object> out = new ArrayList<>();
        for (OracleRound r : rounds) {
            out.add(List.of(r.round(), r.handTotals(), r.ender(), r.bonus(), r.greens(), r.points()));
        }
        return out;
    }

    private static List<Object> roundsOf(List<PyrinoesRound> rounds) {
        List<Object> out = new ArrayList<>();
        for (PyrinoesRound r : rounds) {
            out.add(List.of(r.round(), r.handTotals(), r.ender(), r.bonus(), r.greens(), r.points()));
        }
        return out;
    }

    private static List<Object> fields(PyrinoesView v) {
        return List.of(v.seat(), v.actor(), v.phase().name(), v.round(), v.target(), v.starter(), v.mover(),
                List.copyOf(v.weightDraw()), List.copyOf(v.line()), v.leftEnd(), v.rightEnd(), List.copyOf(v.hand()),
                List.copyOf(v.handSizes()), copy(v.pyrinoes()), List.copyOf(v.supply()), v.boneyard(),
                v.lastPassed(), List.copyOf(v.greensPlayed()), List.copyOf(v.scores()), roundsOf(v.rounds()));
    }

    private static List<Object> fields(OracleView v) {
        return List.of(v.seat(), v.actor(), v.phase().name(), v.round(), v.target(), v.starter(), v.mover(),
                List.copyOf(v.weightDraw()), List.copyOf(v.line()), v.leftEnd(), v.rightEnd(), List.copyOf(v.hand()),
                List.copyOf(v.handSizes()), copy(v.pyrinoes()), List.copyOf(v.supply()), v.boneyard(),
                v.lastPassed(), List.copyOf(v.greensPlayed()), List.copyOf(v.scores()), rounds(v.rounds()));
    }

    private static List<List<String>> copy(List<List<String>> lists) {
        List<List<String>> out = new ArrayList<>();
        for (List<String> list : lists) {
            out.add(List.copyOf(list));
        }
        return out;
    }
}
