package org.pyramidarena.arena.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --openings} as the commands read it. */
class OpeningsCommandTest {

    @TempDir
    Path temp;

    @Test
    void aBookWithBadLinesStopsTheRunWithALinePerBadLine() throws IOException {
        Path book = Files.writeString(temp.resolve("book.txt"), "pylon: Le4 Ld4\npylon: Le4 Le4\npylon: Zz9\n");
        CliRun run = CliRun.of("sprt", "--game", "pylon", "--candidate", "greedy", "--baseline", "random",
                "--openings", book.toString());
        assertEquals(2, run.status(), run.err());
        List<String> lines = run.err().lines().toList();
        assertEquals(2, lines.size(), run.err());
        assertTrue(lines.get(0).startsWith("arena sprt: " + book + " line 2: pylon/standard with 2 players: action 2 "
                + "'Le4' is illegal for seat 1"), lines.get(0));
        assertTrue(lines.get(1).startsWith("arena sprt: " + book + " line 3: "), lines.get(1));

        CliRun negative = CliRun.of("tournament", "--games", "pylon", "--bot", "greedy,random", "--random-opening", "-1",
                "--out", temp.resolve("never").toString());
        assertEquals(2, negative.status());
        assertEquals("arena tournament: --random-opening takes a number of plies, at least 0, not -1",
                negative.err().strip());
    }
}
