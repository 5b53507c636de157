package org.pyramidarena.arena.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code arena report} on folders other than a finished tournament's. */
class ReportCommandTest {

    @TempDir
    Path temp;

    @Test
    void aBalanceFolderGetsAReport() throws IOException {
        Path out = temp.resolve("balance");
        CliRun balance = CliRun.of("balance", "--game", "pylon", "--bot", "random", "--games", "20", "--out",
                out.toString(), "--quiet");
        assertEquals(0, balance.status(), balance.err());
        CliRun report = CliRun.of("report", out.toString());
        assertEquals(0, report.status(), report.err());
        assertTrue(report.out().contains("report.html"), report.out());
        String html = Files.readString(out.resolve("report.html"));
        assertTrue(html.contains("id=\"chart-seats-pylon-standard-2\""), "the balance question is charted");
        assertTrue(html.contains("id=\"standings-all\""), "the copies' standings, from its standings.csv");
        assertTrue(html.contains("id=\"crosstable-pylon\""));
        assertEquals(20, html.split("<tr class=\"match\"", -1).length - 1, "every game listed");
        assertFalse(html.contains("class=\"replay\""), "a balance run keeps no replays");
    }

    @Test
    void aFolderWithoutResultsIsOneLineAndStatusTwo() {
        CliRun run = CliRun.of("report", temp.toString());
        assertEquals(2, run.status());
        assertEquals("arena report: no results.csv in " + temp, run.err().strip());
        assertFalse(Files.exists(temp.resolve("report.html")));
    }

    @Test
    void aBrokenResultsFileIsOneLineAndStatusTwo() throws IOException {
        Files.writeString(temp.resolve("results.csv"), "not,a,results,file\n1,2,3,4\n");
        CliRun run = CliRun.of("report", temp.toString());
        assertEquals(2, run.status());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertTrue(run.err().contains("results.csv"), run.err());
    }
}
