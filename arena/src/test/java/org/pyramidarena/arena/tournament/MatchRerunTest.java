package org.pyramidarena.arena.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.api.State;
import org.pyramidarena.arena.bots.RunDirectory;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.match.ActionRecord;
import org.pyramidarena.arena.match.MatchListener;
import org.pyramidarena.arena.replay.Replay;
import org.pyramidarena.arena.replay.ReplayFiles;
import org.pyramidarena.tournaments.MatchRecord;

/** One match of a finished gauntlet played again alone, as the run played it: the same moves, opening first. */
class MatchRerunTest {

    @TempDir
    Path temp;

    @Test
    void aMatchOfAGauntletIsPlayedAgainMoveForMoveFromItsOpening() throws Exception {
        Path folder = temp.resolve("gauntlet");
        TournamentSettings settings = new TournamentSettings(null, null, "gauntlet", List.of("pylon"),
                List.of("new=alphabeta?nodes=300", "greedy", "random"), List.of("new"), 2, null, "7", "5s", null, null,
                "in-process", 2, "all", "none", "cpu", null, null).withOpenings(List.of("pylon-book"), 2);
        try (RunDirectory run = RunDirectory.temporary(); BotSources bots = BuiltInBots.inProcess(run)) {
            Tournament tournament = Tournament.resolve(settings, bots);
            new TournamentRunner(tournament, bots, Progress.NONE).run(folder, tournament.concurrency());

            MatchRerun.Plan plan = MatchRerun.tournament(folder).plan(5, bots);
            assertEquals(List.of("greedy", "new"), plan.names(), "match 5: greedy meets the candidate, seats swapped");
            assertEquals(List.of("greedy", "alphabeta?nodes=300"), plan.bots());
            assertEquals(folder.resolve(RunFolder.REPLAYS).resolve(RunFolder.replayName(5)), plan.replay());
            Replay kept = ReplayFiles.read(plan.replay());
            assertEquals(4, plan.settings().opening().line().size(), "a line of the book");
            assertEquals(plan.settings().opening().line(),
                    kept.actions().subList(0, 4).stream().map(Replay.Action::move).toList());

            List<String> heard = new ArrayList<>();
            MatchRerun.Played played = MatchRerun.play(plan, bots, new MatchListener() {
                @Override
                public void action(int index, ActionRecord action, State after) {
                    heard.add(action.notation());
                }
            }, "none", null);
            assertEquals(Optional.of(""), played.sameAsRun(), "the run's moves, every one");
            assertEquals(kept.actions().stream().map(Replay.Action::move).toList(), heard, "told as they are played");
            assertEquals(kept.opening(), played.replay().opening());

            MatchRecord recorded = ResultsFile.read(folder.resolve(RunFolder.RESULTS)).get(5);
            assertEquals(TournamentRunner.openingText(played.result().actions()), recorded.opening());
            assertEquals(6, recorded.opening().split(" ").length, "the line and two random plies: " + recorded.opening());

            // Without its replay (a study keeps none), the match is held to its row of the results.
            Files.delete(plan.replay());
            MatchRerun.Plan fromResults = MatchRerun.tournament(folder).plan(5, bots);
            assertEquals(recorded, fromResults.recorded());
            assertEquals(Optional.of(""), MatchRerun.play(fromResults, bots, MatchListener.NONE, "none", null).sameAsRun());

            IllegalArgumentException beyond = assertThrows(IllegalArgumentException.class,
                    () -> MatchRerun.tournament(folder).plan(8, bots));
            assertEquals("the run in " + folder + " has matches 0 to 7, not 8", beyond.getMessage());
        }
    }

    @Test
    void aFolderWithoutARunSaysWhere() throws IOException {
        Path study = Files.createDirectories(temp.resolve("study"));
        Files.writeString(study.resolve(RunFolder.STUDY), "{}");
        Path cell = Files.createDirectories(study.resolve("pylon-2-standard").resolve("random"));
        Files.writeString(cell.resolve(RunFolder.SETTINGS), "{}");
        IllegalArgumentException cells = assertThrows(IllegalArgumentException.class,
                () -> MatchRerun.tournament(study));
        assertTrue(cells.getMessage().contains("give a cell's folder, e.g. " + cell), cells.getMessage());
        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class,
                () -> MatchRerun.tournament(Files.createDirectories(temp.resolve("empty"))));
        assertTrue(empty.getMessage().startsWith("no run in "), empty.getMessage());
    }
}
