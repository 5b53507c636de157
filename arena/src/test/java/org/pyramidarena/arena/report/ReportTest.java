package org.pyramidarena.arena.report;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportTest {

    @Test
    void summarisesResultsAndLinksReplays(@TempDir Path folder) throws Exception {
        Files.writeString(folder.resolve("results.csv"),
                "tournament,round,match,game,variant,players,seat,bot,rank,score,termination,moves,time_ms,seed\n"
                + "t,1,1,pylon,standard,2,0,<alpha>,1,3,normal,40,10,7\n"
                + "t,1,1,pylon,standard,2,1,beta,2,1,normal,40,10,7\n");
        Files.createDirectories(folder.resolve("replays"));
        Files.writeString(folder.resolve("replays/m1.replay.json"), "{}");
        String html = Files.readString(Report.write(folder));
        assertTrue(html.contains("&lt;alpha&gt;"), html);
        assertTrue(html.contains("href=\"replays/m1.replay.json\""), html);
        assertTrue(html.contains("<td>normal</td><td>2</td>"), html);
    }

    @Test
    void rejectsAFolderWithoutResults(@TempDir Path folder) {
        assertThrows(IllegalArgumentException.class, () -> Report.write(folder));
    }
}
