package org.pyramidarena.arena.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.replay.ReplayFiles;

/**
 * A tournament's report: a self-contained {@code report.html} written into the tournament folder, to
 * open in a browser, online or not (the charting library, Chart.js, is inlined in the page).
 *
 * <p>It shows the Elo standings per game and overall with their error bars as charts, the
 * crosstables, each seat's win share with its Wilson interval per game, variant and player count,
 * game-length histograms, termination reasons and faults, and every match with links to its replay
 * file and its replay viewer page ({@link #viewerPageName}) (a run of more than
 * {@link ReportTally#LISTED_MATCHES} matches gets a line that points to {@code results.csv}
 * instead of the list). The standings come from
 * {@code standings.csv}, or are computed from {@code results.csv} when the folder has none (a
 * folder from {@code arena balance} has one without error bars).
 *
 * <p>Stable hooks for scripts and browser tests: sections {@code #standings}, {@code #crosstable},
 * {@code #seats}, {@code #lengths}, {@code #terminations}, {@code #matches}; chart containers
 * {@code div.chart} with ids {@code chart-standings-LABEL} (LABEL {@code all} or a game id),
 * {@code chart-seats-GROUP}, {@code chart-lengths-GROUP} (GROUP {@code game-variant-players}) and
 * {@code chart-terminations}, each holding one {@code canvas}; the charts' data in
 * {@code script#report-data} (JSON); tables {@code standings-LABEL}, {@code crosstable-LABEL},
 * {@code seats-GROUP}, {@code matches-GROUP}, {@code terminations-table}; match rows
 * {@code tr.match} (id {@code match-N}) with links {@code a.replay} and {@code a.viewer}. Once every
 * chart is drawn, the body gets the attribute {@code data-charts-drawn} with their number.
 */
public final class Report {
    private static final String COMPRESSED_REPLAY = ReplayFiles.COMPRESSED_SUFFIX;
    private static final String REPLAY = ReplayFiles.SUFFIX;

    private Report() {
    }

    /**
     * Writes {@code report.html} into the folder, replacing an earlier one.
     *
     * @param folder a tournament folder holding {@code results.csv}
     * @return the page written
     * @throws IOException when the folder cannot be read or written
     * @throws IllegalArgumentException when the folder has no {@code results.csv}, or it (or
     *     {@code standings.csv}) is not valid
     */
    public static Path write(Path folder) throws IOException {
        return write(folder, ReportData.read(folder));
    }

    /**
     * Writes {@code report.html} into a run's folder from the tally of its results that the run kept
     * as it played (see {@link ReportTally}), replacing an earlier one: the page {@link #write(Path)}
     * writes, without reading {@code results.csv} back.
     *
     * @param folder the run's folder, holding its {@code results.csv} and {@code standings.csv}
     * @param tally every row of its {@code results.csv}, added in the file's order
     * @return the page written
     * @throws IOException when the folder cannot be read or written
     * @throws IllegalArgumentException when the folder has no {@code results.csv}, or its
     *     {@code standings.csv} is not valid
     */
    public static Path write(Path folder, ReportTally tally) throws IOException {
        return write(folder, ReportData.of(folder, tally));
    }

    private static Path write(Path folder, ReportData data) throws IOException {
        String page = ReportPage.render(data);
        Path file = folder.resolve(RunFolder.REPORT);
        Files.writeString(file, page, StandardCharsets.UTF_8);
        return file;
    }

    /**
     * The file name of a replay's viewer page, in the same folder as the replay: the
     * {@code .replay.json} or {@code .replay.json.gz} suffix replaced by {@code .html}, e.g.
     * {@code match-000012.replay.json.gz} gives {@code match-000012.html}.
     *
     * @param replayFileName a replay's file name (no folder)
     * @return the viewer page's file name
     * @throws IllegalArgumentException when the name does not end in {@code .replay.json} or
     *     {@code .replay.json.gz}
     */
    public static String viewerPageName(String replayFileName) {
        String name = replayFileName;
        if (name.endsWith(COMPRESSED_REPLAY)) {
            return name.substring(0, name.length() - COMPRESSED_REPLAY.length()) + ".html";
        }
        if (name.endsWith(REPLAY)) {
            return name.substring(0, name.length() - REPLAY.length()) + ".html";
        }
        throw new IllegalArgumentException(replayFileName + " is not a replay file name (*" + REPLAY + " or *"
                + COMPRESSED_REPLAY + ")");
    }
}
