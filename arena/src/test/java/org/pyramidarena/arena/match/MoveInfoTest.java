package org.pyramidarena.arena.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pyramidarena.api.Bot;
import org.pyramidarena.api.Clock;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Player;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.View;
import org.pyramidarena.arena.players.BotText;
import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.arena.players.DirectContestant;
import org.pyramidarena.arena.players.InProcessContestant;
import org.pyramidarena.bots.RandomBot;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.TerminationReason;

/**
 * A Java bot in the referee's JVM says what it was thinking ({@link Player#moveInfo}): on the
 * referee's thread (a built-in bot) and on a thread of its own (a JAR in {@code in-process}
 * isolation), the referee keeps it with the move, cleaned and capped, and a failing note never
 * costs the move.
 */
class MoveInfoTest {

    private static final Rules<?, ?> PYLON = Games.byId("pylon").rules(new GameSetup(2, "standard"));

    /** A bot that plays the first legal move and says {@code info} of its n-th move (from 1). */
    private static Bot informer(Function<Integer, String> info) {
        return TestBots.bot("informer", context -> new Player() {
            private int moves;

            @Override
            public Move chooseMove(View view, List<? extends Move> legalMoves, Clock clock) {
                moves++;
                return legalMoves.get(0);
            }

            @Override
            public String moveInfo() {
                return info.apply(moves);
            }
        });
    }

    private static MatchResult play(boolean direct, Bot seat0) {
        List<Contestant> seats = direct ? List.of(new DirectContestant(seat0), new DirectContestant(new RandomBot()))
                : List.of(new InProcessContestant(seat0, "a"), new InProcessContestant(new RandomBot(), "b"));
        return TestBots.play(PYLON, seats, MatchSettings.of(MasterSeed.of(4), new TimeControl(2000, 0, 0)));
    }

    private static List<ActionRecord> seat(MatchResult result, int seat) {
        return result.actions().stream().filter(action -> action.actor() == seat).toList();
    }

    @ParameterizedTest(name = "direct {0}")
    @ValueSource(booleans = {true, false})
    void eachMoveKeepsWhatTheBotSaidOfIt(boolean direct) {
        MatchResult result = play(direct, informer(move -> "depth " + move + " score 0.5"));
        assertEquals(TerminationReason.NORMAL, result.termination(), result.faultDetail());
        List<ActionRecord> mine = seat(result, 0);
        assertFalse(mine.isEmpty());
        for (int i = 0; i < mine.size(); i++) {
            assertEquals("depth " + (i + 1) + " score 0.5", mine.get(i).info());
            assertEquals(List.of(), mine.get(i).stderr(), "a bot in the referee's JVM has no standard error of its own");
        }
        for (ActionRecord other : seat(result, 1)) {
            assertNull(other.info(), "a bot that keeps moveInfo's default says nothing");
        }
    }

    @ParameterizedTest(name = "direct {0}")
    @ValueSource(booleans = {true, false})
    void anInfoIsCleanedAndCutAndAFailingOneIsKeptAsItsFailureWithTheMove(boolean direct) {
        String escape = "\u001b[2J\u202Edepth\t3\n" + "x".repeat(5000);
        MatchResult result = play(direct, informer(move -> switch (move % 4) {
            case 1 -> escape;
            case 2 -> throw new IllegalStateException("no thoughts");
            case 3 -> "   ";
            default -> null;
        }));
        assertEquals(TerminationReason.NORMAL, result.termination(), result.faultDetail());
        List<ActionRecord> mine = seat(result, 0);
        assertTrue(mine.size() >= 4, "moves: " + mine.size());
        String cleaned = mine.get(0).info();
        assertEquals(BotText.INFO_MAX, cleaned.codePointCount(0, cleaned.length()));
        assertTrue(cleaned.startsWith("[2Jdepth 3 xxx") && cleaned.endsWith("..."), cleaned);
        assertEquals("moveInfo() threw java.lang.IllegalStateException: no thoughts", mine.get(1).info());
        assertNull(mine.get(2).info(), "blank is nothing");
        assertNull(mine.get(3).info());
    }

    @ParameterizedTest(name = "direct {0}")
    @ValueSource(booleans = {true, false})
    void botsThatSayNothingLeaveTheRecordAsBefore(boolean direct) {
        MatchResult result = play(direct, new RandomBot());
        List<ActionRecord> expected = new ArrayList<>();
        for (ActionRecord action : result.actions()) {
            expected.add(new ActionRecord(action.actor(), action.notation(), action.micros(), action.cpuMicros(),
                    action.fallback()));
        }
        assertEquals(expected, List.copyOf(result.actions()));
        assertEquals(List.of(), result.faultStderr());
    }
}
