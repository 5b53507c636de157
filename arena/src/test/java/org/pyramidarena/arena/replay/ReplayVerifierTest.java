package org.pyramidarena.arena.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.api.Bot;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.match.Contestant;
import org.pyramidarena.arena.match.InProcessContestant;
import org.pyramidarena.arena.match.MatchListener;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchRunner;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.bots.RandomBot;

class ReplayVerifierTest {

    @TempDir
    Path dir;

    static Replay play(String game, int players, long seed) {
        Rules<?, ?> rules = Games.byId(game).rules(new GameSetup(players, Games.byId(game).defaultVariant()));
        List<Contestant> seats = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<String> shas = new ArrayList<>();
        for (int seat = 0; seat < players; seat++) {
            Bot bot = new RandomBot();
            seats.add(new InProcessContestant(bot, "random" + seat));
            names.add(bot.name());
            shas.add(null);
        }
        MatchSettings settings = MatchSettings.of(seed, new TimeControl(1000, 0, 1000));
        MatchResult result = MatchRunner.run(rules, seats, settings, MatchListener.NONE);
        seats.forEach(Contestant::close);
        return Replays.of(rules, names, shas, seed, settings, result, "none");
    }

    private static Replay withActions(Replay r, List<Replay.Action> actions) {
        return new Replay(r.format(), r.arenaVersion(), r.game(), r.variant(), r.players(), r.seats(), r.masterSeed(),
                r.matchSeed(), r.dealSeed(), r.timeControl(), r.sandbox(), actions, r.termination(), r.faultDetail(),
                r.seatTerminations(), r.outcome());
    }

    @Test
    void everyRegisteredGamesReplayVerifies() {
        Games.all().forEach(game -> {
            Replay replay = play(game.id(), game.minPlayers(), 5);
            ReplayVerifier.Verdict verdict = ReplayVerifier.verify(replay, null);
            assertTrue(verdict.valid(), game.id() + ": " + verdict.divergence());
            assertEquals(replay.actions().size(), verdict.actionsChecked());
        });
    }

    @Test
    void aReplayRoundTripsThroughAFileCompressedOrNot() throws IOException {
        Replay replay = play("pylon", 2, 7);
        for (String name : List.of("m.replay.json", "m.replay.json.gz")) {
            Path file = dir.resolve(name);
            ReplayFiles.write(file, replay);
            assertEquals(replay, ReplayFiles.read(file));
        }
        assertFalse(Files.readString(dir.resolve("m.replay.json")).isEmpty());
    }

    @Test
    void anEditedMoveIsRejectedAtItsPlace() {
        Replay replay = play("pylon", 2, 7);
        List<Replay.Action> actions = new ArrayList<>(replay.actions());
        Replay.Action first = actions.get(0);
        actions.set(2, new Replay.Action(0, first.move(), 0, null, false)); // the first placement again: occupied
        ReplayVerifier.Verdict verdict = ReplayVerifier.verify(withActions(replay, actions), null);
        assertFalse(verdict.valid());
        assertTrue(verdict.divergence().startsWith("action 3 "), verdict.divergence());
    }

    @Test
    void aTruncatedReplayIsRejected() {
        Replay replay = play("pylon", 2, 7);
        List<Replay.Action> actions = replay.actions().subList(0, replay.actions().size() - 1);
        ReplayVerifier.Verdict verdict = ReplayVerifier.verify(withActions(replay, actions), null);
        assertFalse(verdict.valid());
        assertTrue(verdict.divergence().startsWith("truncated"), verdict.divergence());
    }

    @Test
    void anEditedOutcomeIsRejected() {
        Replay r = play("pylon", 2, 8);
        Replay.Result swapped = new Replay.Result(List.of(r.outcome().ranks().get(1), r.outcome().ranks().get(0)),
                List.of(r.outcome().scores().get(1) + 1, r.outcome().scores().get(0) - 1));
        Replay edited = new Replay(r.format(), r.arenaVersion(), r.game(), r.variant(), r.players(), r.seats(),
                r.masterSeed(), r.matchSeed(), r.dealSeed(), r.timeControl(), r.sandbox(), r.actions(), r.termination(),
                r.faultDetail(), r.seatTerminations(), swapped);
        ReplayVerifier.Verdict verdict = ReplayVerifier.verify(edited, null);
        assertFalse(verdict.valid());
        assertTrue(verdict.divergence().startsWith("outcome"), verdict.divergence());
    }

    @Test
    void aMoveOutOfTurnIsRejected() {
        Replay replay = play("pylon", 2, 7);
        List<Replay.Action> actions = new ArrayList<>(replay.actions());
        Replay.Action a = actions.get(4);
        actions.set(4, new Replay.Action(1 - a.actor(), a.move(), 0, null, false));
        ReplayVerifier.Verdict verdict = ReplayVerifier.verify(withActions(replay, actions), null);
        assertFalse(verdict.valid());
        assertTrue(verdict.divergence().contains("turn"), verdict.divergence());
    }

    @Test
    void garbageIsNotAReplay() throws IOException {
        Path file = dir.resolve("garbage.replay.json");
        Files.writeString(file, "{ not json");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ReplayFiles.read(file));
        assertTrue(e.getMessage().contains("not a readable replay"));
        assertThrows(IllegalArgumentException.class, () -> ReplayFiles.read(dir.resolve("missing.json")));
    }
}
