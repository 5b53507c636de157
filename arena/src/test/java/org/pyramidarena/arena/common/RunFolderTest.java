package org.pyramidarena.arena.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.pyramidarena.arena.replay.ReplayFiles;
import org.pyramidarena.arena.tournament.Shard;

/**
 * The names of a run's folder are what users, scripts, the docs and earlier runs rely on: they are
 * pinned here, each once.
 */
class RunFolderTest {

    @Test
    void everyFileOfARunKeepsTheNameTheDocsGive() {
        assertEquals(List.of("settings.json", "results.csv", "faults.csv", "points.txt", "standings.csv",
                        "balance.csv", "report.html", "replays", "shard.json", "merged", "study.json", "metrics.csv",
                        "comparisons.csv", "fair.csv", "sprt.json", "bots", "logs"),
                List.of(RunFolder.SETTINGS, RunFolder.RESULTS, RunFolder.FAULTS, RunFolder.POINTS, RunFolder.STANDINGS,
                        RunFolder.BALANCE, RunFolder.REPORT, RunFolder.REPLAYS, RunFolder.SHARD, RunFolder.MERGED,
                        RunFolder.STUDY, RunFolder.METRICS, RunFolder.COMPARISONS, RunFolder.FAIR, RunFolder.SPRT,
                        RunFolder.BOTS, RunFolder.LOGS));
        assertEquals(17, Set.of(RunFolder.SETTINGS, RunFolder.RESULTS, RunFolder.FAULTS, RunFolder.POINTS,
                RunFolder.STANDINGS, RunFolder.BALANCE, RunFolder.REPORT, RunFolder.REPLAYS, RunFolder.SHARD,
                RunFolder.MERGED, RunFolder.STUDY, RunFolder.METRICS, RunFolder.COMPARISONS, RunFolder.FAIR,
                RunFolder.SPRT, RunFolder.BOTS, RunFolder.LOGS).size(), "no two files share a name");
    }

    @Test
    void aMatchsReplayIsNamedByItsNumberAsACompressedReplay() {
        assertEquals("match-000012.replay.json.gz", RunFolder.replayName(12));
        assertEquals("match-1234567.replay.json.gz", RunFolder.replayName(1_234_567));
        assertTrue(RunFolder.replayName(12).endsWith(ReplayFiles.COMPRESSED_SUFFIX));
        assertTrue(ReplayFiles.isReplayName(RunFolder.replayName(0)));
    }

    @Test
    void aShardsFolderIsTheOneItsLastLinesPointAt() {
        assertEquals("shard-2-of-5", RunFolder.shardFolder(2, 5));
        assertEquals(new Shard(2, 5).folderName(), RunFolder.shardFolder(2, 5));
        assertEquals("shard-*-of-5", RunFolder.shardFolders(5));
    }
}
