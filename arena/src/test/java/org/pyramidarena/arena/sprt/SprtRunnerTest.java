package org.pyramidarena.arena.sprt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.api.Games;
import org.pyramidarena.arena.bots.BotLoader;
import org.pyramidarena.arena.bots.Isolation;
import org.pyramidarena.arena.bots.RunDirectory;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.arena.tournament.BotSources;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.sprt.Sprt;
import org.pyramidarena.tournaments.sprt.SprtModel;
import org.pyramidarena.tournaments.sprt.SprtOptions;

/** An SPRT played by its runner alone, as the contest server or a test would: no command line. */
class SprtRunnerTest {

    private static final SprtOptions OPTIONS = new SprtOptions(0, 20, 0.05, 0.05, SprtModel.NORMALIZED);

    @TempDir
    Path temp;

    private static BotSources builtIn(RunDirectory run) {
        return new BotSources(new BotLoader(Isolation.IN_PROCESS, BotLoader.DEFAULT_MEMORY, run,
                BotLoader.DEFAULT_HELLO_MILLIS));
    }

    @Test
    void aTestPlayedAtAnyConcurrencyEndsAlikeAndItsFolderHoldsItsCounts() {
        SprtMatchup matchup = new SprtMatchup("pyraos", null, "greedy", "random");
        assertEquals(Games.byId("pyraos").defaultVariant(), matchup.variant(), "the game's first variant");
        Path folder = temp.resolve("run");
        List<Sprt> heard = new ArrayList<>();
        try (RunDirectory run = RunDirectory.temporary(); BotSources bots = builtIn(run)) {
            Sprt one = new SprtRunner(matchup, OPTIONS, MasterSeed.of(2), 40, TimeControl.DEFAULT, 1, bots)
                    .keptIn(folder).run(heard::add);
            Sprt three = new SprtRunner(matchup, OPTIONS, MasterSeed.of(2), 40, TimeControl.DEFAULT, 3, bots)
                    .run(heard::add);
            assertArrayEquals(one.pentanomial(), three.pentanomial());
            assertEquals(one.llr(), three.llr());
            assertTrue(one.games() > 0 && one.games() <= 40, "at most the budget: " + one.games());
            assertTrue(heard.isEmpty(), "fewer than " + SprtRunner.REPORT_EVERY_PAIRS + " pairs: no status");

            SprtRun kept = SprtRun.read(folder.resolve("sprt.json"));
            assertTrue(kept.finished());
            assertEquals(one.games(), kept.games());
            assertArrayEquals(one.pentanomial(), kept.counts());
            assertEquals("greedy", kept.candidate());
            assertEquals(matchup.variant(), kept.variant());

            IllegalArgumentException other = assertThrows(IllegalArgumentException.class,
                    () -> new SprtRunner(matchup, OPTIONS, MasterSeed.of(3), 40, TimeControl.DEFAULT, 1, bots)
                            .keptIn(folder));
            assertTrue(other.getMessage().contains("seed 2"), other.getMessage());
        }
    }

    @Test
    void aRunWhoseFolderGoesAwayWhilePlayingFailsAsARunNotAsBadInput() throws Exception {
        SprtMatchup matchup = new SprtMatchup("pylon", null, "greedy", "random");
        Path folder = temp.resolve("gone");
        try (RunDirectory run = RunDirectory.temporary(); BotSources bots = builtIn(run)) {
            SprtRunner runner = new SprtRunner(matchup, OPTIONS, MasterSeed.of(1), 4, TimeControl.DEFAULT, 1, bots)
                    .keptIn(folder);
            Files.delete(folder.resolve("sprt.json"));
            Files.delete(folder);
            IllegalStateException failed = assertThrows(IllegalStateException.class, () -> runner.run(test -> { }));
            assertTrue(failed.getMessage().startsWith("cannot write " + folder.resolve("sprt.json")),
                    failed.getMessage());
        }
    }

    @Test
    void whatCannotBeTestedIsRefusedBeforeAnyGame() {
        IllegalArgumentException threePlayers = assertThrows(IllegalArgumentException.class,
                () -> new SprtMatchup("pyrametto", null, "greedy", "random"));
        assertTrue(threePlayers.getMessage().contains("two-player"), threePlayers.getMessage());
        SprtMatchup matchup = new SprtMatchup("pylon", null, "greedy", "random");
        try (RunDirectory run = RunDirectory.temporary(); BotSources bots = builtIn(run)) {
            assertThrows(IllegalArgumentException.class,
                    () -> new SprtRunner(matchup, OPTIONS, MasterSeed.of(1), 1, TimeControl.DEFAULT, 1, bots));
            assertThrows(IllegalArgumentException.class,
                    () -> new SprtRunner(matchup, OPTIONS, MasterSeed.of(1), 40, TimeControl.DEFAULT, 0, bots));
        }
    }
}
