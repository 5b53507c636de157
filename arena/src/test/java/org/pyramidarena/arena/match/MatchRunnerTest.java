package org.pyramidarena.arena.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.Bot;
import org.pyramidarena.api.Clock;
import org.pyramidarena.api.Event;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.MatchContext;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.Player;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.SeatView;
import org.pyramidarena.api.View;
import org.pyramidarena.arena.players.Answer;
import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.arena.players.DirectContestant;
import org.pyramidarena.arena.players.InProcessContestant;
import org.pyramidarena.bots.RandomBot;
import org.pyramidarena.games.pylon.PylonView;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.TerminationReason;

class MatchRunnerTest {

    private final Rules<?, ?> pylon = Games.byId("pylon").rules(new GameSetup(2, "standard"));
    private static final TimeControl FAST = new TimeControl(200, 0, 0);

    private static Bot bot(String name, Function<List<? extends Move>, Move> choice) {
        return TestBots.bot(name, context -> (view, legalMoves, clock) -> choice.apply(legalMoves));
    }

    private MatchResult play(Bot seat0, Bot seat1) {
        List<Contestant> seats = List.of(new InProcessContestant(seat0, "a"), new InProcessContestant(seat1, "b"));
        try {
            return MatchRunner.run(pylon, seats, MatchSettings.of(MasterSeed.of(3), FAST), MatchListener.NONE);
        } finally {
            seats.forEach(Contestant::close);
        }
    }

    @Test
    void aBuiltInBotThatListensHearsEveryActionAndOneThatDoesNotIsToldNothing() {
        List<Event> heard = new ArrayList<>();
        Bot listener = new Bot() {
            @Override
            public String name() {
                return "listener";
            }

            @Override
            public boolean plays(Game game) {
                return true;
            }

            @Override
            public Player newPlayer(MatchContext context) {
                return new Player() {
                    @Override
                    public Move chooseMove(View view, List<? extends Move> legalMoves, Clock clock) {
                        return legalMoves.get(0);
                    }

                    @Override
                    public void onEvent(Event event) {
                        heard.add(event);
                    }
                };
            }
        };
        DirectContestant listening = new DirectContestant(listener);
        DirectContestant deaf = new DirectContestant(new RandomBot());
        int[] toldTheDeaf = {0};
        Contestant counted = new Contestant() {
            @Override
            public String name() {
                return deaf.name();
            }

            @Override
            public void startMatch(MatchContext context) {
                deaf.startMatch(context);
            }

            @Override
            public Answer chooseMove(View view, List<? extends Move> legalMoves, Clock clock, long wallLimitMillis) {
                return deaf.chooseMove(view, legalMoves, clock, wallLimitMillis);
            }

            @Override
            public void event(Event event) {
                toldTheDeaf[0]++;
            }

            @Override
            public boolean hearsEvents() {
                return deaf.hearsEvents();
            }

            @Override
            public void endMatch(Outcome outcome) {
                deaf.endMatch(outcome);
            }

            @Override
            public void close() {
                deaf.close();
            }
        };
        MatchResult result = MatchRunner.run(pylon, List.of(listening, counted), MatchSettings.of(MasterSeed.of(5), FAST),
                MatchListener.NONE);
        assertTrue(listening.hearsEvents());
        assertFalse(deaf.hearsEvents(), "the random bot keeps Player.onEvent's default, which does nothing");
        assertEquals(0, toldTheDeaf[0], "the referee made the deaf seat no events");
        assertEquals(result.actions().size(), heard.size());
        for (int i = 0; i < heard.size(); i++) {
            assertEquals(result.actions().get(i).notation(), heard.get(i).notation());
        }
    }

    @Test
    void aPlayedOutMatchEndsNormallyWithTheRulesOutcome() {
        MatchResult result = play(new RandomBot(), new RandomBot());
        assertEquals(TerminationReason.NORMAL, result.termination());
        assertTrue(result.finalState().isTerminal());
        assertEquals(30, result.outcome().score(0) + result.outcome().score(1));
    }

    @Test
    void theSameSeedGivesTheSameActions() {
        assertEquals(play(new RandomBot(), new RandomBot()).actions().stream().map(ActionRecord::notation).toList(),
                play(new RandomBot(), new RandomBot()).actions().stream().map(ActionRecord::notation).toList());
    }

    @Test
    void anExceptionForfeits() {
        MatchResult result = play(new RandomBot(), bot("thrower", moves -> {
            throw new IllegalStateException("boom");
        }));
        assertEquals(TerminationReason.EXCEPTION, result.termination());
        assertEquals(List.of(1, 2), result.outcome().ranks());
        assertTrue(result.faultDetail().contains("boom"));
    }

    @Test
    void anIllegalMoveForfeits() {
        Move occupied = pylon.parseMove("Sa1");
        MatchResult result = play(bot("squatter", moves -> occupied), new RandomBot());
        // Seat 0 places Sa1 legally first, then repeats it onto the occupied square.
        assertEquals(TerminationReason.ILLEGAL_MOVE, result.termination());
        assertEquals(List.of(2, 1), result.outcome().ranks());
    }

    @Test
    void noMoveIsAMalformedReply() {
        MatchResult result = play(bot("silent", moves -> null), new RandomBot());
        assertEquals(TerminationReason.MALFORMED_REPLY, result.termination());
        assertEquals(List.of(2, 1), result.outcome().ranks());
    }

    @Test
    void aMoveOfAnotherGameIsMalformed() {
        Move foreign = () -> "castle";
        MatchResult result = play(bot("confused", moves -> foreign), new RandomBot());
        assertEquals(TerminationReason.MALFORMED_REPLY, result.termination());
    }

    @Test
    void aBuiltInBotsMoveWhoseNotationFailsIsMalformedAndTheMatchGoesOn() {
        // A built-in bot's move is read for its notation only when the referee must parse it.
        Move broken = () -> {
            throw new IllegalStateException("no notation");
        };
        MatchResult result = playDirect(pylon, bot("broken", moves -> broken), new RandomBot(), 3);
        assertEquals(TerminationReason.MALFORMED_REPLY, result.termination());
        assertTrue(result.faultDetail().contains("its move has no notation"), result.faultDetail());
        assertEquals(List.of(2, 1), result.outcome().ranks());
    }

    @Test
    void aBotThatHangsForfeitsOnTime() {
        MatchResult result = play(new RandomBot(), bot("sleeper", moves -> {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return moves.get(0);
        }));
        assertEquals(TerminationReason.TIMEOUT, result.termination());
        assertEquals(List.of(1, 2), result.outcome().ranks());
    }

    /** The random bot's moves from a player that does not say they take no time, so the referee times them. */
    private static Bot timedRandom() {
        return TestBots.bot("timed-random", context -> {
            Player random = new RandomBot().newPlayer(context);
            return (view, legalMoves, clock) -> random.chooseMove(view, legalMoves, clock);
        });
    }

    /**
     * A bot whose player says its moves take no time ({@link Player#instant}) and then sleeps past its
     * first move's limit.
     */
    private static Bot claimsInstantButOverrunsItsFirstMove() {
        return TestBots.bot("liar", context -> new Player() {
            private boolean slept;

            @Override
            public Move chooseMove(View view, List<? extends Move> legalMoves, Clock clock) {
                if (!slept) {
                    slept = true;
                    try {
                        Thread.sleep(clock.totalMillis() + 50);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return legalMoves.get(0);
            }

            @Override
            public boolean instant() {
                return true;
            }
        });
    }

    @Test
    void aBotFromAJarThatSaysItsMovesTakeNoTimeIsTimedAndForfeits() {
        // The claim is taken only from the built-in bots on the referee's thread.
        MatchResult result = play(new RandomBot(), claimsInstantButOverrunsItsFirstMove());
        assertEquals(TerminationReason.TIMEOUT, result.termination());
        assertEquals(List.of(1, 2), result.outcome().ranks());
    }

    @Test
    void aBuiltInBotWhoseMovesTakeNoTimeIsNotTimed() {
        // The random bot says so: its moves are recorded without a time, even under the CPU clock,
        // while a built-in bot that does not say so is timed on every move.
        TimeControl cpu = new TimeControl(60_000, 0, 60_000).on(TimeControl.ClockKind.CPU, TimeControl.WallGuard.DEFAULT);
        MatchResult result = MatchRunner.run(pylon, List.of(new DirectContestant(new RandomBot()),
                        new DirectContestant(bot("first", moves -> moves.get(0)))),
                MatchSettings.of(MasterSeed.of(4), cpu), MatchListener.NONE);
        assertEquals(TerminationReason.NORMAL, result.termination());
        for (ActionRecord action : result.actions()) {
            if (action.actor() == 0) {
                assertEquals(0, action.micros(), "an untimed move has no real time");
                assertEquals(-1, action.cpuMicros(), "an untimed move has no CPU time");
            }
        }
        assertEquals(0L, result.seatMicros().get(0));
        assertEquals(-1L, result.seatCpuMicros().get(0));
        // A trusted bot's claim is believed: a liar on the referee's thread is not caught (it is not
        // a bot from a JAR, which the test above holds to its clock).
        MatchResult believed = MatchRunner.run(pylon, List.of(new DirectContestant(claimsInstantButOverrunsItsFirstMove()),
                new DirectContestant(new RandomBot())), MatchSettings.of(MasterSeed.of(4), FAST), MatchListener.NONE);
        assertEquals(TerminationReason.NORMAL, believed.termination());
        assertEquals(0, believed.actions().get(0).micros(), "the liar's sleeping first move was not timed");
        assertTrue(new RandomBot().newPlayer(new MatchContext(pylon, 0, List.of("a", "b"), 1, 1000, 0)).instant(),
                "the random bot says its moves take no time");
    }

    @Test
    void aBuiltInBotWhoseMovesTakeNoTimeStillForfeitsForAnExceptionOrNoMove() {
        for (TerminationReason expected : List.of(TerminationReason.EXCEPTION, TerminationReason.MALFORMED_REPLY)) {
            Bot faulty = TestBots.bot("faulty", context -> new Player() {
                @Override
                public Move chooseMove(View view, List<? extends Move> legalMoves, Clock clock) {
                    if (expected == TerminationReason.EXCEPTION) {
                        throw new IllegalStateException("boom");
                    }
                    return null;
                }

                @Override
                public boolean instant() {
                    return true;
                }
            });
            MatchResult result = playDirect(pylon, faulty, new RandomBot(), 5);
            assertEquals(expected, result.termination());
            assertEquals(List.of(2, 1), result.outcome().ranks());
        }
    }

    @Test
    void aBuiltInBotWhoseMovesTakeNoTimeForfeitsAfterItFailsToHearAnEvent() {
        Bot deaf = TestBots.bot("deaf", context -> new Player() {
            @Override
            public Move chooseMove(View view, List<? extends Move> legalMoves, Clock clock) {
                return legalMoves.get(0);
            }

            @Override
            public void onEvent(Event event) {
                throw new IllegalStateException("cannot hear");
            }

            @Override
            public boolean instant() {
                return true;
            }
        });
        MatchResult result = playDirect(pylon, deaf, new RandomBot(), 5);
        assertEquals(TerminationReason.EXCEPTION, result.termination());
        assertTrue(result.faultDetail().contains("cannot hear"), result.faultDetail());
    }

    /** The rules, counting how often the referee asks them to parse a move. */
    private static Rules<?, ?> countingParses(Rules<?, ?> rules, AtomicInteger parses) {
        return (Rules<?, ?>) Proxy.newProxyInstance(Rules.class.getClassLoader(), new Class<?>[] {Rules.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("parseMove")) {
                        parses.incrementAndGet();
                    }
                    try {
                        return method.invoke(rules, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    /** A new record equal to a move that is a record (the rules' own tables hand out shared objects). */
    private static Move copy(Move move, Rules<?, ?> rules) {
        if (!move.getClass().isRecord()) {
            // Parsing makes a new object for a move that is not a shared instance (a Euronimoes placement).
            return rules.parseMove(move.notation());
        }
        try {
            RecordComponent[] components = move.getClass().getRecordComponents();
            Object[] values = new Object[components.length];
            Class<?>[] types = new Class<?>[components.length];
            for (int i = 0; i < components.length; i++) {
                values[i] = components[i].getAccessor().invoke(move);
                types[i] = components[i].getType();
            }
            return (Move) move.getClass().getDeclaredConstructor(types).newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * A random bot that answers with a new copy of its move (equal, never the listed object) when the
     * list is of the game's own classes, counting the copies.
     */
    private static Bot copier(AtomicInteger copies, Rules<?, ?> rules) {
        return TestBots.bot("copier", context -> {
            Player random = new RandomBot().newPlayer(context);
            return (view, legalMoves, clock) -> {
                Move listed = random.chooseMove(view, legalMoves, clock);
                if (legalMoves.getClass().getClassLoader() == null) {
                    // A list of the JDK's (an array) is searched by identity only.
                    return listed;
                }
                copies.incrementAndGet();
                Move copy = copy(listed, rules);
                assertFalse(copy == listed, "the copy is a new object");
                assertEquals(listed, copy);
                return copy;
            };
        });
    }

    /** Each action's actor and notation. */
    private static List<String> played(MatchResult result) {
        return result.actions().stream().map(action -> action.actor() + " " + action.notation()).toList();
    }

    private static MatchResult playDirect(Rules<?, ?> rules, Bot seat0, Bot seat1, long seed) {
        List<Contestant> seats = List.of(new DirectContestant(seat0), new DirectContestant(seat1));
        // A generous clock: these matches are about moves, and the build machine may be busy.
        return MatchRunner.run(rules, seats, MatchSettings.of(MasterSeed.of(seed), new TimeControl(60_000, 0, 60_000)),
                MatchListener.NONE);
    }

    @Test
    void aMoveOfTheGameEqualToAListedOneIsFoundWithoutParsingItsNotation() {
        // Pylon's, Pyraos's and Pyrinoes's lists look a move up themselves; a Euronimoes placement is
        // checked by the rules.
        for (String game : List.of("pylon", "pyraos", "pyrinoes", "euronimoes")) {
            Rules<?, ?> rules = Games.byId(game).rules(new GameSetup(2, Games.byId(game).defaultVariant()));
            AtomicInteger parses = new AtomicInteger();
            AtomicInteger copies = new AtomicInteger();
            MatchResult copied = playDirect(countingParses(rules, parses), copier(copies, rules),
                    copier(copies, rules), 5);
            MatchResult listed = playDirect(rules, new RandomBot(), new RandomBot(), 5);
            assertEquals(TerminationReason.NORMAL, copied.termination(), game);
            assertTrue(copies.get() > 10, game + ": " + copies + " copies");
            assertEquals(0, parses.get(), game + ": the referee parsed a move of the game's own that it had listed");
            assertEquals(played(listed), played(copied), game);
            assertEquals(listed.outcome(), copied.outcome(), game);
        }
    }

    @Test
    void aBotsOwnMoveThatClaimsToEqualEveryMoveIsStillParsedAndChecked() {
        Move liar = new Move() {
            @Override
            public String notation() {
                return "castle";
            }

            @Override
            public boolean equals(Object other) {
                return true;
            }

            @Override
            public int hashCode() {
                return 0;
            }
        };
        MatchResult result = playDirect(pylon, bot("liar", moves -> liar), new RandomBot(), 3);
        assertEquals(TerminationReason.MALFORMED_REPLY, result.termination());
    }

    @Test
    void aMoveOfTheGameThatIsNotLegalHereForfeits() {
        Rules<?, ?> pyrinoes = Games.byId("pyrinoes").rules(new GameSetup(2, Games.byId("pyrinoes").defaultVariant()));
        Move pass = pyrinoes.parseMove("pass");
        MatchResult result = playDirect(pyrinoes, bot("passer", moves -> pass), new RandomBot(), 3);
        assertEquals(TerminationReason.ILLEGAL_MOVE, result.termination());
    }

    @Test
    void aBotThatReadsNoViewIsHandedItsSeatAndOneThatDoesTheGamesView() {
        List<View> blind = new ArrayList<>();
        List<View> reading = new ArrayList<>();
        MatchResult result = playDirect(pylon, TestBots.viewer("blind", false, blind), TestBots.viewer("reading", true, reading), 4);
        assertEquals(TerminationReason.NORMAL, result.termination());
        assertFalse(blind.isEmpty());
        for (View view : blind) {
            assertEquals(new SeatView(0, 0), view, "the seat that reads no view is handed its seat only");
        }
        assertFalse(reading.isEmpty());
        for (View view : reading) {
            assertTrue(view instanceof PylonView, "the seat that reads views is handed the game's: " + view);
            assertEquals(1, view.seat());
        }
        // A bot in a thread of its own is always handed the game's view, whatever its player says.
        List<View> threaded = new ArrayList<>();
        List<Contestant> seats = List.of(new InProcessContestant(TestBots.viewer("blind", false, threaded), "a"),
                new DirectContestant(new RandomBot()));
        try {
            MatchRunner.run(pylon, seats, MatchSettings.of(MasterSeed.of(4), FAST), MatchListener.NONE);
        } finally {
            seats.forEach(Contestant::close);
        }
        assertTrue(threaded.stream().allMatch(view -> view instanceof PylonView), threaded.toString());
    }

    @Test
    void aBuiltInBotIsNotChargedTheTimeOfAnOpponentThatTimesItself() {
        // Seat 0 sleeps 40 ms a move on a thread of its own; seat 1, on the referee's thread, is timed
        // from the end of the decision before it only when that decision was its own kind's.
        Bot sleeper = bot("sleeper", moves -> {
            try {
                Thread.sleep(40);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return moves.get(0);
        });
        List<Contestant> seats = List.of(new InProcessContestant(sleeper, "a"), new DirectContestant(timedRandom()));
        MatchResult result;
        try {
            result = MatchRunner.run(pylon, seats, MatchSettings.of(MasterSeed.of(5),
                    new TimeControl(60_000, 0, 60_000)), MatchListener.NONE);
        } finally {
            seats.forEach(Contestant::close);
        }
        assertEquals(TerminationReason.NORMAL, result.termination());
        for (ActionRecord action : result.actions()) {
            if (action.actor() == 1) {
                assertTrue(action.micros() < 40_000, "the random seat was charged " + action.micros()
                        + " µs, its opponent's sleep");
            } else {
                assertTrue(action.micros() >= 40_000, "the sleeper's own time: " + action.micros() + " µs");
            }
        }
    }

    @Test
    void builtInBotsOnTheRefereesThreadAreTimedFromDecisionToDecision() {
        // Both seats on the referee's thread: each move is timed from the end of the one before, and
        // the time of a listener between them (here 20 ms an action) is part of the next move's.
        List<Contestant> seats = List.of(new DirectContestant(timedRandom()), new DirectContestant(timedRandom()));
        MatchListener slow = new MatchListener() {
            @Override
            public void action(int index, ActionRecord action, org.pyramidarena.api.State after) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        MatchResult result = MatchRunner.run(pylon, seats, MatchSettings.of(MasterSeed.of(6),
                new TimeControl(60_000, 0, 60_000)), slow);
        assertEquals(TerminationReason.NORMAL, result.termination());
        List<ActionRecord> actions = result.actions();
        assertTrue(actions.get(0).micros() < 20_000, "the first move reads its own start: " + actions.get(0).micros());
        for (ActionRecord action : actions.subList(1, actions.size())) {
            assertTrue(action.micros() >= 20_000, "a later move includes the referee's work since the one before: "
                    + action.micros() + " µs");
        }
    }
}
