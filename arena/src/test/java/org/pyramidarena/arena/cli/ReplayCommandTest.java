package org.pyramidarena.arena.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayCommandTest {

    @TempDir
    Path dir;

    @Test
    void aMatchReplayVerifiesAndAnEditedOneIsRejected() throws IOException {
        Path file = dir.resolve("m.replay.json");
        CliRun match = CliRun.of("match", "--game", "pylon", "--bot", "random", "--bot", "random", "--seed", "3",
                "--replay", file.toString(), "--quiet");
        assertEquals(0, match.status(), match.err());
        CliRun ok = CliRun.of("replay", file.toString(), "--step");
        assertEquals(0, ok.status(), ok.err());
        assertTrue(ok.out().contains("verified:"), ok.out());
        assertTrue(ok.out().contains("seat 0 to move"), "--step shows the board after each move");

        String json = Files.readString(file);
        // The second placement is edited to repeat the first: an occupied square.
        int first = json.indexOf("\"move\":\"") + 8;
        int second = json.indexOf("\"move\":\"", first) + 8;
        String edited = json.substring(0, second) + json.substring(first, first + 3) + json.substring(second + 3);
        Files.writeString(file, edited);
        CliRun rejected = CliRun.of("replay", file.toString());
        assertEquals(ReplayCommand.DIVERGED, rejected.status());
        assertTrue(rejected.err().contains("rejected at action 2 "), rejected.err());
    }

    @Test
    void aReplayOfAnUnknownFormatIsRefusedInOneLineNamingItsVersion() throws IOException {
        Path file = dir.resolve("m.replay.json");
        assertEquals(0, CliRun.of("match", "--game", "pylon", "--bot", "random", "--bot", "random", "--replay",
                file.toString(), "--quiet").status());
        Files.writeString(file, Files.readString(file).replace("\"format\":2,", "\"format\":99,"));
        for (String command : new String[] {"replay", "view"}) {
            CliRun refused = CliRun.of(command, file.toString());
            assertEquals(2, refused.status(), command + ": " + refused.out() + refused.err());
            assertEquals(1, refused.err().strip().lines().count(), refused.err());
            assertTrue(refused.err().contains("replay format 99 is not supported"), refused.err());
        }
    }

    @Test
    void aMissingOrUnreadableReplayIsBadInput() throws IOException {
        CliRun missing = CliRun.of("replay", dir.resolve("nothing.json").toString());
        assertEquals(2, missing.status());
        Path garbage = dir.resolve("g.replay.json");
        Files.writeString(garbage, "[1, 2");
        CliRun unreadable = CliRun.of("replay", garbage.toString());
        assertEquals(2, unreadable.status());
        assertEquals(1, unreadable.err().strip().lines().count(), unreadable.err());
    }
}
