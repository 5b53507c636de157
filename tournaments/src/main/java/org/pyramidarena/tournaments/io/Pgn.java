package org.pyramidarena.tournaments.io;

import java.io.IOException;
import java.util.List;
import org.pyramidarena.tournaments.MatchRecord;

/**
 * Two-player results as PGN, so the same results can be rated by the tools chess testers use
 * (Ordo, BayesElo). Each match is one game with the seven-tag roster — seat 0 as White, seat 1 as
 * Black, the result from the ranks — plus {@code Game}, {@code Variant} and {@code Termination}
 * tags, and no moves: the rating tools read only the players and the result.
 */
public final class Pgn {

    private Pgn() {
    }

    /**
     * Writes every two-player match of {@code records}; byes and games of more players are skipped.
     *
     * @return how many games were written
     */
    public static int write(List<MatchRecord> records, Appendable out) throws IOException {
        int written = 0;
        for (MatchRecord record : records) {
            if (record.players() != 2) {
                continue;
            }
            String result = result(record);
            tag(out, "Event", record.tournament());
            tag(out, "Site", "Pyramid Arena");
            tag(out, "Date", "????.??.??");
            tag(out, "Round", record.round() + "." + record.match());
            tag(out, "White", record.seat(0).bot());
            tag(out, "Black", record.seat(1).bot());
            tag(out, "Result", result);
            tag(out, "Game", record.game());
            tag(out, "Variant", record.variant());
            tag(out, "Termination", record.termination().label());
            out.append('\n').append(result).append("\n\n");
            written++;
        }
        return written;
    }

    /** {@code 1-0}, {@code 0-1} or {@code 1/2-1/2} from the two seats' ranks. */
    static String result(MatchRecord record) {
        int white = record.seat(0).rank();
        int black = record.seat(1).rank();
        return white < black ? "1-0" : white > black ? "0-1" : "1/2-1/2";
    }

    private static void tag(Appendable out, String name, String value) throws IOException {
        out.append('[').append(name).append(" \"")
                .append(value.replace("\\", "\\\\").replace("\"", "\\\"")).append("\"]\n");
    }
}
