package org.pyramidarena.arena.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.replay.ReplayFiles;

/** {@code rerun} playing a tournament's match again, move by move, from its opening. */
class RerunCommandTest {

    @TempDir
    Path temp;

    @Test
    void rerunPlaysATournamentsMatchAgainMoveByMoveAsTheRunPlayedIt() throws IOException {
        Path out = temp.resolve("run");
        CliRun tournament = CliRun.of("tournament", "--games", "pylon", "--bot", "greedy,random", "--openings",
                "pylon-book", "--random-opening", "1", "--seed", "3", "--sandbox", "none",
                "--out", out.toString(), "--quiet");
        assertEquals(0, tournament.status(), tournament.err());
        assertTrue(tournament.out().contains("openings: pylon-book (96 lines of pylon), then 1 random ply"),
                tournament.out());

        Path kept = temp.resolve("again");
        CliRun rerun = CliRun.of("rerun", out.toString(), "--match", "1", "--clock", "none", "--output", kept.toString());
        assertEquals(0, rerun.status(), rerun.err());
        assertTrue(rerun.out().contains("clock: none (a day a move)"), rerun.out());
        assertEquals(5, rerun.out().lines().filter(line -> line.endsWith(" (opening)")).count(),
                "the book's four plies and a random one, marked: " + rerun.out());
        int actions = ReplayFiles.read(out.resolve(RunFolder.REPLAYS).resolve(RunFolder.replayName(1))).actions().size();
        assertTrue(rerun.out().contains("the same " + actions + " actions as the run's replay"), rerun.out());
        assertTrue(Files.isRegularFile(kept.resolve(RunFolder.replayName(1))), "the match's replay is kept");

        CliRun missing = CliRun.of("rerun", out.toString(), "--match", "2", "--output", kept.toString());
        assertEquals(2, missing.status());
        assertEquals("arena rerun: the run in " + out + " has matches 0 to 1, not 2", missing.err().strip());
    }
}
