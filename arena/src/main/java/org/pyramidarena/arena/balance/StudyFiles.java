package org.pyramidarena.arena.balance;

import java.io.IOException;
import java.io.StringReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;
import org.pyramidarena.tournaments.io.BalanceCsv;

/**
 * The CSV files of a balance study, written with Commons CSV.
 *
 * <ul>
 * <li>{@code metrics.csv}: one row per setup, bot and metric: {@code game, variant, players, bot,
 *     metric, value, low, high, unit, games, note}; {@code low} and {@code high} are the 95%
 *     bootstrap interval; an undefined figure is empty, and {@code note} says why (or names the
 *     proxy a game's running score is).</li>
 * <li>{@code comparisons.csv}: one row per bot and two setups: {@code bot, game_a, variant_a,
 *     players_a, game_b, variant_b, players_b, metric, difference, low, high, p_value}.</li>
 * <li>{@code balance.csv} of a study of several setups or bots: {@code bot} and then the columns of
 *     a single run's balance.csv ({@link BalanceCsv}), every cell's rows one after another.</li>
 * </ul>
 * Numbers are written with fixed decimals, so the same study writes the same bytes.
 */
public final class StudyFiles {
    /** The metrics file. */
    public static final String METRICS_FILE = "metrics.csv";
    /** The comparisons file. */
    public static final String COMPARISONS_FILE = "comparisons.csv";
    /** The metrics file's columns. */
    public static final List<String> METRICS_HEADER = List.of("game", "variant", "players", "bot", "metric", "value",
            "low", "high", "unit", "games", "note");
    /** The comparisons file's columns. */
    public static final List<String> COMPARISONS_HEADER = List.of("bot", "game_a", "variant_a", "players_a",
            "game_b", "variant_b", "players_b", "metric", "difference", "low", "high", "p_value");

    private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setRecordSeparator("\n").build();

    private StudyFiles() {
    }

    /** Writes metrics.csv. */
    public static void writeMetrics(StudyResult study, Appendable out) throws IOException {
        CSVPrinter printer = new CSVPrinter(out, FORMAT);
        printer.printRecord(METRICS_HEADER);
        for (StudyResult.Cell cell : study.cells()) {
            for (Metrics.Estimate estimate : cell.metrics().estimates()) {
                printer.printRecord(cell.setup().game(), cell.setup().variant(), cell.setup().players(), cell.bot(),
                        estimate.metric(), number(estimate.value()), number(estimate.low()), number(estimate.high()),
                        estimate.unit(), estimate.games(), estimate.note());
            }
        }
        printer.flush();
    }

    /** Writes comparisons.csv. */
    public static void writeComparisons(StudyResult study, Appendable out) throws IOException {
        CSVPrinter printer = new CSVPrinter(out, FORMAT);
        printer.printRecord(COMPARISONS_HEADER);
        for (Comparison comparison : study.comparisons()) {
            printer.printRecord(comparison.bot(), comparison.first().game(), comparison.first().variant(),
                    comparison.first().players(), comparison.second().game(), comparison.second().variant(),
                    comparison.second().players(), Metric.FIRST_SEAT_ADVANTAGE.label(),
                    number(comparison.difference()), number(comparison.low()), number(comparison.high()),
                    pValue(comparison.pValue()));
        }
        printer.flush();
    }

    /** Writes the balance.csv of several cells: a {@code bot} column, then each cell's balance rows. */
    public static void writeBalance(StudyResult study, Appendable out) throws IOException {
        CSVPrinter printer = new CSVPrinter(out, FORMAT);
        List<String> header = new ArrayList<>();
        header.add("bot");
        header.addAll(BalanceCsv.HEADER);
        printer.printRecord(header);
        for (StudyResult.Cell cell : study.cells()) {
            StringBuilder text = new StringBuilder();
            BalanceCsv.write(cell.balance(), text);
            try (CSVParser rows = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build()
                    .parse(new StringReader(text.toString()))) {
                for (CSVRecord row : rows) {
                    List<String> values = new ArrayList<>();
                    values.add(cell.bot());
                    row.forEach(values::add);
                    printer.printRecord(values);
                }
            }
        }
        printer.flush();
    }

    /** Writes a study's files into a folder: metrics.csv and comparisons.csv, and balance.csv when asked. */
    public static void write(StudyResult study, Path folder, boolean withBalance) throws IOException {
        try (Writer writer = Files.newBufferedWriter(folder.resolve(METRICS_FILE), StandardCharsets.UTF_8)) {
            writeMetrics(study, writer);
        }
        try (Writer writer = Files.newBufferedWriter(folder.resolve(COMPARISONS_FILE), StandardCharsets.UTF_8)) {
            writeComparisons(study, writer);
        }
        if (withBalance) {
            try (Writer writer = Files.newBufferedWriter(folder.resolve("balance.csv"), StandardCharsets.UTF_8)) {
                writeBalance(study, writer);
            }
        }
    }

    /** A figure with 6 decimals, never "-0.000000"; empty when undefined. */
    static String number(double value) {
        if (!Double.isFinite(value)) {
            return "";
        }
        String text = String.format(Locale.ROOT, "%.6f", value);
        return text.equals("-0.000000") ? "0.000000" : text;
    }

    private static String pValue(double p) {
        return Double.isNaN(p) ? "" : String.format(Locale.ROOT, "%.6g", p);
    }
}
