package org.pyramidarena.games.euronimoes;

import java.util.ArrayList;
import java.util.List;
import org.pyramidarena.games.euronimoes.EuronimoesState.Phase;

/**
 * The legal moves of a Euronimoes position found the plain way, kept as a reference for the engine's
 * faster generator: every cell around the layout is scanned at every turn, in the order
 * {@link EuronimoesRules#legalMoves} promises. This was the engine's own generator before it kept
 * row masks in the layout.
 */
final class ReferenceMoves {

    private static final int TYPES = Dominoes.TYPES;

    private ReferenceMoves() {
    }

    /** The legal moves in the engine's order. */
    static List<EuronimoesMove> of(EuronimoesState state) {
        if (state.actor() < 0) {
            return List.of();
        }
        int seat = state.actor();
        List<EuronimoesMove> moves = new ArrayList<>();
        if (state.phase() == Phase.OBTAIN) {
            for (int slot = 0; slot < EuronimoesState.SLOTS; slot++) {
                if (state.market(slot) >= 0 && slot - 1 <= state.chips(seat)) {
                    moves.add(EuronimoesMove.buy(slot - 1));
                }
            }
            if (state.pileSize() > 0) {
                moves.add(EuronimoesMove.DRAW);
            }
            return moves;
        }
        addPlacements(state, seat, moves);
        if (state.marketSize() == 0 && state.handSize(seat) == 1) {
            moves.add(EuronimoesMove.STOP);
        }
        return moves;
    }

    private static void addPlacements(EuronimoesState state, int seat, List<EuronimoesMove> out) {
        Layout layout = state.layout(seat);
        List<Integer> types = new ArrayList<>();
        for (int type = 0; type < TYPES; type++) {
            if (state.inHand(seat, type) > 0) {
                types.add(type);
            }
        }
        if (layout.isEmpty()) {
            for (int type : types) {
                int low = Dominoes.low(type);
                int high = Dominoes.high(type);
                out.add(EuronimoesMove.place(low, high, 0, 0, false, 1));
                if (low != high) {
                    out.add(EuronimoesMove.place(high, low, 0, 0, false, 1));
                }
                if (high - low == 1) {
                    out.add(EuronimoesMove.place(low, high, 0, 0, true, 1));
                    out.add(EuronimoesMove.place(high, low, 0, 0, true, 1));
                }
            }
            return;
        }
        for (int y = layout.minY(); y <= layout.maxY(); y++) {
            for (int x = layout.minX(); x <= layout.maxX(); x++) {
                int cell = layout.at(x, y);
                if (cell == 0) {
                    continue;
                }
                int level = Layout.level(cell);
                int[][] neighbours = {{x + 1, y}, {x, y + 1}};
                for (int[] neighbour : neighbours) {
                    int other = layout.at(neighbour[0], neighbour[1]);
                    if (other != 0 && Layout.level(other) == level && Layout.top(other) != Layout.top(cell)
                            && state.inHand(seat, Dominoes.type(Layout.number(cell), Layout.number(other))) > 0) {
                        out.add(EuronimoesMove.place(Layout.number(cell), Layout.number(other), x, y,
                                neighbour[1] != y, level + 1));
                    }
                }
            }
        }
        for (int y = layout.minY() - 1; y <= layout.maxY() + 1; y++) {
            for (int x = layout.minX() - 2; x <= layout.maxX() + 1; x++) {
                if (!freePair(layout, x, y, x + 1, y)) {
                    continue;
                }
                int left = layout.allowedNumbers(x, y);
                int right = layout.allowedNumbers(x + 1, y);
                for (int type : types) {
                    int low = Dominoes.low(type);
                    int high = Dominoes.high(type);
                    if ((left >> low & 1) != 0 && (right >> high & 1) != 0) {
                        out.add(EuronimoesMove.place(low, high, x, y, false, 1));
                    }
                    if (low != high && (left >> high & 1) != 0 && (right >> low & 1) != 0) {
                        out.add(EuronimoesMove.place(high, low, x, y, false, 1));
                    }
                }
            }
        }
        for (int y = layout.minY() - 2; y <= layout.maxY() + 1; y++) {
            for (int x = layout.minX() - 1; x <= layout.maxX() + 1; x++) {
                if (!freePair(layout, x, y, x, y + 1)) {
                    continue;
                }
                for (int type : types) {
                    int low = Dominoes.low(type);
                    int high = Dominoes.high(type);
                    if (Dominoes.isConsecutive(type)) {
                        if (layout.verticalFits(x, y, low, high)) {
                            out.add(EuronimoesMove.place(low, high, x, y, true, 1));
                        }
                        if (layout.verticalFits(x, y, high, low)) {
                            out.add(EuronimoesMove.place(high, low, x, y, true, 1));
                        }
                    }
                }
            }
        }
    }

    /** Two empty cells of which at least one shares an edge with the layout. */
    private static boolean freePair(Layout layout, int x1, int y1, int x2, int y2) {
        return layout.at(x1, y1) == 0 && layout.at(x2, y2) == 0 && (layout.touches(x1, y1) || layout.touches(x2, y2));
    }
}
