package org.pyramidarena.arena.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.pyramidarena.api.Parameter;
import org.pyramidarena.arena.balance.Comparison;
import org.pyramidarena.arena.balance.Metric;
import org.pyramidarena.arena.balance.Metrics;
import org.pyramidarena.arena.balance.Setup;
import org.pyramidarena.arena.balance.StudyFolder;
import org.pyramidarena.arena.balance.StudyText;
import org.pyramidarena.arena.common.ArenaVersion;
import org.pyramidarena.arena.common.RunFolder;

/**
 * A balance study's page: {@code report.html} in the study's folder, made from the files the study
 * wrote ({@link StudyFolder}), so {@code arena report DIR} writes the same page again. It is in the
 * tournament report's style with its inlined Chart.js, so it works offline.
 *
 * <p>It says who starts each game and what every figure means (a glossary), then shows each setup's
 * seat win shares with their Wilson intervals, the starter's and seat 0's advantage against the bots
 * (in the order given, weakest first), the advantage along a swept or searched parameter with its
 * interval band and the fair values found, the setups compared (with Holm's adjusted p-values), the
 * games a setup needs to see an advantage, histograms of the game lengths, the branching factor over
 * the game, how often the leader at each tenth of the game wins, and every metric with its interval
 * and the games it rests on. Charts of several setups are small multiples, one card a setup; every
 * chart can be saved as a PNG image.
 *
 * <p>Stable hooks: sections {@code #glossary}, {@code #seats}, {@code #advantage}, {@code
 * #parameter}, {@code #comparisons}, {@code #power}, {@code #lengths}, {@code #branching}, {@code
 * #leads}, {@code #metrics}; chart containers {@code div.chart} ({@code chart-seats-SETUP}, {@code
 * chart-advantage-SETUP}, {@code chart-parameter-SETUP}, {@code chart-lengths-SETUP}, {@code
 * chart-branching-SETUP}, {@code chart-leads-SETUP}), each followed by an {@code a.export} link saving
 * it as PNG; tables {@code metrics-BOT}, {@code comparisons-table}, {@code fair-table}, {@code
 * power-table}. Once every chart is drawn the body gets {@code data-charts-drawn}.
 */
public final class BalanceReport {

    private static final int HISTOGRAM_BINS = 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final StudyFolder study;
    private final double powerPoints;
    private final StringBuilder html = new StringBuilder(1 << 16);
    private final List<Object> charts = new ArrayList<>();

    private BalanceReport(StudyFolder study, double powerPoints) {
        this.study = study;
        this.powerPoints = powerPoints;
    }

    /**
     * Writes {@code report.html} into a study's folder from its files, replacing an earlier one.
     *
     * @param powerPoints the advantage, in percentage points, the games needed are sized for
     * @return the page written
     */
    public static Path write(Path folder, double powerPoints) throws IOException {
        return write(StudyFolder.read(folder), powerPoints);
    }

    /**
     * Writes {@code report.html} into a study's folder from the folder as read, replacing an earlier one.
     *
     * @param study the study's folder, read
     * @param powerPoints the advantage, in percentage points, the games needed are sized for
     * @return the page written
     */
    public static Path write(StudyFolder study, double powerPoints) throws IOException {
        Path file = study.folder().resolve(RunFolder.REPORT);
        Files.writeString(file, render(study, powerPoints), StandardCharsets.UTF_8);
        return file;
    }

    /** Writes the page with the power line the study's manifest asked for (2 points without one). */
    public static Path write(Path folder) throws IOException {
        StudyFolder study = StudyFolder.read(folder);
        return write(folder, study.manifest() == null ? 2 : study.manifest().plan().power());
    }

    /** The whole page. */
    public static String render(StudyFolder study, double powerPoints) {
        return new BalanceReport(study, powerPoints).page();
    }

    private String page() {
        String title = "Balance study: " + String.join(", ", baseLabels());
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(escape(title)).append("</title>\n<style>\n")
                .append(ChartLibrary.read("/org/pyramidarena/arena/report/report.css"))
                .append("</style>\n</head><body>\n<header><h1>").append(escape(title)).append("</h1>\n");
        summary();
        html.append("<nav><a href=\"#glossary\">Reading this page</a> <a href=\"#seats\">Seat shares</a> "
                + "<a href=\"#advantage\">Starter's advantage</a> ")
                .append(study.fair().isEmpty() ? "" : "<a href=\"#parameter\">Fair " + escape(study.parameter())
                        + "</a> ")
                .append(study.comparisons().isEmpty() ? "" : "<a href=\"#comparisons\">Setups compared</a> ")
                .append("<a href=\"#power\">Games needed</a> <a href=\"#lengths\">Game lengths</a> "
                        + "<a href=\"#branching\">Branching factor</a> <a href=\"#leads\">Lead</a> "
                        + "<a href=\"#metrics\">All metrics</a></nav>\n</header>\n");
        glossary();
        seats();
        advantage();
        parameter();
        comparisons();
        power();
        lengths();
        branching();
        leads();
        metrics();
        html.append("<footer>Written by Pyramid Arena ").append(escape(ArenaVersion.version()))
                .append(" from the study's files; <code>arena report FOLDER</code> writes it again. Charts drawn with "
                        + "Chart.js ").append(escape(ChartLibrary.VERSION))
                .append(" (MIT License), inlined in this page.</footer>\n");
        String data;
        try {
            data = JSON.writeValueAsString(Map.of("charts", charts));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        // The same escapes as the tournament report: the JSON sits inside a script element.
        data = data.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026");
        html.append("<script type=\"application/json\" id=\"report-data\">").append(data).append("</script>\n")
                .append("<script>\n").append(ChartLibrary.script()).append("\n</script>\n")
                .append("<script>\n").append(ChartLibrary.read("/org/pyramidarena/arena/report/report.js"))
                .append("</script>\n</body></html>\n");
        return html.toString();
    }

    /** The setups' labels, a swept or searched parameter's values folded into one "pylon?komi=..." label. */
    private List<String> baseLabels() {
        if (study.fair().isEmpty()) {
            return study.setups().stream().map(Setup::label).toList();
        }
        Set<String> labels = new LinkedHashSet<>();
        study.fair().forEach(row -> labels.add(row.base().label() + " (" + row.parameter() + " varied)"));
        return List.copyOf(labels);
    }

    private void summary() {
        Set<Long> counts = new LinkedHashSet<>();
        study.cells().forEach(c -> counts.add(c.games()));
        long total = study.cells().stream().mapToLong(StudyFolder.CellData::games).sum();
        String bootstrap = study.manifest() == null ? "" : study.manifest().plan().bootstrap() + " replicates, ";
        html.append("<p class=\"summary\" id=\"summary\">")
                .append(counts.size() == 1 ? counts.iterator().next() + " games" : "from "
                        + counts.stream().min(Long::compare).orElse(0L) + " to "
                        + counts.stream().max(Long::compare).orElse(0L) + " games")
                .append(" for each setup and bot (").append(study.cells().size()).append(study.cells().size() == 1
                        ? " cell" : " cells").append(", ").append(total).append(" games in all; bots ")
                .append(escape(String.join(", ", study.bots()))).append(", each against copies of itself in every "
                        + "seat, the seats rotated on each deal). Setups of one game and player count play the same "
                        + "deals; other setups play their own. Intervals: Wilson 95% for seat shares; 95% bootstrap (")
                .append(bootstrap).append("each setup resampled in blocks of its own seat rotation) for the rest. "
                        + "No interval rests on fewer than ").append(Metrics.MINIMUM_GAMES).append(" games.")
                .append(study.manifest() == null ? "" : " Seed " + escape(study.manifest().plan().seed())
                        + "; study.json holds every setting, and <code>balance --config study.json</code> plays it "
                        + "again.")
                .append("</p>\n<ul class=\"note\" id=\"starters\">");
        Set<String> games = new LinkedHashSet<>();
        study.setups().forEach(s -> games.add(s.game()));
        for (String game : games) {
            html.append("<li><b>").append(escape(game)).append("</b>: ").append(escape(StudyText.starterRule(game)))
                    .append("</li>");
        }
        html.append("</ul>\n");
    }

    private void glossary() {
        html.append("<section id=\"glossary\"><h2>Reading this page</h2>\n<dl class=\"glossary\">\n");
        term("Setup", "a game, its number of players, a rule variant and any design parameters given (pylon?komi=2.5).");
        term("Starter", "the player who acts first in the game (in a game of rounds, in its first round), "
                + "whichever seat that is: the game's own rule, above, decides.");
        term("Starter's advantage", "the starter's mean score against each other player (1 for ranking better, "
                + "1/2 for a tie, 0 for worse) minus 1/2. 0 is fair; +5 points means the starter scores 55% against "
                + "each other player. The first-seat advantage is the same for seat 0, who is not always the starter.");
        term("Interval", "a 95% interval: the range of values the data leave plausible. An interval that holds 0 "
                + "finds no advantage; a wide one says to play more games. A dash in its place: fewer than "
                + Metrics.MINIMUM_GAMES + " games, too few for one.");
        term("Games (n)", "how many games a figure rests on, shown beside it: all the setup's games, or fewer for "
                + "figures that count only some (games with a sole winner, say).");
        term("p and Holm", "p is the chance of a difference at least this large if there were none, read from "
                + "the same bootstrap as the interval, so p is below 0.05 exactly when the 95% interval leaves 0 "
                + "out. Many comparisons find something by chance: Holm's p is adjusted for how many were made, "
                + "and a difference is 'found' only when it is below 0.05.");
        term("Fair value", "the value of a design parameter (a komi, a handicap) at which the starter's advantage "
                + "is 0, found for each bot from a line fitted through the measured advantage around the crossing; "
                + "'stable across strengths' when no two bots' fair values differ.");
        term("Games needed", "how many games a setup needs to find a starter's advantage of the size named with "
                + "95% confidence and 80% power, from its draw rate.");
        for (Metric metric : Metric.values()) {
            term(metric.label(), Metric.describe(metric.label()));
        }
        term(Metric.BRANCHING_CURVE + "10 .. 100", "legal moves per decision in each tenth of the game (the point at "
                + "30 covers the decisions from 20% to 30% of each game): the curve of choice over a game");
        term(Metric.LEADER_CURVE + "10 .. 100", "over games with a sole winner and a sole leader after that tenth of the "
                + "game: how often the leader wins; near 1 early, the game is decided early; near 1/N late, the lead "
                + "means little");
        html.append("</dl></section>\n");
    }

    private void term(String name, String definition) {
        html.append("<dt>").append(escape(name)).append("</dt><dd>").append(escape(definition)).append("</dd>\n");
    }

    private void seats() {
        html.append("<section id=\"seats\"><h2>Seat shares</h2>\n<p class=\"note\">Each seat's share of the wins (a "
                + "shared first place split between its seats) with its 95% Wilson interval, for each bot; the dashed "
                + "line is the fair share. Seat numbers are not turn order where the game decides who starts.</p>\n"
                + "<div class=\"cards\">\n");
        for (Setup setup : study.setups()) {
            List<String> labels = new ArrayList<>();
            for (int seat = 0; seat < setup.players(); seat++) {
                labels.add("seat " + seat);
            }
            List<Charts.IntervalSeries> series = new ArrayList<>();
            for (String bot : study.bots()) {
                Optional<StudyFolder.CellData> cell = study.find(setup, bot);
                if (cell.isEmpty() || cell.get().seats().isEmpty()) {
                    continue;
                }
                List<Double> share = new ArrayList<>();
                List<Double> low = new ArrayList<>();
                List<Double> high = new ArrayList<>();
                for (StudyFolder.SeatRow seat : cell.get().seats()) {
                    share.add(finite(seat.winShare()));
                    low.add(finite(seat.low()));
                    high.add(finite(seat.high()));
                }
                series.add(new Charts.IntervalSeries(bot + " (" + cell.get().games() + " games)", share, low, high));
            }
            card(setup.label());
            chart(new Charts.SeriesChart("chart-seats-" + setup.slug(), "series", "Win share by seat: " + setup.label(),
                    "seat", "win share (95% Wilson interval)", true, false, labels, series, 1.0 / setup.players(),
                    "fair share"), 280);
            html.append("</div>\n");
        }
        html.append("</div></section>\n");
    }

    private void advantage() {
        html.append("<section id=\"advantage\"><h2>Starter's advantage against bot strength</h2>\n<p class=\"note\">"
                + "For each setup, the starter's and seat 0's mean score against each other seat minus 1/2, with "
                + "their 95% bootstrap intervals, for each bot in the order given (weakest first). Above 0 the first "
                + "player (or seat 0) is favoured; does the advantage grow or vanish as the players get better? In "
                + "games where seat 0 always starts the two are the same.</p>\n<div class=\"cards\">\n");
        for (Setup setup : study.setups()) {
            List<String> bots = study.bots().stream().filter(b -> study.find(setup, b).isPresent()).toList();
            List<Charts.IntervalSeries> series = new ArrayList<>();
            for (Metric metric : List.of(Metric.STARTER_ADVANTAGE, Metric.FIRST_SEAT_ADVANTAGE)) {
                List<Double> value = new ArrayList<>();
                List<Double> low = new ArrayList<>();
                List<Double> high = new ArrayList<>();
                for (String bot : bots) {
                    Metrics.Estimate estimate = study.find(setup, bot).orElseThrow().get(metric);
                    value.add(finite(estimate.value()));
                    low.add(finite(estimate.low()));
                    high.add(finite(estimate.high()));
                }
                series.add(new Charts.IntervalSeries(metric == Metric.STARTER_ADVANTAGE ? "starter" : "seat 0", value,
                        low, high));
            }
            List<String> labels = bots.stream().map(b -> b + " (" + study.find(setup, b).orElseThrow().games() + ")")
                    .toList();
            card(setup.label());
            chart(new Charts.SeriesChart("chart-advantage-" + setup.slug(), "series", "Advantage by bot: "
                    + setup.label(), "bot (games)", "score - 1/2 (95% interval)", true, true, labels, series, 0.0,
                    "no advantage"), 300);
            html.append("</div>\n");
        }
        html.append("</div></section>\n");
    }

    private void parameter() {
        if (study.fair().isEmpty()) {
            return;
        }
        String name = study.parameter();
        html.append("<section id=\"parameter\"><h2>Starter's advantage along ").append(escape(name)).append("</h2>\n"
                + "<p class=\"note\">The starter's advantage at each value of ").append(escape(name)).append(" played, "
                + "with its 95% bootstrap interval as a band, for each bot; on the dashed line at 0 each bot's fair "
                + "value with its interval: where a line fitted through the values around the crossing meets 0.</p>\n"
                + "<div class=\"cards\">\n");
        Set<Setup> bases = new LinkedHashSet<>();
        study.fair().forEach(r -> bases.add(r.base()));
        for (Setup base : bases) {
            // The whole range, and around the crossings: the values fitted, with half their span either side.
            double low = Double.POSITIVE_INFINITY;
            double high = Double.NEGATIVE_INFINITY;
            for (StudyFolder.FairRow row : study.fair()) {
                if (row.kind().equals("fair") && row.base().equals(base) && !row.fitted().isBlank()) {
                    for (String value : row.fitted().split(" ")) {
                        low = Math.min(low, Double.parseDouble(value));
                        high = Math.max(high, Double.parseDouble(value));
                    }
                }
            }
            html.append("<div class=\"card wide\"><h3>").append(escape(base.label())).append("</h3>\n");
            curve(base, name, "chart-parameter-" + base.slug(), "Starter's advantage along " + name + ": "
                    + base.label(), Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
            if (low < high) {
                double margin = (high - low) / 2;
                curve(base, name, "chart-crossing-" + base.slug(), "Around the crossing: " + base.label(),
                        low - margin, high + margin);
            }
            html.append("</div>\n");
        }
        html.append("</div>\n<table id=\"fair-table\"><thead><tr><th>setup</th><th>bot</th><th>fair ")
                .append(escape(name)).append(" [95% interval]</th><th>games a value</th><th>values played</th>"
                        + "<th>note</th></tr></thead><tbody>\n");
        for (StudyFolder.FairRow row : study.fair()) {
            if (row.kind().equals("fair")) {
                html.append("<tr><td class=\"bot\">").append(escape(row.base().label())).append("</td><td class=\"bot\">")
                        .append(escape(row.bot())).append("</td><td>").append(escape(StudyText.fairValue(row, "\u2013")))
                        .append("</td><td>").append(row.games()).append("</td><td class=\"bot\">")
                        .append(escape(row.evaluated())).append("</td><td class=\"bot\">").append(escape(row.note()))
                        .append("</td></tr>\n");
            }
        }
        html.append("</tbody></table>\n<p class=\"note\" id=\"fair-verdict\">").append(escape(StudyText.verdict(study)))
                .append("</p></section>\n");
    }

    /** The advantage along the parameter for each bot, the values from {@code from} to {@code to} only. */
    private void curve(Setup base, String name, String id, String title, double from, double to) {
        List<Charts.CurveSeries> series = new ArrayList<>();
        List<Charts.Marker> markers = new ArrayList<>();
        for (String bot : study.bots()) {
            List<StudyFolder.CellData> points = study.cells().stream().filter(c -> c.bot().equals(bot)
                    && sameBase(c.setup(), base, name) && c.setup().parameters().get(name) >= from
                    && c.setup().parameters().get(name) <= to).sorted(java.util.Comparator.comparingDouble(
                            c -> c.setup().parameters().get(name))).toList();
            if (points.isEmpty()) {
                continue;
            }
            List<Double> x = new ArrayList<>();
            List<Double> value = new ArrayList<>();
            List<Double> low = new ArrayList<>();
            List<Double> high = new ArrayList<>();
            for (StudyFolder.CellData point : points) {
                Metrics.Estimate estimate = point.get(Metric.STARTER_ADVANTAGE);
                x.add(point.setup().parameters().get(name));
                value.add(finite(estimate.value()));
                low.add(finite(estimate.low()));
                high.add(finite(estimate.high()));
            }
            series.add(new Charts.CurveSeries(bot, x, value, low, high));
            study.fair().stream().filter(r -> r.kind().equals("fair") && r.base().equals(base) && r.bot().equals(bot)
                    && Double.isFinite(r.value())).findFirst().ifPresent(r -> markers.add(new Charts.Marker(
                            "fair " + name + ", " + bot, r.value(), finite(r.low()), finite(r.high()))));
        }
        chart(new Charts.CurveChart(id, "curve", title, name, "starter's score - 1/2 (95% band)", true, series, 0,
                "no advantage", markers), 340);
    }

    private static boolean sameBase(Setup setup, Setup base, String parameter) {
        Map<String, Double> others = new java.util.TreeMap<>(setup.parameters());
        others.remove(parameter);
        return setup.game().equals(base.game()) && setup.players() == base.players()
                && setup.variant().equals(base.variant()) && others.equals(base.parameters())
                && setup.parameters().containsKey(parameter);
    }

    private void comparisons() {
        if (study.comparisons().isEmpty()) {
            return;
        }
        long tests = study.comparisons().stream().filter(c -> !Double.isNaN(c.pValue())).count();
        html.append("<section id=\"comparisons\"><h2>Setups compared</h2>\n<p class=\"note\">For each bot and two "
                + "setups A and B of one game (of any two games only when the study asked for it): A's starter's "
                + "advantage minus B's, in percentage points, with the 95% interval of the bootstrap (paired where "
                + "the two play the same deals) and the p-value read from the same replicates; Holm's p is adjusted "
                + "over the ").append(tests).append(" tests of this table, and 'found' marks a Holm p below 0.05. "
                + "Games: those behind A's and B's figures.</p>\n<table id=\"comparisons-table\"><thead><tr>"
                + "<th>bot</th><th>A</th><th>B</th><th>difference</th><th>95% interval</th><th>p</th><th>p (Holm, ")
                .append(tests).append(" tests)</th><th></th><th>games</th><th>deals</th></tr></thead><tbody>\n");
        for (Comparison c : study.comparisons()) {
            boolean tested = !Double.isNaN(c.pValue());
            html.append("<tr><td class=\"bot\">").append(escape(c.bot())).append("</td><td class=\"bot\">")
                    .append(escape(c.first().label())).append("</td><td class=\"bot\">")
                    .append(escape(c.second().label())).append("</td><td>").append(points(c.difference()))
                    .append("</td><td>").append(tested ? points(c.low()) + " &ndash; " + points(c.high())
                            : "&ndash; <small>" + escape(c.note()) + "</small>")
                    .append("</td><td>").append(escape(StudyText.p(c.pValue(), study, "\u2013"))).append("</td><td>")
                    .append(escape(StudyText.p(c.pHolm(), study, "\u2013"))).append("</td><td>").append(tested && c.found() ? "found" : "")
                    .append("</td><td>").append(c.gamesFirst()).append(" / ").append(c.gamesSecond())
                    .append("</td><td class=\"bot\">").append(c.paired() ? "paired" : "independent")
                    .append("</td></tr>\n");
        }
        html.append("</tbody></table></section>\n");
    }

    private void power() {
        html.append("<section id=\"power\"><h2>Games needed</h2>\n<p class=\"note\">How many games a setup needs to "
                + "find a starter's advantage of ").append(escape(Parameter.format(powerPoints))).append(" points with "
                + "95% confidence and 80% power, from its draw rate (exact for two players, on the safe side for "
                + "more), beside the games it played.</p>\n<table id=\"power-table\"><thead><tr><th>setup</th>");
        for (String bot : study.bots()) {
            html.append("<th>").append(escape(bot)).append("</th>");
        }
        html.append("</tr></thead><tbody>\n");
        for (Setup setup : study.setups()) {
            html.append("<tr><td class=\"bot\">").append(escape(setup.label())).append("</td>");
            for (String bot : study.bots()) {
                html.append("<td>").append(escape(study.find(setup, bot).map(c -> StudyText.gamesNeeded(c, powerPoints)
                        + " (played " + c.games() + ")").orElse("\u2013"))).append("</td>");
            }
            html.append("</tr>\n");
        }
        html.append("</tbody></table></section>\n");
    }

    private void lengths() {
        html.append("<section id=\"lengths\"><h2>Game lengths</h2>\n<p class=\"note\">Moves per game (decisions of "
                + "the seats; chance outcomes not counted), for each bot on the same bins.</p>\n<div class=\"cards\">\n");
        for (Setup setup : study.setups()) {
            List<StudyFolder.CellData> cells = study.bots().stream().map(b -> study.find(setup, b))
                    .flatMap(Optional::stream).filter(c -> c.lengths().length > 0).toList();
            if (cells.isEmpty()) {
                continue;
            }
            List<Long> all = new ArrayList<>();
            cells.forEach(c -> java.util.Arrays.stream(c.lengths()).forEach(l -> all.add((long) l)));
            Histogram bins = Histogram.of(all.stream().mapToLong(Long::longValue).toArray(), HISTOGRAM_BINS);
            List<Charts.Series> series = new ArrayList<>();
            for (StudyFolder.CellData cell : cells) {
                long[] counts = new long[bins.starts().size()];
                for (int length : cell.lengths()) {
                    counts[(int) ((length - bins.starts().get(0)) / bins.width())]++;
                }
                List<Long> values = new ArrayList<>();
                for (long count : counts) {
                    values.add(count);
                }
                series.add(new Charts.Series(cell.bot() + " (" + cell.lengths().length + " games)", values));
            }
            card(setup.label());
            chart(new Charts.BarChart("chart-lengths-" + setup.slug(), "bars", "Game length: " + setup.label(), false,
                    false, true, "moves", "games", bins.labels(), series), 260);
            html.append("</div>\n");
        }
        html.append("</div></section>\n");
    }

    private static List<String> tenths() {
        List<String> labels = new ArrayList<>();
        for (int tenth = 1; tenth <= Metric.TENTHS; tenth++) {
            labels.add((10 * tenth) + "%");
        }
        return labels;
    }

    private void branching() {
        html.append("<section id=\"branching\"><h2>Branching factor over the game</h2>\n<p class=\"note\">The mean "
                + "number of legal moves at a decision in each tenth of the game (by decisions: the point at 30% "
                + "covers the decisions from 20% to 30% of each game's), for each bot, a chart a setup.</p>\n"
                + "<div class=\"cards\">\n");
        for (Setup setup : study.setups()) {
            List<Charts.IntervalSeries> series = new ArrayList<>();
            for (String bot : study.bots()) {
                study.find(setup, bot).ifPresent(cell -> {
                    List<Double> value = new ArrayList<>();
                    for (int tenth = 1; tenth <= Metric.TENTHS; tenth++) {
                        value.add(finite(cell.get(Metric.branchingAt(tenth)).value()));
                    }
                    series.add(new Charts.IntervalSeries(bot, value, null, null));
                });
            }
            card(setup.label());
            chart(new Charts.SeriesChart("chart-branching-" + setup.slug(), "series", "Legal moves per decision: "
                    + setup.label(), "share of the game played", "legal moves", false, true, tenths(), series, null,
                    null), 280);
            html.append("</div>\n");
        }
        html.append("</div></section>\n");
    }

    private void leads() {
        boolean anyProxy = study.cells().stream().anyMatch(c -> c.get(Metric.LEAD_CHANGES).note().startsWith("proxy"));
        html.append("<section id=\"leads\"><h2>Lead</h2>\n<p class=\"note\">Of the games with a sole winner: how often "
                + "the sole leader by the running score after each tenth of the game is the winner (games with a "
                + "tie at the top at that point left out), for each bot, a chart a setup. A curve near 100% early "
                + "on: the game is decided early; near the chance level late: leads change. Lead changes and "
                + "decisiveness are in the table below. Games without a running score are not drawn.")
                .append(anyProxy ? " Pyraos has no score: the spheres in reserve stand in for one." : "")
                .append("</p>\n<div class=\"cards\">\n");
        for (Setup setup : study.setups()) {
            List<Charts.IntervalSeries> series = new ArrayList<>();
            for (String bot : study.bots()) {
                Optional<StudyFolder.CellData> cell = study.find(setup, bot);
                if (cell.isEmpty() || cell.get().get(Metric.LEAD_CHANGES).note().startsWith("not applicable")) {
                    continue;
                }
                List<Double> value = new ArrayList<>();
                List<Double> low = new ArrayList<>();
                List<Double> high = new ArrayList<>();
                for (int tenth = 1; tenth <= Metric.TENTHS; tenth++) {
                    Metrics.Estimate estimate = cell.get().get(Metric.leaderAt(tenth));
                    value.add(finite(estimate.value()));
                    low.add(finite(estimate.low()));
                    high.add(finite(estimate.high()));
                }
                series.add(new Charts.IntervalSeries(bot, value, low, high));
            }
            if (series.isEmpty()) {
                continue;
            }
            card(setup.label());
            chart(new Charts.SeriesChart("chart-leads-" + setup.slug(), "series", "How often the leader wins: "
                    + setup.label(), "share of the game played", "leader wins (95% interval)", true, true, tenths(),
                    series, null, null), 280);
            html.append("</div>\n");
        }
        html.append("</div></section>\n");
    }

    private void metrics() {
        html.append("<section id=\"metrics\"><h2>All metrics</h2>\n<p class=\"note\">Every metric of metrics.csv with "
                + "its 95% interval and, in small type, the games it rests on, the setups side by side; the glossary "
                + "above defines each. n/a: the game has no running score; [&ndash;]: fewer than ")
                .append(Metrics.MINIMUM_GAMES).append(" games, too few for an interval.</p>\n");
        for (String bot : study.bots()) {
            List<Setup> setups = study.setups().stream().filter(s -> study.find(s, bot).isPresent()).toList();
            html.append("<h3>").append(escape(bot)).append("</h3>\n<div class=\"scroll\"><table class=\"metrics\" "
                    + "id=\"metrics-").append(ReportPage.slug(bot)).append("\"><thead><tr><th>metric</th>");
            for (Setup setup : setups) {
                html.append("<th>").append(escape(setup.label())).append("</th>");
            }
            html.append("</tr></thead><tbody>\n");
            for (String metric : Metric.names()) {
                html.append("<tr><td class=\"bot\" title=\"").append(escape(Metric.describe(metric))).append("\">")
                        .append(escape(metric)).append("</td>");
                for (Setup setup : setups) {
                    Metrics.Estimate estimate = study.find(setup, bot).orElseThrow().get(metric);
                    html.append("<td title=\"").append(escape(estimate.note())).append("\">")
                            .append(escape(estimate.shown("\u2013"))).append(" <small class=\"n\">n=")
                            .append(estimate.games()).append("</small></td>");
                }
                html.append("</tr>\n");
            }
            html.append("</tbody></table></div>\n");
        }
        html.append("</section>\n");
    }

    private void card(String title) {
        html.append("<div class=\"card\"><h3>").append(escape(title)).append("</h3>\n");
    }

    private static Double finite(double value) {
        return Double.isFinite(value) ? value : null;
    }

    private static String escape(String text) {
        return ReportPage.escape(text);
    }

    private void chart(Object spec, int heightPixels) {
        String id;
        String title;
        if (spec instanceof Charts.SeriesChart c) {
            id = c.id();
            title = c.title();
        } else if (spec instanceof Charts.CurveChart c) {
            id = c.id();
            title = c.title();
        } else {
            id = ((Charts.BarChart) spec).id();
            title = ((Charts.BarChart) spec).title();
        }
        html.append("<div class=\"chart\" id=\"").append(escape(id)).append("\" style=\"height:").append(heightPixels)
                .append("px\"><canvas role=\"img\" aria-label=\"").append(escape(title)).append("\"></canvas></div>\n");
        charts.add(spec);
    }

    private static String points(double value) {
        return Metrics.points(value, "&ndash;");
    }
}
