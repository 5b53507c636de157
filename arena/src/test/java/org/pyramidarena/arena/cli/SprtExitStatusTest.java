package org.pyramidarena.arena.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What a script and a person see of {@code sprt}: a status for every way it ends, a failure of the
 * arena never among the decisions, and a progress line on standard error.
 */
class SprtExitStatusTest {

    @TempDir
    Path dir;

    /**
     * A bot program that says hello once and deletes itself: it passes the arena's load check, leaves
     * its first match (a forfeit), and cannot be started for the next. The arena cannot go on playing
     * the test, which is a failure, not a decision.
     */
    static Path botThatCannotStartAgain(Path dir) throws IOException {
        Path program = dir.resolve("once.sh");
        Files.writeString(program, """
                #!/bin/sh
                rm -f -- "$0"
                read -r hello
                printf '%s\\n' '{"type":"hello","protocol":1,"name":"once","games":["*"]}'
                """);
        Files.setPosixFilePermissions(program, PosixFilePermissions.fromString("rwx------"));
        return program;
    }

    @ParameterizedTest(name = "{0}: status {1}")
    @CsvSource(delimiter = '|', textBlock = """
            0,0,0,0,300 | 0 | H1 accepted: the candidate is better
            300,0,0,0,0 | 1 | H0 accepted: the candidate is not better by elo1
            0,0,100,0,0 | 3 | undecided
            """)
    void eachDecisionHasItsStatusAndItsLine(String counts, int status, String decision) {
        CliRun run = CliRun.of("sprt", "--pentanomial", counts);
        assertEquals(status, run.status(), run.out() + run.err());
        List<String> lines = run.out().lines().toList();
        assertEquals(decision, lines.get(lines.size() - 1));
        assertEquals("", run.err());
    }

    @Test
    void aBotThatCannotBeStartedAgainFailsTheRunWithStatusFourAndNoDecision() throws IOException {
        CliRun run = CliRun.of("sprt", "--game", "pylon", "--candidate", "cmd:" + botThatCannotStartAgain(dir),
                "--baseline", "random", "--sandbox", "none", "--max-games", "10", "--concurrency", "1",
                "--output", dir.resolve("bots").toString());
        assertEquals(Errors.FAILED, run.status(), run.out() + run.err());
        List<String> errors = run.err().lines().toList();
        assertEquals(1, errors.size(), run.err());
        assertTrue(errors.get(0).startsWith("arena sprt: failed: ") && errors.get(0).contains("cannot start bot 'once'"),
                errors.get(0));
        assertEquals(1, run.out().lines().count(), "the header, and no status line or decision: " + run.out());
    }

    @Test
    void theProgressLineGoesToStandardErrorWithGamesLlrEloTimeAndAnEstimateAndQuietSilencesIt() {
        CliRun run = CliRun.of("sprt", "--game", "pylon", "--candidate", "greedy", "--baseline", "random",
                "--seed", "1", "--max-games", "400", "--concurrency", "1");
        assertEquals(SprtCommand.H1, run.status(), run.out() + run.err());
        List<String> progress = run.err().lines().toList();
        assertEquals(2, progress.size(), "not a terminal: a line with the status line and one at the end: "
                + run.err());
        assertTrue(progress.get(0).matches("progress: 200 games in \\d+:\\d\\d  LLR 1\\.96 \\(-2\\.94,2\\.94\\)  "
                + "Elo 636\\.3 ± 176\\.1  ETA \\d+:\\d\\d \\(~100 games to H1\\)"), progress.get(0));
        assertTrue(progress.get(1).matches("progress: 306 games in \\d+:\\d\\d  LLR 2\\.96 \\(-2\\.94,2\\.94\\)  "
                + "Elo 563\\.3 ± 100\\.7  H1 accepted"), progress.get(1));
        assertEquals("SPRT pylon: greedy against random, elo0 0.00 elo1 5.00 (normalized), alpha 0.050 beta 0.050, "
                + "1000ms/move cpu, bank 0ms, first move +2000ms, wall guard 3x+1000ms, seed 1",
                run.out().lines().findFirst().orElseThrow(), "the header states the time control");
        assertFalse(run.out().contains("progress"), run.out());

        CliRun quiet = CliRun.of("sprt", "--game", "pylon", "--candidate", "greedy", "--baseline", "random",
                "--seed", "1", "--max-games", "4", "--quiet");
        assertEquals(SprtCommand.UNDECIDED, quiet.status(), quiet.err());
        assertEquals("", quiet.err());
        assertTrue(quiet.out().strip().endsWith("undecided"), quiet.out());
    }
}
