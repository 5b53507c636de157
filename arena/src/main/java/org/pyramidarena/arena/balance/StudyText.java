package org.pyramidarena.arena.balance;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A study's metrics and comparisons as text tables for the terminal. */
public final class StudyText {

    private StudyText() {
    }

    /**
     * Per bot, the metrics as rows and the setups side by side: each estimate with its 95% interval.
     *
     * @return lines ending in a newline
     */
    public static String metrics(StudyResult study) {
        StringBuilder text = new StringBuilder();
        for (String bot : study.bots()) {
            text.append(String.format(Locale.ROOT, "%nDesign metrics of %s, %d games a setup (95%% bootstrap "
                    + "intervals, %d replicates):%n", bot, study.games(), study.samples()));
            List<List<String>> rows = new ArrayList<>();
            List<String> header = new ArrayList<>();
            header.add("metric");
            study.setups().forEach(s -> header.add(s.label()));
            rows.add(header);
            for (String metric : Metric.names()) {
                List<String> row = new ArrayList<>();
                row.add(metric);
                for (Setup setup : study.setups()) {
                    row.add(study.cell(setup, bot).metrics().get(metric).shown("-"));
                }
                rows.add(row);
            }
            table(rows, text);
        }
        if (!study.comparisons().isEmpty()) {
            text.append(String.format(Locale.ROOT, "%nFirst-seat advantage, setups compared (difference A - B, "
                    + "95%% paired bootstrap interval, p-value):%n"));
            List<List<String>> rows = new ArrayList<>();
            rows.add(List.of("bot", "A", "B", "difference", "95% interval", "p"));
            for (Comparison c : study.comparisons()) {
                rows.add(List.of(c.bot(), c.first().label(), c.second().label(), Metrics.points(c.difference(), "-"),
                        "[" + Metrics.points(c.low(), "-") + ", " + Metrics.points(c.high(), "-") + "]",
                        Double.isNaN(c.pValue()) ? "-" : String.format(Locale.ROOT, "%.3g", c.pValue())));
            }
            table(rows, text);
        }
        return text.toString();
    }

    private static void table(List<List<String>> rows, StringBuilder text) {
        int columns = rows.get(0).size();
        int[] widths = new int[columns];
        for (List<String> row : rows) {
            for (int c = 0; c < columns; c++) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                String cell = row.get(c);
                line.append(c == 0 ? "" : "  ").append(cell).append(" ".repeat(widths[c] - cell.length()));
            }
            text.append(line.toString().stripTrailing()).append('\n');
        }
    }
}
