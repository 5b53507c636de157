package org.pyramidarena.arena.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.api.Clock;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Player;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.View;
import org.pyramidarena.arena.match.MatchListener;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchRunner;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.match.TestBots;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.arena.players.DirectContestant;
import org.pyramidarena.bots.RandomBot;
import org.pyramidarena.tournaments.MasterSeed;

/** What bots said beside their moves, in replays: written, read back, and absent from replays without it. */
class ReplayNotesTest {

    @TempDir
    Path dir;

    private static final Rules<?, ?> PYLON = Games.byId("pylon").rules(new GameSetup(2, "standard"));

    /** A match of a bot that says how many moves it has made against one that says nothing. */
    private static Replay play(boolean informs) {
        List<Contestant> seats = List.of(new DirectContestant(TestBots.bot("counter", context -> new Player() {
            private int moves;

            @Override
            public Move chooseMove(View view, List<? extends Move> legalMoves, Clock clock) {
                moves++;
                return legalMoves.get(legalMoves.size() - 1);
            }

            @Override
            public String moveInfo() {
                return informs ? "move " + moves : null;
            }
        })), new DirectContestant(new RandomBot()));
        MatchSettings settings = MatchSettings.of(MasterSeed.of(6), new TimeControl(1000, 0, 0));
        MatchResult result = MatchRunner.run(PYLON, seats, settings, MatchListener.NONE);
        return Replays.of(PYLON, List.of("counter", "random"), Arrays.asList(null, null), MasterSeed.of(6), settings,
                result, "none", null);
    }

    @Test
    void whatABotSaidRoundTripsThroughAReplayFile() throws IOException {
        Replay played = play(true);
        List<Replay.Action> actions = new ArrayList<>(played.actions());
        Replay.Action first = actions.get(0);
        assertEquals("move 1", first.info());
        // Standard error is kept only for bots in processes of their own; here it is written in by hand.
        actions.set(0, new Replay.Action(first.actor(), first.move(), first.micros(), first.cpuMicros(), first.fallback(),
                first.info(), List.of("searching", "done")));
        Replay replay = new Replay(played.format(), played.arenaVersion(), played.game(), played.variant(),
                played.players(), played.seats(), played.masterSeed(), played.matchSeed(), played.dealSeed(),
                played.timeControl(), played.sandbox(), played.cage(), actions, played.termination(),
                played.faultDetail(), played.seatTerminations(), played.outcome(), played.opening(), List.of("Traceback", "Error: x"));
        for (String name : List.of("notes.replay.json", "notes.replay.json.gz")) {
            Path file = dir.resolve(name);
            ReplayFiles.write(file, replay);
            assertEquals(replay, ReplayFiles.read(file));
        }
        String json = Files.readString(dir.resolve("notes.replay.json"));
        assertTrue(json.contains("\"fallback\":false,\"info\":\"move 1\",\"stderr\":[\"searching\",\"done\"]}"), json);
        assertTrue(json.contains("\"faultStderr\":[\"Traceback\",\"Error: x\"]"), json);
        assertTrue(ReplayVerifier.verify(replay, null).valid(), "what bots said is not part of the match");
    }

    @Test
    void aReplayWhoseBotsSaidNothingHasNoNotesAndAnOldReplayReadsWithoutThem() throws IOException, URISyntaxException {
        Path file = dir.resolve("silent.replay.json");
        ReplayFiles.write(file, play(false));
        String json = Files.readString(file);
        assertFalse(json.contains("\"info\"") || json.contains("\"stderr\"") || json.contains("faultStderr"), json);

        Replay old = ReplayFiles.read(Path.of(ReplayNotesTest.class.getResource("format1-pyrametto.replay.json").toURI()));
        assertFalse(old.actions().isEmpty());
        for (Replay.Action action : old.actions()) {
            assertNull(action.info());
            assertEquals(List.of(), action.stderr());
        }
        assertEquals(List.of(), old.faultStderr());
    }
}
