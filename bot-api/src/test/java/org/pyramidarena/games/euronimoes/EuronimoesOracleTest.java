package org.pyramidarena.games.euronimoes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pyramidarena.api.ChanceOutcome;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.State;
import org.pyramidarena.api.View;
import org.pyramidarena.games.euronimoes.oracle.OracleGame;
import org.pyramidarena.games.euronimoes.oracle.OracleMove;
import org.pyramidarena.games.euronimoes.oracle.OracleRules;
import org.pyramidarena.games.euronimoes.oracle.OracleState;
import org.pyramidarena.games.euronimoes.oracle.OracleView;

/**
 * The engine plays exactly the game of the oracle (the engine as it was before it was made fast,
 * frozen in {@code org.pyramidarena.games.euronimoes.oracle}): for 2, 3 and 4 players, 500 seeded
 * random games played to the end, chance sampled from the same seeded generator through both, and
 * at every decision the same actor and phase, the same legal moves in the same order, the same
 * chance outcomes with the same probabilities, the same views of every seat and of a spectator
 * (every field; at one decision in eight and at the end also the picture and the state a view
 * determinizes to), the same scores and hands, and the same outcome.
 */
class EuronimoesOracleTest {

    private static final int GAMES = 500;

    @ParameterizedTest(name = "{0} players")
    @ValueSource(ints = {2, 3, 4})
    void everyDecisionOfRandomGamesMatchesTheOracle(int players) {
        GameSetup setup = new GameSetup(players, "standard");
        EuronimoesRules rules = (EuronimoesRules) new Euronimoes().rules(setup);
        OracleRules oracle = (OracleRules) new OracleGame().rules(setup);
        long upper = 0;
        long vertical = 0;
        long stops = 0;
        for (long seed = 0; seed < GAMES; seed++) {
            SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + players);
            // Half the games prefer building upwards and standing dominoes up, to reach tall stacks.
            boolean buildUp = seed % 2 == 1;
            EuronimoesState state = rules.initialState();
            OracleState expected = oracle.initialState();
            String where = players + " players seed " + seed;
            int step = 0;
            compare(rules, oracle, state, expected, random, where + " start");
            while (!expected.isTerminal()) {
                String at = where + " action " + step++;
                int index;
                EuronimoesMove move;
                OracleMove expectedMove;
                if (expected.actor() == State.CHANCE) {
                    List<ChanceOutcome<EuronimoesMove>> outcomes = rules.chanceOutcomes(state);
                    List<ChanceOutcome<OracleMove>> expectedOutcomes = oracle.chanceOutcomes(expected);
                    assertEquals(chanceFields(expectedOutcomes), chanceFields(outcomes), at + ": chance outcomes");
                    assertEquals(List.of(), rules.legalMoves(state), at + ": no moves at chance");
                    double r = random.nextDouble();
                    index = expectedOutcomes.size() - 1;
                    for (int i = 0; i < expectedOutcomes.size(); i++) {
                        r -= expectedOutcomes.get(i).probability();
                        if (r < 0) {
                            index = i;
                            break;
                        }
                    }
                    move = outcomes.get(index).move();
                    expectedMove = expectedOutcomes.get(index).move();
                } else {
                    List<EuronimoesMove> moves = rules.legalMoves(state);
                    List<OracleMove> expectedMoves = oracle.legalMoves(expected);
                    assertEquals(notations(expectedMoves), notations(moves), at + ": legal moves");
                    for (int i = 0; i < moves.size(); i++) {
                        assertEquals(fields(expectedMoves.get(i)), fields(moves.get(i)), at + ": move " + i);
                    }
                    assertEquals(List.of(), rules.chanceOutcomes(state), at + ": no chance outcomes");
                    index = pick(moves, random, buildUp);
                    move = moves.get(index);
                    expectedMove = expectedMoves.get(index);
                    upper += move.level() >= 2 ? 1 : 0;
                    vertical += move.level() == 1 && move.vertical() ? 1 : 0;
                    stops += move.kind() == EuronimoesMove.Kind.STOP ? 1 : 0;
                }
                assertEquals(move, rules.parseMove(move.notation()), at + ": parse " + move);
                for (int seat : seats(players)) {
                    assertEquals(oracle.eventFor(expected, expectedMove, seat), rules.eventFor(state, move, seat),
                            at + ": event for " + seat);
                }
                state = rules.apply(state, move);
                expected = oracle.apply(expected, expectedMove);
                compare(rules, oracle, state, expected, random, at + " after " + move);
            }
            assertEquals(oracle.outcome(expected), rules.outcome(state), where + ": outcome");
            assertEquals(List.of(), rules.legalMoves(state), where + ": no moves after the end");
            assertEquals(List.of(), rules.chanceOutcomes(state), where + ": no chance after the end");
        }
        assertTrue(upper > 100 && vertical > 100 && stops > 10, upper + " " + vertical + " " + stops);
    }

    private static int[] seats(int players) {
        int[] seats = new int[players + 1];
        seats[0] = View.OBSERVER;
        for (int seat = 0; seat < players; seat++) {
            seats[seat + 1] = seat;
        }
        return seats;
    }

    /** A uniform pick, or when building up the first upper-level or vertical move more often than not. */
    private static int pick(List<EuronimoesMove> moves, SplittableRandom random, boolean buildUp) {
        int index = random.nextInt(moves.size());
        if (buildUp && random.nextInt(4) != 0) {
            for (int i = 0; i < moves.size(); i++) {
                EuronimoesMove move = moves.get(i);
                if (move.level() >= 2 || move.vertical()) {
                    return i;
                }
            }
        }
        return index;
    }

    /** Everything a state shows, compared with the oracle's. */
    private static void compare(EuronimoesRules rules, OracleRules oracle, EuronimoesState state,
                                OracleState expected, SplittableRandom random, String at) {
        assertEquals(expected.isTerminal(), state.isTerminal(), at + ": terminal");
        assertEquals(expected.actor(), state.actor(), at + ": actor");
        assertEquals(expected.players(), state.players(), at + ": players");
        assertEquals(expected.phase().name(), state.phase().name(), at + ": phase");
        assertEquals(expected.turnSeat(), state.turnSeat(), at + ": turn seat");
        assertEquals(expected.start(), state.start(), at + ": start");
        assertEquals(expected.pileSize(), state.pileSize(), at + ": pile size");
        assertEquals(expected.marketSize(), state.marketSize(), at + ": market size");
        assertEquals(expected.toString(), state.toString(), at + ": toString");
        for (int type = 0; type < Dominoes.TYPES; type++) {
            assertEquals(expected.inPile(type), state.inPile(type), at + ": in pile " + type);
        }
        for (int seat = 0; seat < state.players(); seat++) {
            assertEquals(expected.score(seat), state.score(seat), at + ": score " + seat);
            assertEquals(expected.columnScore(seat), state.columnScore(seat), at + ": column score " + seat);
            assertEquals(expected.levelScore(seat), state.levelScore(seat), at + ": level score " + seat);
            assertEquals(expected.handSize(seat), state.handSize(seat), at + ": hand size " + seat);
            assertEquals(expected.chips(seat), state.chips(seat), at + ": chips " + seat);
            assertEquals(expected.hasStopped(seat), state.hasStopped(seat), at + ": stopped " + seat);
            assertEquals(notations(expected.placements(seat)), notations(state.placements(seat)),
                    at + ": placements " + seat);
        }
        // The pictures and determinizations, slow to make, at one decision in eight and at the end.
        boolean deep = expected.isTerminal() || random.nextInt(8) == 0;
        if (deep) {
            assertEquals(oracle.render(expected), rules.render(state), at + ": picture");
        }
        long determinizeSeed = random.nextLong();
        for (int seat : seats(state.players())) {
            EuronimoesView view = rules.view(state, seat);
            OracleView expectedView = oracle.view(expected, seat);
            assertEquals(fields(expectedView), fields(view), at + ": view of seat " + seat);
            assertEquals(expectedView.toString(), view.toString(), at + ": view toString");
            if (!deep) {
                continue;
            }
            assertEquals(oracle.render(expectedView), rules.render(view), at + ": view picture " + seat);
            assertEquals(oracle.render(oracle.determinize(expectedView, new SplittableRandom(determinizeSeed))),
                    rules.render(rules.determinize(view, new SplittableRandom(determinizeSeed))),
                    at + ": determinized for " + seat);
        }
        if (expected.isTerminal()) {
            assertEquals(oracle.outcome(expected), rules.outcome(state), at + ": outcome");
        } else {
            assertThrows(IllegalStateException.class, () -> rules.outcome(state), at + ": no outcome yet");
        }
    }

    private static List<String> notations(List<? extends org.pyramidarena.api.Move> moves) {
        List<String> out = new ArrayList<>(moves.size());
        for (org.pyramidarena.api.Move move : moves) {
            out.add(move.notation());
        }
        return out;
    }

    private static List<Object> chanceFields(List<? extends ChanceOutcome<? extends org.pyramidarena.api.Move>> outcomes) {
        List<Object> out = new ArrayList<>(outcomes.size());
        for (ChanceOutcome<? extends org.pyramidarena.api.Move> outcome : outcomes) {
            out.add(outcome.move().notation() + " " + outcome.probability());
        }
        return out;
    }

    private static List<Object> fields(EuronimoesMove move) {
        return List.of(move.kind().name(), move.first(), move.second(), move.x(), move.y(), move.vertical(),
                move.level(), move.secondX(), move.secondY(), move.notation(), move.toString());
    }

    private static List<Object> fields(OracleMove move) {
        return List.of(move.kind().name(), move.first(), move.second(), move.x(), move.y(), move.vertical(),
                move.level(), move.secondX(), move.secondY(), move.notation(), move.toString());
    }

    private static List<Object> fields(EuronimoesView view) {
        List<List<String>> layouts = new ArrayList<>();
        for (List<EuronimoesMove> layout : view.layouts()) {
            layouts.add(notations(layout));
        }
        return List.of(view.seat(), view.actor(), view.players(), view.phase().name(), view.turnSeat(), view.start(),
                List.copyOf(view.market()), view.pileSize(), List.copyOf(view.chips()), List.copyOf(view.handSizes()),
                List.copyOf(view.hand()), List.copyOf(view.known()), List.copyOf(view.stopped()), layouts);
    }

    private static List<Object> fields(OracleView view) {
        List<List<String>> layouts = new ArrayList<>();
        for (List<OracleMove> layout : view.layouts()) {
            layouts.add(notations(layout));
        }
        return List.of(view.seat(), view.actor(), view.players(), view.phase().name(), view.turnSeat(), view.start(),
                List.copyOf(view.market()), view.pileSize(), List.copyOf(view.chips()), List.copyOf(view.handSizes()),
                List.copyOf(view.hand()), List.copyOf(view.known()), List.copyOf(view.stopped()), layouts);
    }
}
