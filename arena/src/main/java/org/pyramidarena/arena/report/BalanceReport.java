package org.pyramidarena.arena.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pyramidarena.arena.balance.Comparison;
import org.pyramidarena.arena.balance.Metric;
import org.pyramidarena.arena.balance.Metrics;
import org.pyramidarena.arena.balance.Setup;
import org.pyramidarena.arena.balance.StudyResult;
import org.pyramidarena.arena.cli.ArenaVersion;
import org.pyramidarena.tournaments.stats.BalanceGroup;
import org.pyramidarena.tournaments.stats.SeatBalance;

/**
 * A balance study's page: {@code report.html} in the study's folder, in the tournament report's
 * style and with its inlined Chart.js, so it works offline.
 *
 * <p>It shows each setup's seat win shares with their Wilson intervals per bot, the first-seat
 * advantage against the bots (in the order given, weakest first) per setup, the setups' advantages
 * compared, histograms of the game lengths, the branching factor over the game, how often the leader
 * at each tenth of the game wins, and every metric with its interval.
 *
 * <p>Stable hooks: sections {@code #seats}, {@code #advantage}, {@code #comparisons},
 * {@code #lengths}, {@code #branching}, {@code #leads}, {@code #metrics}; chart containers
 * {@code div.chart} ({@code chart-seats-SETUP}, {@code chart-advantage}, {@code chart-lengths-SETUP},
 * {@code chart-branching}, {@code chart-leads}), tables {@code metrics-BOT} and
 * {@code comparisons-table}. Once every chart is drawn the body gets {@code data-charts-drawn}.
 */
public final class BalanceReport {

    private static final int HISTOGRAM_BINS = 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final StudyResult study;
    private final StringBuilder html = new StringBuilder(1 << 16);
    private final List<Object> charts = new ArrayList<>();

    private BalanceReport(StudyResult study) {
        this.study = study;
    }

    /**
     * Writes {@code report.html} into the study's folder, replacing an earlier one.
     *
     * @return the page written
     */
    public static Path write(Path folder, StudyResult study) throws IOException {
        Path file = folder.resolve(Report.FILE_NAME);
        Files.writeString(file, render(study), StandardCharsets.UTF_8);
        return file;
    }

    /** The whole page. */
    public static String render(StudyResult study) {
        return new BalanceReport(study).page();
    }

    private String page() {
        String title = "Balance study: " + String.join(", ", study.setups().stream().map(Setup::label).toList());
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(escape(title)).append("</title>\n<style>\n")
                .append(ChartLibrary.read("/org/pyramidarena/arena/report/report.css"))
                .append("</style>\n</head><body>\n<header><h1>").append(escape(title)).append("</h1>\n")
                .append("<p class=\"summary\" id=\"summary\">").append(study.games())
                .append(" games for each setup and bot (").append(study.setups().size()).append(" setups, bots ")
                .append(escape(String.join(", ", study.bots()))).append(", each against copies of itself in "
                        + "every seat), on the same deals. Intervals: Wilson 95% for seat shares; 95% bootstrap "
                        + "(").append(study.samples()).append(" replicates, blocks of ").append(study.block())
                .append(" games) for the metrics.</p>\n")
                .append("<nav><a href=\"#seats\">Seat shares</a> <a href=\"#advantage\">First-seat advantage</a> "
                        + "<a href=\"#comparisons\">Setups compared</a> <a href=\"#lengths\">Game lengths</a> "
                        + "<a href=\"#branching\">Branching factor</a> <a href=\"#leads\">Lead</a> "
                        + "<a href=\"#metrics\">All metrics</a></nav>\n</header>\n");
        seats();
        advantage();
        comparisons();
        lengths();
        branching();
        leads();
        metrics();
        html.append("<footer>Written by Pyramid Arena ").append(escape(ArenaVersion.version()))
                .append(". Charts drawn with Chart.js ").append(escape(ChartLibrary.VERSION))
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

    private void seats() {
        html.append("<section id=\"seats\"><h2>Seat shares</h2>\n<p class=\"note\">Each seat's share of the wins (a "
                + "shared first place split between its seats) with its 95% Wilson interval, for each bot; the "
                + "dashed line is the fair share. Seat 0 moves first.</p>\n<div class=\"cards\">\n");
        for (Setup setup : study.setups()) {
            List<String> labels = new ArrayList<>();
            for (int seat = 0; seat < setup.players(); seat++) {
                labels.add("seat " + seat);
            }
            List<Charts.IntervalSeries> series = new ArrayList<>();
            for (String bot : study.bots()) {
                BalanceGroup group = study.cell(setup, bot).balance().groups().get(0);
                List<Double> share = new ArrayList<>();
                List<Double> low = new ArrayList<>();
                List<Double> high = new ArrayList<>();
                for (SeatBalance seat : group.seats()) {
                    share.add(finite(seat.winShare()));
                    low.add(finite(seat.winShareLow()));
                    high.add(finite(seat.winShareHigh()));
                }
                series.add(new Charts.IntervalSeries(bot, share, low, high));
            }
            html.append("<div class=\"card\"><h3>").append(escape(setup.label())).append("</h3>\n");
            chart(new Charts.SeriesChart("chart-seats-" + setup.slug(), "series", "Win share by seat: " + setup.label(),
                    "seat", "win share (95% Wilson interval)", true, false, labels, series, 1.0 / setup.players(),
                    "fair share"), 280);
            html.append("</div>\n");
        }
        html.append("</div></section>\n");
    }

    private void advantage() {
        html.append("<section id=\"advantage\"><h2>First-seat advantage against bot strength</h2>\n<p class=\"note\">"
                + "Seat 0's mean score against each other seat (a win 1, a shared rank 1/2) minus 1/2, with its 95% "
                + "bootstrap interval, for each bot in the order given (weakest first). Above 0 the first seat is "
                + "favoured; does the advantage grow or vanish as the players get better?</p>\n");
        List<Charts.IntervalSeries> series = new ArrayList<>();
        for (Setup setup : study.setups()) {
            List<Double> value = new ArrayList<>();
            List<Double> low = new ArrayList<>();
            List<Double> high = new ArrayList<>();
            for (String bot : study.bots()) {
                Metrics.Estimate estimate = study.cell(setup, bot).metrics().get(Metric.FIRST_SEAT_ADVANTAGE);
                value.add(finite(estimate.value()));
                low.add(finite(estimate.low()));
                high.add(finite(estimate.high()));
            }
            series.add(new Charts.IntervalSeries(setup.label(), value, low, high));
        }
        chart(new Charts.SeriesChart("chart-advantage", "series", "First-seat advantage by bot", "bot",
                "seat 0's score - 1/2 (95% interval)", true, true, study.bots(), series, 0.0, "no advantage"), 340);
        html.append("</section>\n");
    }

    private void comparisons() {
        html.append("<section id=\"comparisons\"><h2>Setups compared</h2>\n<p class=\"note\">For each bot and two "
                + "setups A and B: A's first-seat advantage minus B's, in percentage points, with the 95% interval of "
                + "the paired bootstrap (both setups' games resampled together, so their shared deals stay paired) "
                + "and a two-sided p-value. An interval that holds 0 finds no difference.</p>\n");
        if (study.comparisons().isEmpty()) {
            html.append("<p class=\"note\" id=\"comparisons-table\">One setup: nothing to compare.</p></section>\n");
            return;
        }
        html.append("<table id=\"comparisons-table\"><thead><tr><th>bot</th><th>A</th><th>B</th><th>difference</th>"
                + "<th>95% interval</th><th>p</th></tr></thead><tbody>\n");
        for (Comparison c : study.comparisons()) {
            html.append("<tr><td class=\"bot\">").append(escape(c.bot())).append("</td><td class=\"bot\">")
                    .append(escape(c.first().label())).append("</td><td class=\"bot\">")
                    .append(escape(c.second().label())).append("</td><td>").append(points(c.difference()))
                    .append("</td><td>").append(points(c.low())).append(" &ndash; ").append(points(c.high()))
                    .append("</td><td>").append(Double.isNaN(c.pValue()) ? "&ndash;"
                            : String.format(Locale.ROOT, "%.3g", c.pValue())).append("</td></tr>\n");
        }
        html.append("</tbody></table></section>\n");
    }

    private void lengths() {
        html.append("<section id=\"lengths\"><h2>Game lengths</h2>\n<p class=\"note\">Moves per game (decisions of "
                + "the seats; chance outcomes not counted), for each bot on the same bins.</p>\n<div class=\"cards\">\n");
        for (Setup setup : study.setups()) {
            List<Long> all = new ArrayList<>();
            for (String bot : study.bots()) {
                for (int length : study.cell(setup, bot).metrics().lengths()) {
                    all.add((long) length);
                }
            }
            Histogram bins = Histogram.of(all.stream().mapToLong(Long::longValue).toArray(), HISTOGRAM_BINS);
            List<Charts.Series> series = new ArrayList<>();
            for (String bot : study.bots()) {
                long[] counts = new long[bins.starts().size()];
                for (int length : study.cell(setup, bot).metrics().lengths()) {
                    counts[(int) ((length - bins.starts().get(0)) / bins.width())]++;
                }
                List<Long> values = new ArrayList<>();
                for (long count : counts) {
                    values.add(count);
                }
                series.add(new Charts.Series(bot, values));
            }
            html.append("<div class=\"card\"><h3>").append(escape(setup.label())).append("</h3>\n");
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
                + "covers the decisions from 20% to 30% of each game's), for each setup and bot.</p>\n");
        List<Charts.IntervalSeries> series = new ArrayList<>();
        for (StudyResult.Cell cell : study.cells()) {
            List<Double> value = new ArrayList<>();
            for (int tenth = 1; tenth <= Metric.TENTHS; tenth++) {
                value.add(finite(cell.metrics().get(Metric.branchingAt(tenth)).value()));
            }
            series.add(new Charts.IntervalSeries(cell.setup().label() + ", " + cell.bot(), value, null, null));
        }
        chart(new Charts.SeriesChart("chart-branching", "series", "Legal moves per decision over the game",
                "share of the game played", "legal moves", false, true, tenths(), series, null, null), 360);
        html.append("</section>\n");
    }

    private void leads() {
        html.append("<section id=\"leads\"><h2>Lead</h2>\n<p class=\"note\">Of the games with a sole winner: how often "
                + "the sole leader by the running score after each tenth of the game is the winner (games with a "
                + "tie at the top at that point left out). A curve near 100% early on: the game is decided early; "
                + "near the chance level late: leads change. Lead changes and decisiveness are in the table below.")
                .append(study.cells().stream().anyMatch(c -> !c.measures().scored())
                        ? " Setups of games without a running score are not drawn (not applicable)." : "")
                .append(study.cells().stream().anyMatch(c -> !c.measures().scoreNote().isEmpty()
                        && c.measures().scored()) ? " Pyraos has no score: the spheres in reserve stand in for one."
                        : "").append("</p>\n");
        List<Charts.IntervalSeries> series = new ArrayList<>();
        for (StudyResult.Cell cell : study.cells()) {
            if (!cell.measures().scored()) {
                continue;
            }
            List<Double> value = new ArrayList<>();
            List<Double> low = new ArrayList<>();
            List<Double> high = new ArrayList<>();
            for (int tenth = 1; tenth <= Metric.TENTHS; tenth++) {
                Metrics.Estimate estimate = cell.metrics().get(Metric.leaderAt(tenth));
                value.add(finite(estimate.value()));
                low.add(finite(estimate.low()));
                high.add(finite(estimate.high()));
            }
            series.add(new Charts.IntervalSeries(cell.setup().label() + ", " + cell.bot(), value, low, high));
        }
        chart(new Charts.SeriesChart("chart-leads", "series", "How often the leader wins", "share of the game played",
                "leader wins (95% interval)", true, true, tenths(), series, null, null), 360);
        html.append("</section>\n");
    }

    private void metrics() {
        html.append("<section id=\"metrics\"><h2>All metrics</h2>\n<p class=\"note\">Every metric of metrics.csv with "
                + "its 95% bootstrap interval, the setups side by side; docs/balance.md defines each. n/a: the game "
                + "has no running score.</p>\n");
        for (String bot : study.bots()) {
            html.append("<h3>").append(escape(bot)).append("</h3>\n<div class=\"scroll\"><table class=\"metrics\" "
                    + "id=\"metrics-").append(ReportPage.slug(bot)).append("\"><thead><tr><th>metric</th>");
            for (Setup setup : study.setups()) {
                html.append("<th>").append(escape(setup.label())).append("</th>");
            }
            html.append("</tr></thead><tbody>\n");
            for (String metric : Metric.names()) {
                html.append("<tr><td class=\"bot\">").append(escape(metric)).append("</td>");
                for (Setup setup : study.setups()) {
                    Metrics.Estimate estimate = study.cell(setup, bot).metrics().get(metric);
                    html.append("<td title=\"").append(escape(estimate.games() + " games"
                            + (estimate.note().isEmpty() ? "" : "; " + estimate.note()))).append("\">")
                            .append(escape(estimate.shown("\u2013"))).append("</td>");
                }
                html.append("</tr>\n");
            }
            html.append("</tbody></table></div>\n");
        }
        html.append("</section>\n");
    }

    private static Double finite(double value) {
        return Double.isFinite(value) ? value : null;
    }

    private static String escape(String text) {
        return ReportPage.escape(text);
    }

    private void chart(Object spec, int heightPixels) {
        String id = spec instanceof Charts.SeriesChart c ? c.id() : ((Charts.BarChart) spec).id();
        String title = spec instanceof Charts.SeriesChart c ? c.title() : ((Charts.BarChart) spec).title();
        html.append("<div class=\"chart\" id=\"").append(escape(id)).append("\" style=\"height:").append(heightPixels)
                .append("px\"><canvas role=\"img\" aria-label=\"").append(escape(title)).append("\"></canvas></div>\n");
        charts.add(spec);
    }

    private static String points(double value) {
        return Metrics.points(value, "&ndash;");
    }
}
