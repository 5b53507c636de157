package org.pyramidarena.arena.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.TerminationReason;
import org.pyramidarena.tournaments.io.ResultsCsv;

/** results.csv as a run killed at any moment leaves it: what open keeps, drops and rewrites. */
class ResultsFileTest {

    @TempDir
    Path temp;

    private static MatchRecord match(int index) {
        return new MatchRecord("t", 1, index, "pylon", "standard",
                List.of(new SeatResult("alpha", 1, 20, TerminationReason.NORMAL, 5),
                        new SeatResult("beta", 2, 10, TerminationReason.NORMAL, 7)),
                TerminationReason.NORMAL, 51, 1000L + index);
    }

    private Path fileWith(int... matches) throws IOException {
        Path path = temp.resolve("results.csv");
        try (ResultsFile file = ResultsFile.open(path).file()) {
            for (int match : matches) {
                file.append(match(match));
            }
        }
        return path;
    }

    @Test
    void completeMatchesAreReadBackSortedByMatch() throws IOException {
        Path path = fileWith(2, 0, 1);
        List<MatchRecord> records = ResultsFile.read(path);
        assertEquals(List.of(match(0), match(1), match(2)), records);
        assertSame(records.get(0).seat(0).bot(), records.get(2).seat(0).bot(), "a bot's name is kept once");
        assertSame(records.get(0).game(), records.get(1).game(), "the game's id is kept once");
    }

    @Test
    void aTornLastLineDropsItsMatchAndOpenRewritesTheFile() throws IOException {
        Path path = fileWith(0, 1);
        String text = Files.readString(path);
        // Killed while writing match 1's second row: its last field, the seed, is cut short.
        Files.writeString(path, text.substring(0, text.length() - 3), StandardCharsets.UTF_8);
        assertEquals(List.of(match(0)), ResultsFile.read(path), "neither the torn row nor its match is kept");
        ResultsFile.Opened opened = ResultsFile.open(path);
        opened.file().close();
        assertEquals(List.of(match(0)), opened.records());
        assertTrue(Files.readString(path).endsWith("\n"));
        assertEquals(3, Files.readAllLines(path).size(), "the header and match 0's two rows");
    }

    @Test
    void aMatchMissingARowOrWrittenTwiceIsDropped() throws IOException {
        Path path = fileWith(0, 1, 2);
        List<String> lines = Files.readAllLines(path);
        // Match 0 loses its second row; match 2's rows appear twice.
        List<String> damaged = List.of(lines.get(0), lines.get(1), lines.get(3), lines.get(4), lines.get(5),
                lines.get(6), lines.get(5), lines.get(6));
        Files.write(path, damaged);
        assertEquals(List.of(match(1)), ResultsFile.read(path));
    }

    @Test
    void aFileFromBeforeTheOpeningColumnIsReadAndOpenRewritesItWithTheColumn() throws IOException {
        Path path = fileWith(0, 1);
        // The file as an arena before openings wrote it: no opening column, each row one field shorter.
        List<String> old = Files.readAllLines(path).stream().map(line -> line.substring(0, line.lastIndexOf(',')))
                .toList();
        assertEquals(String.join(",", ResultsCsv.HEADER_WITHOUT_OPENING), old.get(0));
        Files.write(path, old);
        assertEquals(List.of(match(0), match(1)), ResultsFile.read(path), "its matches, without an opening");
        ResultsFile.Opened opened = ResultsFile.open(path);
        opened.file().close();
        assertEquals(List.of(match(0), match(1)), opened.records());
        assertEquals(String.join(",", ResultsFile.COLUMNS), Files.readAllLines(path).get(0), "resumed with the column");
        assertEquals(List.of(match(0), match(1)), ResultsFile.read(path));
    }

    @Test
    void aMatchsOpeningIsWrittenAndReadBack() throws IOException {
        Path path = temp.resolve("results.csv");
        MatchRecord plain = match(0);
        MatchRecord opened = new MatchRecord("t", 1, 1, "euronimoes", "standard", plain.seats(),
                TerminationReason.NORMAL, 40, 7, "1-2 3-3 0-6h0,0L1 draw");
        try (ResultsFile file = ResultsFile.open(path).file()) {
            file.append(plain);
            file.append(opened);
        }
        assertEquals(List.of(plain, opened), ResultsFile.read(path));
        assertEquals(List.of(plain, opened), ResultsCsv.read(path), "every reader of results reads it");
        assertTrue(Files.readString(path).contains(",\"1-2 3-3 0-6h0,0L1 draw\"\n"), "a comma is quoted");
    }

    @Test
    void aFileOfOtherColumnsIsNotAResultsFile() throws IOException {
        Path path = Files.writeString(temp.resolve("other.csv"), "a,b\n1,2\n");
        assertThrows(IllegalArgumentException.class, () -> ResultsFile.open(path));
    }

    @Test
    void matchesAreHandedOnInOrderAsSoonAsTheMatchesBeforeThemAreInAndFinishWritesThemSorted() throws IOException {
        Path path = fileWith(1, 4);
        ResultsFile.Opened opened = ResultsFile.open(path);
        ResultsFile file = opened.file();
        List<MatchRecord> handed = new java.util.ArrayList<>();
        file.handInOrder(opened.records(), handed::add);
        assertEquals(List.of(), handed, "match 1 waits for match 0");
        file.append(match(3));
        file.append(match(0));
        assertEquals(List.of(match(0), match(1)), handed);
        file.append(match(2));
        assertEquals(List.of(match(0), match(1), match(2), match(3), match(4)), handed);
        file.append(match(6));
        file.finish();
        assertEquals(List.of(match(0), match(1), match(2), match(3), match(4), match(6)), handed,
                "a match after a gap is handed on at the end");
        assertEquals(handed, ResultsFile.read(path));
        StringBuilder sorted = new StringBuilder(String.join(",", ResultsFile.COLUMNS)).append('\n');
        handed.forEach(record -> sorted.append(ResultsFile.rows(record)));
        assertEquals(sorted.toString(), Files.readString(path));
        assertFalse(Files.exists(temp.resolve("results.csv.sorted")));
    }

    @Test
    void matchThreadsAppendingAtOnceLeaveEveryMatchWholeAndHandEachOnOnceInOrder() throws Exception {
        Path path = temp.resolve("results.csv");
        ResultsFile.Opened opened = ResultsFile.open(path);
        ResultsFile file = opened.file();
        List<Integer> handed = new java.util.ArrayList<>();
        file.handInOrder(opened.records(), record -> handed.add(record.match()));
        int threads = 4;
        int each = 500;
        java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads);
        List<java.util.concurrent.Future<?>> writers = new java.util.ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int first = t;
            writers.add(pool.submit(() -> {
                go.await();
                for (int i = 0; i < each; i++) {
                    file.append(match(first + i * threads));
                }
                return null;
            }));
        }
        go.countDown();
        for (java.util.concurrent.Future<?> writer : writers) {
            writer.get();
        }
        pool.shutdown();
        List<Integer> all = java.util.stream.IntStream.range(0, threads * each).boxed().toList();
        assertEquals(all, handed, "every match handed on once, in match order");
        // Before finish, and with no append to come, the rows reach the file within the write
        // interval, as they were written: every match whole, none torn.
        List<String> lines = linesOnceWritten(path, 1 + 2 * threads * each);
        assertEquals(1 + 2 * threads * each, lines.size());
        assertEquals(all, ResultsFile.read(path).stream().map(MatchRecord::match).toList());
        for (int line = 1; line < lines.size(); line += 2) {
            assertEquals(lines.get(line).split(",")[2], lines.get(line + 1).split(",")[2],
                    "a match's two rows are next to each other (line " + line + ")");
        }
        file.finish();
        file.close();
        assertEquals(all, ResultsFile.read(path).stream().map(MatchRecord::match).toList());
    }

    /**
     * A results file whose thread with the turn is stuck handing on match 0 until let go, then
     * goes on, or fails; other matches are appended from a second thread.
     */
    private final class StuckInTurn implements AutoCloseable {
        final ResultsFile file;
        final List<Integer> handed = new CopyOnWriteArrayList<>();
        final Future<?> holder;
        private final CountDownLatch handingOnMatch0 = new CountDownLatch(1);
        private final CountDownLatch letGo = new CountDownLatch(1);
        private final ExecutorService threads = Executors.newFixedThreadPool(2);

        StuckInTurn(Path path, boolean fails) throws Exception {
            ResultsFile.Opened opened = ResultsFile.open(path);
            file = opened.file();
            file.handInOrder(opened.records(), record -> {
                if (record.match() == 0) {
                    handingOnMatch0.countDown();
                    try {
                        letGo.await();
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                    if (fails) {
                        throw new IllegalStateException("the standings could not take match 0");
                    }
                }
                handed.add(record.match());
            });
            holder = threads.submit(() -> {
                file.append(match(0));
                return null;
            });
            handingOnMatch0.await();
        }

        /** Appends a match from the second thread and returns once that call has (a call that waited for the turn never would). */
        void appendFromTheSecondThread(int index) throws Exception {
            threads.submit(() -> {
                file.append(match(index));
                return null;
            }).get(30, TimeUnit.SECONDS);
        }

        /** Lets the thread with the turn go on and waits for its append (ExecutionException if it failed). */
        void letGo() throws Exception {
            letGo.countDown();
            holder.get(30, TimeUnit.SECONDS);
        }

        @Override
        public void close() {
            letGo.countDown();
            threads.shutdownNow();
        }
    }

    @Test
    void aMatchThreadThatFindsTheOrdersTurnTakenGoesOnAndItsMatchIsWrittenMeanwhile() throws Exception {
        Path path = temp.resolve("results.csv");
        try (StuckInTurn stuck = new StuckInTurn(path, false)) {
            stuck.appendFromTheSecondThread(1);
            assertEquals(List.of(), stuck.handed, "match 1 is left to the thread handing matches on");
            linesOnceWritten(path, 1 + 2 * 2);
            assertEquals(List.of(match(0), match(1)), ResultsFile.read(path),
                    "the file does not wait for the order: both matches are written while match 0 is handed on");
            stuck.letGo();
            assertEquals(List.of(0, 1), stuck.handed, "the thread with the order's turn took match 1 before it let go");
            stuck.file.finish();
            stuck.file.close();
        }
    }

    @Test
    void aMatchWhoseHandingOnFailedIsInTheFileAndCloseWritesRowsStillWaiting() throws Exception {
        Path path = temp.resolve("results.csv");
        try (StuckInTurn stuck = new StuckInTurn(path, true)) {
            stuck.appendFromTheSecondThread(1);
            ExecutionException failed = assertThrows(ExecutionException.class, stuck::letGo);
            assertTrue(failed.getCause() instanceof IllegalStateException);
            stuck.file.close();
        }
        assertEquals(List.of(match(0), match(1)), ResultsFile.open(path).records(),
                "both matches are in the file once it is closed; a resumed run keeps them");
        ResultsFile.Opened opened = ResultsFile.open(temp.resolve("closed.csv"));
        opened.file().handInOrder(opened.records(), record -> { });
        opened.file().append(match(0));
        opened.file().close();
        assertEquals(List.of(match(0)), ResultsFile.read(temp.resolve("closed.csv")),
                "close writes rows that had not waited their interval yet");
    }

    /** The file's lines once it holds {@code count} of them: its rows are written within the write interval. */
    private static List<String> linesOnceWritten(Path path, int count) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        List<String> lines = Files.readAllLines(path);
        while (lines.size() < count && System.nanoTime() < deadline) {
            Thread.sleep(1);
            lines = Files.readAllLines(path);
        }
        assertEquals(count, lines.size(), "the rows were written within the write interval");
        return lines;
    }

    @Test
    void aRunKilledBeforeItFinishedLeavesTheFileInCompletionOrderAndItsSortedCopyIsDropped() throws Exception {
        Path path = temp.resolve("results.csv");
        ResultsFile.Opened opened = ResultsFile.open(path);
        opened.file().handInOrder(opened.records(), record -> { });
        opened.file().append(match(1));
        opened.file().append(match(0));
        linesOnceWritten(path, 1 + 2 * 2);
        // Killed here, once the rows had their interval: nothing closes the file, and the sorted copy stays behind.
        assertTrue(Files.exists(temp.resolve("results.csv.sorted")));
        assertEquals(List.of(match(0), match(1)), ResultsFile.open(path).records());
        assertFalse(Files.exists(temp.resolve("results.csv.sorted")), "open drops a stale sorted copy");
    }

    @Test
    void aMatchWrittenTwiceDuringARunIsAnError() throws IOException {
        ResultsFile.Opened opened = ResultsFile.open(fileWith(0));
        opened.file().handInOrder(opened.records(), record -> { });
        assertThrows(IllegalStateException.class, () -> opened.file().append(match(0)));
    }

    @Test
    void matchesFarOutOfOrderWithGapsAndADuplicateAreSortedAndTheDuplicateDropped() throws IOException {
        int[] order = new int[2000];
        for (int i = 0; i < order.length; i++) {
            order[i] = 3 * (i + 1);
        }
        order[order.length - 1] = 3;
        order[0] = 6000;
        Path path = fileWith(order);
        Files.writeString(path, ResultsFile.rows(match(1500)), StandardOpenOption.APPEND);
        List<Integer> expected = new java.util.ArrayList<>();
        for (int match = 3; match <= 6000; match += 3) {
            if (match != 1500) {
                expected.add(match);
            }
        }
        ResultsFile.Opened opened = ResultsFile.open(path);
        assertEquals(expected, opened.records().stream().map(MatchRecord::match).toList());
        opened.file().close();
        assertEquals(expected.size() * 2 + 1, Files.readAllLines(path).size(), "open rewrote it: two rows a match");
        assertEquals(opened.records(), ResultsFile.read(path));
    }

    @Test
    void aNegativeMatchNumberIsNotAResultsFile() throws IOException {
        Path path = fileWith(0);
        Files.writeString(path, ResultsFile.rows(match(-2)), StandardOpenOption.APPEND);
        assertThrows(IllegalArgumentException.class, () -> ResultsFile.read(path));
    }

    @Test
    void quotedFieldsAndCrlfLinesAreRead() throws IOException {
        Path path = temp.resolve("results.csv");
        MatchRecord odd = new MatchRecord("cup, \"A\"", 1, 0, "pylon", "standard",
                List.of(new SeatResult("alpha, the first", 1, 0.25, TerminationReason.NORMAL, 5),
                        new SeatResult("béta", 2, -3, TerminationReason.TIMEOUT, 7)),
                TerminationReason.TIMEOUT, 51, -4L);
        Files.writeString(path, (String.join(",", ResultsFile.COLUMNS) + "\n" + ResultsFile.rows(odd)
                + ResultsFile.rows(match(1))).replace("\n", "\r\n"), StandardCharsets.UTF_8);
        assertEquals(List.of(odd, match(1)), ResultsFile.read(path));
    }
}
