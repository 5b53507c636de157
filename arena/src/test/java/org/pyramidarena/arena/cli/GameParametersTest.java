package org.pyramidarena.arena.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.bots.PythonBotTest;
import org.pyramidarena.arena.replay.ReplayFiles;

/**
 * A game's design parameters travel as a variant does: given after the variant on the command line,
 * recorded in results, settings and replays, replayed and verified, and told to process bots.
 */
class GameParametersTest {

    @TempDir
    Path dir;

    @Test
    void aKomiIsRecordedWithTheVariantInResultsSettingsAndReplaysAndReplaysVerify() throws IOException {
        Path out = dir.resolve("komi");
        CliRun run = CliRun.of("tournament", "--games", "pylon?komi=2.5", "--bot", "random,greedy", "--cycles", "1",
                "--replays", "all", "--out", out.toString(), "--quiet", "--sandbox", "none");
        assertEquals(0, run.status(), run.err());
        List<String> rows = Files.readAllLines(out.resolve("results.csv"));
        assertTrue(rows.size() > 1);
        for (String row : rows.subList(1, rows.size())) {
            assertTrue(row.contains(",pylon,standard?komi=2.5,2,"), row);
            // Seat 0's score is its pyramids less 2.5: never whole, so never a draw.
            String[] cells = row.split(",");
            double score = Double.parseDouble(cells[9]);
            assertEquals(cells[6].equals("0"), score != Math.rint(score), row);
        }
        assertTrue(Files.readString(out.resolve("settings.json")).contains("\"pylon:2/standard?komi=2.5\""));
        Path replay;
        try (Stream<Path> files = Files.list(out.resolve("replays"))) {
            replay = files.filter(f -> f.toString().endsWith(".replay.json.gz")).findFirst().orElseThrow();
        }
        assertEquals("standard?komi=2.5", ReplayFiles.read(replay).variant());
        CliRun verified = CliRun.of("replay", replay.toString(), "--quiet");
        assertEquals(0, verified.status(), verified.err());
        assertTrue(verified.out().contains(": ok ("), verified.out());
    }

    @Test
    void aParameterTheGameDoesNotDeclareOrOutOfItsRangeIsOneLineAndStatusTwo() {
        for (List<String> args : List.of(
                List.of("tournament", "--games", "pylon?handicap=1", "--bot", "random,random"),
                List.of("tournament", "--games", "pyraos?handicap=9", "--bot", "random,random"),
                List.of("match", "--game", "pylon", "--variant", "standard?komi=x", "--bot", "random", "--bot", "random"),
                List.of("balance", "--game", "pyrinoes/to-50?target=60", "--bot", "random", "--games", "2"))) {
            CliRun run = CliRun.of(Stream.concat(args.stream(), Stream.of("--sandbox", "none", "--out",
                    dir.resolve("refused").toString())).toArray(String[]::new));
            assertEquals(2, run.status(), args + ": " + run.out() + run.err());
            assertEquals(1, run.err().strip().lines().count(), run.err());
            assertFalse(run.err().contains("Exception"), run.err());
        }
        assertTrue(CliRun.of("tournament", "--games", "pylon?handicap=1", "--bot", "random,random").err()
                .contains("pylon has no parameter 'handicap' (its parameters: komi)"));
    }

    @Test
    void aProcessBotIsToldTheParametersInNewMatch() throws IOException {
        assumeTrue(PythonBotTest.hasPython(), "python3 is not installed; the wire protocol's parameters are not tested");
        Path script = Files.writeString(dir.resolve("told.py"), String.join("\n",
                "import json, sys",
                "told = None",
                "for line in sys.stdin:",
                "    message = json.loads(line)",
                "    kind = message.get('type')",
                "    if kind == 'hello':",
                "        print(json.dumps({'type': 'hello', 'protocol': 1, 'name': 'told', 'games': ['*']}), flush=True)",
                "    elif kind == 'new_match':",
                "        told = message.get('parameters')",
                "    elif kind == 'your_turn':",
                "        if told == {'komi': 2.5} and message.get('view') is not None:",
                "            print(json.dumps({'type': 'move', 'move': message['legal'][0]}), flush=True)",
                "        else:",
                "            print(json.dumps({'type': 'error', 'message': 'told ' + json.dumps(told)}), flush=True)",
                "    elif kind == 'quit':",
                "        break",
                ""));
        CliRun run = CliRun.of("match", "--game", "pylon", "--variant", "standard?komi=2.5", "--bot",
                "cmd:python3 " + script, "--bot", "random", "--sandbox", "none", "--quiet");
        assertEquals(0, run.status(), "no fault: the bot was told the komi: " + run.out() + run.err());
        assertTrue(run.out().matches("(?s).*seat 0 \\(told\\) rank \\d score \\d+\\.5,.*"),
                "seat 0's score is its pyramids less the komi: " + run.out());
    }
}
