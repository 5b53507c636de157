package org.pyramidarena.arena.tournament;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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
 * finish; {@link #canonicalize()} rewrites the file sorted by match and seat, which makes the file
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
        List<MatchRecord> records = List.of();
        if (Files.exists(path)) {
            Read read = readRepairing(path);
            records = read.records();
            if (read.damaged()) {
                rewrite(path, records);
            }
        } else {
            rewrite(path, List.of());
        }
        Writer writer = new BufferedWriter(Files.newBufferedWriter(path, StandardCharsets.UTF_8,
                StandardOpenOption.APPEND), 1 << 16);
        return new Opened(new ResultsFile(path, writer), records);
    }

    /** An opened file and the records it held. */
    public record Opened(ResultsFile file, List<MatchRecord> records) {
    }

    /** Appends a match's rows in one write and flushes them to the operating system. */
    public synchronized void append(MatchRecord record) throws IOException {
        writer.write(rows(record));
        writer.flush();
    }

    /**
     * Closes the file and rewrites it sorted by match and seat, atomically.
     *
     * @return the complete matches it holds, sorted by match index: what {@link #read} would give
     *     now, without reading the file a second time
     */
    public synchronized List<MatchRecord> canonicalize() throws IOException {
        writer.close();
        List<MatchRecord> records = readRepairing(path).records();
        rewrite(path, records);
        return records;
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
        return readRepairing(path).records();
    }

    private record Read(List<MatchRecord> records, boolean damaged) {
    }

    private static Read readRepairing(Path path) throws IOException {
        String text = Files.readString(path, StandardCharsets.UTF_8);
        boolean damaged = false;
        if (!text.isEmpty() && !text.endsWith("\n")) {
            // A torn last line, from a run killed while writing it.
            text = text.substring(0, text.lastIndexOf('\n') + 1);
            damaged = true;
        }
        Map<Integer, List<CSVRecord>> byMatch = new TreeMap<>();
        try (Reader reader = new java.io.StringReader(text)) {
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
                byMatch.computeIfAbsent(parseInt(path, row, "match"), k -> new ArrayList<>()).add(row);
            }
        }
        List<MatchRecord> records = new ArrayList<>();
        for (List<CSVRecord> rows : byMatch.values()) {
            MatchRecord record = record(path, rows);
            if (record == null) {
                damaged = true;
            } else {
                records.add(record);
            }
        }
        return new Read(List.copyOf(records), damaged);
    }

    /** The record of one match's rows, or null when rows are missing or repeated. */
    private static MatchRecord record(Path path, List<CSVRecord> rows) {
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
            seats[seat] = new SeatResult(row.get("bot"), parseInt(path, row, "rank"),
                    Double.parseDouble(row.get("score")),
                    termination.isFault() ? termination : TerminationReason.NORMAL,
                    Long.parseLong(row.get("time_ms")));
        }
        TerminationReason termination = TerminationReason.NORMAL;
        for (int seat = 0; seat < players && termination == TerminationReason.NORMAL; seat++) {
            termination = rowTerminations[seat];
        }
        return new MatchRecord(first.get("tournament"), parseInt(path, first, "round"), parseInt(path, first, "match"),
                first.get("game"), first.get("variant"), List.of(seats), termination, parseInt(path, first, "moves"),
                Long.parseLong(first.get("seed")));
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
