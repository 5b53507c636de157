package org.pyramidarena.games.pyrinoes.oracle;

import java.util.List;
import org.pyramidarena.api.State;

/** The terminal picture of a OracleGame position: scores table, line, supplies and the visible hands. */
final class OracleText {

    private OracleText() {
    }

    /** One round's result: what each player scored, the hand totals, greens and who ended it. */
    static String roundLine(OracleRound r) {
        return String.format("round %2d: fire +%d, ice +%d (hand totals %d/%d, greens %d/%d, %s ended it%s)",
                r.round(), r.points().get(0), r.points().get(1), r.handTotals().get(0), r.handTotals().get(1),
                r.greens().get(0), r.greens().get(1), OraclePieces.SEAT_NAMES[r.ender()],
                r.bonus() > 0 ? " +" + r.bonus() : "");
    }

    /**
     * Renders a view.
     *
     * @param hands the dominoes to show for each seat, null for a hand shown only by its size
     */
    static String render(OracleView v, List<List<String>> hands) {
        StringBuilder out = new StringBuilder();
        out.append("Pyrinoes, round ").append(v.round()).append(" of a match to ").append(v.target());
        if (v.starter() >= 0) {
            out.append("; ").append(seatName(v.starter())).append(" starts this round");
        }
        out.append('\n');
        out.append("Scores: fire ").append(v.scores().get(0)).append(", ice ").append(v.scores().get(1)).append('\n');
        for (OracleRound r : v.rounds()) {
            out.append("  ").append(roundLine(r)).append('\n');
        }
        if (!v.weightDraw().isEmpty()) {
            out.append("Weight draw: fire picked ").append(withWeight(v.weightDraw().get(0)));
            if (v.weightDraw().size() > 1) {
                out.append(", ice picked ").append(withWeight(v.weightDraw().get(1)));
                if (v.starter() < 0) {
                    out.append(": a tie, draw again");
                }
            }
            out.append('\n');
        }
        if (v.phase() == OracleState.Phase.WEIGHT_DRAW) {
            return out.append("Before round 1: each player picks a domino, the heavier starts\n").toString();
        }
        out.append("Line: ");
        if (v.line().isEmpty()) {
            out.append("(not dealt yet)");
        }
        for (String entry : v.line()) {
            out.append(piece(entry)).append(' ');
        }
        if (v.leftEnd() >= 0) {
            out.append("  open ends ").append(v.leftEnd()).append(" (L) and ").append(v.rightEnd()).append(" (R)");
        }
        out.append('\n');
        out.append(v.phase() == OracleState.Phase.DEAL ? "Not dealt: " : "Boneyard: ").append(v.boneyard())
                .append(" dominoes\n");
        out.append("Greens: ").append(sizes(v.supply(), OraclePieces.GREEN)).append('\n');
        for (int seat = 0; seat < 2; seat++) {
            int first = OraclePieces.SEAT_COLOURS[seat][0];
            int second = OraclePieces.SEAT_COLOURS[seat][1];
            out.append(String.format("%-4s (seat %d): supply %c %s, %c %s; pyrinoes %s; hand %s; greens played %d%n",
                    OraclePieces.SEAT_NAMES[seat], seat, OraclePieces.COLOUR_LETTERS.charAt(first), sizes(v.supply(), first),
                    OraclePieces.COLOUR_LETTERS.charAt(second), sizes(v.supply(), second),
                    v.pyrinoes().get(seat).isEmpty() ? "none" : String.join(" ", v.pyrinoes().get(seat)),
                    hands.get(seat) != null ? (hands.get(seat).isEmpty() ? "empty" : String.join(" ", hands.get(seat)))
                            : v.handSizes().get(seat) + " dominoes (hidden)",
                    v.greensPlayed().get(seat)));
        }
        if (v.phase() == OracleState.Phase.OVER) {
            out.append("The match is over after the position above: ").append(v.scores().get(0).equals(v.scores().get(1))
                    ? "a draw" : (v.scores().get(0) > v.scores().get(1) ? "fire" : "ice") + " wins");
        } else if (v.actor() >= 0) {
            out.append(seatName(v.actor())).append(" to move");
        } else if (v.actor() == State.CHANCE && v.phase() == OracleState.Phase.DRAW) {
            out.append(seatName(v.mover())).append(" draws from the boneyard");
        } else {
            out.append("dealing round ").append(v.round());
        }
        return out.append('\n').toString();
    }

    private static String seatName(int seat) {
        return OraclePieces.SEAT_NAMES[seat] + " (seat " + seat + ")";
    }

    private static String withWeight(String domino) {
        int d = OraclePieces.parseDomino(domino);
        return domino + " (weight " + OraclePieces.weight(d) + ")";
    }

    /** A line entry: a domino as [2|5], a pyrino as [YM:2|RLS:4] with each end's spot count. */
    private static String piece(String entry) {
        int dot = entry.indexOf('.');
        if (dot < 0) {
            return "[" + entry.charAt(0) + "|" + entry.charAt(2) + "]";
        }
        return "[" + end(entry.substring(0, dot)) + "|" + end(entry.substring(dot + 1)) + "]";
    }

    private static String end(String end) {
        int spots = 0;
        if (end.charAt(0) != 'G') {
            for (int i = 1; i < end.length(); i++) {
                spots += OraclePieces.SIZE_LETTERS.indexOf(end.charAt(i)) + 1;
            }
        }
        return end + ":" + spots;
    }

    private static String sizes(List<Integer> supply, int colour) {
        return "S" + supply.get(OraclePieces.field(colour, 1)) + " M" + supply.get(OraclePieces.field(colour, 2)) + " L"
                + supply.get(OraclePieces.field(colour, 3));
    }
}
