package org.pyramidarena.arena.balance;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Parameter;
import org.pyramidarena.tournaments.stats.Power;

/**
 * A study's findings as text tables for the terminal, read from its folder ({@link StudyFolder}):
 * who starts each game, the metrics of each bot with the setups side by side and the games behind
 * each figure, the setups compared, the fair values of a swept or searched parameter, and the games
 * a study needs to see a given advantage.
 */
public final class StudyText {

    /** The power the games needed are sized for. */
    public static final double POWER = 0.8;

    private StudyText() {
    }

    /**
     * The summary.
     *
     * @param powerPoints the starter's advantage, in percentage points, the games needed are sized for
     * @return lines ending in a newline
     */
    public static String summary(StudyFolder study, double powerPoints) {
        StringBuilder text = new StringBuilder();
        Set<String> games = new LinkedHashSet<>();
        study.setups().forEach(s -> games.add(s.game()));
        text.append(String.format(Locale.ROOT, "%nWho starts (the starter's advantage is the first player's; the "
                + "first-seat advantage is seat 0's):%n"));
        for (String game : games) {
            text.append("  ").append(game).append(": ").append(starterRule(game)).append('\n');
        }
        for (String bot : study.bots()) {
            List<Setup> setups = study.setups().stream().filter(s -> study.find(s, bot).isPresent()).toList();
            text.append(String.format(Locale.ROOT, "%nDesign metrics of %s (95%% intervals; [-] too few games for "
                    + "one, n= the games behind a figure where fewer than all):%n", bot));
            List<List<String>> rows = new ArrayList<>();
            List<String> header = new ArrayList<>();
            header.add("metric");
            setups.forEach(s -> header.add(s.label()));
            rows.add(header);
            List<String> counts = new ArrayList<>();
            counts.add("games");
            setups.forEach(s -> counts.add(Long.toString(study.find(s, bot).orElseThrow().games())));
            rows.add(counts);
            for (String metric : Metric.names()) {
                List<String> row = new ArrayList<>();
                row.add(metric);
                for (Setup setup : setups) {
                    StudyFolder.CellData cell = study.find(setup, bot).orElseThrow();
                    Metrics.Estimate estimate = cell.get(metric);
                    String shown = estimate.shown("-");
                    if (Double.isFinite(estimate.value()) && estimate.games() != cell.games()) {
                        shown += " n=" + estimate.games();
                    }
                    row.add(shown);
                }
                rows.add(row);
            }
            table(rows, text);
        }
        comparisons(study, text);
        fair(study, text);
        power(study, powerPoints, text);
        return text.toString();
    }

    private static void comparisons(StudyFolder study, StringBuilder text) {
        if (study.comparisons().isEmpty()) {
            return;
        }
        long tests = study.comparisons().stream().filter(c -> !Double.isNaN(c.pValue())).count();
        text.append(String.format(Locale.ROOT, "%nStarter's advantage, setups compared (A - B; 95%% bootstrap "
                + "interval and its p; %s: p adjusted over the %d tests, 'found' below 0.05):%n", Comparison.CORRECTION,
                tests));
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("bot", "A", "B", "difference", "95% interval", "p", "p " + Comparison.CORRECTION, "",
                "games", "deals"));
        for (Comparison c : study.comparisons()) {
            boolean tested = !Double.isNaN(c.pValue());
            rows.add(List.of(c.bot(), c.first().label(), c.second().label(), Metrics.points(c.difference(), "-"),
                    tested ? "[" + Metrics.points(c.low(), "-") + ", " + Metrics.points(c.high(), "-") + "]"
                            : "- (" + c.note() + ")",
                    p(c.pValue(), study, "-"), p(c.pHolm(), study, "-"), tested && c.found() ? "found" : "",
                    c.gamesFirst() + "/" + c.gamesSecond(), c.paired() ? "paired" : "independent"));
        }
        table(rows, text);
    }

    private static void fair(StudyFolder study, StringBuilder text) {
        if (study.fair().isEmpty()) {
            return;
        }
        String parameter = study.parameter();
        text.append(String.format(Locale.ROOT, "%nFair %s: where the starter's advantage is 0 (a line fitted "
                + "through the values around the crossing; 95%% bootstrap interval):%n", parameter));
        Setup base = null;
        for (StudyFolder.FairRow row : study.fair()) {
            if (!row.base().equals(base)) {
                base = row.base();
                text.append("  ").append(base.label()).append(":\n");
            }
            if (row.kind().equals("fair")) {
                text.append(String.format(Locale.ROOT, "    %s: %s (%s games a value; played %s)%s%n", row.bot(),
                        fairValue(row, "-"), row.games(), row.evaluated(), row.note().isEmpty() ? "" : "; " + row.note()));
            } else {
                text.append(String.format(Locale.ROOT, "    %s: %s%s [%s, %s], p %s, %s p %s%n", row.bot(),
                        row.value() >= 0 ? "+" : "", number(row.value()), number(row.low()), number(row.high()),
                        p(row.pValue(), study, "-"), Comparison.CORRECTION, p(row.pHolm(), study, "-")));
            }
        }
        text.append("  ").append(verdict(study)).append('\n');
    }

    /** A fair value with its interval (to three decimals), or {@code missing} in place of either. */
    public static String fairValue(StudyFolder.FairRow row, String missing) {
        if (!Double.isFinite(row.value())) {
            return missing;
        }
        return number(row.value()) + (Double.isFinite(row.low()) ? " [" + number(row.low()) + ", " + number(row.high())
                + "]" : " [" + missing + "]");
    }

    /** Whether the fair value is stable across the bots, from fair.csv's differences: one line. */
    public static String verdict(StudyFolder study) {
        long found = study.fair().stream().filter(r -> r.kind().equals("fair") && Double.isFinite(r.value())).count();
        long bots = study.fair().stream().filter(r -> r.kind().equals("fair")).count();
        List<StudyFolder.FairRow> differences = study.fair().stream().filter(r -> r.kind().equals("difference"))
                .toList();
        if (found < 2) {
            return bots < 2 ? "one bot: play two or more to ask whether the fair value depends on strength"
                    : "fewer than two bots have a fair value in the range: stability cannot be told";
        }
        List<StudyFolder.FairRow> differ = differences.stream().filter(d -> d.pHolm() < 1 - Metrics.CONFIDENCE)
                .toList();
        if (differ.isEmpty()) {
            return "stable across strengths: no two bots' fair values differ (95%, " + Comparison.CORRECTION + " over "
                    + differences.size() + (differences.size() == 1 ? " pair)" : " pairs)");
        }
        StudyFolder.FairRow widest = differ.stream()
                .max(java.util.Comparator.comparingDouble(d -> Math.abs(d.value()))).orElseThrow();
        return "not stable across strengths: " + widest.bot() + " = " + number(widest.value()) + " [" + number(widest.low())
                + ", " + number(widest.high()) + "] (" + Comparison.CORRECTION + " p " + p(widest.pHolm(), study, "-") + ")";
    }

    private static void power(StudyFolder study, double points, StringBuilder text) {
        text.append(String.format(Locale.ROOT, "%nGames a setup needs to find a starter's advantage of %s points "
                + "(95%% confidence, %d%% power, from the draw rate):%n", Parameter.format(points),
                Math.round(100 * POWER)));
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>();
        header.add("setup");
        header.addAll(study.bots());
        rows.add(header);
        for (Setup setup : study.setups()) {
            List<String> row = new ArrayList<>();
            row.add(setup.label());
            for (String bot : study.bots()) {
                row.add(study.find(setup, bot).map(cell -> gamesNeeded(cell, points) + " (played " + cell.games() + ")")
                        .orElse("-"));
            }
            rows.add(row);
        }
        table(rows, text);
    }

    /**
     * The games a cell's setup needs to find a starter's advantage of {@code points} percentage
     * points, from its draw rate ({@link Power}; exact for two players, on the safe side for more,
     * whose pairings tie more often than their games draw); "-" without a draw rate.
     */
    public static String gamesNeeded(StudyFolder.CellData cell, double points) {
        double draws = cell.get(Metric.DRAWISHNESS).value();
        if (!Double.isFinite(draws)) {
            return "-";
        }
        return Long.toString(Power.gamesToDetect(Power.varianceFromDraws(draws), points / 100, Metrics.CONFIDENCE,
                POWER));
    }

    /** A game's rule of who starts, or a note for a game this arena does not know. */
    public static String starterRule(String game) {
        return Games.find(game).map(g -> g.starterRule()).orElse("(a game this arena does not know)");
    }

    /**
     * A p-value with three significant digits; below the bootstrap's resolution (2 / replicates),
     * "&lt;" it, since the bootstrap cannot tell a smaller p from 0; {@code missing} for none.
     */
    public static String p(double p, StudyFolder study, String missing) {
        if (Double.isNaN(p)) {
            return missing;
        }
        int samples = study.manifest() == null ? 0 : study.manifest().plan().bootstrap();
        double floor = samples > 0 ? 2.0 / samples : 0;
        return p < floor ? "<" + String.format(Locale.ROOT, "%.2g", floor) : String.format(Locale.ROOT, "%.3g", p);
    }

    private static String number(double value) {
        return Double.isFinite(value) ? Parameter.format(FairSearch.round(value)) : "-";
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
