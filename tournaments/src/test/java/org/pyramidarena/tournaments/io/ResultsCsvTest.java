package org.pyramidarena.tournaments.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.TerminationReason;

class ResultsCsvTest {
    private static final String HEADER =
            "tournament,round,match,game,variant,players,seat,bot,rank,score,termination,moves,time_ms,cpu_ms,seed,opening";
    /**
     * The header of files written before the arena measured CPU time (and had openings); the hand-written
     * rows below use it.
     */
    private static final String HEADER_WITHOUT_CPU =
            "tournament,round,match,game,variant,players,seat,bot,rank,score,termination,moves,time_ms,seed";

    @TempDir
    Path directory;

    private static MatchRecord duel() {
        return new MatchRecord("spring cup", 1, 0, "pylon", "standard",
                List.of(new SeatResult("alpha", 1, 1.0, TerminationReason.NORMAL, 1234, 1100),
                        new SeatResult("beta, the \"second\"", 2, 0.0, TerminationReason.NORMAL, 987)),
                TerminationReason.NORMAL, 57, -4242424242L);
    }

    private static MatchRecord threePlayerWithFault() {
        return new MatchRecord("spring cup", 2, 7, "pyrinoes", "short",
                List.of(new SeatResult("alpha", 2, 12.5, TerminationReason.NORMAL, 400),
                        new SeatResult("gamma", 3, 0.0, TerminationReason.TIMEOUT, 5000),
                        new SeatResult("beta", 1, 30.25, TerminationReason.NORMAL, 300)),
                TerminationReason.TIMEOUT, 88, 99L, "pick:1-2 pick:3-3 deal:3-4");
    }

    @Test
    void rowsAreTheTextACsvPrinterPrintsFieldByField() {
        List<String> names = List.of("", " ", "plain", "a,b", "say \"hi\"", "#hash", "!bang", "-minus", "line\nbreak",
                "cr\rhere", "trailing ", " leading", "unicode é ☃", "\"", ",", "tab\there", "x=1;y=2", "@at");
        List<Double> scores = List.of(0.0, 1.0, -3.0, 0.5, 1.0 / 3, -2.25, 1e15, 1e-7, 123456789.0);
        int variation = 0;
        for (String name : names) {
            for (String other : names) {
                double score = scores.get(variation++ % scores.size());
                MatchRecord record = new MatchRecord(name, 3, variation, other.isEmpty() ? "g" : other,
                        name.isEmpty() ? "v" : name,
                        List.of(new SeatResult(name.isEmpty() ? "bot" : name, 1, score, TerminationReason.NORMAL, 12, -1),
                                new SeatResult(other.isEmpty() ? "bot" : other, 2, -score, TerminationReason.TIMEOUT,
                                        0, 7)),
                        TerminationReason.TIMEOUT, variation, -variation * 1_000_000_007L, name);
                assertEquals(ResultsCsv.printedRows(record), ResultsCsv.rows(record), name + " / " + other);
            }
        }
        assertEquals(ResultsCsv.printedRows(duel()), ResultsCsv.rows(duel()));
        assertEquals(ResultsCsv.printedRows(threePlayerWithFault()), ResultsCsv.rows(threePlayerWithFault()));
    }

    @Test
    void writtenRecordsReadBackEqual() {
        Path file = directory.resolve("results.csv");
        try (ResultsCsv.Appender appender = ResultsCsv.appender(file)) {
            appender.append(duel());
            appender.append(threePlayerWithFault());
        }
        assertEquals(List.of(duel(), threePlayerWithFault()), ResultsCsv.read(file));
    }

    @Test
    void headerIsWrittenOnceAndRowsAreOnePerSeat() throws IOException {
        Path file = directory.resolve("results.csv");
        try (ResultsCsv.Appender appender = ResultsCsv.appender(file)) {
            appender.append(duel());
        }
        List<String> lines = Files.readAllLines(file);
        assertEquals(HEADER, lines.get(0));
        assertEquals(3, lines.size());
        assertEquals("spring cup,1,0,pylon,standard,2,0,alpha,1,1,normal,57,1234,1100,-4242424242,", lines.get(1));
        assertTrue(lines.get(2).endsWith(",57,987,,-4242424242,"), "an unmeasured CPU time is an empty cell: " + lines.get(2));
    }

    @Test
    void reopeningAnExistingFileAppendsWithoutASecondHeader() throws IOException {
        Path file = directory.resolve("results.csv");
        try (ResultsCsv.Appender appender = ResultsCsv.appender(file)) {
            appender.append(duel());
        }
        try (ResultsCsv.Appender appender = ResultsCsv.appender(file)) {
            appender.append(threePlayerWithFault());
        }
        assertEquals(1, Files.readAllLines(file).stream().filter(HEADER::equals).count());
        assertEquals(List.of(duel(), threePlayerWithFault()), ResultsCsv.read(file));
    }

    @Test
    void aRowCutShortByAnInterruptedWriteIsDroppedOnResume() throws IOException {
        Path file = directory.resolve("results.csv");
        try (ResultsCsv.Appender appender = ResultsCsv.appender(file)) {
            appender.append(duel());
        }
        Files.writeString(file, "spring cup,2,7,pyrin", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        try (ResultsCsv.Appender appender = ResultsCsv.appender(file)) {
            appender.append(threePlayerWithFault());
        }
        assertEquals(List.of(duel(), threePlayerWithFault()), ResultsCsv.read(file));
    }

    @Test
    void appendingToAnotherKindOfFileIsRefused() throws IOException {
        Path file = directory.resolve("notes.csv");
        Files.writeString(file, "a,b,c\n1,2,3\n");
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> ResultsCsv.appender(file));
        assertTrue(error.getMessage().contains("line 1"), error.getMessage());
    }

    @Test
    void aFileWithoutTheCpuColumnReadsAsNotMeasured() {
        String csv = HEADER_WITHOUT_CPU + "\n"
                + "t,1,3,pylon,standard,2,0,a,1,1,normal,10,5,1\n"
                + "t,1,3,pylon,standard,2,1,b,2,0,normal,10,7,1\n";
        MatchRecord record = ResultsCsv.read(new StringReader(csv), "results.csv").get(0);
        assertEquals(List.of(-1L, -1L), record.seats().stream().map(SeatResult::cpuMillis).toList());
        assertEquals(List.of(5L, 7L), record.seats().stream().map(SeatResult::timeMillis).toList());
        assertEquals("", record.opening(), "no opening column: played without one");
    }

    @Test
    void matchTerminationIsTheFirstFaultBySeat() {
        String csv = HEADER_WITHOUT_CPU + "\n"
                + "t,1,3,pylon,standard,2,0,a,2,0,crash,10,5,1\n"
                + "t,1,3,pylon,standard,2,1,b,1,1,normal,10,5,1\n";
        MatchRecord record = ResultsCsv.read(new StringReader(csv), "results.csv").get(0);
        assertEquals(TerminationReason.CRASH, record.termination());
    }

    @Test
    void aBadNumberNamesTheFileLineAndColumn() {
        String csv = HEADER_WITHOUT_CPU + "\n"
                + "t,1,3,pylon,standard,2,0,a,1,1,normal,10,5,1\n"
                + "t,1,3,pylon,standard,2,1,b,second,0,normal,10,5,1\n";
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> ResultsCsv.read(new StringReader(csv), "results.csv"));
        assertEquals("results.csv: line 3: rank 'second' is not an integer", error.getMessage());
    }

    @Test
    void aMissingSeatIsReported() {
        String csv = HEADER_WITHOUT_CPU + "\n" + "t,1,3,pylon,standard,2,0,a,1,1,normal,10,5,1\n";
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> ResultsCsv.read(new StringReader(csv), "results.csv"));
        assertEquals("results.csv: line 2: match 3 has no row for seat 1 of 2", error.getMessage());
    }

    @Test
    void anUnknownTerminationIsReported() {
        String csv = HEADER_WITHOUT_CPU + "\n" + "t,1,3,pylon,standard,1,0,a,1,1,resigned,10,5,1\n";
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> ResultsCsv.read(new StringReader(csv), "results.csv"));
        assertTrue(error.getMessage().startsWith("results.csv: line 2: termination 'resigned'"), error.getMessage());
    }

    @Test
    void aMissingColumnIsReported() {
        String csv = "tournament,round,match\nt,1,3\n";
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> ResultsCsv.read(new StringReader(csv), "results.csv"));
        assertTrue(error.getMessage().startsWith("results.csv: line 1: column 'game' is missing"), error.getMessage());
    }

    @Test
    void aMissingFileIsAOneLineError() {
        Path file = directory.resolve("absent.csv");
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> ResultsCsv.read(file));
        assertTrue(error.getMessage().endsWith(": no such file"), error.getMessage());
    }
}
