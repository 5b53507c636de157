package org.pyramidarena.tournaments.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.TerminationReason;
import org.pyramidarena.tournaments.stats.Balance;

class BalanceCsvTest {

    private static Balance balance() {
        List<MatchRecord> records = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            records.add(new MatchRecord("t", 1, i, "delta", "standard",
                    List.of(new SeatResult("a", 1 + i % 3, 3, TerminationReason.NORMAL, 1),
                            new SeatResult("b", 1 + (i + 1) % 3, 2, TerminationReason.NORMAL, 1),
                            new SeatResult("c", 1 + (i + 2) % 3, 1, i == 5 ? TerminationReason.CRASH : TerminationReason.NORMAL, 1)),
                    i == 5 ? TerminationReason.CRASH : TerminationReason.NORMAL, 20 + i, 1L));
        }
        return Balance.compute(records);
    }

    @Test
    void csvHasOneTidyRowPerSeat() throws IOException {
        StringBuilder out = new StringBuilder();
        BalanceCsv.write(balance(), out);
        List<CSVRecord> rows = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build()
                .parse(new StringReader(out.toString())).getRecords();
        assertEquals(3, rows.size());
        for (CSVRecord row : rows) {
            assertTrue(row.isConsistent());
            assertEquals("delta", row.get("game"));
            assertEquals("chi-square", row.get("fairness_test"));
            assertEquals("1", row.get("termination_crash"));
            assertEquals("5", row.get("termination_normal"));
        }
        assertEquals("2", rows.get(0).get("wins"));
        assertEquals("0.333333", rows.get(0).get("win_share"));
        assertEquals("1.00000", rows.get(0).get("fairness_p_value"));
        assertEquals("22.50", rows.get(2).get("moves_median"));
    }

    @Test
    void terminalTableShowsEverySeatAndTheNonZeroTerminations() {
        String text = BalanceCsv.format(balance());
        assertTrue(text.startsWith("delta / standard / 3 players: 6 games\n"), text);
        assertTrue(text.contains("Terminations: normal 5, crash 1\n"), text);
        assertEquals(3, text.lines().filter(line -> line.matches("\\s+[0-2]\\s+6\\s+2\\s+.*")).count(), text);
    }
}
