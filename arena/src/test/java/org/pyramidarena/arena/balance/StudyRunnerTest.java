package org.pyramidarena.arena.balance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.bots.RunDirectory;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.tournament.BotSources;
import org.pyramidarena.arena.tournament.BuiltInBots;
import org.pyramidarena.arena.tournament.Progress;

/** A balance study played by its runner alone, as the contest server or a test would: no command line. */
class StudyRunnerTest {

    @TempDir
    Path temp;

    private static StudyPlan plan(List<String> setups, List<String> bots, int concurrency) {
        return new StudyPlan(setups, null, null, bots, 4, 0, "7", "1s", null, null, "in-process", "none", null,
                concurrency, null, null, 2, false);
    }

    @Test
    void aStudyPlayedAtAnyConcurrencyWritesTheSameFilesAndTellsOfEachCell() throws Exception {
        byte[][] first = null;
        for (int concurrency : List.of(1, 2)) {
            Path folder = temp.resolve("concurrency-" + concurrency);
            StudyPlan plan = plan(List.of("pyraos", "pyraos/pylos"), List.of("random"), concurrency);
            List<String> heard = new ArrayList<>();
            try (RunDirectory run = RunDirectory.temporary(); BotSources bots = BuiltInBots.inProcess(run)) {
                StudyRunner runner = new StudyRunner(plan, folder, bots, Sandbox.none(), () -> Progress.NONE,
                        (setup, bot, cellFolder, summary) -> heard.add(setup.label() + " " + bot + " "
                                + folder.relativize(cellFolder) + " " + summary.total()));
                assertFalse(runner.study().begun());
                BalanceStudy.Findings findings = runner.run();
                assertEquals(2, findings.result().cells().size());
                assertTrue(findings.fair().isEmpty(), "neither a sweep nor a search");
            }
            assertEquals(List.of("pyraos random pyraos-2-standard/random 4",
                    "pyraos/pylos random pyraos-2-pylos/random 4"), heard);
            assertEquals(plan, StudyManifest.read(folder.resolve("study.json")).plan(), "study.json plays it again");
            byte[][] files = {Files.readAllBytes(folder.resolve("balance.csv")),
                Files.readAllBytes(folder.resolve("metrics.csv")), Files.readAllBytes(folder.resolve("comparisons.csv"))};
            if (first == null) {
                first = files;
            } else {
                for (int f = 0; f < files.length; f++) {
                    assertArrayEquals(first[f], files[f], "file " + f + " at concurrency 1 and 2");
                }
            }
        }
    }

    @Test
    void aBotThatDoesNotPlayEverySetupIsRefusedBeforeAnyGame() {
        Path folder = temp.resolve("refused");
        try (RunDirectory run = RunDirectory.temporary(); BotSources bots = BuiltInBots.inProcess(run)) {
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                    () -> new StudyRunner(plan(List.of("pyraos", "pyrinoes"), List.of("random", "alphabeta"), 1),
                            folder, bots, Sandbox.none(), () -> Progress.NONE, StudyRunner.CellListener.NONE));
            assertEquals("bot 'alphabeta' does not play pyrinoes; a study seats every bot in every setup",
                    refused.getMessage());
        }
        assertFalse(Files.exists(folder), "nothing written");
    }
}
