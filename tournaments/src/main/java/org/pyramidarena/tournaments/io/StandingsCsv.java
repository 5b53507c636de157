package org.pyramidarena.tournaments.io;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;
import org.pyramidarena.tournaments.ratings.Rating;
import org.pyramidarena.tournaments.ratings.RatingTable;
import org.pyramidarena.tournaments.ratings.Standings;

/**
 * Writes and reads Elo standings: {@code standings.csv} (the pooled table first, with game "all",
 * then one table per game) and the plain-text tables for the terminal.
 */
public final class StandingsCsv {
    /** The columns, in file order. Elo and error in Elo points, shares in percent; a missing error is empty. */
    public static final List<String> HEADER = List.of("game", "rank", "bot", "elo", "error", "games", "score_pct",
            "draws_pct");

    private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setRecordSeparator("\n").build();

    private StandingsCsv() {
    }

    /**
     * Writes the CSV text, header first.
     *
     * @param standings the standings
     * @param out where to write; not closed
     * @throws IOException when writing fails
     */
    public static void write(Standings standings, Appendable out) throws IOException {
        CSVPrinter printer = new CSVPrinter(out, FORMAT);
        printer.printRecord(HEADER);
        for (RatingTable table : standings.tables()) {
            for (Rating rating : table.ratings()) {
                printer.printRecord(table.label(), rating.rank(), rating.bot(), Numbers.fixed(rating.elo(), 2),
                        Numbers.fixed(rating.error(), 2), rating.games(), Numbers.fixed(rating.scorePercent(), 2),
                        Numbers.fixed(rating.drawPercent(), 2));
            }
        }
        printer.flush();
    }

    /**
     * Writes {@code standings.csv}, replacing the file.
     *
     * @param standings the standings
     * @param file the file to write
     * @throws UncheckedIOException when writing fails
     */
    public static void write(Standings standings, Path file) {
        try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            write(standings, writer);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Reads {@code standings.csv} as {@link #write} wrote it.
     *
     * @param file the file
     * @return each table's ratings by its label (the game column: {@code all}, then game ids), in file order;
     *     a missing error or share is NaN
     * @throws IllegalArgumentException with the line when the file is not standings
     * @throws IOException when it cannot be read
     */
    public static Map<String, List<Rating>> read(Path file) throws IOException {
        Map<String, List<Rating>> tables = new LinkedHashMap<>();
        CSVFormat format = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true)
                .setIgnoreEmptyLines(true).setTrim(true).build();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8); CSVParser parser = format.parse(in)) {
            if (!parser.getHeaderNames().containsAll(HEADER)) {
                throw new IllegalArgumentException(file + ": line 1 is not the standings header ("
                        + String.join(",", HEADER) + ")");
            }
            for (CSVRecord row : parser) {
                String where = file + ": line " + parser.getCurrentLineNumber() + ": ";
                try {
                    tables.computeIfAbsent(row.get("game"), g -> new ArrayList<>()).add(new Rating(
                            Integer.parseInt(row.get("rank")), row.get("bot"), number(row.get("elo")),
                            number(row.get("error")), Long.parseLong(row.get("games")), number(row.get("score_pct")),
                            number(row.get("draws_pct"))));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(where + "not a number (" + e.getMessage() + ")");
                }
            }
        } catch (IllegalStateException | UncheckedIOException e) {
            throw new IllegalArgumentException(file + ": not valid CSV (" + e.getMessage() + ")");
        }
        return tables;
    }

    /** A number of standings.csv; empty is missing (NaN). */
    private static double number(String text) {
        return text.isEmpty() ? Double.NaN : Double.parseDouble(text);
    }

    /**
     * The table for the terminal: a title line, then rank, bot, Elo, error, games, score % and draws %,
     * then the first-seat advantage when fitted and a note when virtual draws were needed.
     *
     * @param table one table of the standings
     * @return lines ending in a newline
     */
    public static String format(RatingTable table) {
        StringBuilder text = new StringBuilder();
        text.append(String.format(Locale.ROOT, "Standings: %s (errors: %.0f%% bootstrap, %d samples)%n",
                table.label(), 100 * table.confidence(), table.bootstrapSamples()));
        TextTable rows = new TextTable(List.of("Rank", "Bot", "Elo", "±", "Games", "Score%", "Draws%"),
                true, false, true, true, true, true, true);
        for (Rating rating : table.ratings()) {
            rows.add(List.of(Integer.toString(rating.rank()), rating.bot(), Numbers.shown(rating.elo(), 1),
                    Numbers.shown(rating.error(), 1), Long.toString(rating.games()),
                    Numbers.shown(rating.scorePercent(), 1), Numbers.shown(rating.drawPercent(), 1)));
        }
        text.append(rows.render());
        if (!Double.isNaN(table.firstSeatAdvantage())) {
            text.append("First-seat advantage: ").append(Numbers.shown(table.firstSeatAdvantage(), 1))
                    .append(" ± ").append(Numbers.shown(table.firstSeatAdvantageError(), 1)).append(" Elo\n");
        }
        if (table.virtualDrawsAdded()) {
            text.append("Note: some bot or group won or lost every game against the rest; virtual draws were "
                    + "added to every pair so the ratings stay finite.\n");
        }
        return text.toString();
    }

    /**
     * The likelihood-of-superiority matrix for the terminal, in percent, rows and columns in rating
     * order, limited to the top {@code maxBots} bots.
     *
     * @param table one table of the standings
     * @param maxBots the largest number of rows and columns to show
     * @return lines ending in a newline
     */
    public static String formatLikelihoodOfSuperiority(RatingTable table, int maxBots) {
        int n = Math.min(maxBots, table.ratings().size());
        List<String> headers = new ArrayList<>();
        headers.add("LOS%");
        boolean[] right = new boolean[n + 1];
        for (int b = 0; b < n; b++) {
            headers.add(table.ratings().get(b).bot());
            right[b + 1] = true;
        }
        TextTable matrix = new TextTable(headers, right);
        for (int a = 0; a < n; a++) {
            List<String> row = new ArrayList<>();
            row.add(table.ratings().get(a).bot());
            for (int b = 0; b < n; b++) {
                row.add(a == b ? "" : Numbers.shown(100 * table.likelihoodOfSuperiority(a, b), 0));
            }
            matrix.add(row);
        }
        return matrix.render();
    }
}
