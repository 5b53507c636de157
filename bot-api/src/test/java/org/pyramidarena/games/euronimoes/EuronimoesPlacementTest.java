package org.pyramidarena.games.euronimoes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.Legality;
import org.pyramidarena.api.RandomPlay;
import org.pyramidarena.games.euronimoes.EuronimoesMove.Kind;
import org.pyramidarena.games.euronimoes.EuronimoesState.Phase;

/** Where a domino may go: the ground rules (DECISIONS 4) and the upper levels (DECISIONS 5). */
class EuronimoesPlacementTest {

    private final EuronimoesRules two = Position.rules(2);

    private static Legality check(EuronimoesRules rules, EuronimoesState state, String move) {
        return rules.check(state, EuronimoesMove.parse(move));
    }

    private static void assertIllegal(EuronimoesRules rules, EuronimoesState state, String move, String because) {
        Legality verdict = check(rules, state, move);
        assertEquals(Legality.Reason.RULE_VIOLATION, verdict.reason(), move + " should be illegal");
        assertTrue(verdict.message().contains(because), move + ": " + verdict.message());
    }

    private static void assertLegal(EuronimoesRules rules, EuronimoesState state, String move) {
        Legality verdict = check(rules, state, move);
        assertTrue(verdict.isLegal(), move + ": " + verdict.message());
    }

    @Test
    void onlyTheSixConsecutiveDominoesCanStandVerticallyOnTheirOwn() {
        int standing = 0;
        for (int type = 0; type < Dominoes.TYPES; type++) {
            EuronimoesState state = new Position(2).hand(0, Dominoes.name(type)).build();
            boolean vertical = two.legalMoves(state).stream().anyMatch(EuronimoesMove::vertical);
            assertEquals(Dominoes.isConsecutive(type), vertical, Dominoes.name(type));
            if (vertical) {
                standing++;
            }
        }
        assertEquals(6, standing, "0-1, 1-2, 2-3, 3-4, 4-5, 5-6");
        EuronimoesState state = new Position(2).hand(0, "2-4").build();
        assertIllegal(two, state, "2-4v0,0L1", "consecutive");
    }

    @Test
    void theFirstDominoLiesAtTheOriginInEitherOrientation() {
        EuronimoesState state = new Position(2).hand(0, "3-4 5-5").build();
        assertEquals(List.of("3-4h0,0L1", "4-3h0,0L1", "3-4v0,0L1", "4-3v0,0L1", "5-5h0,0L1"),
                two.legalMoves(state).stream().map(EuronimoesMove::notation).toList());
        assertIllegal(two, state, "3-4h1,0L1", "0,0");
    }

    @Test
    void everyDominoIsConnectedByAnEdgeNotACorner() {
        EuronimoesState state = new Position(2).layout(0, "2-3h0,0L1").hand(0, "5-5").build();
        assertLegal(two, state, "5-5h2,0L1");
        assertLegal(two, state, "5-5h-2,0L1");
        assertIllegal(two, state, "5-5h2,1L1", "edge");
        assertIllegal(two, state, "5-5h3,0L1", "edge");
        assertIllegal(two, state, "5-5h1,0L1", "empty");
    }

    @Test
    void numbersNextToEachOtherInAColumnDifferByExactlyOne() {
        EuronimoesState state = new Position(2).layout(0, "3-5h0,0L1").hand(0, "2-6 4-6").build();
        assertLegal(two, state, "2-6h0,1L1");
        assertLegal(two, state, "4-6h0,1L1");
        assertIllegal(two, state, "6-2h0,1L1", "differ by exactly 1");
        assertIllegal(two, state, "6-4h0,1L1", "differ by exactly 1");
        assertLegal(two, state, "6-4h-1,1L1");
    }

    @Test
    void aRunCannotReverseDirection() {
        // Column 0 holds 5-4-3-2 going up: a 6 may go under the 5 (not a 4), a 1 over the 2 (not a 3).
        EuronimoesState state = new Position(2).layout(0, "5-4v0,0L1 3-2v0,2L1").hand(0, "0-6 0-4 0-1 0-3").build();
        assertLegal(two, state, "6-0h0,-1L1");
        assertIllegal(two, state, "4-0h0,-1L1", "reverses");
        assertLegal(two, state, "1-0h0,4L1");
        assertIllegal(two, state, "3-0h0,4L1", "reverses");
        assertFalse(two.legalMoves(state).contains(EuronimoesMove.parse("3-0h0,4L1")));
    }

    @Test
    void zeroAndSixNeverTouchVertically() {
        EuronimoesState state = new Position(2).layout(0, "0-1v0,0L1").hand(0, "2-6 0-5").build();
        assertIllegal(two, state, "6-2h0,-1L1", "0 and 6 never touch");
        EuronimoesState sixes = new Position(2).layout(0, "6-5v0,0L1").hand(0, "0-2 0-4").build();
        assertIllegal(two, sixes, "0-2h0,-1L1", "0 and 6 never touch");
        assertLegal(two, sixes, "4-0h0,2L1");
        assertIllegal(two, sixes, "0-4h0,2L1", "differ by exactly 1");
    }

    @Test
    void aGapInAColumnMayBeFilledWhenTheJoinedRunObeysTheRules() {
        // Column 0 holds a 2 on row 0 and 4-5 going up from row 2; row 1 is a gap.
        EuronimoesState rising = new Position(2).layout(0, "2-0h0,0L1 1-2v1,1L1 4-5v0,2L1").hand(0, "3-6 5-6").build();
        assertEquals(0, rising.layout(0).at(0, 1));
        assertLegal(two, rising, "6-3h-1,1L1");
        assertIllegal(two, rising, "6-5h-1,1L1", "differ by exactly 1");
        // With 4-3 going up from row 2 instead, a 3 in the gap would make 2-3-4-3: a reversal.
        EuronimoesState falling = new Position(2).layout(0, "2-0h0,0L1 1-2v1,1L1 4-3v0,2L1").hand(0, "3-6 5-6").build();
        assertIllegal(two, falling, "6-3h-1,1L1", "reverses");
        assertFalse(two.legalMoves(falling).stream().anyMatch(m -> m.x() == -1 && m.y() == 1 && !m.vertical()));
    }

    @Test
    void aHorizontalPlacementIsAlwaysAvailable() {
        for (int players = 2; players <= 4; players++) {
            EuronimoesRules rules = Position.rules(players);
            for (long seed = 1; seed <= 5; seed++) {
                for (EuronimoesState state : RandomPlay.game(rules, seed)) {
                    if (state.phase() != Phase.PLAY) {
                        continue;
                    }
                    Set<Integer> horizontal = new HashSet<>();
                    for (EuronimoesMove move : rules.legalMoves(state)) {
                        if (move.kind() == Kind.PLACE && move.level() == 1 && !move.vertical()) {
                            horizontal.add(move.type());
                        }
                    }
                    for (int type = 0; type < Dominoes.TYPES; type++) {
                        String name = Dominoes.name(type);
                        assertEquals(state.inHand(state.actor(), type) > 0, horizontal.contains(type),
                                () -> name + " in " + rules.render(state));
                    }
                }
            }
        }
    }

    @Test
    void anUpperLevelDominoRestsOnTwoDifferentDominoesWithMatchingNumbers() {
        // Three players: two sets, so the second 2-3 can go on top.
        EuronimoesRules three = Position.rules(3);
        EuronimoesState state = new Position(3).layout(0, "2-3h0,0L1 3-4h0,1L1").hand(0, "2-3 2-4 3-4").build();
        assertLegal(three, state, "2-3v0,0L2");
        assertLegal(three, state, "3-4v1,0L2");
        assertIllegal(three, state, "2-3h0,0L2", "two different dominoes");
        assertIllegal(three, state, "3-4h0,1L2", "two different dominoes");
        assertIllegal(three, state, "2-4v0,0L2", "match");
        assertIllegal(three, state, "3-2v0,0L2", "match");
        assertIllegal(three, state, "2-3v0,0L3", "level 2");
        assertIllegal(three, state, "3-4h1,0L2", "level 1");
    }

    @Test
    void levelsStackOnTheLevelBelowAtExactlyThatHeight() {
        // Ground: 6-6 and 0-0 on row 0, 5-5 and 1-1 on row 1; level 2: 6-0 and 5-1 across the middle.
        EuronimoesState state = new Position(2)
                .layout(0, "6-6h0,0L1 0-0h2,0L1 5-5h0,1L1 1-1h2,1L1 6-0h1,0L2 5-1h1,1L2")
                .hand(0, "5-6 0-1").build();
        assertLegal(two, state, "6-5v1,0L3");
        assertLegal(two, state, "0-1v2,0L3");
        assertLegal(two, state, "6-5v0,0L2");
        assertIllegal(two, state, "6-5v0,0L3", "level 2");
        assertIllegal(two, state, "6-5v1,0L2", "level 1");
        assertEquals(List.of("6-5v0,0L2", "6-5v1,0L3", "0-1v2,0L3", "0-1v3,0L2"), two.legalMoves(state).stream()
                .filter(m -> m.level() > 1).map(EuronimoesMove::notation).toList());
        assertEquals(-4, state.levelScore(0));
        EuronimoesState higher = new Position(2)
                .layout(0, "6-6h0,0L1 0-0h2,0L1 5-5h0,1L1 1-1h2,1L1 6-0h1,0L2 5-1h1,1L2 6-5v1,0L3").build();
        assertEquals(-7, higher.levelScore(0), "two dominoes on level 2 and one on level 3");
    }

    @Test
    void placementsMakingTheSameLayoutAreListedOnce() {
        EuronimoesRules three = Position.rules(3);
        EuronimoesState state = new Position(3).hand(0, "4-4 4-4 2-3 2-3").build();
        List<EuronimoesMove> moves = three.legalMoves(state);
        assertEquals(List.of("2-3h0,0L1", "3-2h0,0L1", "2-3v0,0L1", "3-2v0,0L1", "4-4h0,0L1"),
                moves.stream().map(EuronimoesMove::notation).toList());
    }

    @Test
    void theMoveListIsExactlyWhatTheCheckAccepts() {
        for (int players = 2; players <= 4; players++) {
            EuronimoesRules rules = Position.rules(players);
            List<EuronimoesState> game = RandomPlay.game(rules, 100 + players);
            for (int i = 0; i < game.size(); i += 7) {
                EuronimoesState state = game.get(i);
                if (state.phase() != Phase.PLAY) {
                    continue;
                }
                Set<EuronimoesMove> listed = new HashSet<>(rules.legalMoves(state));
                Set<EuronimoesMove> accepted = new HashSet<>();
                Layout layout = state.layout(state.actor());
                int reach = layout.isEmpty() ? 0 : 3;
                int minX = layout.isEmpty() ? 0 : layout.minX();
                int maxX = layout.isEmpty() ? 0 : layout.maxX();
                int minY = layout.isEmpty() ? 0 : layout.minY();
                int maxY = layout.isEmpty() ? 0 : layout.maxY();
                for (int type = 0; type < Dominoes.TYPES; type++) {
                    if (state.inHand(state.actor(), type) == 0) {
                        continue;
                    }
                    for (int y = minY - reach; y <= maxY + reach; y++) {
                        for (int x = minX - reach; x <= maxX + reach; x++) {
                            for (int level = 1; level <= 4; level++) {
                                for (int flip = 0; flip < 2; flip++) {
                                    for (int vertical = 0; vertical < 2; vertical++) {
                                        int a = flip == 0 ? Dominoes.low(type) : Dominoes.high(type);
                                        int b = flip == 0 ? Dominoes.high(type) : Dominoes.low(type);
                                        EuronimoesMove move = EuronimoesMove.place(a, b, x, y, vertical == 1, level);
                                        if (rules.check(state, move).isLegal()) {
                                            accepted.add(move);
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                listed.remove(EuronimoesMove.STOP);
                assertEquals(accepted, listed, () -> rules.render(state));
            }
        }
    }

    /**
     * An independent reading of the ground rules: a ground layout is valid when its cells are
     * connected and every run in every column steps by +1 all the way or by -1 all the way.
     */
    private static boolean validGround(List<EuronimoesMove> placements) {
        java.util.Map<Long, Integer> cells = new java.util.HashMap<>();
        for (EuronimoesMove p : placements) {
            if (p.level() != 1) {
                continue;
            }
            if (cells.put(key(p.x(), p.y()), p.first()) != null
                    || cells.put(key(p.secondX(), p.secondY()), p.second()) != null) {
                return false;
            }
        }
        java.util.Deque<Long> todo = new java.util.ArrayDeque<>();
        Set<Long> reached = new HashSet<>();
        todo.add(cells.keySet().iterator().next());
        while (!todo.isEmpty()) {
            long cell = todo.poll();
            if (!cells.containsKey(cell) || !reached.add(cell)) {
                continue;
            }
            int x = (int) (cell >> 32);
            int y = (int) cell;
            todo.add(key(x + 1, y));
            todo.add(key(x - 1, y));
            todo.add(key(x, y + 1));
            todo.add(key(x, y - 1));
        }
        if (reached.size() != cells.size()) {
            return false;
        }
        for (long cell : cells.keySet()) {
            int x = (int) (cell >> 32);
            int y = (int) cell;
            Integer below = cells.get(key(x, y - 1));
            if (below == null) {
                int step = 0;
                for (int up = y; cells.containsKey(key(x, up + 1)); up++) {
                    int diff = cells.get(key(x, up + 1)) - cells.get(key(x, up));
                    if (Math.abs(diff) != 1 || step != 0 && diff != step) {
                        return false;
                    }
                    step = diff;
                }
            }
        }
        return true;
    }

    private static long key(int x, int y) {
        return (long) x << 32 | (y & 0xFFFFFFFFL);
    }

    @Test
    void groundPlacementsAreExactlyThoseKeepingEveryRunSteadyAndTheLayoutConnected() {
        for (int players = 2; players <= 4; players++) {
            EuronimoesRules rules = Position.rules(players);
            for (long seed = 30; seed < 31; seed++) {
                List<EuronimoesState> game = RandomPlay.game(rules, seed);
                for (int i = 0; i < game.size(); i += 3) {
                    EuronimoesState state = game.get(i);
                    if (state.phase() != Phase.PLAY) {
                        continue;
                    }
                    int seat = state.actor();
                    List<EuronimoesMove> layout = state.placements(seat);
                    assertTrue(layout.isEmpty() || validGround(layout));
                    if (layout.isEmpty()) {
                        continue;
                    }
                    Set<EuronimoesMove> listed = new HashSet<>();
                    for (EuronimoesMove move : rules.legalMoves(state)) {
                        if (move.kind() == Kind.PLACE && move.level() == 1) {
                            listed.add(move);
                        }
                    }
                    Set<EuronimoesMove> valid = new HashSet<>();
                    Layout grid = state.layout(seat);
                    for (int type = 0; type < Dominoes.TYPES; type++) {
                        if (state.inHand(seat, type) == 0) {
                            continue;
                        }
                        for (int y = grid.minY() - 2; y <= grid.maxY() + 1; y++) {
                            for (int x = grid.minX() - 2; x <= grid.maxX() + 1; x++) {
                                for (int flip = 0; flip < 2; flip++) {
                                    for (int vertical = 0; vertical < 2; vertical++) {
                                        int a = flip == 0 ? Dominoes.low(type) : Dominoes.high(type);
                                        int b = flip == 0 ? Dominoes.high(type) : Dominoes.low(type);
                                        EuronimoesMove move = EuronimoesMove.place(a, b, x, y, vertical == 1, 1);
                                        List<EuronimoesMove> more = new java.util.ArrayList<>(layout);
                                        more.add(move);
                                        if (validGround(more)) {
                                            valid.add(move);
                                        }
                                    }
                                }
                            }
                        }
                    }
                    assertEquals(valid, listed, () -> rules.render(state));
                }
            }
        }
    }
}
