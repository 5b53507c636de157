package org.pyramidarena.arena.bots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.api.Bot;
import org.pyramidarena.api.Chance;
import org.pyramidarena.api.Clock;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.MatchContext;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Player;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;
import org.pyramidarena.api.View;
import org.pyramidarena.arena.cli.ArenaCommand;
import org.pyramidarena.arena.match.ActionRecord;
import org.pyramidarena.arena.match.MatchListener;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchRunner;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.arena.players.DirectContestant;
import org.pyramidarena.arena.players.InProcessContestant;
import org.pyramidarena.arena.replay.ReplayFiles;
import org.pyramidarena.arena.replay.ReplayVerifier;
import org.pyramidarena.arena.rogues.Rogues;
import org.pyramidarena.bots.RandomBot;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.TerminationReason;
import org.pyramidarena.tournaments.io.ResultsCsv;

/**
 * A bot JAR in the referee's JVM is handed copies: views that read nothing of the referee's
 * position, rules of its own. The forger, which reflects into its view's lists and rewrites the
 * position it finds there, shows what the copies prevent: handed the shared views that built-in
 * bots get, it wins every match 30-0; as a trusted JAR in a tournament it changes nothing.
 */
class InProcessRogueTest {

    private static final GameSetup PYLON = new GameSetup(2, "standard");
    private static final TimeControl CLOCK = new TimeControl(5000, 0, 5000);

    @TempDir
    Path dir;

    @BeforeEach
    void noReportYet() {
        System.clearProperty(Rogues.Forger.REPORT);
    }

    private Path forgerJar() throws IOException {
        return TestJars.botJar(dir.resolve("forger.jar"), Rogues.Forger.class);
    }

    @Test
    void theForgerHandedTheSharedViewsRewritesThePositionAndWins30To0() throws IOException {
        BotJar jar = BotJar.inspect(forgerJar());
        try (BotClassLoader loader = BotClassLoader.of(jar)) {
            // Seated as a built-in bot is: on the referee's thread, handed the views the rules make.
            Rules<?, ?> rules = Games.byId("pylon").rules(PYLON);
            List<Contestant> seats = List.of(new DirectContestant(loader.newBot(jar)),
                    new DirectContestant(new RandomBot()));
            MatchResult result = MatchRunner.run(rules, seats, MatchSettings.of(MasterSeed.of(7), CLOCK), MatchListener.NONE);

            String report = System.getProperty(Rogues.Forger.REPORT);
            assertNotNull(report, "the forger was asked for a move");
            assertTrue(report.contains("heights:org.pyramidarena.api.ViewLists$Computed:PylonState"), report);
            assertEquals(TerminationReason.NORMAL, result.termination(), result.faultDetail());
            assertEquals(List.of(30.0, 0.0), result.outcome().scores());
            assertNotEquals(result.outcome(), replayed(result), "the referee played on from the forged position");
        }
    }

    @Test
    void theForgerTrustedInProcessInATournamentIsHandedCopiesAndChangesNothing() throws IOException {
        Path out = dir.resolve("out");
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();
        int status = ArenaCommand.execute(new String[] {"tournament", "--games", "pylon", "--bot",
                "forger=" + forgerJar() + ",random", "--isolation", "in-process", "--trust-bots", "--cycles", "2",
                "--seed", "7", "--time", "5s", "--concurrency", "1", "--out", out.toString(), "--quiet"},
                new PrintWriter(stdout, true), new PrintWriter(stderr, true));
        String report = System.getProperty(Rogues.Forger.REPORT);
        assertNotNull(report, "the forger was never asked for a move: " + stdout + stderr);
        assertFalse(report.contains("State"), "a list of the view reached a position: " + report);
        assertTrue(report.contains("heights:java.util."), report);
        assertEquals(0, status, stdout + "" + stderr);
        List<MatchRecord> records = ResultsCsv.read(out.resolve("results.csv"));
        assertEquals(4, records.size());
        for (MatchRecord record : records) {
            assertTrue(record.seats().stream().allMatch(s -> s.termination() == TerminationReason.NORMAL),
                    record.toString());
            assertTrue(record.seats().stream().noneMatch(s -> s.score() == 30), record.toString());
            Path replay = out.resolve("replays").resolve(org.pyramidarena.arena.common.RunFolder
                    .replayName(record.match()));
            ReplayVerifier.Verdict verdict = ReplayVerifier.verify(ReplayFiles.read(replay), null);
            assertTrue(verdict.valid(), "match " + record.match() + ": " + verdict.divergence());
        }
    }

    @TestFactory
    Stream<DynamicTest> aBotInTheRefereesJvmIsHandedCopiesOfEveryGamesViewsAndRulesOfItsOwn() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Game game : Games.all()) {
            GameSetup setup = new GameSetup(game.minPlayers(), game.defaultVariant());
            tests.add(DynamicTest.dynamicTest(game.id(), () -> handedCopies(game.rules(setup), 5)));
        }
        return tests.stream();
    }

    /** Hands views of a random game to a bot through an in-process seat; the bot keeps what it got. */
    private static <S extends State, M extends Move> void handedCopies(Rules<S, M> rules, long seed) {
        AtomicReference<MatchContext> context = new AtomicReference<>();
        AtomicReference<View> handed = new AtomicReference<>();
        AtomicReference<List<? extends Move>> handedMoves = new AtomicReference<>();
        Bot keeper = new Bot() {
            @Override
            public String name() {
                return "keeper";
            }

            @Override
            public boolean plays(Game game) {
                return true;
            }

            @Override
            public Player newPlayer(MatchContext given) {
                context.set(given);
                return (view, legalMoves, clock) -> {
                    handed.set(view);
                    handedMoves.set(legalMoves);
                    return legalMoves.get(0);
                };
            }
        };
        SplittableRandom rng = new SplittableRandom(seed);
        S state = rules.initialState();
        int asked = 0;
        try (Contestant seat = new InProcessContestant(keeper, "keeper")) {
            seat.startMatch(new MatchContext(rules, 0, List.of("keeper", "other", "other", "other", "other")
                    .subList(0, rules.setup().players()), 1, 1000, 0));
            for (int step = 0; !state.isTerminal() && step < 200; step++) {
                if (state.actor() == 0) {
                    View view = rules.view(state, 0);
                    List<M> legal = rules.legalMoves(state);
                    assertFalse(seat.chooseMove(view, legal, new Clock(5000, 0)).isFault());
                    assertEquals(view, handed.get());
                    assertNotSame(view, handed.get());
                    assertOnlyJdkLists(handed.get(), rules.game().id() + " at step " + step);
                    assertEquals(legal, handedMoves.get());
                    asked++;
                }
                M action = state.actor() == State.CHANCE ? Chance.sample(rules.chanceOutcomes(state), rng)
                        : rules.legalMoves(state).get(rng.nextInt(rules.legalMoves(state).size()));
                state = rules.apply(state, action);
            }
        }
        assertTrue(asked > 0);
        assertNotSame(rules, context.get().rules(), "the bot's rules are the referee's");
        assertEquals(rules.game(), context.get().game());
        assertEquals(rules.setup(), context.get().setup());
    }

    /**
     * Every list of a view, at any depth, is one of the JDK's own immutable lists, whose fields a bot
     * cannot open and which hold the copy's elements only; never a list reading the referee's position.
     */
    private static void assertOnlyJdkLists(Object value, String where) {
        if (value instanceof List<?> list) {
            assertEquals(Object.class.getModule(), list.getClass().getModule(), where + ": " + list.getClass());
            list.forEach(element -> assertOnlyJdkLists(element, where));
        } else if (value instanceof Record record) {
            for (RecordComponent component : record.getClass().getRecordComponents()) {
                try {
                    assertOnlyJdkLists(component.getAccessor().invoke(record), where + "." + component.getName());
                } catch (ReflectiveOperationException e) {
                    throw new AssertionError(e);
                }
            }
        }
    }

    /** The outcome the rules give for a match's recorded actions, from a fresh initial position. */
    private static org.pyramidarena.api.Outcome replayed(MatchResult result) {
        return replayed(Games.byId("pylon").rules(PYLON), result.actions());
    }

    private static <S extends State, M extends Move> org.pyramidarena.api.Outcome replayed(Rules<S, M> rules,
                                                                                         List<ActionRecord> actions) {
        S state = rules.initialState();
        for (ActionRecord action : actions) {
            M move = rules.parseMove(action.notation());
            if (state.isTerminal() || !rules.check(state, move).isLegal()) {
                return null;
            }
            state = rules.apply(state, move);
        }
        return state.isTerminal() ? rules.outcome(state) : null;
    }
}
