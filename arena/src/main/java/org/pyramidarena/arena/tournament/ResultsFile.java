package org.pyramidarena.arena.tournament;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.FileOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
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
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.TerminationReason;
import org.pyramidarena.tournaments.io.ResultsCsv;

/**
 * A tournament's {@code results.csv}: one row per seat of every finished match, appended to the
 * file within {@link #WRITE_WITHIN_NANOS} (2 ms) of the match's end, so a run killed at any moment
 * keeps every match it finished but those of its last 2 ms, which a resumed run plays again. The
 * rows of matches that end within that time of one another are written in one write.
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

    // Two turns, each taken by whichever match thread finds it free, so that neither waits for the
    // other: the file's turn writes the matches that arrived, in arrival order, in one write; the
    // order's turn hands them on in match order. Each queue holds the matches its turn has not
    // taken yet, and what follows a turn belongs to the thread that holds it.
    private final ConcurrentLinkedQueue<Waiting> arrived = new ConcurrentLinkedQueue<>();
    private final ReentrantLock turn = new ReentrantLock();
    private final ConcurrentLinkedQueue<Waiting> unordered = new ConcurrentLinkedQueue<>();
    private final ReentrantLock orderTurn = new ReentrantLock();
    private volatile boolean handing;
    // The rows taken by the file's turn and not written yet: written in one piece once they are
    // WRITE_AT_BYTES long or the oldest has waited WRITE_WITHIN_NANOS, by the next match thread to
    // take the turn or else by the writer that looks every WRITE_WITHIN_NANOS.
    private byte[] pending = new byte[WRITE_AT_BYTES];
    private int pendingBytes;
    private int pendingMatches;
    private long pendingSince;
    private Thread writer;
    private volatile boolean closed;
    private IOException writerFailure;
    private IntConsumer written = count -> { };
    // The sorted copy, written as matches become contiguous by index (see handInOrder).
    private final Path sortedPath;
    private OutputStream sorted;
    // The sorted copy's channel, which the writer thread also syncs to the disk from time to time
    // (see startWriter), so that the end of a run waits for the last part only; and how many bytes
    // were handed to it, and how many of them the writer has synced.
    private volatile FileChannel sortedChannel;
    private volatile long sortedBytes;
    private long sortedSynced;
    private Consumer<MatchRecord> inOrder;
    // The matches that arrived before one with a lower index: those within WINDOW of the next one
    // at their index modulo WINDOW, the others (rare, and a shard's: see expected) by index.
    private final Waiting[] window = new Waiting[WINDOW];
    private int inWindow;
    private final TreeMap<Integer, Waiting> waiting = new TreeMap<>();
    private int next;
    // The indices expected, in order, when they are not 0, 1, 2, ... (a shard's share): next is then
    // expected[position], or past every index when the share is done.
    private int[] expected;
    private int position;

    /**
     * How long the rows of a finished match may wait before they are written to the file: matches
     * that finish within this time of one another are written together, in one write to the
     * operating system, instead of one each (a write costs more than a short match's result).
     */
    public static final long WRITE_WITHIN_NANOS = 2_000_000;

    /** How many bytes of rows are written at once, however young. */
    private static final int WRITE_AT_BYTES = 1 << 16;

    /** How far ahead of the next match a match that arrives early is kept in the window. */
    private static final int WINDOW = 1 << 12;

    /** A finished match with its rows: arrived and not yet written, or waiting for the matches before it. */
    private record Waiting(MatchRecord record, byte[] rows) {
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
     * rewritten in canonical order when anything changed, or when it was written before the {@code
     * opening} column (its matches had none).
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
     * Tells how many matches each write to the file adds, as it is made: called by the thread that
     * writes, never by two threads at once, after the matches are in the file.
     *
     * @param count takes the number of matches of each write
     */
    public void countingTo(IntConsumer count) {
        this.written = java.util.Objects.requireNonNull(count, "count");
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
        orderTurn.lock();
        try {
            if (sorted != null) {
                throw new IllegalStateException("the sorted copy is already started");
            }
            sortedChannel = FileChannel.open(sortedPath, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING);
            sorted = new BufferedOutputStream(Channels.newOutputStream(sortedChannel), 1 << 16);
            sorted.write((String.join(",", COLUMNS) + "\n").getBytes(StandardCharsets.UTF_8));
            inOrder = each;
            if (order != null) {
                expected = order.clone();
                position = 0;
                next = expected.length == 0 ? Integer.MAX_VALUE : expected[0];
            }
            for (MatchRecord record : earlier) {
                hold(record, rowBytes(record));
            }
            handing = true;
        } finally {
            orderTurn.unlock();
        }
    }

    /** Appends a match's rows to the file, in one write to the operating system. */
    public void append(MatchRecord record) throws IOException {
        append(record, rowBytes(record));
    }

    /**
     * Appends a match's rows, made beforehand with {@link #rowBytes}, and hands the match on in
     * order. Match threads call this at once and never wait for one another: the thread that finds
     * the file's turn free writes its match's rows, with those of every match that arrived
     * meanwhile, in one write to the operating system; the thread that finds the order's turn free
     * hands on, in match order, every match that can be (usually another thread than the one
     * writing, so the two run side by side); a thread that finds a turn taken leaves its match to
     * the thread that has it, which looks for arrivals once more before it lets go. So when every
     * call has returned, every match appended is in the file and handed on.
     */
    public void append(MatchRecord record, byte[] rows) throws IOException {
        Waiting match = new Waiting(record, rows);
        arrived.add(match);
        boolean ordering = handing;
        if (ordering) {
            unordered.add(match);
        }
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
        while (ordering && !unordered.isEmpty() && orderTurn.tryLock()) {
            try {
                takeUnordered();
            } finally {
                orderTurn.unlock();
            }
        }
    }

    /** Hands on the matches the order's turn has not taken yet; the caller has the order's turn. */
    private void takeUnordered() throws IOException {
        for (Waiting match = unordered.poll(); match != null; match = unordered.poll()) {
            hold(match.record(), match.rows());
        }
    }

    /**
     * Takes the matches that arrived into the rows waiting to be written, and writes them all in
     * one write when they are due (see {@link #WRITE_WITHIN_NANOS}); the caller has the file's turn.
     */
    private void takeArrived() throws IOException {
        if (writerFailure != null) {
            throw writerFailure;
        }
        for (Waiting match = arrived.poll(); match != null; match = arrived.poll()) {
            byte[] rows = match.rows();
            if (pendingBytes == 0) {
                pendingSince = System.nanoTime();
            }
            if (pending.length - pendingBytes < rows.length) {
                pending = java.util.Arrays.copyOf(pending, Math.max(pendingBytes + rows.length, 2 * pending.length));
            }
            System.arraycopy(rows, 0, pending, pendingBytes, rows.length);
            pendingBytes += rows.length;
            pendingMatches++;
        }
        if (pendingBytes >= WRITE_AT_BYTES || pendingBytes > 0 && System.nanoTime() - pendingSince >= WRITE_WITHIN_NANOS) {
            writePending();
        } else if (pendingBytes > 0 && writer == null) {
            startWriter();
        }
    }

    /** Writes the rows waiting, in one write; the caller has the file's turn. */
    private void writePending() throws IOException {
        if (pendingBytes == 0) {
            return;
        }
        out.write(pending, 0, pendingBytes);
        int count = pendingMatches;
        pendingBytes = 0;
        pendingMatches = 0;
        if (pending.length > 4 * WRITE_AT_BYTES) {
            pending = new byte[WRITE_AT_BYTES];
        }
        written.accept(count);
    }

    /**
     * Starts the thread that writes rows no match thread came to write in time: it looks every
     * {@link #WRITE_WITHIN_NANOS} until the file is finished or closed; the caller has the file's turn.
     */
    private void startWriter() {
        writer = new Thread(() -> {
            long looks = 0;
            while (!closed) {
                LockSupport.parkNanos(WRITE_WITHIN_NANOS);
                if (++looks % SYNC_EVERY_LOOKS == 0) {
                    syncSortedCopy();
                }
                turn.lock();
                try {
                    if (!closed && pendingBytes > 0 && System.nanoTime() - pendingSince >= WRITE_WITHIN_NANOS) {
                        writePending();
                    }
                } catch (IOException e) {
                    writerFailure = e;
                    return;
                } finally {
                    turn.unlock();
                }
            }
        }, "results-writer");
        writer.setDaemon(true);
        writer.start();
    }

    /** How often the writer thread looks whether the sorted copy has grown enough to sync: every 128 looks, 1/4 s. */
    private static final int SYNC_EVERY_LOOKS = 128;

    /** How much the sorted copy grows before the writer thread syncs it. */
    private static final long SYNC_AT_BYTES = 4L << 20;

    /**
     * Syncs the sorted copy to the disk when it has grown by {@link #SYNC_AT_BYTES} since it last
     * did, from the writer thread, holding no turn: the match threads go on handing matches on
     * meanwhile, and the sync at the end of the run ({@link #finish}) has only the rest to wait for.
     */
    private void syncSortedCopy() {
        FileChannel channel = sortedChannel;
        long bytes = sortedBytes;
        if (channel == null || bytes - sortedSynced < SYNC_AT_BYTES) {
            return;
        }
        try {
            channel.force(false);
            sortedSynced = bytes;
        } catch (IOException e) {
            // Closed by the end of the run meanwhile, or failing: the end of the run syncs it (and
            // reports what fails) itself.
        }
    }

    /**
     * Writes every row taken so far to the file now, whether or not it is due; the rows of a match
     * being appended meanwhile may wait for their own turn.
     */
    public void flush() throws IOException {
        turn.lock();
        try {
            takeArrived();
            writePending();
        } finally {
            turn.unlock();
        }
    }

    /** Hands a match on, or keeps it until the matches before it are in; the caller has the order's turn. */
    private void hold(MatchRecord record, byte[] rows) throws IOException {
        if (sorted == null) {
            return;
        }
        int match = record.match();
        if (match == next && inWindow == 0 && waiting.isEmpty()) {
            // The usual case: the match every earlier one has been handed on before.
            handOn(record, rows);
            advance();
            return;
        }
        if (match < next) {
            throw new IllegalStateException("match " + match + " was written twice");
        }
        if (expected == null && match - next < WINDOW) {
            int slot = match & (WINDOW - 1);
            if (window[slot] != null) {
                throw new IllegalStateException("match " + match + " was written twice");
            }
            window[slot] = new Waiting(record, rows);
            inWindow++;
        } else if (waiting.putIfAbsent(match, new Waiting(record, rows)) != null) {
            throw new IllegalStateException("match " + match + " was written twice");
        }
        handOnReady();
    }

    /** Hands on the matches kept that are next in order. */
    private void handOnReady() throws IOException {
        while (true) {
            Waiting ready = null;
            if (expected == null && inWindow > 0) {
                int slot = next & (WINDOW - 1);
                ready = window[slot];
                if (ready != null) {
                    window[slot] = null;
                    inWindow--;
                }
            }
            if (ready == null && !waiting.isEmpty() && waiting.firstKey() == next) {
                ready = waiting.pollFirstEntry().getValue();
            }
            if (ready == null) {
                break;
            }
            handOn(ready.record(), ready.rows());
            advance();
            // A match kept beyond the window moves into it once the next match comes near enough.
            while (expected == null && !waiting.isEmpty() && waiting.firstKey() - next < WINDOW
                    && window[waiting.firstKey() & (WINDOW - 1)] == null) {
                Waiting near = waiting.pollFirstEntry().getValue();
                window[near.record().match() & (WINDOW - 1)] = near;
                inWindow++;
            }
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

    private void handOn(MatchRecord record, byte[] rows) throws IOException {
        sorted.write(rows);
        sortedBytes += rows.length;
        inOrder.accept(record);
    }

    /**
     * Ends the run's writing: hands on the matches still waiting (those after a gap in the
     * indices), closes the file and puts the sorted copy in its place, atomically.
     */
    public void finish() throws IOException {
        turn.lock();
        try {
            takeArrived();
            writePending();
            stopWriter();
        } finally {
            turn.unlock();
        }
        orderTurn.lock();
        try {
            if (sorted == null) {
                throw new IllegalStateException("no sorted copy was started");
            }
            takeUnordered();
            TreeMap<Integer, Waiting> rest = new TreeMap<>(waiting);
            for (Waiting match : window) {
                if (match != null) {
                    rest.put(match.record().match(), match);
                }
            }
            for (Waiting match : rest.values()) {
                handOn(match.record(), match.rows());
            }
            waiting.clear();
            java.util.Arrays.fill(window, null);
            inWindow = 0;
            out.close();
            sorted.flush();
            sortedChannel.force(true);
            sorted.close();
            sortedChannel = null;
            Files.move(sortedPath, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            sorted = null;
            handing = false;
        } finally {
            orderTurn.unlock();
        }
    }

    /** Stops the writer thread, if one was started; the caller has the file's turn. */
    private void stopWriter() {
        closed = true;
        if (writer != null) {
            LockSupport.unpark(writer);
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
            stopWriter();
            try {
                if (pendingBytes > 0) {
                    out.write(pending, 0, pendingBytes);
                    pendingBytes = 0;
                }
                for (Waiting match = arrived.poll(); match != null; match = arrived.poll()) {
                    out.write(match.rows());
                }
            } finally {
                out.close();
            }
        } finally {
            turn.unlock();
        }
        orderTurn.lock();
        try {
            handing = false;
            unordered.clear();
            if (sorted != null) {
                sorted.close();
                sorted = null;
                sortedChannel = null;
                Files.deleteIfExists(sortedPath);
            }
        } finally {
            orderTurn.unlock();
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
                if (parser.getHeaderNames().equals(ResultsCsv.HEADER_WITHOUT_OPENING)) {
                    // Written before the arena had openings: rewritten with the column, empty.
                    damaged = true;
                } else if (!parser.getHeaderNames().equals(COLUMNS)) {
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
                List.of(seats), termination, parseInt(path, first, "moves"), Long.parseLong(first.get("seed")),
                first.isMapped("opening") ? first.get("opening") : "");
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

    /** The rows of one match as the bytes of the file (UTF-8), one line per seat. */
    static byte[] rowBytes(MatchRecord record) {
        return rows(record).getBytes(StandardCharsets.UTF_8);
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
