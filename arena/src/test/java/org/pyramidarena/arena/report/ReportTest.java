package org.pyramidarena.arena.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.io.ResultsCsv;
import org.pyramidarena.tournaments.stats.Wilson;

class ReportTest {

    /**
     * Pylon: &lt;alpha&gt; wins, beta wins, a draw, &lt;alpha&gt; wins from seat 1 (2.5 of 4 to
     * &lt;alpha&gt;); seat 0 wins 2, draws 1, loses 1. Pyrametto, three players: &lt;alpha&gt; first,
     * beta second, gamma last after a timeout.
     */
    private static final String RESULTS = """
            tournament,round,match,game,variant,players,seat,bot,rank,score,termination,moves,time_ms,seed
            t,1,0,pylon,standard,2,0,<alpha>,1,3,normal,40,10,7
            t,1,0,pylon,standard,2,1,beta,2,1,normal,40,10,7
            t,1,1,pylon,standard,2,0,beta,1,2,normal,44,10,8
            t,1,1,pylon,standard,2,1,<alpha>,2,0,normal,44,10,8
            t,1,2,pylon,standard,2,0,<alpha>,1,1,normal,52,10,9
            t,1,2,pylon,standard,2,1,beta,1,1,normal,52,10,9
            t,2,3,pylon,standard,2,0,beta,2,0,normal,48,10,10
            t,2,3,pylon,standard,2,1,<alpha>,1,2,normal,48,10,10
            t,2,4,pyrametto,standard,3,0,<alpha>,1,12,normal,61,10,11
            t,2,4,pyrametto,standard,3,1,beta,2,9,normal,61,10,11
            t,2,4,pyrametto,standard,3,2,gamma,3,0,timeout,61,10,11
            """;

    private static final ObjectMapper JSON = new ObjectMapper();

    private static Path folder(Path temp) throws IOException {
        Files.writeString(temp.resolve("results.csv"), RESULTS);
        Files.createDirectories(temp.resolve("replays"));
        Files.writeString(temp.resolve("replays/match-000000.replay.json.gz"), "");
        Files.writeString(temp.resolve("replays/match-000001.replay.json"), "{}");
        Files.writeString(temp.resolve("replays/match-000004.replay.json.gz"), "");
        return temp;
    }

    /** The charts' data embedded in the page, by chart id. */
    private static Map<String, JsonNode> charts(String html) throws IOException {
        Matcher data = Pattern.compile("<script type=\"application/json\" id=\"report-data\">(.*?)</script>",
                Pattern.DOTALL).matcher(html);
        assertTrue(data.find(), "the page embeds its chart data");
        Map<String, JsonNode> charts = new HashMap<>();
        JSON.readTree(data.group(1)).get("charts").forEach(chart -> charts.put(chart.get("id").asText(), chart));
        return charts;
    }

    private static List<String> texts(JsonNode array) {
        List<String> list = new ArrayList<>();
        array.forEach(item -> list.add(item.asText()));
        return list;
    }

    private static List<Double> numbers(JsonNode array) {
        List<Double> list = new ArrayList<>();
        array.forEach(item -> list.add(item.isNull() ? null : item.asDouble()));
        return list;
    }

    /** The HTML of the element with this id up to the end of its table. */
    private static String table(String html, String id) {
        int start = html.indexOf("id=\"" + id + "\"");
        assertTrue(start >= 0, "no element " + id);
        return html.substring(start, html.indexOf("</table>", start));
    }

    @Test
    void crosstablesHoldThePairwiseScores(@TempDir Path temp) throws IOException {
        String html = Files.readString(Report.write(folder(temp)));
        String overall = table(html, "crosstable-all");
        assertTrue(overall.contains("data-bot=\"&lt;alpha&gt;\" data-opponent=\"beta\""), overall);
        assertTrue(overall.matches("(?s).*data-bot=\"&lt;alpha&gt;\" data-opponent=\"beta\"[^>]*>3.5/5</td>.*"),
                overall);
        assertTrue(overall.matches("(?s).*data-bot=\"beta\" data-opponent=\"&lt;alpha&gt;\"[^>]*>1.5/5</td>.*"),
                overall);
        assertTrue(overall.matches("(?s).*data-bot=\"beta\" data-opponent=\"gamma\"[^>]*>1/1</td>.*"), overall);
        assertTrue(overall.matches("(?s).*data-bot=\"gamma\" data-opponent=\"beta\"[^>]*>0/1</td>.*"), overall);
        assertTrue(overall.contains("<td class=\"total\">4.5/6</td><td>75.0</td>"), overall);
        String pylon = table(html, "crosstable-pylon");
        assertTrue(pylon.matches("(?s).*data-bot=\"&lt;alpha&gt;\" data-opponent=\"beta\"[^>]*>2.5/4</td>.*"), pylon);
        assertFalse(pylon.contains("gamma"), "gamma did not play Pylon");
        assertTrue(table(html, "crosstable-pyrametto").contains("<td class=\"total\">0/2</td><td>0.0</td>"));
    }

    @Test
    void standingsAreComputedWhenTheFolderHasNoStandingsFile(@TempDir Path temp) throws IOException {
        String html = Files.readString(Report.write(folder(temp)));
        assertTrue(html.contains("Computed from results.csv"), "says where the standings come from");
        String overall = table(html, "standings-all");
        for (String bot : List.of("&lt;alpha&gt;", "beta", "gamma")) {
            assertTrue(overall.contains("<td class=\"bot\">" + bot + "</td>"), overall);
        }
        JsonNode chart = charts(html).get("chart-standings-all");
        assertNotNull(chart);
        assertEquals(List.of("<alpha>", "beta", "gamma"), texts(chart.get("labels")), "best first");
        List<Double> elo = numbers(chart.get("value"));
        List<Double> low = numbers(chart.get("low"));
        List<Double> high = numbers(chart.get("high"));
        for (int i = 0; i < elo.size(); i++) {
            assertTrue(low.get(i) < elo.get(i) && elo.get(i) < high.get(i), "the error bar surrounds the rating");
            assertEquals(elo.get(i) - low.get(i), high.get(i) - elo.get(i), 1e-9);
        }
        assertNotNull(charts(html).get("chart-standings-pylon"));
        assertNotNull(charts(html).get("chart-standings-pyrametto"));
    }

    @Test
    void standingsComeFromStandingsCsvWhenPresent(@TempDir Path temp) throws IOException {
        folder(temp);
        Files.writeString(temp.resolve("standings.csv"), """
                game,rank,bot,elo,error,games,score_pct,draws_pct
                all,1,<alpha>,120.00,35.50,5,70.00,20.00
                all,2,beta,-120.00,,5,30.00,20.00
                pylon,1,<alpha>,80.00,40.00,4,62.50,25.00
                pylon,2,beta,-80.00,40.00,4,37.50,25.00
                """);
        String html = Files.readString(Report.write(temp));
        assertTrue(html.contains("From standings.csv."));
        assertTrue(table(html, "standings-all").contains("<td>1</td><td class=\"bot\">&lt;alpha&gt;</td><td>120.0</td>"
                + "<td>35.5</td><td>5</td><td>70.0</td><td>20.0</td>"), table(html, "standings-all"));
        JsonNode chart = charts(html).get("chart-standings-all");
        assertEquals(List.of(120.0, -120.0), numbers(chart.get("value")));
        assertEquals(84.5, chart.get("low").get(0).asDouble(), 1e-9);
        assertEquals(155.5, chart.get("high").get(0).asDouble(), 1e-9);
        assertTrue(chart.get("low").get(1).isNull(), "no interval without an error");
        assertNull(charts(html).get("chart-standings-pyrametto"), "only the tables of standings.csv");
    }

    @Test
    void seatSharesLengthsAndTerminationsAreCharted(@TempDir Path temp) throws IOException {
        String html = Files.readString(Report.write(folder(temp)));
        Map<String, JsonNode> charts = charts(html);
        assertEquals(Set.of("chart-standings-all", "chart-standings-pylon", "chart-standings-pyrametto",
                "chart-seats-pylon-standard-2", "chart-seats-pyrametto-standard-3", "chart-lengths-pylon-standard-2",
                "chart-lengths-pyrametto-standard-3", "chart-terminations"), charts.keySet());
        for (String id : charts.keySet()) {
            assertTrue(html.contains("<div class=\"chart\" id=\"" + id + "\""), "a container for " + id);
        }

        JsonNode seats = charts.get("chart-seats-pylon-standard-2");
        assertEquals(List.of("seat 0", "seat 1"), texts(seats.get("labels")));
        assertEquals(List.of(0.625, 0.375), numbers(seats.get("value")));
        Wilson first = Wilson.interval(2.5, 4, 0.95);
        assertEquals(first.low(), seats.get("low").get(0).asDouble(), 1e-12);
        assertEquals(first.high(), seats.get("high").get(0).asDouble(), 1e-12);
        assertEquals(0.5, seats.get("reference").asDouble());
        assertEquals(1.0 / 3, charts.get("chart-seats-pyrametto-standard-3").get("reference").asDouble(), 1e-12);
        assertTrue(table(html, "seats-pylon-standard-2").contains("<td>0</td><td>4</td><td>2</td><td>1</td><td>1</td>"
                + "<td>62.5%</td>"));

        JsonNode lengths = charts.get("chart-lengths-pylon-standard-2");
        List<String> bins = texts(lengths.get("labels"));
        List<Double> counts = numbers(lengths.get("series").get(0).get("values"));
        assertEquals("40", bins.get(0));
        assertEquals("52", bins.get(bins.size() - 1));
        assertEquals(1.0, counts.get(bins.indexOf("44")));
        assertEquals(0.0, counts.get(bins.indexOf("45")));
        assertEquals(4.0, counts.stream().mapToDouble(Double::doubleValue).sum());

        JsonNode terminations = charts.get("chart-terminations");
        assertEquals(List.of("pylon / standard / 2 players", "pyrametto / standard / 3 players"),
                texts(terminations.get("labels")));
        Map<String, List<Double>> series = new HashMap<>();
        terminations.get("series").forEach(s -> series.put(s.get("name").asText(), numbers(s.get("values"))));
        assertEquals(Map.of("normal", List.of(4.0, 0.0), "timeout", List.of(0.0, 1.0)), series);
        assertTrue(table(html, "faults").contains("<td class=\"bot\">gamma</td><td>1</td>"));
    }

    @Test
    void everyMatchIsListedWithLinksToItsReplayAndViewerPage(@TempDir Path temp) throws IOException {
        String html = Files.readString(Report.write(folder(temp)));
        Matcher rows = Pattern.compile("<tr class=\"match\" id=\"match-(\\d+)\">(.*?)</tr>").matcher(html);
        Map<Integer, String> byMatch = new HashMap<>();
        while (rows.find()) {
            byMatch.put(Integer.parseInt(rows.group(1)), rows.group(2));
        }
        assertEquals(new TreeSet<>(List.of(0, 1, 2, 3, 4)), new TreeSet<>(byMatch.keySet()));
        assertTrue(byMatch.get(0).contains("<a class=\"replay\" href=\"replays/match-000000.replay.json.gz\">"));
        assertTrue(byMatch.get(0).contains("<a class=\"viewer\" href=\"replays/match-000000.html\">"));
        assertTrue(byMatch.get(1).contains("<a class=\"replay\" href=\"replays/match-000001.replay.json\">"));
        assertTrue(byMatch.get(1).contains("<a class=\"viewer\" href=\"replays/match-000001.html\">"));
        assertFalse(byMatch.get(2).contains("<a "), "match 2 has no replay: " + byMatch.get(2));
        assertTrue(byMatch.get(4).contains("<a class=\"viewer\" href=\"replays/match-000004.html\">"));
        assertTrue(byMatch.get(4).contains("gamma <small>3 &middot; 0</small> <small class=\"fault\">timeout</small>"),
                byMatch.get(4));
        assertTrue(byMatch.get(0).contains("<td class=\"won\">&lt;alpha&gt; <small>1 &middot; 3</small></td>"),
                byMatch.get(0));
        assertTrue(html.contains("id=\"matches-pylon-standard-2\""));
    }

    @Test
    void botNamesAreEscapedInTheHtmlAndInTheEmbeddedData(@TempDir Path temp) throws IOException {
        Files.writeString(temp.resolve("results.csv"), RESULTS.replace("<alpha>", "<script>alert('x')</script>&\"q\""));
        String html = Files.readString(Report.write(temp));
        assertFalse(html.contains("<script>alert"), "no bot name can open an element");
        String outsideTheData = html.replaceAll("(?s)<script type=\"application/json\" id=\"report-data\">.*?</script>",
                "");
        assertFalse(outsideTheData.contains("alert('x')"), "quotes are escaped in the HTML too");
        assertTrue(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;&quot;q&quot;"));
        assertTrue(charts(html).get("chart-standings-all").get("labels").toString()
                .contains("<script>alert('x')</script>&\\\"q\\\""), "the data read back holds the name as it is");
    }

    @Test
    void thePageWorksOfflineWithTheChartingLibraryInlined(@TempDir Path temp) throws IOException {
        String html = Files.readString(Report.write(folder(temp)));
        Matcher external = Pattern.compile("(?i)\\b(src|href)\\s*=\\s*[\"']?\\s*(https?:)?//").matcher(html);
        assertFalse(external.find(), () -> "an external reference: " + html.substring(external.start(),
                Math.min(html.length(), external.start() + 80)));
        assertFalse(html.matches("(?is).*<(script|img|link|iframe)[^>]*\\ssrc\\s*=.*"), "nothing loaded from a file");
        assertFalse(html.contains("<link"), "no stylesheet to load");
        assertTrue(html.contains(ChartLibrary.script()), "Chart.js is inlined");
        assertTrue(html.contains("Chart.js v" + ChartLibrary.VERSION), "with its licence banner");
        assertFalse(html.contains("sourceMappingURL"), "no source map to fetch");
        assertTrue(html.contains("new Chart(canvas"), "the drawing script is inlined");
    }

    @Test
    void aResultsFileWithByesAndNoReplaysStillMakesAPage(@TempDir Path temp) throws IOException {
        Files.writeString(temp.resolve("results.csv"), RESULTS + "t,3,5,bye,standard,1,0,gamma,1,0,normal,0,0,0\n");
        String html = Files.readString(Report.write(temp));
        assertTrue(html.contains("5 matches and 1 bye"), html.substring(0, 2000));
        assertFalse(html.contains("class=\"replay\""));
        assertFalse(html.contains("chart-seats-bye"));
    }

    @Test
    void aRunOfMoreMatchesThanTheListHoldsPointsToTheResultsFileInstead(@TempDir Path temp) throws IOException {
        folder(temp);
        List<MatchRecord> records = ResultsCsv.read(temp.resolve("results.csv"));
        String everyMatch = Files.readString(Report.write(temp));
        assertEquals(everyMatch, Files.readString(Report.write(temp, tally(records, records.size()))),
                "a run's tally of as many matches as it lists makes the folder's page");
        String summary = Files.readString(Report.write(temp, tally(records, records.size() - 1)));
        String matches = summary.substring(summary.indexOf("<section id=\"matches\">"));
        assertTrue(matches.contains("id=\"matches-not-listed\">5 matches: more than the 4 this page lists one by "
                + "one. Every match is a row of <a href=\"results.csv\">results.csv</a>"), matches);
        assertTrue(matches.contains("<a href=\"replays/\">replays/</a>"), matches);
        assertFalse(summary.contains("class=\"match\""), "no match is listed");
        int before = everyMatch.indexOf("<section id=\"matches\">");
        assertEquals(everyMatch.substring(0, before), summary.substring(0, before), "the rest of the page is the same");
    }

    private static ReportTally tally(List<MatchRecord> records, int listed) {
        ReportTally tally = new ReportTally(listed);
        records.forEach(tally::add);
        return tally;
    }

    @Test
    void viewerPagesSitBesideTheirReplays() {
        assertEquals("match-000012.html", Report.viewerPageName("match-000012.replay.json.gz"));
        assertEquals("final.html", Report.viewerPageName("final.replay.json"));
        assertThrows(IllegalArgumentException.class, () -> Report.viewerPageName("match-000012.json"));
    }

    @Test
    void rejectsAFolderWithoutResults(@TempDir Path folder) {
        assertThrows(IllegalArgumentException.class, () -> Report.write(folder));
    }
}
