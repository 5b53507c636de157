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
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.tournaments.io.BalanceCsv;

/**
 * The CSV files of a balance study, written with Commons CSV.
 *
 * <ul>
 * <li>{@code metrics.csv}: one row per setup, bot and metric: {@code game, variant, players, bot,
 *     metric, value, low, high, unit, games, note}; {@code variant} carries the parameters given
 *     ({@code standard?komi=2.5}); {@code low} and {@code high} are the 95% interval; an undefined
 *     figure is empty, and {@code note} says why (or names the proxy a game's running score is).</li>
 * <li>{@code comparisons.csv}: one row per bot and two setups compared: {@code bot, game_a,
 *     variant_a, players_a, game_b, variant_b, players_b, metric, difference, low, high, p_value,
 *     p_holm, paired, games_a, games_b, note}; {@code p_holm} is adjusted by Holm's method over
 *     every row.</li>
 * <li>{@code fair.csv} (a sweep or a search for a fair value): {@code kind, game, variant, players,
 *     parameter, bot, value, low, high, p_value, p_holm, games, evaluated, fitted, note}: a row of
 *     kind {@code fair} per base setup and bot, the parameter's value where the starter's advantage
 *     is 0 with its interval, the games played at each value and the values played and fitted
 *     (space-separated); a row of kind {@code difference} per two bots, the first's fair value
 *     minus the second's ({@code bot} is {@code A - B}), with its p-value and Holm's.</li>
 * <li>{@code balance.csv} of a study of several setups or bots: {@code bot} and then the columns of
 *     a single run's balance.csv ({@link BalanceCsv}), every cell's rows one after another.</li>
 * </ul>
 * Numbers are written with fixed decimals, so the same study writes the same bytes.
 */
public final class StudyFiles {
    /** The fair values' file's columns. */
    public static final List<String> FAIR_HEADER = List.of("kind", "game", "variant", "players", "parameter", "bot",
            "value", "low", "high", "p_value", "p_holm", "games", "evaluated", "fitted", "note");
    /** The metrics file's columns. */
    public static final List<String> METRICS_HEADER = List.of("game", "variant", "players", "bot", "metric", "value",
            "low", "high", "unit", "games", "note");
    /** The comparisons file's columns. */
    public static final List<String> COMPARISONS_HEADER = List.of("bot", "game_a", "variant_a", "players_a",
            "game_b", "variant_b", "players_b", "metric", "difference", "low", "high", "p_value", "p_holm", "paired",
            "games_a", "games_b", "note");

    private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setRecordSeparator("\n").build();

    private StudyFiles() {
    }

    /** Writes metrics.csv. */
    public static void writeMetrics(StudyResult study, Appendable out) throws IOException {
        CSVPrinter printer = new CSVPrinter(out, FORMAT);
        printer.printRecord(METRICS_HEADER);
        for (StudyResult.Cell cell : study.cells()) {
            for (Metrics.Estimate estimate : cell.metrics().estimates()) {
                printer.printRecord(cell.setup().game(), cell.setup().variantNotation(), cell.setup().players(), cell.bot(),
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
            printer.printRecord(comparison.bot(), comparison.first().game(), comparison.first().variantNotation(),
                    comparison.first().players(), comparison.second().game(), comparison.second().variantNotation(),
                    comparison.second().players(), comparison.metric(), number(comparison.difference()),
                    number(comparison.low()), number(comparison.high()), pValue(comparison.pValue()),
                    pValue(comparison.pHolm()), comparison.paired(), comparison.gamesFirst(), comparison.gamesSecond(),
                    comparison.note());
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

    /** Writes fair.csv: each base setup's fair value for each bot, then the bots' differences. */
    public static void writeFair(List<FairSearch.Result> results, Appendable out) throws IOException {
        CSVPrinter printer = new CSVPrinter(out, FORMAT);
        printer.printRecord(FAIR_HEADER);
        for (FairSearch.Result result : results) {
            for (FairSearch.Answer a : result.answers()) {
                printer.printRecord("fair", a.base().game(), a.base().variantNotation(), a.base().players(),
                        a.parameter(), a.bot(), number(a.value()), number(a.low()), number(a.high()), "", "", a.games(),
                        values(a.evaluated()), values(a.fitted()), a.note());
            }
            FairSearch.Answer any = result.answers().get(0);
            for (FairSearch.Stability d : result.differences()) {
                printer.printRecord("difference", any.base().game(), any.base().variantNotation(),
                        any.base().players(), any.parameter(), d.first() + " - " + d.second(), number(d.difference()),
                        number(d.low()), number(d.high()), pValue(d.pValue()), pValue(d.pHolm()), any.games(), "", "",
                        "");
            }
        }
        printer.flush();
    }

    private static String values(List<Double> values) {
        return String.join(" ", values.stream().map(org.pyramidarena.api.Parameter::format).toList());
    }

    /**
     * Writes a study's files into a folder: metrics.csv and comparisons.csv, fair.csv when a
     * parameter was swept or searched, and balance.csv when asked.
     */
    public static void write(StudyResult study, List<FairSearch.Result> fair, Path folder, boolean withBalance)
            throws IOException {
        try (Writer writer = Files.newBufferedWriter(folder.resolve(RunFolder.METRICS), StandardCharsets.UTF_8)) {
            writeMetrics(study, writer);
        }
        try (Writer writer = Files.newBufferedWriter(folder.resolve(RunFolder.COMPARISONS), StandardCharsets.UTF_8)) {
            writeComparisons(study, writer);
        }
        if (!fair.isEmpty()) {
            try (Writer writer = Files.newBufferedWriter(folder.resolve(RunFolder.FAIR), StandardCharsets.UTF_8)) {
                writeFair(fair, writer);
            }
        }
        if (withBalance) {
            try (Writer writer = Files.newBufferedWriter(folder.resolve(RunFolder.BALANCE), StandardCharsets.UTF_8)) {
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
