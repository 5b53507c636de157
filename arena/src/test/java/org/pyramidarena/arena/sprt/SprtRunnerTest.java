package org.pyramidarena.arena.sprt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.api.Games;
import org.pyramidarena.arena.bots.RunDirectory;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.arena.tournament.BotSources;
import org.pyramidarena.arena.tournament.BuiltInBots;
import org.pyramidarena.arena.tournament.MatchRerun;
import org.pyramidarena.arena.tournament.Openings;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.sprt.Sprt;
import org.pyramidarena.tournaments.sprt.SprtDecision;
import org.pyramidarena.tournaments.sprt.SprtModel;
import org.pyramidarena.tournaments.sprt.SprtOptions;

/** An SPRT played by its runner alone, as the contest server or a test would: no command line. */
class SprtRunnerTest {

    private static final SprtOptions OPTIONS = new SprtOptions(0, 20, 0.05, 0.05, SprtModel.NORMALIZED);

    @TempDir
    Path temp;

    @Test
    void aTestPlayedAtAnyConcurrencyEndsAlikeAndItsFolderHoldsItsCounts() {
        SprtMatchup matchup = new SprtMatchup("pyraos", null, "greedy", "random");
        assertEquals(Games.byId("pyraos").defaultVariant(), matchup.variant(), "the game's first variant");
        Path folder = temp.resolve("run");
        List<Sprt> heard = new ArrayList<>();
        try (RunDirectory run = RunDirectory.temporary(); BotSources bots = BuiltInBots.inProcess(run)) {
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
        try (RunDirectory run = RunDirectory.temporary(); BotSources bots = BuiltInBots.inProcess(run)) {
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
    void deterministicBotsFromRandomOpeningsAreMeasuredOnManyGamesAndTheStrongerIsFound() {
        SprtMatchup matchup = new SprtMatchup("pylon", null, "alphabeta?nodes=400", "alphabeta?nodes=100");
        Path folder = temp.resolve("opened");
        try (RunDirectory run = RunDirectory.temporary(); BotSources bots = BuiltInBots.inProcess(run)) {
            Sprt alike = new SprtRunner(matchup, OPTIONS, MasterSeed.of(1), 20, TimeControl.DEFAULT, 2, bots)
                    .run(status -> { });
            assertEquals(1, Arrays.stream(alike.pentanomial()).filter(count -> count > 0).count(),
                    "without openings every pair plays the same two games: " + Arrays.toString(alike.pentanomial()));

            Openings four = Openings.load(List.of(), 4, List.of(matchup.rules()));
            Sprt opened = new SprtRunner(matchup, OPTIONS, MasterSeed.of(1), 2000, TimeControl.DEFAULT, four, 2, bots)
                    .keptIn(folder, "in-process", "none").run(status -> { });
            assertEquals(SprtDecision.H1_ACCEPTED, opened.decision(), Arrays.toString(opened.pentanomial()));
            assertTrue(Arrays.stream(opened.pentanomial()).filter(count -> count > 0).count() >= 3,
                    "pairs of many games: " + Arrays.toString(opened.pentanomial()));

            SprtRun kept = SprtRun.read(folder.resolve("sprt.json"));
            assertEquals(4, kept.openingPlies());
            assertEquals(TimeControl.DEFAULT, kept.timeControl());
            MatchRerun.Plan plan = kept.plan(3, bots);
            assertEquals(List.of("alphabeta?nodes=100", "alphabeta?nodes=400"), plan.bots(), "pair 1, candidate second");
            assertEquals(SprtRunner.matchSettings(MasterSeed.of(1), 3, TimeControl.DEFAULT, four, "pylon"),
                    plan.settings());
            assertEquals(plan.settings().opening(), SprtRunner.matchSettings(MasterSeed.of(1), 2, TimeControl.DEFAULT,
                    four, "pylon").opening(), "both matches of a pair open alike");
        }
    }

    @Test
    void aRunFileOfVersionOneIsStillAddedUpButNotPlayedAgain() throws Exception {
        SprtMatchup matchup = new SprtMatchup("pyraos", null, "greedy", "random");
        Path folder = temp.resolve("v1");
        try (RunDirectory run = RunDirectory.temporary(); BotSources bots = BuiltInBots.inProcess(run)) {
            new SprtRunner(matchup, OPTIONS, MasterSeed.of(4), 4, TimeControl.DEFAULT, 1, bots).keptIn(folder)
                    .run(status -> { });
        }
        Path file = folder.resolve("sprt.json");
        ObjectNode json = (ObjectNode) new ObjectMapper().readTree(Files.readString(file));
        json.put("version", 1);
        json.remove(List.of("time", "bank", "firstMove", "clock", "wallGuard", "isolation", "sandbox", "openings",
                "randomOpening"));
        Files.writeString(file, json.toString());
        SprtRun old = SprtRun.read(file);
        assertEquals(4, old.games());
        assertEquals(List.of(), old.openingBooks());
        IllegalArgumentException rerun = assertThrows(IllegalArgumentException.class, () -> old.plan(0, null));
        assertTrue(rerun.getMessage().contains("version 1 does not record"), rerun.getMessage());
    }

    @Test
    void whatCannotBeTestedIsRefusedBeforeAnyGame() {
        IllegalArgumentException threePlayers = assertThrows(IllegalArgumentException.class,
                () -> new SprtMatchup("pyrametto", null, "greedy", "random"));
        assertTrue(threePlayers.getMessage().contains("two-player"), threePlayers.getMessage());
        SprtMatchup matchup = new SprtMatchup("pylon", null, "greedy", "random");
        try (RunDirectory run = RunDirectory.temporary(); BotSources bots = BuiltInBots.inProcess(run)) {
            assertThrows(IllegalArgumentException.class,
                    () -> new SprtRunner(matchup, OPTIONS, MasterSeed.of(1), 1, TimeControl.DEFAULT, 1, bots));
            assertThrows(IllegalArgumentException.class,
                    () -> new SprtRunner(matchup, OPTIONS, MasterSeed.of(1), 40, TimeControl.DEFAULT, 0, bots));
        }
    }
}
