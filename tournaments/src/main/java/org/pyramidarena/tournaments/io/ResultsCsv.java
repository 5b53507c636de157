package org.pyramidarena.tournaments.io;

import java.io.Closeable;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.TerminationReason;

/**
 * The {@code results.csv} file: one row per seat of every match, in the columns of {@link #HEADER}.
 * A seat's {@code termination} is its own {@link TerminationReason#label()}; a match's termination is
 * read back as the first non-normal seat label by seat, or {@code normal}, so a writer should mark
 * the faulting seat (and, for the referee's action cap, the seats) with the match's reason.
 */
public final class ResultsCsv {
    /** The columns, in file order. */
    public static final List<String> HEADER = List.of("tournament", "round", "match", "game", "variant", "players",
            "seat", "bot", "rank", "score", "termination", "moves", "time_ms", "cpu_ms", "seed", "opening");

    /**
     * The columns of the files written before the arena had openings ({@link #HEADER} without
     * {@code opening}): still read, and a run that resumes on one rewrites it with the new header.
     */
    public static final List<String> HEADER_WITHOUT_OPENING = HEADER.subList(0, HEADER.size() - 1);

    /** The column of the CPU time, which files written before the arena measured it do not have. */
    private static final String CPU_COLUMN = "cpu_ms";

    /** The column of the opening, which files written before the arena had openings do not have. */
    private static final String OPENING_COLUMN = "opening";

    /**
     * The columns a reader does without: a file without {@code cpu_ms} reads its seats as not
     * measured, one without {@code opening} its matches as played without one.
     */
    private static final List<String> OPTIONAL_COLUMNS = List.of(CPU_COLUMN, OPENING_COLUMN);

    private static final CSVFormat WRITE_FORMAT = CSVFormat.DEFAULT.builder().setRecordSeparator("\n").build();
    private static final CSVFormat READ_FORMAT = CSVFormat.DEFAULT.builder()
            .setHeader().setSkipHeaderRecord(true).setIgnoreEmptyLines(true).setTrim(true).build();

    private ResultsCsv() {
    }

    /**
     * Opens {@code file} for appending match results, creating it with the header if it is missing or
     * empty. When a run resumes on an existing file, its header is checked, and a last line cut short
     * by an interrupted write is removed so the next row starts on a line of its own.
     *
     * @param file the results file
     * @return an appender; close it when the run ends
     * @throws IllegalArgumentException when the existing file does not start with the results header
     * @throws UncheckedIOException when the file cannot be opened
     */
    public static Appender appender(Path file) {
        Objects.requireNonNull(file, "file");
        try {
            boolean fresh = !Files.exists(file) || Files.size(file) == 0;
            if (!fresh) {
                checkHeader(file);
                dropUnfinishedLastLine(file);
            }
            Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND, StandardOpenOption.WRITE);
            CSVPrinter printer = new CSVPrinter(writer, WRITE_FORMAT);
            if (fresh) {
                printer.printRecord(HEADER);
                printer.flush();
            }
            return new Appender(printer);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open " + file + " for appending: " + e.getMessage(), e);
        }
    }

    private static void checkHeader(Path file) throws IOException {
        String firstLine;
        try (var lines = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            firstLine = lines.readLine();
        }
        if (firstLine == null || !firstLine.strip().equals(String.join(",", HEADER))) {
            throw new IllegalArgumentException(file + ": line 1 is not the results header ("
                    + String.join(",", HEADER) + "); refusing to append to another kind of file");
        }
    }

    private static void dropUnfinishedLastLine(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long size = channel.size();
            long end = size;
            java.nio.ByteBuffer one = java.nio.ByteBuffer.allocate(1);
            while (end > 0) {
                one.clear();
                channel.read(one, end - 1);
                if (one.get(0) == '\n') {
                    break;
                }
                end--;
            }
            if (end < size) {
                channel.truncate(end);
            }
        }
    }

    /** Appends the rows of each finished match and flushes them, so an interrupted run loses nothing. */
    public static final class Appender implements Closeable {
        private final CSVPrinter printer;

        private Appender(CSVPrinter printer) {
            this.printer = printer;
        }

        /**
         * Writes one row per seat of {@code record} and flushes.
         *
         * @param record the finished match
         * @throws UncheckedIOException when writing fails
         */
        public synchronized void append(MatchRecord record) {
            try {
                printRows(printer, record);
                printer.flush();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot append results: " + e.getMessage(), e);
            }
        }

        @Override
        public synchronized void close() {
            try {
                printer.close(true);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot close results: " + e.getMessage(), e);
            }
        }
    }

    /**
     * The rows of one match as CSV text, one line per seat, each ending in a newline: what
     * {@link Appender#append} writes.
     *
     * <p>Every text field is formatted by Commons CSV, once per distinct text (a run repeats a few
     * names on every row), and the numbers, which CSV never quotes, are appended as they are: the
     * same text as a {@link CSVPrinter} prints the row, at a fraction of its cost per match, which a
     * run of short games pays a million times.
     */
    public static String rows(MatchRecord record) {
        StringBuilder text = new StringBuilder(96 * record.players());
        for (int seat = 0; seat < record.players(); seat++) {
            SeatResult result = record.seat(seat);
            text.append(FIELDS.first(record.tournament())).append(',').append(record.round()).append(',')
                    .append(record.match()).append(',').append(FIELDS.next(record.game())).append(',')
                    .append(FIELDS.next(record.variant())).append(',').append(record.players()).append(',')
                    .append(seat).append(',').append(FIELDS.next(result.bot())).append(',').append(result.rank())
                    .append(',');
            appendNumber(text, result.score());
            text.append(',').append(FIELDS.next(termination(record, seat).label())).append(',')
                    .append(record.moves()).append(',').append(result.timeMillis()).append(',');
            if (result.cpuMillis() >= 0) {
                text.append(result.cpuMillis());
            }
            text.append(',').append(record.seed()).append(',');
            if (!record.opening().isEmpty()) {
                text.append(FieldTexts.format(record.opening(), false));
            }
            text.append('\n');
        }
        return text.toString();
    }

    /**
     * The rows of one match as {@link #rows} makes them, printed field by field by a {@link
     * CSVPrinter}: the reference the faster {@link #rows} is held to.
     */
    static String printedRows(MatchRecord record) {
        StringBuilder text = new StringBuilder();
        try (CSVPrinter printer = new CSVPrinter(text, WRITE_FORMAT)) {
            printRows(printer, record);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    private static final FieldTexts FIELDS = new FieldTexts();

    /**
     * The CSV text of text fields, formatted by Commons CSV once per distinct value and kept (a
     * bounded number of them: a server that runs tournament after tournament formats the rest
     * afresh). Whether a field is quoted depends on its place only for an empty field, which is
     * quoted first on a line and not elsewhere; the two places are kept apart.
     */
    private static final class FieldTexts {
        private static final int KEPT = 4096;
        private final java.util.concurrent.ConcurrentHashMap<String, String> firsts =
                new java.util.concurrent.ConcurrentHashMap<>();
        private final java.util.concurrent.ConcurrentHashMap<String, String> nexts =
                new java.util.concurrent.ConcurrentHashMap<>();

        /** A field's text first on its line. */
        String first(String value) {
            return text(firsts, value, true);
        }

        /** A field's text after another on its line. */
        String next(String value) {
            return text(nexts, value, false);
        }

        private static String text(Map<String, String> kept, String value, boolean first) {
            String text = kept.get(value);
            if (text == null) {
                text = format(value, first);
                if (kept.size() < KEPT) {
                    kept.put(value, text);
                }
            }
            return text;
        }

        /** The field as a CSVPrinter prints it at that place of a line. */
        private static String format(String value, boolean first) {
            StringBuilder text = new StringBuilder();
            try (CSVPrinter printer = new CSVPrinter(text, WRITE_FORMAT)) {
                if (!first) {
                    printer.print("x");
                }
                int start = text.length();
                printer.print(value);
                return text.substring(first ? start : start + 1);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Appends a score as {@link #formatNumber} writes it. */
    private static void appendNumber(StringBuilder text, double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            text.append((long) value);
        } else {
            text.append(Double.toString(value));
        }
    }

    private static void printRows(CSVPrinter printer, MatchRecord record) throws IOException {
        for (int seat = 0; seat < record.players(); seat++) {
            SeatResult result = record.seat(seat);
            printer.printRecord(record.tournament(), record.round(), record.match(), record.game(),
                    record.variant(), record.players(), seat, result.bot(), result.rank(),
                    formatNumber(result.score()), termination(record, seat).label(), record.moves(),
                    result.timeMillis(), result.cpuMillis() < 0 ? "" : Long.toString(result.cpuMillis()), record.seed(),
                    record.opening());
        }
    }

    /**
     * A row's termination: the seat's own fault when it faulted; otherwise the match's termination
     * when that is no seat's fault (an action limit, say), and {@code normal} when another seat faulted.
     * Reading takes the match's termination from the first row that is not {@code normal}.
     */
    public static TerminationReason termination(MatchRecord record, int seat) {
        TerminationReason own = record.seat(seat).termination();
        if (own != TerminationReason.NORMAL) {
            return own;
        }
        return record.termination().isFault() ? TerminationReason.NORMAL : record.termination();
    }

    /** Integral scores without a trailing ".0"; others exactly as Java prints them, which parses back. */
    static String formatNumber(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        return Double.toString(value);
    }

    /**
     * Reads a results file back into match records, grouping rows by tournament and match, in the
     * order matches first appear.
     *
     * @param file the results file
     * @return the matches
     * @throws IllegalArgumentException with the file, line and problem for any bad input
     */
    public static List<MatchRecord> read(Path file) {
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(reader, file.toString());
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(file + ": no such file");
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot be read (" + e.getMessage() + ")");
        }
    }

    /**
     * Reads results from {@code reader}.
     *
     * @param reader the CSV text, header first
     * @param source the name to put in error messages, e.g. the file name
     * @return the matches, in the order they first appear
     * @throws IllegalArgumentException with the source, line and problem for any bad input
     */
    public static List<MatchRecord> read(Reader reader, String source) {
        Map<String, List<Row>> byMatch = new LinkedHashMap<>();
        try (CSVParser parser = READ_FORMAT.parse(reader)) {
            List<String> columns = parser.getHeaderNames();
            for (String column : HEADER) {
                if (!columns.contains(column) && !OPTIONAL_COLUMNS.contains(column)) {
                    throw new IllegalArgumentException(source + ": line 1: column '" + column
                            + "' is missing; expected the header " + String.join(",", HEADER));
                }
            }
            for (CSVRecord csv : parser) {
                Row row = Row.parse(csv, source);
                byMatch.computeIfAbsent(row.tournament + "\u0000" + row.match, k -> new ArrayList<>()).add(row);
            }
        } catch (IOException | UncheckedIOException | IllegalStateException e) {
            throw new IllegalArgumentException(source + ": not valid CSV (" + e.getMessage() + ")");
        }
        List<MatchRecord> records = new ArrayList<>();
        for (List<Row> rows : byMatch.values()) {
            records.add(toRecord(rows, source));
        }
        return records;
    }

    private static MatchRecord toRecord(List<Row> rows, String source) {
        Row firstRow = rows.get(0);
        int players = firstRow.players;
        SeatResult[] seats = new SeatResult[players];
        for (Row row : rows) {
            String where = source + ": line " + row.line + ": ";
            if (row.players != players || row.round != firstRow.round || !row.game.equals(firstRow.game)
                    || !row.variant.equals(firstRow.variant) || row.moves != firstRow.moves
                    || row.seed != firstRow.seed || !row.opening.equals(firstRow.opening)) {
                throw new IllegalArgumentException(where + "round, game, variant, players, moves, seed or opening differ from line "
                        + firstRow.line + " of the same match " + firstRow.match);
            }
            if (row.seat < 0 || row.seat >= players) {
                throw new IllegalArgumentException(where + "seat " + row.seat + " is outside 0.." + (players - 1));
            }
            if (seats[row.seat] != null) {
                throw new IllegalArgumentException(where + "seat " + row.seat + " of match " + row.match + " appears twice");
            }
            seats[row.seat] = new SeatResult(row.bot, row.rank, row.score,
                    row.termination.isFault() ? row.termination : TerminationReason.NORMAL, row.timeMillis, row.cpuMillis);
        }
        for (int seat = 0; seat < players; seat++) {
            if (seats[seat] == null) {
                throw new IllegalArgumentException(source + ": line " + firstRow.line + ": match " + firstRow.match
                        + " has no row for seat " + seat + " of " + players);
            }
        }
        TerminationReason termination = TerminationReason.NORMAL;
        for (int seat = 0; seat < players && termination == TerminationReason.NORMAL; seat++) {
            for (Row row : rows) {
                if (row.seat == seat && row.termination != TerminationReason.NORMAL) {
                    termination = row.termination;
                }
            }
        }
        return new MatchRecord(firstRow.tournament, firstRow.round, firstRow.match, firstRow.game, firstRow.variant,
                List.of(seats), termination, firstRow.moves, firstRow.seed, firstRow.opening);
    }

    private record Row(long line, String tournament, int round, int match, String game, String variant, int players,
                       int seat, String bot, int rank, double score, TerminationReason termination, int moves,
                       long timeMillis, long cpuMillis, long seed, String opening) {

        static Row parse(CSVRecord csv, String source) {
            long line = csv.getRecordNumber() + 1;
            String where = source + ": line " + line + ": ";
            if (!csv.isConsistent()) {
                throw new IllegalArgumentException(where + "has " + csv.size() + " fields, the header has "
                        + csv.getParser().getHeaderNames().size());
            }
            int players = integer(csv, "players", where);
            if (players < 1) {
                throw new IllegalArgumentException(where + "players is " + players + ", must be at least 1");
            }
            TerminationReason termination;
            try {
                termination = TerminationReason.fromLabel(text(csv, "termination", where));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + "termination '" + csv.get("termination")
                        + "' is not one of " + String.join(", ",
                        Arrays.stream(TerminationReason.values()).map(TerminationReason::label).toList()));
            }
            return new Row(line, text(csv, "tournament", where), integer(csv, "round", where),
                    integer(csv, "match", where), text(csv, "game", where), text(csv, "variant", where), players,
                    integer(csv, "seat", where), text(csv, "bot", where), integer(csv, "rank", where),
                    number(csv, "score", where), termination, integer(csv, "moves", where),
                    longInteger(csv, "time_ms", where), cpuMillis(csv, where), longInteger(csv, "seed", where),
                    csv.isMapped(OPENING_COLUMN) ? csv.get(OPENING_COLUMN) : "");
        }

        /** The CPU column's value; -1 when it is empty (not measured) or absent (a file from before it). */
        private static long cpuMillis(CSVRecord csv, String where) {
            return csv.isMapped(CPU_COLUMN) && !csv.get(CPU_COLUMN).isEmpty()
                    ? longInteger(csv, CPU_COLUMN, where) : -1;
        }

        private static String text(CSVRecord csv, String column, String where) {
            String value = csv.get(column);
            if (value.isEmpty() && !column.equals("tournament")) {
                throw new IllegalArgumentException(where + column + " is empty");
            }
            return value;
        }

        private static int integer(CSVRecord csv, String column, String where) {
            try {
                return Integer.parseInt(csv.get(column));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(where + column + " '" + csv.get(column) + "' is not an integer");
            }
        }

        private static long longInteger(CSVRecord csv, String column, String where) {
            try {
                return Long.parseLong(csv.get(column));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(where + column + " '" + csv.get(column) + "' is not an integer");
            }
        }

        private static double number(CSVRecord csv, String column, String where) {
            try {
                double value = Double.parseDouble(csv.get(column));
                if (!Double.isFinite(value)) {
                    throw new NumberFormatException();
                }
                return value;
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(where + column + " '" + csv.get(column) + "' is not a number");
            }
        }
    }
}
