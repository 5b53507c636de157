package org.pyramidarena.tournaments.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.TerminationReason;
import org.pyramidarena.tournaments.ratings.Rating;
import org.pyramidarena.tournaments.ratings.RatingOptions;
import org.pyramidarena.tournaments.ratings.Standings;

class StandingsCsvTest {

    private static MatchRecord duel(String game, String first, String second, int firstRank, int secondRank) {
        return new MatchRecord("t", 1, 0, game, "standard",
                List.of(new SeatResult(first, firstRank, 0, TerminationReason.NORMAL, 1),
                        new SeatResult(second, secondRank, 0, TerminationReason.NORMAL, 1)),
                TerminationReason.NORMAL, 10, 1L);
    }

    private static Standings standings() {
        List<MatchRecord> records = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            records.add(duel("pylon", "alpha", "beta", 1, 2));
            records.add(duel("tiles", "beta", "gamma", 1, 1));
        }
        records.add(duel("pylon", "beta", "alpha", 1, 2));
        records.add(duel("tiles", "gamma", "beta", 1, 2));
        return Standings.compute(records, RatingOptions.defaults().withBootstrap(20, 1));
    }

    @Test
    void csvHasTheOverallTableThenOnePerGame() throws IOException {
        StringBuilder out = new StringBuilder();
        StandingsCsv.write(standings(), out);
        List<CSVRecord> rows = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build()
                .parse(new StringReader(out.toString())).getRecords();
        assertTrue(out.toString().startsWith("game,rank,bot,elo,error,games,score_pct,draws_pct\n"));
        assertEquals(3 + 2 + 2, rows.size());
        assertEquals("all", rows.get(0).get("game"));
        assertEquals("alpha", rows.get(0).get("bot"));
        assertEquals("pylon", rows.get(3).get("game"));
        assertEquals("95.42", rows.get(3).get("elo"));
        assertEquals("-95.42", rows.get(4).get("elo"));
        assertEquals("75.00", rows.get(3).get("score_pct"));
    }

    @Test
    void whatIsWrittenIsReadBackTableByTable(@TempDir Path folder) throws IOException {
        Path file = folder.resolve("standings.csv");
        Standings standings = standings();
        StandingsCsv.write(standings, file);
        Map<String, List<Rating>> read = StandingsCsv.read(file);
        assertEquals(List.of("all", "pylon", "tiles"), List.copyOf(read.keySet()));
        Rating alpha = standings.byGame().get("pylon").rating("alpha");
        Rating back = read.get("pylon").get(0);
        assertEquals("alpha", back.bot());
        assertEquals(alpha.elo(), back.elo(), 0.005, "two decimals");
        assertEquals(alpha.games(), back.games());
        Files.writeString(file, "not,standings\n1,2\n");
        assertThrows(IllegalArgumentException.class, () -> StandingsCsv.read(file));
    }

    @Test
    void terminalTableListsEveryBotWithItsFigures() {
        String text = StandingsCsv.format(standings().byGame().get("pylon"));
        assertTrue(text.startsWith("Standings: pylon (errors: 95% bootstrap, 20 samples)\n"), text);
        assertTrue(text.lines().anyMatch(line -> line.matches("\\s*1\\s+alpha\\s+95\\.4\\s+\\d+\\.\\d\\s+4\\s+75\\.0\\s+0\\.0")), text);
        String los = StandingsCsv.formatLikelihoodOfSuperiority(standings().overall(), 10);
        assertEquals(4, los.lines().count(), los);
    }

    @Test
    void perGameTablesFallBackToThePoolAverageWithoutTheAnchor() {
        List<MatchRecord> records = new ArrayList<>();
        records.add(duel("pylon", "alpha", "beta", 1, 2));
        records.add(duel("pylon", "beta", "alpha", 1, 2));
        records.add(duel("tiles", "beta", "gamma", 1, 2));
        records.add(duel("tiles", "gamma", "beta", 1, 2));
        Standings standings = Standings.compute(records, RatingOptions.defaults().withBootstrap(0, 1).withAnchor("alpha", 1000));
        assertEquals(1000.0, standings.overall().rating("alpha").elo(), 1e-9);
        assertEquals(1000.0, standings.byGame().get("pylon").rating("alpha").elo(), 1e-9);
        assertEquals(1000.0, standings.byGame().get("tiles").rating("gamma").elo(), 1e-9);
    }
}
