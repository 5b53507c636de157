package org.pyramidarena.arena.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code arena report} on folders other than a finished tournament's. */
class ReportCommandTest {

    @TempDir
    Path temp;

    @Test
    void aOneSetupAndAMultiSetupStudysOwnReportIsWrittenAgainByteForByte() throws IOException {
        for (List<String> setups : List.of(List.of("pylon"), List.of("pylon", "pyraos"))) {
            Path out = temp.resolve("balance-" + setups.size());
            CliRun balance = CliRun.of("balance", "--game", String.join(",", setups), "--bot", "random", "--games", "40",
                    "--bootstrap", "100", "--out", out.toString(), "--quiet");
            assertEquals(0, balance.status(), balance.err());
            byte[] written = Files.readAllBytes(out.resolve("report.html"));
            Files.delete(out.resolve("report.html"));
            CliRun report = CliRun.of("report", out.toString());
            assertEquals(0, report.status(), report.err());
            assertTrue(report.out().contains("the balance study's report"), report.out());
            assertArrayEquals(written, Files.readAllBytes(out.resolve("report.html")), setups + ": the study's page");
            String html = new String(written, java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(html.contains("id=\"chart-seats-pylon-2-standard\""), "the balance question is charted");
            assertFalse(html.contains("id=\"standings-all\""), "not a tournament's page");
        }
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
