package org.pyramidarena.games.euronimoes.oracle;

import org.pyramidarena.api.State;

/** The text pictures of Euronimoes positions and views. */
final class OracleText {

    private OracleText() {
    }

    static String picture(OracleState.Phase phase, int actor, int turnSeat, int start, int[] market, int pileSize,
                          int[] chips, String[] hands, boolean[] stopped, OracleLayout[] layouts) {
        StringBuilder out = new StringBuilder();
        out.append("market:");
        for (int slot = 0; slot < market.length; slot++) {
            out.append("  ").append(slot - 1).append(": ").append(market[slot] < 0 ? "---" : OracleDominoes.name(market[slot]));
        }
        out.append("   bone pile: ").append(pileSize).append('\n');
        for (int seat = 0; seat < hands.length; seat++) {
            out.append("seat ").append(seat).append(seat == start ? " (started)" : "").append(": chips ")
                    .append(chips[seat]).append(", hand ").append(hands[seat])
                    .append(stopped[seat] ? ", stopped" : "").append(", columns ").append(layouts[seat].columnScore())
                    .append(", levels ").append(layouts[seat].levelScore()).append('\n');
            grid(layouts[seat], out);
        }
        out.append("(a cell shows its number, and ^level above the ground; - and | join the halves of a top domino)\n");
        if (actor == State.NONE) {
            out.append("game over\n");
        } else if (actor == State.CHANCE) {
            out.append("chance: ").append(phase.name().toLowerCase().replace('_', ' ')).append('\n');
        } else {
            out.append("seat ").append(actor).append(" to ").append(phase == OracleState.Phase.OBTAIN
                    ? "obtain a domino" : "play a domino").append('\n');
        }
        return out.toString();
    }

    /**
     * A layout, top row first: each cell shows its number and, above the ground, {@code ^level}; the
     * two halves of a top domino are joined by {@code -} (side by side) or {@code |} (one above the
     * other). Column numbers run along the top, row numbers down the left.
     */
    static void grid(OracleLayout layout, StringBuilder out) {
        if (layout.isEmpty()) {
            out.append("    (no dominoes played)\n");
            return;
        }
        out.append("     ");
        for (int x = layout.minX(); x <= layout.maxX(); x++) {
            pad(out, Integer.toString(x), 4);
        }
        out.append('\n');
        for (int y = layout.maxY(); y >= layout.minY(); y--) {
            String row = Integer.toString(y);
            out.append("    ", 0, Math.max(0, 4 - row.length())).append(row).append(' ');
            for (int x = layout.minX(); x <= layout.maxX(); x++) {
                int cell = layout.at(x, y);
                String text = cell == 0 ? "." : OracleLayout.level(cell) == 1 ? Integer.toString(OracleLayout.number(cell))
                        : OracleLayout.number(cell) + "^" + OracleLayout.level(cell);
                pad(out, text, 3);
                int right = layout.at(x + 1, y);
                out.append(cell != 0 && right != 0 && OracleLayout.top(cell) == OracleLayout.top(right) ? '-' : ' ');
            }
            out.append('\n');
            if (y > layout.minY()) {
                out.append("     ");
                for (int x = layout.minX(); x <= layout.maxX(); x++) {
                    int cell = layout.at(x, y);
                    int below = layout.at(x, y - 1);
                    out.append(cell != 0 && below != 0 && OracleLayout.top(cell) == OracleLayout.top(below) ? "|   " : "    ");
                }
                out.append('\n');
            }
        }
    }

    private static void pad(StringBuilder out, String text, int width) {
        out.append(text);
        for (int i = text.length(); i < width; i++) {
            out.append(' ');
        }
    }
}
