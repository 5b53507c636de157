package org.pyramidarena.arena.report;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

/**
 * A tournament's report: a self-contained {@code report.html} written into the tournament folder,
 * summarising {@code results.csv} per game and bot (games, wins, mean score), the termination
 * reasons, and linking every replay found under {@code replays/}. Charts and the replay viewer are
 * not built yet.
 */
public final class Report {

    private Report() {
    }

    /**
     * Writes {@code report.html} into the folder.
     *
     * @param folder a tournament folder holding {@code results.csv}
     * @return the page written
     * @throws IOException when the folder cannot be read or written
     * @throws IllegalArgumentException when the folder has no {@code results.csv}
     */
    public static Path write(Path folder) throws IOException {
        Path results = folder.resolve("results.csv");
        if (!Files.isRegularFile(results)) {
            throw new IllegalArgumentException("no results.csv in " + folder);
        }
        Map<String, Map<String, double[]>> byGame = new TreeMap<>();
        Map<String, Integer> terminations = new TreeMap<>();
        try (Reader in = Files.newBufferedReader(results, StandardCharsets.UTF_8)) {
            for (CSVRecord row : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build()
                    .parse(in)) {
                String game = row.get("game") + " " + row.get("variant");
                double[] line = byGame.computeIfAbsent(game, g -> new TreeMap<>())
                        .computeIfAbsent(row.get("bot"), b -> new double[3]);
                line[0]++;
                if ("1".equals(row.get("rank"))) {
                    line[1]++;
                }
                line[2] += Double.parseDouble(row.get("score"));
                terminations.merge(row.get("termination"), 1, Integer::sum);
            }
        }
        StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
                + "<title>Tournament report</title><style>body{font-family:sans-serif}"
                + "table{border-collapse:collapse}td,th{border:1px solid #999;padding:2px 8px}</style>"
                + "</head><body>\n<h1>Tournament report</h1>\n");
        for (Map.Entry<String, Map<String, double[]>> game : byGame.entrySet()) {
            html.append("<h2>").append(escape(game.getKey()))
                    .append("</h2>\n<table><tr><th>bot</th><th>seats played</th>"
                    + "<th>wins</th><th>mean score</th></tr>\n");
            for (Map.Entry<String, double[]> bot : game.getValue().entrySet()) {
                double[] v = bot.getValue();
                html.append("<tr><td>").append(escape(bot.getKey())).append("</td><td>").append((long) v[0])
                        .append("</td><td>").append((long) v[1]).append("</td><td>")
                        .append(String.format(java.util.Locale.ROOT, "%.3f", v[2] / v[0])).append("</td></tr>\n");
            }
            html.append("</table>\n");
        }
        html.append("<h2>Terminations</h2>\n<table><tr><th>termination</th><th>seats</th></tr>\n");
        terminations.forEach((t, n) -> html.append("<tr><td>").append(escape(t)).append("</td><td>").append(n)
                .append("</td></tr>\n"));
        html.append("</table>\n<h2>Replays</h2>\n<ul>\n");
        Path replays = folder.resolve("replays");
        if (Files.isDirectory(replays)) {
            try (Stream<Path> files = Files.list(replays)) {
                List<Path> sorted = files.filter(p -> p.getFileName().toString().contains(".replay.json")).sorted()
                        .toList();
                for (Path p : sorted) {
                    String name = escape(p.getFileName().toString());
                    html.append("<li><a href=\"replays/").append(name).append("\">").append(name)
                            .append("</a></li>\n");
                }
            }
        }
        html.append("</ul>\n</body></html>\n");
        Path page = folder.resolve("report.html");
        Files.writeString(page, html, StandardCharsets.UTF_8);
        return page;
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
