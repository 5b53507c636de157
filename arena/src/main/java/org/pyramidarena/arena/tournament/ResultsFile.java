package org.pyramidarena.arena.tournament;

import java.io.BufferedInputStream;
import java.io.BufferedWriter;
import java.io.FileOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.TerminationReason;
import org.pyramidarena.tournaments.io.ResultsCsv;

/**
 * A tournament's {@code results.csv}: one row per seat of every finished match, appended and
 * flushed as each match ends, so a run killed at any moment keeps every match it finished.
 *
 * <p>A match's rows are written in one piece. A run killed in the middle of that write leaves a
 * torn last line or a match with fewer rows than its {@code players} column says; {@link #open}
 * drops both, so the match is played again on resume. Rows are appended in the order matches
 * finish; {@link #finish} puts the file sorted by match and seat in its place, which makes the file
 * of a finished tournament the same at any concurrency and after any number of resumes (apart from
 * the measured {@code time_ms} and {@code cpu_ms}).
 */
public final class ResultsFile implements AutoCloseable {

    /** The columns, in order: those of {@link ResultsCsv}, so every reader of results reads this file. */
    public static final List<String> COLUMNS = ResultsCsv.HEADER;

    private static final CSVFormat READ = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).build();

    private final Path path;
    // Opened to append; written only by the thread that has the turn (below), so two match threads
    // never queue for the file in the system either.
    private final FileOutputStream out;

    // Matches appended and not yet written: whichever thread has the turn writes them all.
    private final ConcurrentLinkedQueue<Waiting> arrived = new ConcurrentLinkedQueue<>();
    // The turn: what follows it, and the writes to the file, belong to the thread that holds it.
    private final ReentrantLock turn = new ReentrantLock();
    // The sorted copy, written as matches become contiguous by index (see handInOrder).
    private final Path sortedPath;
    private Writer sorted;
    private Consumer<MatchRecord> inOrder;
    private final TreeMap<Integer, Waiting> waiting = new TreeMap<>();
    private int next;
    // The indices expected, in order, when they are not 0, 1, 2, ... (a shard's share): next is then
    // expected[position], or past every index when the share is done.
    private int[] expected;
    private int position;

    /** A finished match with its rows: arrived and not yet written, or waiting for the matches before it. */
    private record Waiting(MatchRecord record, String rows) {
    }

    private ResultsFile(Path path, FileOutputStream out) {
        this.path = path;
        this.out = out;
        this.sortedPath = sortedCopy(path);
    }

    /** Where the sorted copy of a results file is written while a run goes on. */
    private static Path sortedCopy(Path path) {
        return path.resolveSibling(path.getFileName() + ".sorted");
    }

    /**
     * Opens a results file for appending, creating it with its header when missing. An existing
     * file is first repaired: a torn last line and incomplete matches are dropped, and the file is
     * rewritten in canonical order when anything changed.
     *
     * @return the file and the complete records it already held, by match index
     * @throws IllegalArgumentException when an existing file is not a results file
     */
    public static Opened open(Path path) throws IOException {
        List<MatchRecord> records = List.of();
        // A sorted copy left by a run killed before it finished is incomplete: the file itself counts.
        Files.deleteIfExists(sortedCopy(path));
        if (Files.exists(path)) {
            Read read = readRepairing(path);
            records = read.records();
            if (read.damaged()) {
                rewrite(path, records);
            }
        } else {
            rewrite(path, List.of());
        }
        return new Opened(new ResultsFile(path, new FileOutputStream(path.toFile(), true)), records);
    }

    /** An opened file and the records it held. */
    public record Opened(ResultsFile file, List<MatchRecord> records) {
    }

    /**
     * Starts the sorted copy of the file: from now on every match appended is also handed on, with
     * the matches the file held when it was opened, in match order, each as soon as every match
     * with a lower index has been. The copy is written alongside as the matches are handed on, and
     * {@link #finish} puts it in the file's place, so that the end of a run neither sorts nor reads
     * the file back, and what it adds up is added up while the matches are played.
     *
     * <p>Match indices are expected to run from 0 without gaps, as every schedule numbers them; a
     * match after a gap waits, in memory, until {@link #finish}.
     *
     * @param earlier the matches the file held when opened ({@link Opened#records()})
     * @param each takes each match in match order
     */
    public void handInOrder(List<MatchRecord> earlier, Consumer<MatchRecord> each) throws IOException {
        handInOrder(earlier, null, each);
    }

    /**
     * As {@link #handInOrder(List, Consumer)}, for a file that holds only some of a schedule's
     * matches (a shard's): each match is handed on as soon as every expected match before it has
     * been.
     *
     * @param order the indices of the matches this file will hold, ascending; null for 0, 1, 2, ...
     */
    public void handInOrder(List<MatchRecord> earlier, int[] order, Consumer<MatchRecord> each) throws IOException {
        turn.lock();
        try {
            if (sorted != null) {
                throw new IllegalStateException("the sorted copy is already started");
            }
            sorted = new BufferedWriter(Files.newBufferedWriter(sortedPath, StandardCharsets.UTF_8), 1 << 16);
            sorted.write(String.join(",", COLUMNS) + "\n");
            inOrder = each;
            if (order != null) {
                expected = order.clone();
                position = 0;
                next = expected.length == 0 ? Integer.MAX_VALUE : expected[0];
            }
            for (MatchRecord record : earlier) {
                hold(record, rows(record));
            }
        } finally {
            turn.unlock();
        }
    }

    /** Appends a match's rows to the file, in one write to the operating system. */
    public void append(MatchRecord record) throws IOException {
        append(record, rows(record));
    }

    /**
     * Appends a match's rows, made beforehand with {@link #rows}, and hands the match on in order.
     * Match threads call this at once and never wait for one another: the thread that finds the
     * turn free writes its match's rows, with those of every match that arrived meanwhile, in one
     * write to the operating system, and hands them on; a thread that finds the turn taken leaves
     * its match to the thread that has it, which looks for arrivals once more before it lets go.
     * So when every call has returned, every match appended is in the file and handed on.
     */
    public void append(MatchRecord record, String rows) throws IOException {
        arrived.add(new Waiting(record, rows));
        // A match added after the holder's last look finds the turn free (the holder lets go before
        // it looks again), so no match is left behind. Waiting for the turn would cost more than the
        // turn itself: a thread that blocks is woken late.
        while (!arrived.isEmpty() && turn.tryLock()) {
            try {
                takeArrived();
            } finally {
                turn.unlock();
            }
        }
    }

    /** Writes the matches that arrived, in one write, and hands them on; the caller has the turn. */
    private void takeArrived() throws IOException {
        Waiting first = arrived.poll();
        if (first == null) {
            return;
        }
        Waiting second = arrived.poll();
        if (second == null) {
            out.write(first.rows().getBytes(StandardCharsets.UTF_8));
            hold(first.record(), first.rows());
            return;
        }
        List<Waiting> taken = new ArrayList<>();
        taken.add(first);
        StringBuilder text = new StringBuilder(first.rows());
        for (Waiting match = second; match != null; match = arrived.poll()) {
            taken.add(match);
            text.append(match.rows());
        }
        out.write(text.toString().getBytes(StandardCharsets.UTF_8));
        for (Waiting match : taken) {
            hold(match.record(), match.rows());
        }
    }

    /** Hands a match on, or keeps it until the matches before it are in; the caller has the turn. */
    private void hold(MatchRecord record, String rows) throws IOException {
        if (sorted == null) {
            return;
        }
        int match = record.match();
        if (match == next && waiting.isEmpty()) {
            // The usual case: the match every earlier one has been handed on before.
            handOn(record, rows);
            advance();
            return;
        }
        if (match < next || waiting.putIfAbsent(match, new Waiting(record, rows)) != null) {
            throw new IllegalStateException("match " + match + " was written twice");
        }
        while (!waiting.isEmpty() && waiting.firstKey() == next) {
            Waiting first = waiting.pollFirstEntry().getValue();
            handOn(first.record(), first.rows());
            advance();
        }
    }

    /** Moves {@code next} on to the match expected after it. */
    private void advance() {
        if (expected == null) {
            next++;
        } else {
            position++;
            next = position < expected.length ? expected[position] : Integer.MAX_VALUE;
        }
    }

    private void handOn(MatchRecord record, String rows) throws IOException {
        sorted.write(rows);
        inOrder.accept(record);
    }

    /**
     * Ends the run's writing: hands on the matches still waiting (those after a gap in the
     * indices), closes the file and puts the sorted copy in its place, atomically.
     */
    public void finish() throws IOException {
        turn.lock();
        try {
            if (sorted == null) {
                throw new IllegalStateException("no sorted copy was started");
            }
            takeArrived();
            for (Waiting match : waiting.values()) {
                handOn(match.record(), match.rows());
            }
            waiting.clear();
            out.close();
            sorted.close();
            try (FileChannel channel = FileChannel.open(sortedPath, StandardOpenOption.WRITE)) {
                channel.force(true);
            }
            Files.move(sortedPath, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            sorted = null;
        } finally {
            turn.unlock();
        }
    }

    /**
     * Closes the file, writing first any match that arrived and was not yet written (a run that
     * stops on a failure keeps the matches it finished); a sorted copy not finished is dropped (the
     * file itself holds every match).
     */
    @Override
    public void close() throws IOException {
        turn.lock();
        try {
            try {
                for (Waiting match = arrived.poll(); match != null; match = arrived.poll()) {
                    out.write(match.rows().getBytes(StandardCharsets.UTF_8));
                }
            } finally {
                out.close();
            }
            if (sorted != null) {
                sorted.close();
                sorted = null;
                Files.deleteIfExists(sortedPath);
            }
        } finally {
            turn.unlock();
        }
    }

    /**
     * Reads the complete matches of a results file, sorted by match index; torn or incomplete
     * matches are left out.
     */
    public static List<MatchRecord> read(Path path) throws IOException {
        return readRepairing(path).records();
    }

    private record Read(List<MatchRecord> records, boolean damaged) {
    }

    /**
     * Reads the file as a stream, so a million-match file never sits in memory as text or as parsed
     * rows: each match becomes its record as soon as its rows are in, and the names repeated on
     * every row (bots, game, variant, tournament) are kept once.
     */
    private static Read readRepairing(Path path) throws IOException {
        boolean damaged = false;
        Map<Integer, MatchRecord> complete = new TreeMap<>();
        Map<Integer, List<CSVRecord>> pending = new HashMap<>();
        Set<Integer> broken = new HashSet<>();
        Map<String, String> names = new HashMap<>();
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            long whole = wholeLines(channel);
            // A torn last line, from a run killed while writing it, is left out.
            damaged = whole < channel.size();
            InputStream in = new BufferedInputStream(Channels.newInputStream(channel.position(0)), 1 << 16);
            try (Reader reader = new InputStreamReader(new Prefix(in, whole), StandardCharsets.UTF_8)) {
                var parser = READ.parse(reader);
                if (!parser.getHeaderNames().equals(COLUMNS)) {
                    throw new IllegalArgumentException(path + " is not a results file: its columns are "
                            + parser.getHeaderNames() + ", not " + COLUMNS);
                }
                for (CSVRecord row : parser) {
                    if (!row.isConsistent()) {
                        damaged = true;
                        continue;
                    }
                    int match = parseInt(path, row, "match");
                    if (match < 0) {
                        throw new IllegalArgumentException(path + " line " + row.getRecordNumber()
                                + ": match " + match + " is negative");
                    }
                    if (broken.contains(match)) {
                        continue;
                    }
                    if (complete.remove(match) != null) {
                        // More rows than the match has seats: written twice, so neither copy is kept.
                        broken.add(match);
                        damaged = true;
                        continue;
                    }
                    List<CSVRecord> rows = pending.computeIfAbsent(match, k -> new ArrayList<>(4));
                    rows.add(row);
                    if (rows.size() == parseInt(path, rows.get(0), "players")) {
                        pending.remove(match);
                        MatchRecord record = record(path, rows, names);
                        if (record == null) {
                            broken.add(match);
                            damaged = true;
                        } else {
                            complete.put(match, record);
                        }
                    }
                }
            }
        }
        damaged |= !pending.isEmpty();
        return new Read(List.copyOf(complete.values()), damaged);
    }

    /** The length of the file up to and including its last line break. */
    private static long wholeLines(FileChannel channel) throws IOException {
        ByteBuffer block = ByteBuffer.allocate(8192);
        long end = channel.size();
        while (end > 0) {
            long start = Math.max(0, end - block.capacity());
            block.clear().limit((int) (end - start));
            while (block.hasRemaining()) {
                if (channel.read(block, start + block.position()) < 0) {
                    break;
                }
            }
            for (int i = block.position() - 1; i >= 0; i--) {
                if (block.get(i) == '\n') {
                    return start + i + 1;
                }
            }
            end = start;
        }
        return 0;
    }

    /** The first {@code length} bytes of a stream. */
    private static final class Prefix extends FilterInputStream {
        private long remaining;

        Prefix(InputStream in, long length) {
            super(in);
            this.remaining = length;
        }

        @Override
        public int read() throws IOException {
            if (remaining <= 0) {
                return -1;
            }
            int b = super.read();
            remaining -= b >= 0 ? 1 : 0;
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            if (remaining <= 0) {
                return -1;
            }
            int n = super.read(buffer, offset, (int) Math.min(length, remaining));
            remaining -= Math.max(n, 0);
            return n;
        }
    }

    /** The record of one match's rows, or null when a seat is repeated or missing. */
    private static MatchRecord record(Path path, List<CSVRecord> rows, Map<String, String> names) {
        CSVRecord first = rows.get(0);
        int players = parseInt(path, first, "players");
        if (rows.size() != players) {
            return null;
        }
        SeatResult[] seats = new SeatResult[players];
        TerminationReason[] rowTerminations = new TerminationReason[players];
        for (CSVRecord row : rows) {
            int seat = parseInt(path, row, "seat");
            if (seat < 0 || seat >= players || seats[seat] != null) {
                return null;
            }
            TerminationReason termination = TerminationReason.fromLabel(row.get("termination"));
            rowTerminations[seat] = termination;
            seats[seat] = new SeatResult(once(names, row.get("bot")), parseInt(path, row, "rank"),
                    Double.parseDouble(row.get("score")),
                    termination.isFault() ? termination : TerminationReason.NORMAL,
                    Long.parseLong(row.get("time_ms")),
                    row.isMapped("cpu_ms") && !row.get("cpu_ms").isEmpty() ? Long.parseLong(row.get("cpu_ms")) : -1);
        }
        TerminationReason termination = TerminationReason.NORMAL;
        for (int seat = 0; seat < players && termination == TerminationReason.NORMAL; seat++) {
            termination = rowTerminations[seat];
        }
        return new MatchRecord(once(names, first.get("tournament")), parseInt(path, first, "round"),
                parseInt(path, first, "match"), once(names, first.get("game")), once(names, first.get("variant")),
                List.of(seats), termination, parseInt(path, first, "moves"), Long.parseLong(first.get("seed")));
    }

    /** One copy of each name, however many rows repeat it. */
    private static String once(Map<String, String> names, String name) {
        String known = names.putIfAbsent(name, name);
        return known == null ? name : known;
    }

    private static int parseInt(Path path, CSVRecord row, String column) {
        try {
            return Integer.parseInt(row.get(column));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(path + " line " + row.getRecordNumber() + ": " + column + " '"
                    + row.get(column) + "' is not a number");
        }
    }

    /** The rows of one match as CSV text, one line per seat. */
    static String rows(MatchRecord record) {
        return ResultsCsv.rows(record);
    }

    /** Writes a whole results file, sorted by match, through a temporary file and an atomic move. */
    private static void rewrite(Path path, List<MatchRecord> records) throws IOException {
        List<MatchRecord> sorted = new ArrayList<>(records);
        sorted.sort(Comparator.comparingInt(MatchRecord::match));
        Path temporary = path.resolveSibling(path.getFileName() + ".tmp");
        try (Writer out = new BufferedWriter(Files.newBufferedWriter(temporary, StandardCharsets.UTF_8))) {
            out.write(String.join(",", COLUMNS) + "\n");
            for (MatchRecord record : sorted) {
                out.write(rows(record));
            }
        }
        try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
            channel.force(true);
        }
        Files.move(temporary, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
