package org.pyramidarena.arena.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pyramidarena.api.Bot;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;
import org.pyramidarena.arena.match.MatchListener;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchRunner;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.arena.players.InProcessContestant;
import org.pyramidarena.bots.RandomBot;
import org.pyramidarena.tournaments.MasterSeed;

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
        MatchSettings settings = MatchSettings.of(MasterSeed.of(seed), new TimeControl(1000, 0, 1000));
        MatchResult result = MatchRunner.run(rules, seats, settings, MatchListener.NONE);
        seats.forEach(Contestant::close);
        return Replays.of(rules, names, shas, MasterSeed.of(seed), settings, result, "none", null);
    }

    private static Replay withActions(Replay r, List<Replay.Action> actions) {
        return new Replay(r.format(), r.arenaVersion(), r.game(), r.variant(), r.players(), r.seats(), r.masterSeed(),
                r.matchSeed(), r.dealSeed(), r.timeControl(), r.sandbox(), r.cage(), actions, r.termination(), r.faultDetail(),
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
                r.masterSeed(), r.matchSeed(), r.dealSeed(), r.timeControl(), r.sandbox(), r.cage(), r.actions(), r.termination(),
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

    /** A replay written by the arena before format 2 (issue 23), with chance seeded by SplitMix64. */
    private static Path format1(String game) {
        try {
            return Path.of(ReplayVerifierTest.class.getResource("format1-" + game + ".replay.json").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Replay withFormat(Replay r, int format) {
        return new Replay(format, r.arenaVersion(), r.game(), r.variant(), r.players(), r.seats(), r.masterSeed(),
                r.matchSeed(), r.dealSeed(), r.timeControl(), r.sandbox(), r.cage(), r.actions(), r.termination(), r.faultDetail(),
                r.seatTerminations(), r.outcome());
    }

    @ParameterizedTest
    @ValueSource(strings = {"euronimoes", "pyrametto"})
    void aFormat1ReplayStillVerifiesWithTheChanceSeedOfItsTime(String game) {
        Replay old = ReplayFiles.read(format1(game));
        assertEquals(1, old.format());
        assertEquals("5", old.masterSeed(), "format 1's numeric master seed reads as its text");
        assertTrue(old.actions().stream().anyMatch(a -> a.actor() == Replay.CHANCE), "the fixture has chance");
        ReplayVerifier.Verdict verdict = ReplayVerifier.verify(old, null);
        assertTrue(verdict.valid(), verdict.divergence());
        assertEquals(old.actions().size(), verdict.actionsChecked());

        ReplayVerifier.Verdict asFormat2 = ReplayVerifier.verify(withFormat(old, Replay.FORMAT), null);
        assertFalse(asFormat2.valid(), "format 2 seeds chance otherwise");
        assertTrue(asFormat2.divergence().contains("(chance: ") && asFormat2.divergence().contains("the deal seed draws"),
                asFormat2.divergence());
    }

    @Test
    void aChanceOutcomeTheDealSeedDoesNotDrawIsRejected() {
        Replay replay = play("pyrinoes", 2, 5);
        List<Replay.Action> actions = new ArrayList<>(replay.actions());
        Replay.Action first = actions.get(0);
        assertEquals(Replay.CHANCE, first.actor());
        String other = anotherFirstOutcome(Games.byId("pyrinoes").rules(new GameSetup(2, replay.variant())), first.move());
        actions.set(0, new Replay.Action(Replay.CHANCE, other, 0, null, false));
        ReplayVerifier.Verdict verdict = ReplayVerifier.verify(withActions(replay, actions), null);
        assertFalse(verdict.valid());
        assertTrue(verdict.divergence().startsWith("action 1 (chance: " + other + "): the deal seed draws "
                + first.move()), verdict.divergence());
    }

    /** A first chance outcome of the game other than the one given, in notation. */
    private static <S extends State, M extends Move> String anotherFirstOutcome(Rules<S, M> rules, String not) {
        return rules.chanceOutcomes(rules.initialState()).stream().map(o -> o.move().notation())
                .filter(move -> !move.equals(not)).findFirst().orElseThrow();
    }

    @Test
    void aReplayHoldsItsMasterSeedsTextAndIsFormat2() throws IOException {
        Replay replay = play("pylon", 2, 7);
        assertEquals(2, replay.format());
        assertEquals("7", replay.masterSeed());
        MasterSeed secret = MasterSeed.secret();
        Rules<?, ?> rules = Games.byId("pylon").rules(new GameSetup(2, "standard"));
        List<Contestant> seats = List.of(new InProcessContestant(new RandomBot(), "a"),
                new InProcessContestant(new RandomBot(), "b"));
        MatchSettings settings = MatchSettings.of(secret, new TimeControl(1000, 0, 1000));
        MatchResult result = MatchRunner.run(rules, seats, settings, MatchListener.NONE);
        seats.forEach(Contestant::close);
        Path file = dir.resolve("secret.replay.json");
        ReplayFiles.write(file, Replays.of(rules, List.of("a", "b"), Arrays.asList(null, null), secret, settings,
                result, "none", null));
        assertTrue(Files.readString(file).contains("\"masterSeed\":\"" + secret.text() + "\""));
        Replay read = ReplayFiles.read(file);
        assertEquals(secret, MasterSeed.parse(read.masterSeed()));
        assertTrue(ReplayVerifier.verify(read, null).valid());
    }

    @Test
    void aReplayOfAnUnknownFormatIsRefusedInOneLineNamingIt() throws IOException {
        String json = Files.readString(format1("euronimoes")).replace("\"format\":1,", "\"format\":99,\"newField\":[],");
        Path file = dir.resolve("future.replay.json");
        Files.writeString(file, json);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ReplayFiles.read(file));
        assertEquals(file + ": replay format 99 is not supported (this arena reads formats 1 and 2)", e.getMessage());
        assertFalse(ReplayVerifier.verify(withFormat(ReplayFiles.read(format1("euronimoes")), 99), null).valid());
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
