package org.pyramidarena.arena.bots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.arena.match.MatchListener;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchRunner;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.arena.players.DirectContestant;
import org.pyramidarena.arena.players.ProcessContestant;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.TerminationReason;

/** Non-Java bots that break the protocol itself, written as small Python programs. */
class WireFaultsTest {

    private static final String TEMPLATE = """
            import json, sys
            for line in sys.stdin:
                m = json.loads(line)
                if m["type"] == "hello":
                    print(json.dumps({"type": "hello", "protocol": 1, "name": "wire", "games": ["*"]}), flush=True)
                elif m["type"] == "your_turn":
            %s
                elif m["type"] == "quit":
                    break
            """;

    /** A bot that writes lines nobody asked for: after hello, after its answer, on an event, at the end. */
    private static final String CHATTY = """
            import json, sys
            seat = None
            def send(*messages):
                # One write, so that the lines arrive together.
                sys.stdout.write("".join(json.dumps(m) + "\\n" for m in messages))
                sys.stdout.flush()
            for line in sys.stdin:
                m = json.loads(line)
                if m["type"] == "hello":
                    hello = {"type": "hello", "protocol": 1, "name": "chatty", "games": ["*"]}
                    %s
                elif m["type"] == "new_match":
                    seat = m["seat"]
                elif m["type"] == "your_turn":
                    %s
                elif m["type"] == "event":
                    %s
                elif m["type"] == "match_over":
                    %s
                elif m["type"] == "quit":
                    break
            """;

    @TempDir
    Path dir;

    private BotSource bot;
    private RunDirectory run;

    @BeforeAll
    static void needsPython() {
        assumeTrue(PythonBotTest.hasPython(), "python3 is not installed; the wire faults are not tested");
    }

    @AfterEach
    void close() throws InterruptedException {
        if (bot != null) {
            bot.close();
            run.close();
        }
        RoguesGalleryTest.assertNoChildProcesses();
    }

    /** Plays one Pylon match (seed 1) at this time per move, then closes the seats. */
    private static MatchResult play(List<Contestant> seats, long moveMillis) {
        try {
            return MatchRunner.run(Games.byId("pylon").rules(new GameSetup(2, "standard")), seats,
                    MatchSettings.of(MasterSeed.of(1), new TimeControl(moveMillis, 0, 0)), MatchListener.NONE);
        } finally {
            seats.forEach(Contestant::close);
        }
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            not JSON          | malformed_reply | print('e2e4', flush=True)
            an empty line     | malformed_reply | print('', flush=True)
            no move           | malformed_reply | print(json.dumps({'type': 'move'}), flush=True)
            not a move        | malformed_reply | print(json.dumps({'type': 'move', 'move': 'Zz9'}), flush=True)
            an illegal move   | illegal_move    | print(json.dumps({'type': 'move', 'move': 'a1-a2'}), flush=True)
            an error          | exception       | print(json.dumps({'type': 'error', 'message': 'oops'}), flush=True)
            an exit           | crash           | sys.exit(4)
            a closed output   | disconnected    | import os, time; os.close(1); time.sleep(60)
            a long line       | output_flood    | print('x' * 100000, flush=True)
            silence           | timeout         | import time; time.sleep(60)
            """)
    void aBotThatBreaksTheProtocolForfeitsWithItsReason(String name, String reason, String answer) throws Exception {
        Path script = Files.writeString(dir.resolve("wire.py"), TEMPLATE.formatted("        " + answer));
        run = new RunDirectory(dir.resolve("run"));
        bot = new BotLoader(Isolation.PROCESS, "64m", run, BotLoader.DEFAULT_HELLO_MILLIS).load("cmd:python3 " + script);
        BotSource random = InProcessBotSource.builtIn(BotRegistry.byName("random"));
        List<Contestant> seats = List.of(random.seat("random"), bot.seat("wire"));
        MatchResult result = play(seats, 500);
        assertEquals(TerminationReason.fromLabel(reason), result.termination(), result.faultDetail());
        assertEquals(List.of(1, 2), result.outcome().ranks());
        if (name.equals("not JSON")) {
            assertTrue(result.faultDetail().endsWith("a reply that is not JSON: e2e4 (standard output carries only "
                    + "protocol messages: print diagnostics on standard error, which goes to the bot's log)"),
                    "a print on standard output is explained: " + result.faultDetail());
        }
    }

    /**
     * The opponent waits until what the bot wrote on its own has arrived (the four moves before its
     * first move, a line before each later move): a line that arrives after {@code your_turn} was
     * sent could not be told from an answer.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            four moves right after hello  | 0 | wrote 4 lines when no answer was due: {"type": "move", "move": "Sa1"} \
                | send(hello, *({'type': 'move', 'move': n} for n in ['Sa1', 'Sf5', 'Sa5', 'Sf1'])) | pass | pass
            a second move after its move  | 1 | wrote a line when no answer was due: {"type": "move", "move": \
                | send(hello) | send({'type': 'move', 'move': m['legal'][0]}, {'type': 'move', 'move': m['legal'][-1]}) | pass
            a line during the other's turn | 1 | wrote a line when no answer was due: {"type": "log", "text": "thinking"} \
                | send(hello) | send({'type': 'move', 'move': m['legal'][0]}) | send({'type': 'log', 'text': 'thinking'}) if m['actor'] == seat else None
            """)
    void aLineWrittenWhenNoAnswerIsDueForfeitsTheNextTurnAndIsNeverReadAsAnAnswer(
            String name, int movesPlayed, String detail, String afterHello, String onTurn, String onEvent) throws Exception {
        Path script = Files.writeString(dir.resolve("chatty.py"), CHATTY.formatted(afterHello.strip(), onTurn.strip(),
                onEvent.strip(), "pass"));
        run = new RunDirectory(dir.resolve("run"));
        bot = new BotLoader(Isolation.PROCESS, "64m", run, BotLoader.DEFAULT_HELLO_MILLIS).load("cmd:python3 " + script);
        ProcessContestant chatty = (ProcessContestant) bot.seat("chatty");
        List<Contestant> seats = List.of(new DirectContestant(RoguesGalleryTest.waitingBot(
                move -> chatty.process().pendingLines().size() >= (move == 0 ? movesPlayed == 0 ? 4 : 0 : 1))), chatty);
        MatchResult result = play(seats, 2000);
        assertEquals(TerminationReason.PROTOCOL_VIOLATION, result.termination(), result.faultDetail());
        assertEquals(List.of(1, 2), result.outcome().ranks());
        assertTrue(result.faultDetail().startsWith("seat 1 (chatty): " + detail), result.faultDetail());
        assertEquals(movesPlayed, result.actions().stream().filter(a -> a.actor() == 1).count(), result.actions().toString());
    }

    @Test
    void aProcessWithUnreadLinesAtTheEndOfAMatchIsKilledNotReused() throws Exception {
        Path script = Files.writeString(dir.resolve("chatty.py"), CHATTY.formatted("send(hello)",
                "send({'type': 'move', 'move': m['legal'][0]})", "pass", "send({'type': 'log', 'text': 'good game'})"));
        run = new RunDirectory(dir.resolve("run"));
        bot = new BotLoader(Isolation.PROCESS, "64m", run, BotLoader.DEFAULT_HELLO_MILLIS).load("cmd:python3 " + script);
        ProcessContestant chatty = (ProcessContestant) bot.seat("chatty");
        BotSource random = InProcessBotSource.builtIn(BotRegistry.byName("random"));
        List<Contestant> seats = List.of(random.seat("random"), chatty);
        try {
            MatchResult result = MatchRunner.run(Games.byId("pylon").rules(new GameSetup(2, "standard")), seats,
                    MatchSettings.of(MasterSeed.of(1), new TimeControl(2000, 0, 0)), MatchListener.NONE);
            assertEquals(TerminationReason.NORMAL, result.termination(), result.faultDetail());
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (chatty.process().pendingLines().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertEquals(List.of("{\"type\": \"log\", \"text\": \"good game\"}"), chatty.process().pendingLines());
        } finally {
            seats.forEach(Contestant::close);
        }
        assertTrue(chatty.process().handle().onExit().get(5, TimeUnit.SECONDS) != null, "the process is killed");
        Contestant next = bot.seat("chatty again");
        next.close();
        assertEquals(2, ((ProcessBotSource) bot).processes().size(), "the next match starts a new process");
    }

    /** A hello whose name is not a bot name refuses the bot in one line that shows the name escaped. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            escape codes      | '\\u001b[2Jrandom'  | "\\u001b[2Jrandom"
            a carriage return | 'x\\rrandom'        | "x\\u000drandom"
            a space           | 'two words'         | "two words"
            too long          | 'a' * 33            | "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
            """)
    void aBotWhoseNameIsNotABotNameIsRefused(String what, String name, String shown) throws Exception {
        Path script = Files.writeString(dir.resolve("named.py"), TEMPLATE.replace("\"name\": \"wire\"",
                "\"name\": " + name).formatted("        pass"));
        run = new RunDirectory(dir.resolve("run"));
        IllegalArgumentException refused = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new BotLoader(Isolation.PROCESS, "64m", run, BotLoader.DEFAULT_HELLO_MILLIS)
                        .load("cmd:python3 " + script));
        assertEquals("bot cmd:python3 " + script + " calls itself " + shown + "; a bot name is 1 to 32 letters, "
                + "digits, '-', '_' or '.'", refused.getMessage());
    }
}
