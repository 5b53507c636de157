package org.pyramidarena.games.pyraos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Legality;
import org.pyramidarena.api.View;
import org.pyramidarena.games.pyraos.oracle.OracleGame;
import org.pyramidarena.games.pyraos.oracle.OracleMove;
import org.pyramidarena.games.pyraos.oracle.OracleRules;
import org.pyramidarena.games.pyraos.oracle.OracleState;
import org.pyramidarena.games.pyraos.oracle.OracleView;

/**
 * The engine plays exactly the game of the oracle (the engine as it was before it was made fast,
 * frozen in {@code org.pyramidarena.games.pyraos.oracle}): in every variant, 2,000 seeded random
 * games played to the end, and at every decision the same legal moves in the same order, the same
 * verdict of {@code check} on random moves legal and illegal, the same state afterwards (every
 * field of its views, the rendered picture, the position key and repetitions), the same ending and
 * the same outcome.
 */
class PyraosOracleTest {

    private static final int GAMES = 2_000;

    @ParameterizedTest
    @ValueSource(strings = {"standard", "pass", "children", "pylos"})
    void everyDecisionOfRandomGamesMatchesTheOracle(String variant) {
        GameSetup setup = new GameSetup(2, variant);
        PyraosRules rules = (PyraosRules) new Pyraos().rules(setup);
        OracleRules oracle = (OracleRules) new OracleGame().rules(setup);
        Map<PyraosState.Ending, Integer> endings = new EnumMap<>(PyraosState.Ending.class);
        long removalsPlayed = 0;
        long liftsPlayed = 0;
        long passesPlayed = 0;
        for (long seed = 0; seed < GAMES; seed++) {
            SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + variant.hashCode());
            // A third of the games prefer moves with removals or lifts, which uniform play seldom
            // chains, to reach repetitions, long games and emptied reserves.
            boolean greedy = seed % 3 == 2;
            PyraosState state = rules.initialState();
            OracleState expected = oracle.initialState();
            String where = variant + " seed " + seed;
            compare(rules, oracle, state, expected, where + " start");
            while (!expected.isTerminal()) {
                List<PyraosMove> moves = rules.legalMoves(state);
                List<OracleMove> expectedMoves = oracle.legalMoves(expected);
                String at = where + " move " + expected.moveCount();
                assertEquals(notations(expectedMoves), notations(moves), at + ": legal moves");
                for (int i = 0; i < moves.size(); i++) {
                    assertEquals(fields(expectedMoves.get(i)), fields(moves.get(i)), at + ": move " + i);
                }
                assertEquals(expectedMoves.size(), moves.size());
                compareChecks(rules, oracle, state, expected, random, at);
                int index = random.nextInt(moves.size());
                if (greedy) {
                    for (int i = 0; i < moves.size(); i++) {
                        PyraosMove move = moves.get((index + i) % moves.size());
                        if (move.removals() > 0 || move.isLift()) {
                            index = (index + i) % moves.size();
                            break;
                        }
                    }
                }
                PyraosMove move = moves.get(index);
                removalsPlayed += move.removals();
                liftsPlayed += move.isLift() ? 1 : 0;
                passesPlayed += move.isPass() ? 1 : 0;
                assertEquals(move, rules.parseMove(move.notation()), at + ": parse " + move);
                state = rules.apply(state, move);
                expected = oracle.apply(expected, expectedMoves.get(index));
                compare(rules, oracle, state, expected, at + " after " + move);
            }
            assertEquals(expected.isTerminal(), state.isTerminal(), where);
            assertEquals(oracle.outcome(expected), rules.outcome(state), where + ": outcome");
            assertEquals(List.of(), rules.legalMoves(state), where + ": no moves after the end");
            endings.merge(state.ending(), 1, Integer::sum);
        }
        // The games reached the rules that matter: each ending the variant allows, lifts, removals.
        assertTrue(endings.getOrDefault(PyraosState.Ending.APEX, 0) > 0, variant + " " + endings);
        // Without removals the spheres on the board only grow or climb, so no position comes back.
        assertEquals(!variant.equals("children"), endings.getOrDefault(PyraosState.Ending.REPETITION, 0) > 0,
                variant + " " + endings);
        assertTrue(liftsPlayed > 0, variant + " lifts");
        if (variant.equals("pass")) {
            assertTrue(passesPlayed > 0, variant + " passes");
        } else {
            assertTrue(endings.getOrDefault(PyraosState.Ending.NO_MOVE, 0) > 0, variant + " " + endings);
        }
        assertEquals(variant.equals("children"), removalsPlayed == 0, variant + " removals " + removalsPlayed);
    }

    /** Everything a state shows, compared with the oracle's. */
    private static void compare(PyraosRules rules, OracleRules oracle, PyraosState state, OracleState expected,
                                String at) {
        assertEquals(expected.isTerminal(), state.isTerminal(), at + ": terminal");
        assertEquals(expected.actor(), state.actor(), at + ": actor");
        assertEquals(expected.players(), state.players(), at + ": players");
        assertEquals(expected.moveCount(), state.moveCount(), at + ": move count");
        assertEquals(expected.ending().name(), state.ending().name(), at + ": ending");
        assertEquals(expected.winner(), state.winner(), at + ": winner");
        assertEquals(expected.spheres(0), state.spheres(0), at + ": spheres of seat 0");
        assertEquals(expected.spheres(1), state.spheres(1), at + ": spheres of seat 1");
        assertEquals(expected.occupied(), state.occupied(), at + ": occupied");
        assertEquals(expected.reserve(0), state.reserve(0), at + ": reserve 0");
        assertEquals(expected.reserve(1), state.reserve(1), at + ": reserve 1");
        assertEquals(expected.positionKey(), state.positionKey(), at + ": position key");
        assertEquals(expected.repetitions(), state.repetitions(), at + ": repetitions");
        assertEquals(expected.hashCode(), state.hashCode(), at + ": hash code");
        assertEquals(expected.toString(), state.toString(), at + ": toString");
        for (int p = 0; p < PyraosBoard.POSITIONS; p++) {
            assertEquals(expected.owner(p), state.owner(p), at + ": owner of " + p);
        }
        for (int seat : new int[] {View.OBSERVER, 0, 1}) {
            PyraosView view = rules.view(state, seat);
            OracleView expectedView = oracle.view(expected, seat);
            assertEquals(fields(expectedView), fields(view), at + ": view of seat " + seat);
            assertEquals(expectedView.toString(), view.toString(), at + ": view toString");
            assertEquals(state, rules.determinize(view, null), at + ": the state a view shows");
        }
        assertEquals(oracle.render(expected), rules.render(state), at + ": picture");
        if (expected.isTerminal()) {
            assertEquals(oracle.outcome(expected), rules.outcome(state), at + ": outcome");
        }
    }

    /**
     * The verdicts on random moves: most illegal (wrong kind, occupied, unsupported, removals not
     * earned or not free), some legal; the same reason and message as the oracle's.
     */
    private static void compareChecks(PyraosRules rules, OracleRules oracle, PyraosState state,
                                      OracleState expected, SplittableRandom random, String at) {
        int n = PyraosBoard.POSITIONS;
        for (int i = 0; i < 8; i++) {
            int kind = random.nextInt(10);
            int from = kind < 4 ? -1 : random.nextInt(n);
            int to = kind == 0 ? -1 : random.nextInt(n);
            int first = -1;
            int second = -1;
            if (to >= 0 && random.nextBoolean()) {
                first = random.nextInt(n);
                if (random.nextBoolean()) {
                    second = random.nextInt(n);
                }
            }
            if (kind == 0) {
                from = -1;
            } else if (from == to || (first >= 0 && first == second)) {
                continue;
            }
            PyraosMove move = new PyraosMove(from, to, first, second);
            OracleMove expectedMove = new OracleMove(from, to, first, second);
            Legality verdict = rules.check(state, move);
            assertEquals(oracle.check(expected, expectedMove), verdict, at + ": check " + move);
            if (verdict.isLegal()) {
                assertTrue(rules.legalMoves(state).contains(move), at + ": " + move + " legal but not listed");
            }
        }
        for (PyraosMove move : rules.legalMoves(state)) {
            assertEquals(Legality.LEGAL, rules.check(state, move), at + ": listed " + move);
        }
    }

    private static List<String> notations(List<? extends org.pyramidarena.api.Move> moves) {
        List<String> out = new ArrayList<>(moves.size());
        for (org.pyramidarena.api.Move move : moves) {
            out.add(move.notation());
        }
        return out;
    }

    private static List<Object> fields(PyraosMove move) {
        return List.of(move.from(), move.to(), move.first(), move.second(), move.removals(), move.isPass(),
                move.isLift(), move.isPlacement(), move.notation(), move.toString(), move.hashCode());
    }

    private static List<Object> fields(OracleMove move) {
        return List.of(move.from(), move.to(), move.first(), move.second(), move.removals(), move.isPass(),
                move.isLift(), move.isPlacement(), move.notation(), move.toString(), move.hashCode());
    }

    private static List<Object> fields(PyraosView view) {
        return List.of(view.seat(), view.actor(), view.moveCount(), List.copyOf(view.board()),
                List.copyOf(view.reserves()), view.ending().name(), view.winner(), List.copyOf(view.history()));
    }

    private static List<Object> fields(OracleView view) {
        return List.of(view.seat(), view.actor(), view.moveCount(), List.copyOf(view.board()),
                List.copyOf(view.reserves()), view.ending().name(), view.winner(), List.copyOf(view.history()));
    }
}
