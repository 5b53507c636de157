package org.pyramidarena.arena.tournament;

import java.io.BufferedInputStream;
import java.io.BufferedWriter;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
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
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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
 * finish; {@link #canonicalize} rewrites the file sorted by match and seat, which makes the file
 * of a finished tournament the same at any concurrency and after any number of resumes (apart from
 * the measured {@code time_ms}).
 */
public final class ResultsFile implements AutoCloseable {

    /** The columns, in order: those of {@link ResultsCsv}, so every reader of results reads this file. */
    public static final List<String> COLUMNS = ResultsCsv.HEADER;

    private static final CSVFormat READ = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).build();

    private final Path path;
    private final Writer writer;

    private ResultsFile(Path path, Writer writer) {
        this.path = path;
        this.writer = writer;
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
        List<MatchRecord> records = new ArrayList<>();
        if (Files.exists(path)) {
            if (inOrder(path, records::add)) {
                rewrite(path, records::forEach);
            }
        } else {
            rewrite(path, each -> { });
        }
        Writer writer = new BufferedWriter(Files.newBufferedWriter(path, StandardCharsets.UTF_8,
                StandardOpenOption.APPEND), 1 << 16);
        return new Opened(new ResultsFile(path, writer), List.copyOf(records));
    }

    /** An opened file and the records it held. */
    public record Opened(ResultsFile file, List<MatchRecord> records) {
    }

    /** Appends a match's rows in one write and flushes them to the operating system. */
    public void append(MatchRecord record) throws IOException {
        appendRows(rows(record));
    }

    /**
     * Appends a match's rows, made beforehand with {@link #rows} (so that a match thread formats
     * them before it takes the file), in one write, and flushes them to the operating system.
     */
    public synchronized void appendRows(String rows) throws IOException {
        writer.write(rows);
        writer.flush();
    }

    /**
     * Closes the file and rewrites it sorted by match and seat, atomically, handing each complete
     * match on as it is written: what {@link #read} would give, without holding the records. The
     * file is read twice as a stream (see {@link #inOrder}), so the end of a million-match run
     * needs memory for a bit per match and the few matches that finished out of order, not for
     * every record.
     */
    public synchronized void canonicalize(Consumer<MatchRecord> each) throws IOException {
        writer.close();
        rewrite(path, write -> inOrder(path, record -> {
            write.accept(record);
            each.accept(record);
        }));
    }

    @Override
    public synchronized void close() throws IOException {
        writer.close();
    }

    /**
     * Reads the complete matches of a results file, sorted by match index; torn or incomplete
     * matches are left out.
     */
    public static List<MatchRecord> read(Path path) throws IOException {
        List<MatchRecord> records = new ArrayList<>();
        inOrder(path, records::add);
        return records;
    }

    /**
     * Hands on the complete matches of a results file in match order, and says whether the file
     * needs repairing (a torn last line, a match missing rows, or written twice: such matches are
     * left out, to be played again).
     *
     * <p>Rows are appended in the order matches finish, which is close to match order. The file is
     * read twice as a stream, never whole: first to learn which matches are complete (a bit per
     * match), then to hand them on, each as soon as every match before it has been, so that only
     * the matches that finished ahead of an earlier one wait in memory. Names repeated on every row
     * (bots, game, variant, tournament) are kept once.
     */
    private static boolean inOrder(Path path, Consumer<MatchRecord> each) throws IOException {
        BitSet complete = new BitSet();
        boolean damaged = scan(path, new Rows() {
            private final BitSet broken = new BitSet();
            private final Map<Integer, PendingSeats> pending = new HashMap<>();

            @Override
            public boolean row(int match, CSVRecord row) {
                if (broken.get(match)) {
                    return false;
                }
                if (complete.get(match)) {
                    // More rows than the match has seats: written twice, so neither copy is kept.
                    complete.clear(match);
                    broken.set(match);
                    return true;
                }
                PendingSeats seats = pending.computeIfAbsent(match, k -> new PendingSeats(parseInt(path, row, "players")));
                if (!seats.add(parseInt(path, row, "seat"))) {
                    pending.remove(match);
                    broken.set(match);
                    return true;
                }
                if (seats.isComplete()) {
                    pending.remove(match);
                    complete.set(match);
                }
                return false;
            }

            @Override
            public boolean incomplete() {
                return !pending.isEmpty();
            }
        });
        Map<String, String> names = new HashMap<>();
        TreeMap<Integer, MatchRecord> early = new TreeMap<>();
        scan(path, new Rows() {
            private final Map<Integer, List<CSVRecord>> rows = new HashMap<>();
            private int next = complete.nextSetBit(0);

            @Override
            public boolean row(int match, CSVRecord row) {
                if (!complete.get(match)) {
                    return false;
                }
                List<CSVRecord> matchRows = rows.computeIfAbsent(match, k -> new ArrayList<>(4));
                matchRows.add(row);
                if (matchRows.size() == parseInt(path, matchRows.get(0), "players")) {
                    rows.remove(match);
                    early.put(match, record(path, matchRows, names));
                    while (next >= 0 && early.containsKey(next)) {
                        each.accept(early.remove(next));
                        next = complete.nextSetBit(next + 1);
                    }
                }
                return false;
            }

            @Override
            public boolean incomplete() {
                return false;
            }
        });
        return damaged;
    }

    /** What a pass over the rows of a results file does with each row. */
    private interface Rows {
        /** Takes a well-formed row of a match; true when it shows the file needs repairing. */
        boolean row(int match, CSVRecord row);

        /** True when, after the last row, some match still lacks rows. */
        boolean incomplete();
    }

    /** The seats seen so far of a match whose rows are not all in. */
    private static final class PendingSeats {
        private final int players;
        private final BitSet seats = new BitSet();

        PendingSeats(int players) {
            this.players = players;
        }

        /** Adds a seat; false when it is out of range or already seen. */
        boolean add(int seat) {
            if (seat < 0 || seat >= players || seats.get(seat)) {
                return false;
            }
            seats.set(seat);
            return true;
        }

        boolean isComplete() {
            return seats.cardinality() == players;
        }
    }

    /**
     * Reads the file's rows as a stream, up to its last line break (a torn last line, from a run
     * killed while writing it, is left out), and hands each well-formed row to {@code rows}.
     *
     * @return true when the file needs repairing
     * @throws IllegalArgumentException when the file is not a results file
     */
    private static boolean scan(Path path, Rows rows) throws IOException {
        boolean damaged;
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            long whole = wholeLines(channel);
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
                    damaged |= rows.row(match, row);
                }
            }
        }
        return damaged | rows.incomplete();
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

    /** The record of one match's rows, one per seat (the first pass checked the seats). */
    private static MatchRecord record(Path path, List<CSVRecord> rows, Map<String, String> names) {
        CSVRecord first = rows.get(0);
        int players = rows.size();
        SeatResult[] seats = new SeatResult[players];
        TerminationReason[] rowTerminations = new TerminationReason[players];
        for (CSVRecord row : rows) {
            int seat = parseInt(path, row, "seat");
            TerminationReason termination = TerminationReason.fromLabel(row.get("termination"));
            rowTerminations[seat] = termination;
            seats[seat] = new SeatResult(once(names, row.get("bot")), parseInt(path, row, "rank"),
                    Double.parseDouble(row.get("score")),
                    termination.isFault() ? termination : TerminationReason.NORMAL,
                    Long.parseLong(row.get("time_ms")));
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

    /** What writes a results file's matches, in match order, each through the consumer it is given. */
    private interface Matches {
        void writeTo(Consumer<MatchRecord> write) throws IOException;
    }

    /** Writes a whole results file, its matches in the order given, through a temporary file and an atomic move. */
    private static void rewrite(Path path, Matches matches) throws IOException {
        Path temporary = path.resolveSibling(path.getFileName() + ".tmp");
        try (Writer out = new BufferedWriter(Files.newBufferedWriter(temporary, StandardCharsets.UTF_8), 1 << 16)) {
            out.write(String.join(",", COLUMNS) + "\n");
            matches.writeTo(record -> {
                try {
                    out.write(rows(record));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
            channel.force(true);
        }
        Files.move(temporary, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
