package org.pyramidarena.arena.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.Bot;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.arena.players.DirectContestant;
import org.pyramidarena.arena.replay.Replay;
import org.pyramidarena.arena.replay.ReplayFiles;
import org.pyramidarena.arena.replay.ReplayVerifier;
import org.pyramidarena.arena.replay.Replays;
import org.pyramidarena.bots.RandomBot;
import org.pyramidarena.tournaments.MasterSeed;

/**
 * A match's opening as the referee plays it: the line and the random plies before any bot is asked,
 * marked in the actions and the replay, alike for the matches of one deal, and verified.
 */
class MatchOpeningTest {

    private static final Rules<?, ?> PYLON = Games.byId("pylon").rules(new GameSetup(2, "standard"));
    private static final TimeControl CLOCK = new TimeControl(2000, 0, 0);
    private static final MasterSeed MASTER = MasterSeed.of(5);

    private static MatchResult play(Rules<?, ?> rules, List<Bot> bots, long matchSeed, long dealSeed,
                                    Opening opening) {
        List<Contestant> seats = new ArrayList<>();
        bots.forEach(bot -> seats.add(new DirectContestant(bot)));
        try {
            return MatchRunner.run(rules, seats, new MatchSettings(matchSeed, dealSeed, CLOCK,
                    MatchSettings.DEFAULT_ACTION_LIMIT, opening), MatchListener.NONE);
        } finally {
            seats.forEach(Contestant::close);
        }
    }

    private static List<String> notations(MatchResult result, int count) {
        return result.actions().subList(0, count).stream().map(ActionRecord::notation).toList();
    }

    private static Replay replay(Rules<?, ?> rules, List<Bot> bots, long matchSeed, long dealSeed, Opening opening,
                                 MatchResult result) {
        List<String> names = bots.stream().map(Bot::name).toList();
        List<String> jars = new ArrayList<>();
        names.forEach(name -> jars.add(null));
        return Replays.of(rules, names, jars, MASTER, new MatchSettings(matchSeed, dealSeed, CLOCK,
                MatchSettings.DEFAULT_ACTION_LIMIT, opening), result, "none", null);
    }

    @Test
    void theLineAndTheRandomPliesArePlayedBeforeAnyBotIsAskedAndAreMarked() {
        AtomicInteger asked = new AtomicInteger();
        Bot counting = TestBots.bot("counting", context -> (view, legalMoves, clock) -> {
            asked.incrementAndGet();
            return legalMoves.get(0);
        });
        Opening opening = new Opening(List.of("Le4", "Ld4"), 2);
        MatchResult result = play(PYLON, List.of(counting, counting), 11, 12, opening);

        assertEquals(List.of("Le4", "Ld4"), notations(result, 2), "the line first");
        for (int i = 0; i < result.actions().size(); i++) {
            assertEquals(i < 4, result.actions().get(i).opening(), "the line and two plies are the opening: " + i);
        }
        assertEquals(result.moves() - 4, asked.get(), "no bot is asked for the opening's moves");
        assertEquals(List.of(0L, 0L, 0L, 0L), result.actions().subList(0, 4).stream().map(ActionRecord::micros).toList(),
                "no clock runs in the opening");

        Replay replay = replay(PYLON, List.of(counting, counting), 11, 12, opening, result);
        assertEquals(new Replay.Opening(List.of("Le4", "Ld4"), 2, 4), replay.opening());
        assertTrue(ReplayVerifier.verify(replay, null).valid(), ReplayVerifier.verify(replay, null).divergence());
    }

    @Test
    void theMatchesOfOneDealOpenAlikeWhateverTheirSeatsAndMatchSeeds() {
        Opening six = new Opening(List.of(), 6);
        Bot random = new RandomBot();
        Bot first = TestBots.bot("first", context -> (view, legalMoves, clock) -> legalMoves.get(0));
        MatchResult one = play(PYLON, List.of(random, first), 1, 100, six);
        MatchResult swapped = play(PYLON, List.of(first, random), 2, 100, six);
        MatchResult otherDeal = play(PYLON, List.of(random, first), 1, 101, six);

        assertEquals(notations(one, 6), notations(swapped, 6), "one deal, one opening");
        assertNotEquals(notations(one, 6), notations(otherDeal, 6), "another deal, another opening");
        assertFalse(one.actions().get(6).opening());
    }

    @Test
    void inAGameWithChanceTheRandomPliesForceOnlyTheSeatsAndChanceComesFromTheDealSeed() {
        Rules<?, ?> pyrametto = Games.byId("pyrametto").rules(new GameSetup(3, Games.byId("pyrametto")
                .defaultVariant()));
        List<Bot> bots = List.of(new RandomBot(), new RandomBot(), new RandomBot());
        Opening three = new Opening(List.of(), 3);
        MatchResult result = play(pyrametto, bots, 7, 8, three);
        List<ActionRecord> opening = result.actions().stream().takeWhile(ActionRecord::opening).toList();
        assertEquals(3, opening.stream().filter(a -> a.actor() >= 0).count(), "three seat decisions");
        assertTrue(opening.stream().anyMatch(a -> a.actor() < 0), "the dice rolled between them: " + opening);
        assertTrue(opening.get(opening.size() - 1).actor() >= 0, "the opening ends at its last ply");
        Replay replay = replay(pyrametto, bots, 7, 8, three, result);
        assertTrue(ReplayVerifier.verify(replay, null).valid(), ReplayVerifier.verify(replay, null).divergence());

        // A line holds its chance outcomes: the first actions of this match, dice included, are a line
        // that another deal plays as they are.
        List<String> line = notations(result, opening.size() + 2);
        Opening fixed = new Opening(line, 0);
        MatchResult again = play(pyrametto, bots, 9, 10, fixed);
        assertEquals(line, notations(again, line.size()));
        Replay fixedReplay = replay(pyrametto, bots, 9, 10, fixed, again);
        assertTrue(ReplayVerifier.verify(fixedReplay, null).valid(), ReplayVerifier.verify(fixedReplay, null).divergence());
    }

    @Test
    void aReplayWhoseOpeningIsNotTheSeedsIsRejected() {
        Bot random = new RandomBot();
        Opening four = new Opening(List.of(), 4);
        MatchResult result = play(PYLON, List.of(random, random), 3, 4, four);
        Replay replay = replay(PYLON, List.of(random, random), 3, 4, four, result);

        List<Replay.Action> actions = new ArrayList<>(replay.actions());
        Replay.Action third = actions.get(2);
        String other = third.move().equals("Sa1") ? "Sa2" : "Sa1";
        actions.set(2, new Replay.Action(third.actor(), other, 0, null, false));
        ReplayVerifier.Verdict tampered = ReplayVerifier.verify(withOpening(replay, actions, replay.opening()), null);
        assertFalse(tampered.valid());
        assertTrue(tampered.divergence().contains("action 3") && tampered.divergence().contains("random ply"),
                tampered.divergence());

        ReplayVerifier.Verdict longer = ReplayVerifier.verify(withOpening(replay, replay.actions(),
                new Replay.Opening(List.of(), 4, 5)), null);
        assertFalse(longer.valid());
        assertTrue(longer.divergence().contains("only 4 random plies"), longer.divergence());

        ReplayVerifier.Verdict shorter = ReplayVerifier.verify(withOpening(replay, replay.actions(),
                new Replay.Opening(List.of(), 5, 4)), null);
        assertFalse(shorter.valid());
        assertTrue(shorter.divergence().contains("after 4 of its 5 random plies"), shorter.divergence());
    }

    private static Replay withOpening(Replay r, List<Replay.Action> actions, Replay.Opening opening) {
        return new Replay(r.format(), r.arenaVersion(), r.game(), r.variant(), r.players(), r.seats(), r.masterSeed(),
                r.matchSeed(), r.dealSeed(), r.timeControl(), r.sandbox(), r.cage(), actions, r.termination(),
                r.faultDetail(), r.seatTerminations(), r.outcome(), opening, r.faultStderr());
    }

    @Test
    void aMatchWithoutAnOpeningHasNoneInItsReplay() {
        Bot random = new RandomBot();
        MatchResult result = play(PYLON, List.of(random, random), 3, 4, Opening.NONE);
        assertTrue(result.actions().stream().noneMatch(ActionRecord::opening));
        Replay replay = replay(PYLON, List.of(random, random), 3, 4, Opening.NONE, result);
        assertEquals(null, replay.opening());
        assertFalse(ReplayFiles.toJson(replay).contains("opening"),
                "no field: replays without openings are written as before");
    }
}
