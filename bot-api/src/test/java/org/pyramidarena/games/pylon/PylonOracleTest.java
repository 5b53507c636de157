package org.pyramidarena.games.pylon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Legality;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.View;
import org.pyramidarena.games.pylon.oracle.OraclePylon;
import org.pyramidarena.games.pylon.oracle.OraclePylonMove;
import org.pyramidarena.games.pylon.oracle.OraclePylonState;
import org.pyramidarena.games.pylon.oracle.OraclePylonView;

/**
 * The Pylon engine plays exactly as the oracle, a frozen copy of the engine before it was rewritten
 * for speed (package {@code oracle}): over thousands of seeded games played to their end, at every
 * decision the same legal moves in the same order, the same state (every accessor, the views of both
 * seats and of an observer, the picture, equality and hash), the same verdict on every move of the
 * game (legal or not, and why), and the same outcome.
 */
class PylonOracleTest {

    private static final int GAMES = 3_000;
    /**
     * Games checked thoroughly at every decision: every move of the game judged (not only a sample),
     * the legal list's behaviour as a list, the picture and the state a view gives back.
     */
    private static final int THOROUGH_GAMES = 100;

    private final Rules<PylonState, PylonMove> rules = new Pylon().rules(new GameSetup(2, "standard"));
    private final Rules<OraclePylonState, OraclePylonMove> oracle = new OraclePylon().rules(new GameSetup(2, "standard"));

    /** Every move the notation can name: the 90 placements, then every stacking move. */
    private static final List<String> EVERY_MOVE = everyMove();

    private static List<String> everyMove() {
        List<String> all = new ArrayList<>();
        for (int square = 0; square < 30; square++) {
            for (String size : List.of("S", "M", "L")) {
                all.add(size + PylonMove.squareName(square));
            }
        }
        for (int from = 0; from < 30; from++) {
            for (int to = 0; to < 30; to++) {
                if (PylonMove.adjacent(from, to)) {
                    all.add(PylonMove.squareName(from) + "-" + PylonMove.squareName(to));
                }
            }
        }
        return List.copyOf(all);
    }

    @Test
    void everyDecisionOfThousandsOfGamesMatchesTheOracle() {
        int decisions = 0;
        int tallest = 0;
        int draws = 0;
        for (long seed = 0; seed < GAMES; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            PylonState state = rules.initialState();
            OraclePylonState expected = oracle.initialState();
            String game = "seed " + seed;
            boolean thorough = seed < THOROUGH_GAMES;
            while (true) {
                String where = game + ", turn " + state.turn();
                assertSameState(expected, state, thorough, where);
                if (expected.isTerminal()) {
                    break;
                }
                List<PylonMove> moves = rules.legalMoves(state);
                List<OraclePylonMove> expectedMoves = oracle.legalMoves(expected);
                assertEquals(notations(expectedMoves), notations(moves), where);
                if (thorough) {
                    assertListBehaves(moves, where);
                }
                checkVerdicts(expected, state, thorough ? EVERY_MOVE : sample(random), where);
                int index = choose(seed, random, moves.size());
                PylonMove move = moves.get(index);
                assertEquals(move, rules.parseMove(move.notation()), where);
                state = rules.apply(state, move);
                expected = oracle.apply(expected, expectedMoves.get(index));
                decisions++;
                for (int square = 0; square < 30; square++) {
                    tallest = Math.max(tallest, state.height(square));
                }
            }
            Outcome outcome = rules.outcome(state);
            assertEquals(oracle.outcome(expected), outcome, game);
            draws += outcome.isDraw() ? 1 : 0;
            assertThrows(IllegalStateException.class, () -> rules.outcome(rules.initialState()));
        }
        // The games reach far: the picture's "+" for stacks of ten or more, draws, all decisions.
        assertTrue(tallest >= 10, "tallest stack " + tallest);
        assertTrue(draws > 0, "no draw in " + GAMES + " games");
        assertTrue(decisions > GAMES * 45, decisions + " decisions");
    }

    /** Uniformly at random, mostly; some games always take the first or the last move listed. */
    private static int choose(long seed, SplittableRandom random, int size) {
        return switch ((int) (seed % 4)) {
            case 1 -> random.nextInt(4) == 0 ? 0 : random.nextInt(size);
            case 2 -> random.nextInt(4) == 0 ? size - 1 : random.nextInt(size);
            default -> random.nextInt(size);
        };
    }

    private static List<String> sample(SplittableRandom random) {
        List<String> some = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            some.add(EVERY_MOVE.get(random.nextInt(EVERY_MOVE.size())));
        }
        return some;
    }

    private void checkVerdicts(OraclePylonState expected, PylonState state, List<String> moves, String where) {
        for (int i = 0; i < moves.size(); i++) {
            String notation = moves.get(i);
            Legality want = oracle.check(expected, oracle.parseMove(notation));
            PylonMove move = rules.parseMove(notation);
            assertEquals(notation, move.notation());
            Legality got = rules.check(state, move);
            assertEquals(want, got, where + ", " + notation);
            // An illegal move throws as the oracle does (on some moves of the full list: throwing is slow).
            if (!want.isLegal() && (moves.size() < EVERY_MOVE.size() || i % 8 == 0)) {
                IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class, () -> rules.apply(state, move),
                        where + ", " + notation);
                String oracleMessage = assertThrows(IllegalArgumentException.class,
                        () -> oracle.apply(expected, oracle.parseMove(notation))).getMessage();
                assertEquals(oracleMessage, thrown.getMessage(), where + ", " + notation);
            }
        }
    }

    private void assertSameState(OraclePylonState expected, PylonState state, boolean thorough, String where) {
        assertEquals(expected.actor(), state.actor(), where);
        assertEquals(expected.isTerminal(), state.isTerminal(), where);
        assertEquals(expected.turn(), state.turn(), where);
        assertEquals(expected.players(), state.players(), where);
        assertEquals(expected.isPlacementPhase(), state.isPlacementPhase(), where);
        assertEquals(expected.toString(), state.toString(), where);
        assertEquals(expected.hashCode(), state.hashCode(), where);
        for (int square = 0; square < 30; square++) {
            String at = where + ", square " + PylonMove.squareName(square);
            assertEquals(expected.height(square), state.height(square), at);
            assertEquals(expected.topOwner(square), state.topOwner(square), at);
            assertEquals(expected.topSize(square), state.topSize(square), at);
            assertEquals(expected.bottomSize(square), state.bottomSize(square), at);
        }
        for (int seat = 0; seat < 2; seat++) {
            assertEquals(expected.score(seat), state.score(seat), where);
            for (int size = 1; size <= 3; size++) {
                assertEquals(expected.inHand(seat, size), state.inHand(seat, size), where);
            }
        }
        for (int seat : new int[] {0, 1, View.OBSERVER}) {
            OraclePylonView want = (OraclePylonView) oracle.view(expected, seat);
            PylonView got = (PylonView) rules.view(state, seat);
            assertEquals(List.of(want.seat(), want.actor(), want.turn(), want.heights(), want.topOwners(), want.topSizes(),
                            want.bottomSizes(), want.hands(), want.toString()),
                    List.of(got.seat(), got.actor(), got.turn(), got.heights(), got.topOwners(), got.topSizes(),
                            got.bottomSizes(), got.hands(), got.toString()), where + ", view of " + seat);
            if (thorough) {
                PylonState back = rules.determinize(got, new SplittableRandom(1));
                assertEquals(state, back, where);
                assertEquals(state.hashCode(), back.hashCode(), where);
                assertEquals(back.isTerminal(), state.isTerminal(), where);
                assertEquals(notations(oracle.legalMoves(expected)), notations(rules.legalMoves(back)), where);
            }
        }
        if (thorough) {
            assertEquals(oracle.render(expected), rules.render(state), where);
            assertEquals(oracle.render(oracle.view(expected, 0)), rules.render(rules.view(state, 1)), where);
        }
    }

    /** The legal list is an ordinary immutable list: indexable, searchable, iterable, equal to a copy. */
    private static void assertListBehaves(List<PylonMove> moves, String where) {
        List<PylonMove> copy = new ArrayList<>();
        moves.forEach(copy::add);
        List<PylonMove> iterated = new ArrayList<>();
        for (PylonMove move : moves) {
            iterated.add(move);
        }
        assertEquals(copy, iterated, where);
        assertEquals(copy, moves, where);
        assertEquals(moves, copy, where);
        assertEquals(copy.hashCode(), moves.hashCode(), where);
        assertEquals(copy.toString(), moves.toString(), where);
        assertEquals(copy, List.of(moves.toArray()), where);
        assertEquals(copy, moves.stream().toList(), where);
        for (int i = 0; i < moves.size(); i++) {
            PylonMove move = moves.get(i);
            assertEquals(copy.get(i), move, where);
            assertEquals(i, moves.indexOf(move), where);
            assertEquals(i, moves.lastIndexOf(move), where);
            assertTrue(moves.contains(move), where);
        }
        // Any order of access: backwards, twice the same, skipping.
        for (int i = moves.size() - 1; i >= 0; i--) {
            assertEquals(copy.get(i), moves.get(i), where);
            assertEquals(copy.get(i), moves.get(i), where);
        }
        for (int i = 0; i < moves.size(); i += 2) {
            assertEquals(copy.get(i), moves.get(i), where);
        }
        for (String notation : EVERY_MOVE) {
            PylonMove move = PylonMove.parse(notation);
            assertEquals(copy.contains(move), moves.contains(move), where + ", " + notation);
            assertEquals(copy.indexOf(move), moves.indexOf(move), where + ", " + notation);
        }
        assertFalse(moves.contains("Sa1"), where);
        assertEquals(-1, moves.indexOf(null), where);
        assertThrows(IndexOutOfBoundsException.class, () -> moves.get(moves.size()), where);
        assertThrows(IndexOutOfBoundsException.class, () -> moves.get(-1), where);
        assertThrows(UnsupportedOperationException.class, () -> moves.add(moves.get(0)), where);
        assertThrows(UnsupportedOperationException.class, () -> moves.remove(0), where);
        assertThrows(UnsupportedOperationException.class, () -> moves.set(0, moves.get(0)), where);
    }

    private static List<String> notations(List<? extends org.pyramidarena.api.Move> moves) {
        List<String> out = new ArrayList<>(moves.size());
        for (org.pyramidarena.api.Move move : moves) {
            out.add(move.notation());
        }
        return out;
    }
}
