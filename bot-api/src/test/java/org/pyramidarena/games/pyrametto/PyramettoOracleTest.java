package org.pyramidarena.games.pyrametto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pyramidarena.api.ChanceOutcome;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.View;
import org.pyramidarena.games.pyrametto.oracle.OracleGame;
import org.pyramidarena.games.pyrametto.oracle.OracleMove;
import org.pyramidarena.games.pyrametto.oracle.OracleRules;
import org.pyramidarena.games.pyrametto.oracle.OracleScoring;
import org.pyramidarena.games.pyrametto.oracle.OracleState;
import org.pyramidarena.games.pyrametto.oracle.OracleView;

/**
 * The engine plays exactly the game of the oracle (the engine as it was before it was made fast,
 * frozen in {@code org.pyramidarena.games.pyrametto.oracle}): for 3, 4 and 5 players, 1,000 seeded
 * random games played to the end, the dice sampled from the same random numbers for both, and at
 * every decision the same actor, the same legal moves in the same order, the same chance outcomes
 * and probabilities, the same verdict of {@code check} on random moves legal and illegal, the same
 * state afterwards (every field of every seat's view, the rendered picture, the scores), and the same
 * outcome.
 */
class PyramettoOracleTest {

    private static final int GAMES = 1_000;

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5})
    void everyDecisionOfRandomGamesMatchesTheOracle(int players) {
        GameSetup setup = new GameSetup(players, "standard");
        PyramettoRules rules = (PyramettoRules) new Pyrametto().rules(setup);
        OracleRules oracle = (OracleRules) new OracleGame().rules(setup);
        long triggered = 0;
        long fromVaults = 0;
        for (long seed = 0; seed < GAMES; seed++) {
            SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + players);
            PyramettoState state = rules.initialState();
            OracleState expected = oracle.initialState();
            String where = players + " players seed " + seed;
            compare(rules, oracle, state, expected, where + " start");
            int step = 0;
            while (!expected.isTerminal()) {
                String at = where + " step " + step++;
                assertEquals(expected.actor(), state.actor(), at + ": actor");
                List<PyramettoMove> moves = rules.legalMoves(state);
                List<OracleMove> expectedMoves = oracle.legalMoves(expected);
                assertEquals(notations(expectedMoves), notations(moves), at + ": legal moves");
                List<ChanceOutcome<PyramettoMove>> outcomes = rules.chanceOutcomes(state);
                List<ChanceOutcome<OracleMove>> expectedOutcomes = oracle.chanceOutcomes(expected);
                assertEquals(chances(expectedOutcomes), chances(outcomes), at + ": chance outcomes");
                compareChecks(rules, oracle, state, expected, random, at);
                int index;
                if (expected.actor() == org.pyramidarena.api.State.CHANCE) {
                    index = sample(expectedOutcomes, random.nextDouble());
                    PyramettoMove dice = outcomes.get(index).move();
                    state = rules.apply(state, dice);
                    expected = oracle.apply(expected, expectedOutcomes.get(index).move());
                    compare(rules, oracle, state, expected, at + " after " + dice);
                    continue;
                }
                index = random.nextInt(moves.size());
                PyramettoMove move = moves.get(index);
                assertEquals(move, rules.parseMove(move.notation()), at + ": parse " + move);
                fromVaults += move.kind() == PyramettoMove.Kind.PLACE && move.from() >= 0 ? 1 : 0;
                state = rules.apply(state, move);
                expected = oracle.apply(expected, expectedMoves.get(index));
                compare(rules, oracle, state, expected, at + " after " + move);
            }
            assertTrue(state.isTerminal(), where);
            assertEquals(oracle.outcome(expected), rules.outcome(state), where + ": outcome");
            assertEquals(List.of(), rules.legalMoves(state), where + ": no moves after the end");
            triggered += state.isEndTriggered() ? 1 : 0;
        }
        // The games reached the rules that matter: the ending signalled, pyramids taken from vaults.
        assertTrue(triggered > 0, players + " triggered " + triggered);
        assertTrue(fromVaults > 0, players + " from vaults " + fromVaults);
    }

    /** The best split of 200,000 random vaults (0 to 5 of each kind, often none) is the oracle's. */
    @org.junit.jupiter.api.Test
    void bestSplitsOfRandomVaultsMatchTheOracle() {
        SplittableRandom random = new SplittableRandom(26);
        for (int i = 0; i < 200_000; i++) {
            int[] vault = new int[PyramettoState.KINDS];
            int density = random.nextInt(1, 6);
            for (int kind = 0; kind < vault.length; kind++) {
                vault[kind] = random.nextInt(6) < density ? random.nextInt(6) : 0;
            }
            String at = java.util.Arrays.toString(vault);
            assertEquals(OracleScoring.bestSplit(vault.clone()).toString().replace("Oracle", ""),
                    PyramettoScoring.bestSplit(vault.clone()).toString().replace("Pyrametto", ""), at);
        }
    }

    private static int sample(List<? extends ChanceOutcome<?>> outcomes, double draw) {
        double cumulative = 0;
        for (int i = 0; i < outcomes.size(); i++) {
            cumulative += outcomes.get(i).probability();
            if (draw < cumulative) {
                return i;
            }
        }
        return outcomes.size() - 1;
    }

    /** Everything a state shows, compared with the oracle's. */
    private static void compare(PyramettoRules rules, OracleRules oracle, PyramettoState state,
                                OracleState expected, String at) {
        assertEquals(expected.isTerminal(), state.isTerminal(), at + ": terminal");
        assertEquals(expected.actor(), state.actor(), at + ": actor");
        assertEquals(expected.players(), state.players(), at + ": players");
        assertEquals(expected.phase().name(), state.phase().name(), at + ": phase");
        assertEquals(expected.mover(), state.mover(), at + ": mover");
        assertEquals(expected.starter(), state.starter(), at + ": starter");
        assertEquals(expected.turns(), state.turns(), at + ": turns");
        assertEquals(expected.round(), state.round(), at + ": round");
        assertEquals(expected.inventoryTotal(), state.inventoryTotal(), at + ": inventory total");
        assertEquals(expected.isEndTriggered(), state.isEndTriggered(), at + ": end triggered");
        assertEquals(expected.mustTakeToEnd(), state.mustTakeToEnd(), at + ": must take");
        assertEquals(expected.sizeFace(), state.sizeFace(), at + ": size face");
        assertEquals(expected.colourFace(), state.colourFace(), at + ": colour face");
        assertEquals(expected.hashCode(), state.hashCode(), at + ": hash code");
        assertEquals(expected.toString(), state.toString(), at + ": toString");
        for (int seat = 0; seat < state.players(); seat++) {
            assertEquals(expected.isInRound(seat), state.isInRound(seat), at + ": in round " + seat);
            assertEquals(expected.hasFreeTurn(seat), state.hasFreeTurn(seat), at + ": free turn " + seat);
            assertEquals(expected.isTaken(seat), state.isTaken(seat), at + ": taken " + seat);
            assertEquals(expected.height(seat), state.height(seat), at + ": height " + seat);
            assertEquals(java.util.Arrays.toString(expected.vault(seat)), java.util.Arrays.toString(state.vault(seat)),
                    at + ": vault " + seat);
            assertEquals(expected.score(seat), state.score(seat), at + ": score " + seat);
            assertEquals(OracleScoring.bestSplit(expected.vault(seat)).toString().replace("Oracle", ""),
                    PyramettoScoring.bestSplit(state.vault(seat)).toString().replace("Pyrametto", ""),
                    at + ": split " + seat);
        }
        for (int seat = View.OBSERVER; seat < state.players(); seat++) {
            PyramettoView view = rules.view(state, seat);
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

    /** The verdicts on random moves of every kind, most illegal: the same reason and message as the oracle's. */
    private static void compareChecks(PyramettoRules rules, OracleRules oracle, PyramettoState state,
                                      OracleState expected, SplittableRandom random, String at) {
        for (int i = 0; i < 4; i++) {
            PyramettoMove move;
            OracleMove expectedMove;
            switch (random.nextInt(4)) {
                case 0 -> {
                    int stack = random.nextInt(5);
                    move = PyramettoMove.take(stack);
                    expectedMove = OracleMove.take(stack);
                }
                case 1 -> {
                    move = PyramettoMove.roll();
                    expectedMove = OracleMove.roll();
                }
                case 2 -> {
                    int sizeFace = random.nextInt(6);
                    int colourFace = random.nextInt(6);
                    move = PyramettoMove.dice(sizeFace, colourFace);
                    expectedMove = OracleMove.dice(sizeFace, colourFace);
                }
                default -> {
                    int size = 1 + random.nextInt(3);
                    int colour = random.nextInt(5);
                    int from = random.nextInt(6) - 1;
                    int stack = random.nextInt(5);
                    move = PyramettoMove.place(size, colour, from, stack);
                    expectedMove = OracleMove.place(size, colour, from, stack);
                }
            }
            assertEquals(expectedMove.notation(), move.notation(), at + ": notation");
            assertEquals(oracle.check(expected, expectedMove), rules.check(state, move), at + ": check " + move);
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
            out.add(outcome.move().notation() + " " + Double.doubleToLongBits(outcome.probability()));
        }
        return out;
    }

    private static List<Object> fields(PyramettoView view) {
        return List.of(view.seat(), view.actor(), view.phase().name(), view.mover(), view.starter(), view.round(),
                view.turns(), view.sizeFace(), view.colourFace(), List.copyOf(view.inventory()),
                copy(view.vaults()), copy(view.stacks()), List.copyOf(view.taken()), List.copyOf(view.inRound()),
                view.endTriggered(), List.copyOf(view.freeTurns()));
    }

    private static List<Object> fields(OracleView view) {
        return List.of(view.seat(), view.actor(), view.phase().name(), view.mover(), view.starter(), view.round(),
                view.turns(), view.sizeFace(), view.colourFace(), List.copyOf(view.inventory()),
                copy(view.vaults()), copy(view.stacks()), List.copyOf(view.taken()), List.copyOf(view.inRound()),
                view.endTriggered(), List.copyOf(view.freeTurns()));
    }

    private static List<List<Integer>> copy(List<List<Integer>> lists) {
        List<List<Integer>> out = new ArrayList<>(lists.size());
        for (List<Integer> list : lists) {
            out.add(List.copyOf(list));
        }
        return out;
    }
}
