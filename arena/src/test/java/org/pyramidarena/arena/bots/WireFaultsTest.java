package org.pyramidarena.arena.bots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.arena.match.Contestant;
import org.pyramidarena.arena.match.MatchListener;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchRunner;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.match.TimeControl;
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
        MatchResult result;
        try {
            result = MatchRunner.run(Games.byId("pylon").rules(new GameSetup(2, "standard")), seats,
                    MatchSettings.of(1, new TimeControl(500, 0, 0)), MatchListener.NONE);
        } finally {
            seats.forEach(Contestant::close);
        }
        assertEquals(TerminationReason.fromLabel(reason), result.termination(), result.faultDetail());
        assertEquals(List.of(1, 2), result.outcome().ranks());
    }
}
