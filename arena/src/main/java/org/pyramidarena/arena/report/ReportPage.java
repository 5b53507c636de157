package org.pyramidarena.arena.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.pyramidarena.api.Games;
import org.pyramidarena.arena.common.ArenaVersion;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.tournament.FaultsFile;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.TerminationReason;
import org.pyramidarena.tournaments.ratings.Rating;
import org.pyramidarena.tournaments.ratings.Standings;
import org.pyramidarena.tournaments.stats.BalanceGroup;
import org.pyramidarena.tournaments.stats.Crosstable;
import org.pyramidarena.tournaments.stats.SeatBalance;

/**
 * Renders the report page: HTML tables for every figure, the charts as JSON data drawn by the
 * inlined Chart.js, and the match list. Everything is in the one file, so the page works offline.
 */
final class ReportPage {
    /** Match tables of groups up to this size start open; larger ones start folded. */
    private static final int OPEN_MATCH_TABLE_LIMIT = 200;
    private static final int HISTOGRAM_BINS = 20;

    private final ReportData data;
    private final StringBuilder html = new StringBuilder(1 << 16);
    private final List<Object> charts = new ArrayList<>();

    private ReportPage(ReportData data) {
        this.data = data;
    }

    /** The whole page. */
    static String render(ReportData data) {
        return new ReportPage(data).page();
    }

    private String page() {
        String title = "Tournament report: " + String.join(", ", data.tournaments);
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(escape(title)).append("</title>\n<style>\n")
                .append(ChartLibrary.read("/org/pyramidarena/arena/report/report.css"))
                .append("</style>\n</head><body>\n<header><h1>").append(escape(title)).append("</h1>\n");
        summary();
        html.append("<nav><a href=\"#standings\">Standings</a> <a href=\"#crosstable\">Crosstable</a> "
                + "<a href=\"#seats\">Seat balance</a> <a href=\"#lengths\">Game lengths</a> "
                + "<a href=\"#terminations\">Terminations</a> <a href=\"#matches\">Matches</a></nav>\n</header>\n");
        standings();
        crosstables();
        seats();
        lengths();
        terminations();
        matches();
        html.append("<footer>Written by Pyramid Arena ").append(escape(ArenaVersion.version()))
                .append(". Charts drawn with Chart.js ").append(escape(ChartLibrary.VERSION))
                .append(" (MIT License), inlined in this page.</footer>\n");
        html.append(ChartData.scripts(charts)).append("</body></html>\n");
        return html.toString();
    }

    private void summary() {
        List<String> bots = data.bots;
        html.append("<p class=\"summary\" id=\"summary\">").append(data.matchCount).append(" matches");
        if (data.byes > 0) {
            html.append(" and ").append(data.byes).append(data.byes == 1 ? " bye" : " byes");
        }
        html.append(" of ").append(data.balance.groups().size()).append(" game setups between ").append(bots.size())
                .append(" bots: ").append(escape(String.join(", ", bots)))
                .append(".</p>\n");
        if (data.settings != null && data.settings.isObject()) {
            html.append("<details id=\"settings\"><summary>Settings</summary><table class=\"settings\">");
            data.settings.fields().forEachRemaining(field -> html.append("<tr><th>").append(escape(field.getKey()))
                    .append("</th><td>").append(escape(settingText(field.getValue()))).append("</td></tr>"));
            html.append("</table></details>\n");
        }
    }

    private static String settingText(JsonNode value) {
        if (value.isArray()) {
            List<String> items = new ArrayList<>();
            value.forEach(item -> items.add(item.isValueNode() ? item.asText() : item.toString()));
            return String.join(", ", items);
        }
        return value.isValueNode() ? value.asText() : value.toString();
    }

    private void standings() {
        html.append("<section id=\"standings\"><h2>Elo standings</h2>\n<p class=\"note\">A joint Bradley-Terry fit "
                + "on the Elo scale (the pool average is 0 unless the run was anchored); the bars are the error "
                + "bars (95% bootstrap intervals), the dots the ratings. Games of 3 or more players count as "
                + "pairwise results weighted 1/(N-1); games against copies of the same bot do not count. ")
                .append(data.standingsComputed ? "Computed from results.csv: the folder has no standings.csv."
                        : "From standings.csv.")
                .append("</p>\n<div class=\"cards\">\n");
        for (ReportData.StandingsTable table : data.standings) {
            if (table.ratings().isEmpty()) {
                continue;
            }
            String id = slug(table.label());
            String title = tableTitle(table.label());
            List<String> bots = new ArrayList<>();
            List<Double> elo = new ArrayList<>();
            List<Double> low = new ArrayList<>();
            List<Double> high = new ArrayList<>();
            for (Rating rating : table.ratings()) {
                bots.add(rating.bot());
                elo.add(finite(rating.elo()));
                boolean hasError = Double.isFinite(rating.error()) && Double.isFinite(rating.elo());
                low.add(hasError ? rating.elo() - rating.error() : null);
                high.add(hasError ? rating.elo() + rating.error() : null);
            }
            html.append("<div class=\"card\"><h3>").append(escape(title)).append("</h3>\n");
            chart(new Charts.IntervalChart("chart-standings-" + id, "interval", "Elo: " + title, true, "bot",
                    "Elo (95% interval)", false, bots, elo, low, high, "Elo", "95% interval", null, null),
                    90 + 36 * bots.size());
            html.append("<table class=\"standings\" id=\"standings-").append(id).append("\"><thead><tr><th>rank</th>"
                    + "<th>bot</th><th>Elo</th><th>&plusmn;</th><th>games</th><th>score %</th><th>draws %</th>"
                    + "</tr></thead><tbody>\n");
            for (Rating rating : table.ratings()) {
                html.append("<tr><td>").append(rating.rank()).append("</td><td class=\"bot\">")
                        .append(escape(rating.bot())).append("</td><td>").append(fixed(rating.elo(), 1))
                        .append("</td><td>").append(fixed(rating.error(), 1)).append("</td><td>")
                        .append(rating.games()).append("</td><td>").append(fixed(rating.scorePercent(), 1))
                        .append("</td><td>").append(fixed(rating.drawPercent(), 1)).append("</td></tr>\n");
            }
            html.append("</tbody></table></div>\n");
        }
        html.append("</div></section>\n");
    }

    private void crosstables() {
        html.append("<section id=\"crosstable\"><h2>Crosstable</h2>\n<p class=\"note\">Each cell: the points the "
                + "row's bot scored against the column's bot, over their pairwise games. Every two seats of "
                + "different bots in a match are one pairwise game: the better rank scores 1, a shared rank "
                + "1/2 each. The colour goes from red (lost all) to green (won all).</p>\n");
        for (Crosstable table : data.crosstables) {
            if (table.bots().size() < 2) {
                continue;
            }
            List<String> bots = crosstableOrder(table);
            html.append("<h3>").append(escape(tableTitle(table.label()))).append("</h3>\n<div class=\"scroll\">"
                    + "<table class=\"crosstable\" id=\"crosstable-").append(slug(table.label()))
                    .append("\"><thead><tr><th></th>");
            for (String bot : bots) {
                html.append("<th class=\"bot\">").append(escape(bot)).append("</th>");
            }
            html.append("<th>total</th><th>score %</th></tr></thead><tbody>\n");
            for (String bot : bots) {
                html.append("<tr><th class=\"bot\" scope=\"row\">").append(escape(bot)).append("</th>");
                for (String opponent : bots) {
                    long games = table.games(bot, opponent);
                    if (bot.equals(opponent) || games == 0) {
                        html.append("<td class=\"").append(bot.equals(opponent) ? "self" : "none")
                                .append("\">&ndash;</td>");
                        continue;
                    }
                    double score = table.score(bot, opponent);
                    html.append("<td class=\"cell\" data-bot=\"").append(escape(bot)).append("\" data-opponent=\"")
                            .append(escape(opponent)).append("\" style=\"background:").append(shade(score / games))
                            .append("\" title=\"").append(escape(bot + " against " + opponent + ": "
                                    + points(score) + " of " + games)).append("\">").append(points(score)).append('/')
                            .append(games).append("</td>");
                }
                long totalGames = table.totalGames(bot);
                double total = table.totalScore(bot);
                html.append("<td class=\"total\">").append(points(total)).append('/').append(totalGames)
                        .append("</td><td>").append(fixed(totalGames == 0 ? Double.NaN : 100 * total / totalGames, 1))
                        .append("</td></tr>\n");
            }
            html.append("</tbody></table></div>\n");
        }
        html.append("</section>\n");
    }

    /** The bots of a crosstable in the order of the standings with the same label, then by name. */
    private List<String> crosstableOrder(Crosstable table) {
        Set<String> order = new LinkedHashSet<>();
        ReportData.StandingsTable standings = data.standings(table.label());
        if (standings != null) {
            standings.ratings().stream().map(Rating::bot).filter(table.bots()::contains).forEach(order::add);
        }
        order.addAll(table.bots());
        return List.copyOf(order);
    }

    private void seats() {
        html.append("<section id=\"seats\"><h2>Seat balance</h2>\n<p class=\"note\">Per game, variant and number "
                + "of players: each seat's share of the wins (a shared first place split between its seats) with "
                + "its 95% Wilson interval; the dashed line is the fair share. Under each game, who starts it: seat 0 "
                + "is the first player only where the game says so.</p>\n<div class=\"cards\">\n");
        for (BalanceGroup group : data.balance.groups()) {
            String id = groupSlug(group);
            List<String> labels = new ArrayList<>();
            List<Double> share = new ArrayList<>();
            List<Double> low = new ArrayList<>();
            List<Double> high = new ArrayList<>();
            for (SeatBalance seat : group.seats()) {
                labels.add("seat " + seat.seat());
                share.add(finite(seat.winShare()));
                low.add(finite(seat.winShareLow()));
                high.add(finite(seat.winShareHigh()));
            }
            html.append("<div class=\"card\"><h3>").append(escape(groupTitle(group))).append("</h3>\n");
            chart(new Charts.IntervalChart("chart-seats-" + id, "interval", "Win share by seat: " + groupTitle(group),
                    false, "seat", "win share (95% Wilson interval)", true, labels, share, low, high, "win share",
                    "95% interval", 1.0 / group.players(), "fair share"), 280);
            html.append("<table class=\"seats\" id=\"seats-").append(id).append("\"><thead><tr><th>seat</th>"
                    + "<th>games</th><th>wins</th><th>draws</th><th>losses</th><th>win share</th><th>95% interval</th>"
                    + "<th>mean rank</th><th>mean score</th></tr></thead><tbody>\n");
            for (SeatBalance seat : group.seats()) {
                html.append("<tr><td>").append(seat.seat()).append("</td><td>").append(seat.games()).append("</td><td>")
                        .append(seat.wins()).append("</td><td>").append(seat.draws()).append("</td><td>")
                        .append(seat.losses()).append("</td><td>").append(fixed(100 * seat.winShare(), 1))
                        .append("%</td><td>").append(fixed(100 * seat.winShareLow(), 1)).append("% &ndash; ")
                        .append(fixed(100 * seat.winShareHigh(), 1)).append("%</td><td>")
                        .append(fixed(seat.meanRank(), 2)).append("</td><td>").append(fixed(seat.meanScore(), 2))
                        .append("</td></tr>\n");
            }
            html.append("</tbody></table>\n<p class=\"note\">Who starts: ").append(escape(Games.find(group.game())
                    .map(org.pyramidarena.api.Game::starterRule).orElse("(a game this arena does not know)")))
                    .append(" Fair-share test (").append(escape(group.fairness().method()))
                    .append("): p = ").append(pValue(group.fairness().pValue())).append(". First-seat (seat 0) advantage: ")
                    .append(fixed(group.firstSeatAdvantage().elo(), 1)).append(" Elo [")
                    .append(fixed(group.firstSeatAdvantage().low(), 1)).append(", ")
                    .append(fixed(group.firstSeatAdvantage().high(), 1)).append("].</p></div>\n");
        }
        html.append("</div></section>\n");
    }

    private void lengths() {
        html.append("<section id=\"lengths\"><h2>Game lengths</h2>\n<p class=\"note\">Moves per match (actions by "
                + "the seats; chance outcomes not counted).</p>\n<div class=\"cards\">\n");
        data.lengthsByGroup.forEach((group, lengths) -> {
            Histogram histogram = Histogram.of(lengths, HISTOGRAM_BINS);
            html.append("<div class=\"card\"><h3>").append(escape(groupTitle(group))).append("</h3>\n");
            chart(new Charts.BarChart("chart-lengths-" + groupSlug(group), "bars", "Game length: " + groupTitle(group),
                    false, false, true, "moves", "matches", histogram.labels(),
                    List.of(new Charts.Series("matches", histogram.counts()))), 240);
            html.append("<p class=\"note\">Mean ").append(fixed(group.length().mean(), 1)).append(", median ")
                    .append(fixed(group.length().median(), 1)).append(", 95th percentile ")
                    .append(fixed(group.length().percentile95(), 1)).append(" moves; ").append(lengths.length)
                    .append(" matches.</p></div>\n");
        });
        html.append("</div></section>\n");
    }

    private void terminations() {
        html.append("<section id=\"terminations\"><h2>Terminations</h2>\n<p class=\"note\">How the matches ended: "
                + "<code>normal</code> is played out under the rules, <code>action_limit</code> stopped by the "
                + "referee's cap, any other reason is the first fault of a seat (which forfeits).</p>\n");
        List<TerminationReason> reasons = new ArrayList<>();
        for (TerminationReason reason : TerminationReason.values()) {
            if (data.balance.groups().stream().anyMatch(g -> g.terminations().getOrDefault(reason, 0L) > 0)) {
                reasons.add(reason);
            }
        }
        List<String> labels = data.balance.groups().stream().map(ReportPage::groupTitle).toList();
        List<Charts.Series> series = reasons.stream().map(reason -> new Charts.Series(reason.label(),
                data.balance.groups().stream().map(g -> g.terminations().getOrDefault(reason, 0L)).toList())).toList();
        chart(new Charts.BarChart("chart-terminations", "bars", "Terminations by game", true, true, false,
                "game", "matches", labels, series), 60 + 30 * labels.size());
        html.append("<table class=\"terminations\" id=\"terminations-table\"><thead><tr><th>game</th>");
        reasons.forEach(r -> html.append("<th>").append(escape(r.label())).append("</th>"));
        html.append("<th>matches</th></tr></thead><tbody>\n");
        for (BalanceGroup group : data.balance.groups()) {
            html.append("<tr><td>").append(escape(groupTitle(group))).append("</td>");
            reasons.forEach(r -> html.append("<td>").append(group.terminations().getOrDefault(r, 0L)).append("</td>"));
            html.append("<td>").append(group.games()).append("</td></tr>\n");
        }
        html.append("</tbody></table>\n");
        faults();
        html.append("</section>\n");
    }

    /** Which bot committed which faults, counted per seat. */
    private void faults() {
        Map<String, Map<TerminationReason, Long>> byBot = data.faultsByBot;
        if (byBot.isEmpty()) {
            html.append("<p class=\"note\" id=\"faults\">No seat faulted.</p>\n");
            return;
        }
        List<TerminationReason> reasons = new ArrayList<>();
        for (TerminationReason reason : TerminationReason.values()) {
            if (byBot.values().stream().anyMatch(counts -> counts.containsKey(reason))) {
                reasons.add(reason);
            }
        }
        html.append("<h3>Faults by bot</h3>\n<table class=\"faults\" id=\"faults\"><thead><tr><th>bot</th>");
        reasons.forEach(r -> html.append("<th>").append(escape(r.label())).append("</th>"));
        html.append("</tr></thead><tbody>\n");
        byBot.forEach((bot, counts) -> {
            html.append("<tr><td class=\"bot\">").append(escape(bot)).append("</td>");
            reasons.forEach(r -> html.append("<td>").append(counts.getOrDefault(r, 0L)).append("</td>"));
            html.append("</tr>\n");
        });
        html.append("</tbody></table>\n");
        faultList();
    }

    /** How many faults the report lists one by one; faults.csv has them all. */
    private static final int FAULTS_LISTED = 500;

    /** Each fault with the referee's reason and what it saw, as faults.csv holds them. */
    private void faultList() {
        if (data.faultList.isEmpty()) {
            return;
        }
        html.append("<h3>Every fault</h3>\n<p class=\"note\">Each seat that faulted, with the referee's reason "
                + "and what it saw; the same rows as <code>faults.csv</code>")
                .append(data.faultList.size() > FAULTS_LISTED ? ", whose first " + FAULTS_LISTED + " are shown" : "")
                .append(".</p>\n<table class=\"faults\" id=\"fault-list\"><thead><tr><th>match</th><th>game</th>"
                        + "<th>seat</th><th>bot</th><th>reason</th><th>detail</th></tr></thead><tbody>\n");
        for (FaultsFile.Fault fault : data.faultList.subList(0, Math.min(FAULTS_LISTED, data.faultList.size()))) {
            html.append("<tr><td>").append(fault.match()).append("</td><td>").append(escape(fault.game()))
                    .append(fault.variant().equals("standard") ? "" : "/" + escape(fault.variant()))
                    .append("</td><td>").append(fault.seat()).append("</td><td class=\"bot\">")
                    .append(escape(fault.bot())).append("</td><td class=\"fault\">")
                    .append(escape(fault.termination())).append("</td><td>").append(escape(fault.detail()))
                    .append("</td></tr>\n");
        }
        html.append("</tbody></table>\n");
    }

    private void matches() {
        html.append("<section id=\"matches\"><h2>Matches</h2>\n<p class=\"note\">Every match, by game: each seat's "
                + "bot with its rank and score (the winners in bold, a faulting seat's fault in red), how the match "
                + "ended, its moves, and links to its replay file and its replay viewer page. <code>./arena.sh "
                + "replay FILE</code> verifies a replay.</p>\n");
        if (data.matches == null) {
            // A page of every match of a long run would take longer to write than the run's other
            // files, and longer for a browser to open than anyone would wait.
            html.append("<p class=\"note\" id=\"matches-not-listed\">").append(data.matchCount)
                    .append(" matches: more than the ").append(data.listedMatchLimit)
                    .append(" this page lists one by one. Every match is a row of <a href=\"")
                    .append(RunFolder.RESULTS).append("\">").append(RunFolder.RESULTS)
                    .append("</a>; the faults are listed under Terminations above");
            if (!data.replayFiles.isEmpty()) {
                html.append("; the replays kept are in <a href=\"").append(RunFolder.REPLAYS).append("/\">")
                        .append(RunFolder.REPLAYS).append("/</a>, each with its viewer page beside it");
            }
            html.append(".</p>\n</section>\n");
            return;
        }
        data.matchesByGroup.forEach((group, matches) -> {
            String id = groupSlug(group);
            html.append("<details class=\"matches\" id=\"matches-").append(id).append("-details\"")
                    .append(matches.size() <= OPEN_MATCH_TABLE_LIMIT ? " open" : "").append("><summary>")
                    .append(escape(groupTitle(group))).append(": ").append(matches.size())
                    .append(matches.size() == 1 ? " match" : " matches").append("</summary>\n<table class=\"matches\" id=\"matches-")
                    .append(id).append("\"><thead><tr><th>match</th><th>round</th>");
            for (int seat = 0; seat < group.players(); seat++) {
                html.append("<th>seat ").append(seat).append("</th>");
            }
            html.append("<th>end</th><th>moves</th><th>replay</th></tr></thead><tbody>\n");
            for (MatchRecord match : matches) {
                matchRow(match);
            }
            html.append("</tbody></table></details>\n");
        });
        html.append("</section>\n");
    }

    private void matchRow(MatchRecord match) {
        html.append("<tr class=\"match\" id=\"match-").append(match.match()).append("\"><td>").append(match.match())
                .append("</td><td>").append(match.round()).append("</td>");
        int best = match.seats().stream().mapToInt(SeatResult::rank).min().orElse(1);
        for (SeatResult seat : match.seats()) {
            html.append(seat.rank() == best ? "<td class=\"won\">" : "<td>").append(escape(seat.bot()))
                    .append(" <small>").append(seat.rank()).append(" &middot; ").append(points(seat.score()))
                    .append("</small>");
            if (seat.termination().isFault()) {
                html.append(" <small class=\"fault\">").append(escape(seat.termination().label())).append("</small>");
            }
            html.append("</td>");
        }
        html.append("<td>").append(escape(match.termination().label())).append("</td><td>").append(match.moves())
                .append("</td><td>");
        String replay = data.replayOf(match);
        if (replay == null) {
            html.append("&ndash;");
        } else {
            String folder = RunFolder.REPLAYS + "/";
            html.append("<a class=\"replay\" href=\"").append(escape(folder + replay)).append("\">replay</a> "
                    + "<a class=\"viewer\" href=\"").append(escape(folder + Report.viewerPageName(replay)))
                    .append("\">view</a>");
        }
        html.append("</td></tr>\n");
    }

    /** A chart's container, and its data for the script. */
    private void chart(Object spec, int heightPixels) {
        String id = spec instanceof Charts.IntervalChart c ? c.id() : ((Charts.BarChart) spec).id();
        String title = spec instanceof Charts.IntervalChart c ? c.title() : ((Charts.BarChart) spec).title();
        html.append(ChartData.container(id, title, heightPixels));
        charts.add(spec);
    }

    private static String tableTitle(String label) {
        return label.equals(Standings.OVERALL) ? "All games" : label;
    }

    private static String groupTitle(BalanceGroup group) {
        return group.game() + " / " + group.variant() + " / " + group.players() + " players";
    }

    private static String groupSlug(BalanceGroup group) {
        return slug(group.game() + "-" + group.variant() + "-" + group.players());
    }

    /** An element id part: lower case letters, digits, '-' and '_'; anything else becomes '-'. */
    static String slug(String text) {
        return text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_-]", "-");
    }

    /** Text for HTML element content and double- or single-quoted attribute values. */
    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    private static Double finite(double value) {
        return Double.isFinite(value) ? value : null;
    }

    /** A number with fixed decimals (never "-0.0"), or a dash when it is missing. */
    private static String fixed(double value, int decimals) {
        if (!Double.isFinite(value)) {
            return "&ndash;";
        }
        String text = String.format(Locale.ROOT, "%." + decimals + "f", value);
        return text.matches("-0\\.?0*") ? text.substring(1) : text;
    }

    private static String pValue(double p) {
        return Double.isNaN(p) ? "&ndash;" : String.format(Locale.ROOT, "%.3g", p);
    }

    /** A score: whole numbers without decimals, halves (and other fractions) with up to two. */
    static String points(double value) {
        if (value == Math.rint(value)) {
            return Long.toString((long) value);
        }
        return String.format(Locale.ROOT, "%.2f", value).replaceAll("0+$", "");
    }

    /** A background from red (share 0) through yellow to green (share 1). */
    private static String shade(double share) {
        return String.format(Locale.ROOT, "hsl(%.0f,65%%,82%%)", 120 * Math.max(0, Math.min(1, share)));
    }
}
