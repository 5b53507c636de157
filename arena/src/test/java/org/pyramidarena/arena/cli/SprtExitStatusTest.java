package org.pyramidarena.arena.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * arena never among the decisions.
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
}
