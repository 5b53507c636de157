package org.pyramidarena.tournaments.io;

import java.util.ArrayList;
import java.util.List;

/** Aligned plain-text columns for the terminal: text left-aligned, numbers right-aligned. */
final class TextTable {
    private final List<String> headers;
    private final boolean[] rightAligned;
    private final List<List<String>> rows = new ArrayList<>();

    TextTable(List<String> headers, boolean... rightAligned) {
        this.headers = List.copyOf(headers);
        this.rightAligned = rightAligned.clone();
    }

    void add(List<String> row) {
        rows.add(List.copyOf(row));
    }

    String render() {
        int[] widths = new int[headers.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = headers.get(c).length();
            for (List<String> row : rows) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        StringBuilder text = new StringBuilder();
        line(text, headers, widths);
        for (List<String> row : rows) {
            line(text, row, widths);
        }
        return text.toString();
    }

    private void line(StringBuilder text, List<String> cells, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < widths.length; c++) {
            if (c > 0) {
                line.append("  ");
            }
            String cell = cells.get(c);
            String padding = " ".repeat(widths[c] - cell.length());
            line.append(rightAligned[c] ? padding + cell : cell + padding);
        }
        text.append(line.toString().stripTrailing()).append('\n');
    }
}
