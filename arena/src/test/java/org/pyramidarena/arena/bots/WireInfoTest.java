package org.pyramidarena.arena.bots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.match.ActionRecord;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.match.TestBots;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.bots.AlphaBetaBot;
import org.pyramidarena.bots.search.Evaluator;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.TerminationReason;

/**
 * What a bot in a process of its own says beside its moves: the {@code info} of its {@code move}
 * replies, whatever it holds, and the lines it writes on standard error during each turn, kept
 * with the move, cleaned and capped, never a fault.
 */
class WireInfoTest {

    /**
     * A bot that plays the first legal move and, at its n-th turn, says the n-th info of a list (in
     * turn) and writes a line on standard error; at its third turn 30 other lines, at its fourth a
     * second line of 1,000 characters, at turn {@code crash} (0: never) an exception.
     */
    private static final String THINKER = """
            import json, sys
            INFOS = ["depth 1 score 0.5", {"depth": 2, "score": -1.5, "pv": "Sa1 Sb2"}, "x" * 10000,
                     "\\u001b[31mred\\u202e\\nline", [1, 2], 42, None, {"nested": {"a": [1]}}, ""]
            crash = int(sys.argv[1])
            turn = 0

            def say(message):
                print(json.dumps(message), flush=True)

            def new_match(message):
                global turn
                turn = 0

            def your_turn(message):
                global turn
                turn += 1
                lines = ["turn %d starts" % turn]
                if turn == 3:
                    lines = ["line %d" % i for i in range(30)]
                elif turn == 4:
                    lines.append("y" * 1000)
                sys.stderr.write("".join(text + "\\n" for text in lines))
                if turn == crash:
                    raise ValueError("boom")
                sys.stderr.flush()
                say({"type": "move", "move": message["legal"][0], "info": INFOS[(turn - 1) % len(INFOS)]})

            HANDLERS = {"hello": lambda message: say({"type": "hello", "protocol": 1, "name": "thinker", "games": ["*"]}),
                        "new_match": new_match, "your_turn": your_turn}
            for line in map(json.loads, sys.stdin):
                if line["type"] == "quit":
                    break
                HANDLERS.get(line["type"], lambda message: None)(line)
            """;

    /** What the referee keeps of each info of {@link #THINKER}'s list, in turn. */
    private static final List<String> KEPT = Arrays.asList("depth 1 score 0.5", "depth 2 score -1.5 pv Sa1 Sb2",
            "x".repeat(197) + "...", "[31mred line", "[1,2]", "42", null, "nested {\"a\":[1]}", null);

    @TempDir
    Path dir;

    private LoadedBots bots;

    @BeforeEach
    void loader() {
        bots = new LoadedBots(dir.resolve("run"));
    }

    @AfterEach
    void close() throws InterruptedException {
        bots.close();
        RoguesGalleryTest.assertNoChildProcesses();
    }

    private BotSource thinker(int crashAtTurn) throws IOException {
        assumeTrue(PythonBotTest.hasPython(), "python3 is not installed; what a wire bot says is not tested");
        return bots.load(Sandbox.none(), "cmd:python3 " + Files.writeString(dir.resolve("thinker.py"), THINKER) + " "
                + crashAtTurn);
    }

    private static MatchResult play(Rules<?, ?> rules, List<Contestant> seats) {
        return TestBots.play(rules, seats, MatchSettings.of(MasterSeed.of(1), new TimeControl(5000, 0, 0)));
    }

    private static List<Contestant> againstRandom(Contestant first, int players) {
        List<Contestant> seats = new ArrayList<>(List.of(first));
        BotSource random = InProcessBotSource.builtIn(BotRegistry.byName("random"));
        for (int seat = 1; seat < players; seat++) {
            seats.add(random.seat("random@" + seat));
        }
        return seats;
    }

    @Test
    void aWireBotsInfoAndStandardErrorAreKeptWithEachMoveCleanedAndCapped() throws IOException {
        MatchResult result = play(Games.byId("pylon").rules(new GameSetup(2, "standard")),
                againstRandom(thinker(0).seat("thinker"), 2));
        assertEquals(TerminationReason.NORMAL, result.termination(), result.faultDetail());
        List<ActionRecord> mine = result.actions().stream().filter(action -> action.actor() == 0).toList();
        assertTrue(mine.size() >= KEPT.size(), "turns: " + mine.size());
        for (int i = 0; i < mine.size(); i++) {
            int turn = i + 1;
            assertEquals(KEPT.get(i % KEPT.size()), mine.get(i).info(), "turn " + turn);
            List<String> expected = switch (turn) {
                case 3 -> {
                    List<String> lines = new ArrayList<>(List.of("(10 earlier lines of this turn left out)"));
                    IntStream.range(10, 30).forEach(k -> lines.add("line " + k));
                    yield lines;
                }
                case 4 -> List.of("turn 4 starts", "y".repeat(197) + "...");
                default -> List.of("turn " + turn + " starts");
            };
            assertEquals(expected, mine.get(i).stderr(), "turn " + turn);
        }
        assertEquals(List.of(), result.faultStderr());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"pylon, 2", "euronimoes, 3"})
    void aCrashKeepsTheLinesOfTheTurnItCrashedIn(String game, int players) throws IOException {
        Rules<?, ?> rules = Games.byId(game).rules(new GameSetup(players, Games.byId(game).defaultVariant()));
        MatchResult result = play(rules, againstRandom(thinker(2).seat("thinker"), players));
        assertEquals(TerminationReason.CRASH, result.termination(), result.faultDetail());
        List<String> lines = result.faultStderr();
        assertEquals("turn 2 starts", lines.get(0), String.join("\n", lines));
        assertTrue(lines.contains("Traceback (most recent call last):"), String.join("\n", lines));
        assertEquals("ValueError: boom", lines.get(lines.size() - 1));
        if (players > 2) {
            // The seat's next move is the fallback policy's: it carries the lines of the turn that faulted.
            ActionRecord fallback = result.actions().stream().filter(ActionRecord::fallback).findFirst().orElseThrow();
            assertEquals(0, fallback.actor());
            assertEquals(lines, fallback.stderr());
        }
    }

    /** A Java bot in a process of its own: the bundled host asks it and sends its info; the same as in the referee's JVM. */
    @Test
    void aJavaBotInItsOwnProcessSaysWhatItSaysInTheReferees() throws IOException {
        Path jar = TestJars.botJar(dir.resolve("alphabeta.jar"), AlphaBetaBot.class, Evaluator.class);
        Rules<?, ?> rules = Games.byId("pylon").rules(new GameSetup(2, "standard"));
        BotSource process = bots.load(Sandbox.none(), jar.toString());
        BotSource builtIn = InProcessBotSource.builtIn(new AlphaBetaBot());
        Map<String, String> nodes = Map.of("nodes", "1500");
        MatchResult apart = play(rules, againstRandom(process.seat("alphabeta", process.options(nodes)), 2));
        MatchResult within = play(rules, againstRandom(builtIn.seat("alphabeta", builtIn.options(nodes)), 2));
        assertEquals(TerminationReason.NORMAL, apart.termination(), apart.faultDetail());
        List<String> infos = apart.actions().stream().filter(action -> action.actor() == 0).map(ActionRecord::info).toList();
        assertFalse(infos.isEmpty());
        for (String info : infos) {
            assertTrue(info.equals("forced") || info.matches("depth \\d+ score (-?\\d+\\.\\d\\d|win|loss) nodes \\d+"), info);
        }
        assertEquals(infos, within.actions().stream().filter(action -> action.actor() == 0).map(ActionRecord::info).toList());
    }
}
