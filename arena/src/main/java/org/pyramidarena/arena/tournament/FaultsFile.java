package org.pyramidarena.arena.tournament;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;
import org.pyramidarena.arena.common.RunFolder;

/**
 * The {@code faults.csv} file of a run: one row per seat that faulted, with the referee's reason
 * and what it saw ({@code timeout}, {@code no move within 200 ms (cpu 212 ms, wall 230 ms)}), so
 * that every forfeit says why, whether or not its match kept a replay. Rows are appended and
 * flushed as each match ends, before the match's results; a match played again after a resume
 * writes its rows again, and {@link #finish} keeps the last of each and sorts them by match and
 * seat.
 */
public final class FaultsFile implements AutoCloseable {

    /** The columns, in file order. */
    public static final List<String> HEADER = List.of("match", "round", "game", "variant", "seat", "bot",
            "termination", "detail");

    private static final CSVFormat WRITE = CSVFormat.DEFAULT.builder().setRecordSeparator("\n").build();
    private static final CSVFormat READ = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true)
            .setIgnoreEmptyLines(true).build();

    /**
     * One seat's fault.
     *
     * @param match the match's index in the schedule
     * @param round its round
     * @param game the game id
     * @param variant the variant
     * @param seat the seat that faulted
     * @param bot the entrant at that seat
     * @param termination the fault's label, e.g. {@code timeout}
     * @param detail what the referee saw, one line
     */
    public record Fault(int match, int round, String game, String variant, int seat, String bot, String termination,
                        String detail) {

        /** The fault as one line, e.g. {@code match 12 (pylon), seat 1 mcts: timeout: no move within 200 ms (...)}. */
        public String line() {
            return "match " + match + " (" + game + (variant.equals("standard") ? "" : "/" + variant) + "), seat "
                    + seat + " " + bot + ": " + termination + (detail.isEmpty() ? "" : ": " + detail);
        }
    }

    private final Path file;
    private final Writer writer;
    private final CSVPrinter printer;

    private FaultsFile(Path file) throws IOException {
        this.file = file;
        dropTornRow(file);
        boolean fresh = !Files.exists(file) || Files.size(file) == 0;
        this.writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
        this.printer = new CSVPrinter(writer, WRITE);
        if (fresh) {
            printer.printRecord(HEADER);
            printer.flush();
        }
    }

    /** Cuts a last row that a killed run left without its newline, so the next row starts a line of its own. */
    private static void dropTornRow(Path file) throws IOException {
        if (!Files.exists(file)) {
            return;
        }
        byte[] bytes = Files.readAllBytes(file);
        int end = bytes.length;
        while (end > 0 && bytes[end - 1] != '\n') {
            end--;
        }
        if (end < bytes.length) {
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
                channel.truncate(end);
            }
        }
    }

    /** Opens a run's faults file for appending, creating it with its header when missing. */
    public static FaultsFile open(Path file) throws IOException {
        return new FaultsFile(file);
    }

    /** Appends a match's faults and flushes them; thread-safe. */
    public synchronized void append(List<Fault> faults) throws IOException {
        for (Fault fault : faults) {
            printer.printRecord(fault.match(), fault.round(), fault.game(), fault.variant(), fault.seat(), fault.bot(),
                    fault.termination(), fault.detail());
        }
        if (!faults.isEmpty()) {
            printer.flush();
        }
    }

    /** Rewrites the file with the last row of each match and seat, sorted by match and seat. */
    public synchronized void finish() throws IOException {
        printer.flush();
        List<Fault> faults = read(file);
        Path temporary = file.resolveSibling("." + RunFolder.FAULTS + ".partial");
        try (Writer out = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8);
             CSVPrinter sorted = new CSVPrinter(out, WRITE)) {
            sorted.printRecord(HEADER);
            for (Fault fault : faults) {
                sorted.printRecord(fault.match(), fault.round(), fault.game(), fault.variant(), fault.seat(),
                        fault.bot(), fault.termination(), fault.detail());
            }
        }
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    @Override
    public synchronized void close() throws IOException {
        printer.close();
    }

    /**
     * The faults of a run folder's file, the last row of each match and seat, by match and seat; none
     * when the run has no such file (a run from before the arena kept one). A torn last row of a
     * killed run is skipped.
     */
    public static List<Fault> read(Path file) {
        if (!Files.exists(file)) {
            return List.of();
        }
        Map<String, Fault> last = new LinkedHashMap<>();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8);
             CSVParser parser = READ.parse(reader)) {
            for (CSVRecord row : parser) {
                if (!row.isConsistent()) {
                    continue;
                }
                try {
                    Fault fault = new Fault(Integer.parseInt(row.get("match")), Integer.parseInt(row.get("round")),
                            row.get("game"), row.get("variant"), Integer.parseInt(row.get("seat")), row.get("bot"),
                            row.get("termination"), row.get("detail"));
                    last.put(fault.match() + "/" + fault.seat(), fault);
                } catch (IllegalArgumentException e) {
                    // A row cut short by a kill: its match is played again on resume.
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (IllegalStateException | UncheckedIOException e) {
            throw new IllegalArgumentException(file + ": not a faults file (" + e.getMessage() + ")");
        }
        List<Fault> faults = new ArrayList<>(last.values());
        faults.sort(Comparator.comparingInt(Fault::match).thenComparingInt(Fault::seat));
        return faults;
    }
}
