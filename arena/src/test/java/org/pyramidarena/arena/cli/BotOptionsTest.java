package org.pyramidarena.arena.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;
import org.pyramidarena.arena.bots.PythonBotTest;
import org.pyramidarena.arena.bots.TestJars;
import org.pyramidarena.arena.replay.Replay;
import org.pyramidarena.arena.replay.ReplayFiles;
import org.pyramidarena.bots.AlphaBetaBot;
import org.pyramidarena.bots.search.AlphaBeta;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.io.ResultsCsv;

/**
 * Bot options (issue 24): declared by a bot, listed by {@code bots}, set with
 * {@code --bot "BOT?NAME=VALUE&NAME=VALUE"}, checked before anything is played, handed to Java bots
 * in-process and in a process and to {@code cmd:} bots in {@code new_match}, and named wherever an
 * entrant is named.
 */
class BotOptionsTest {

    /** A process bot with a choice option: it plays the first or the last legal move. */
    private static final String PICKER = String.join("\n",
            "import json, sys",
            "options = {}",
            "for line in sys.stdin:",
            "    if not line.strip():",
            "        continue",
            "    message = json.loads(line)",
            "    kind = message.get('type')",
            "    if kind == 'hello':",
            "        print(json.dumps({'type': 'hello', 'protocol': 1, 'name': 'picker', 'games': ['*'],",
            "            'options': [{'name': 'pick', 'type': 'choice', 'choices': ['first', 'last'],",
            "                         'default': 'first', 'help': 'which legal move to play'},",
            "                        {'name': 'patience', 'type': 'integer', 'default': 3, 'min': 0, 'max': 9}]}),",
            "            flush=True)",
            "    elif kind == 'new_match':",
            "        options = message['options']",
            "        sys.stderr.write('options ' + json.dumps(options, sort_keys=True) + '\\n')",
            "    elif kind == 'your_turn':",
            "        legal = message['legal']",
            "        move = legal[-1] if options['pick'] == 'last' else legal[0]",
            "        print(json.dumps({'type': 'move', 'move': move}), flush=True)",
            "    elif kind == 'quit':",
            "        break",
            "");

    @TempDir
    Path dir;

    private Path picker() throws IOException {
        return Files.writeString(dir.resolve("picker.py"), PICKER);
    }

    private static List<String> moves(Path replay) {
        return ReplayFiles.read(replay).actions().stream().map(Replay.Action::move).toList();
    }

    private static <S extends State, M extends Move> List<String> openingMoves(Rules<S, M> rules) {
        return rules.legalMoves(rules.initialState()).stream().map(Move::notation).toList();
    }

    @Test
    void botsListsEachBotsOptionsWithTypeDefaultRangeAndHelp() {
        CliRun run = CliRun.of("bots", "mcts", "alphabeta", "random", "--sandbox", "none");
        assertEquals(0, run.status(), run.err());
        assertTrue(run.out().contains("options (set with --bot \"mcts?NAME=VALUE&NAME=VALUE\"):"), run.out());
        assertTrue(run.out().contains("iterations  a whole number from 1 to 100000000: search iterations a move"),
                run.out());
        assertTrue(run.out().contains("think=0.0  a decimal number from 0 to 0.9"), run.out());
        assertTrue(run.out().contains("nodes=80000  a whole number from 1 to 2147483647: nodes searched a move"),
                run.out());
        assertTrue(run.out().contains("options: none"), "random has none: " + run.out());
    }

    @Test
    void botsSuggestsTheBotAsItWasNamedSoThatTheSuggestionRuns() throws IOException {
        Path jar = TestJars.botJar(dir.resolve("nb-ab.jar"), AlphaBetaBot.class, AlphaBeta.class);
        CliRun listed = CliRun.of("bots", jar.toString(), "--isolation", "in-process", "--trust-bots");
        assertEquals(0, listed.status(), listed.err());
        String suggested = jar + "?nodes=50";
        assertTrue(listed.out().contains("options (set with --bot \"" + jar + "?NAME=VALUE&NAME=VALUE\"):"),
                listed.out());
        CliRun played = CliRun.of("match", "--game", "pylon", "--bot", suggested, "--bot", "random", "--seed", "1",
                "--isolation", "in-process", "--trust-bots");
        assertEquals(0, played.status(), played.err());
    }

    @Test
    void anUnknownOptionOrABadValueIsOneLineAndStatusTwoBeforeAnythingIsPlayed() {
        for (List<String> args : List.of(
                List.of("match", "--game", "pylon", "--bot", "mcts?iteration=50", "--bot", "random"),
                List.of("match", "--game", "pylon", "--bot", "mcts?iterations=lots", "--bot", "random"),
                List.of("match", "--game", "pylon", "--bot", "random?depth=2", "--bot", "random"),
                List.of("match", "--game", "pylon", "--bot", "mcts?iterations", "--bot", "random"),
                List.of("tournament", "--games", "pylon", "--bot", "random,greedy?depth=2", "--out",
                        dir.resolve("t").toString()),
                List.of("sprt", "--game", "pylon", "--candidate", "mcts?exploration=-1", "--baseline", "random"),
                List.of("balance", "--game", "pylon", "--bot", "alphabeta?nodes=0", "--games", "10"))) {
            CliRun run = CliRun.of(Stream.concat(args.stream(), Stream.of("--sandbox", "none")).toArray(String[]::new));
            assertEquals(2, run.status(), args + ": " + run.out() + run.err());
            String error = run.err().lines().filter(line -> !line.startsWith("warning:")).reduce("", String::concat);
            assertFalse(error.contains("Exception") || error.contains("\tat "), error);
            assertTrue(error.contains("option") || error.contains("takes"), args + ": " + error);
            assertFalse(run.out().contains("outcome:") || run.out().contains("LLR"), "nothing played: " + run.out());
        }
        assertTrue(CliRun.of("match", "--game", "pylon", "--bot", "mcts?iteration=50", "--bot", "random").err()
                .contains("mcts has no option 'iteration' (its options: iterations, exploration, playout-cap, think)"));
        assertFalse(Files.exists(dir.resolve("t").resolve("results.csv")), "the tournament did not start");
    }

    @Test
    void aCmdBotDeclaresItsOptionsInHelloAndGetsTheirValuesInNewMatch() throws IOException {
        assumeTrue(PythonBotTest.hasPython(), "python3 is not installed");
        Rules<?, ?> rules = Games.byId("pylon").rules(Games.byId("pylon").defaultSetup());
        List<String> opening = openingMoves(rules);
        for (String pick : List.of("first", "last")) {
            Path replay = dir.resolve(pick + ".replay.json");
            Path output = dir.resolve("run-" + pick);
            CliRun run = CliRun.of("match", "--game", "pylon", "--bot", "cmd:python3 " + picker() + "?pick=" + pick,
                    "--bot", "random", "--sandbox", "none", "--quiet", "--replay", replay.toString(),
                    "--output", output.toString());
            assertTrue(run.status() == 0 || run.status() == 3, run.err());
            assertTrue(run.out().contains("seat 0 (picker?pick=" + pick + ")"), run.out());
            assertEquals(pick.equals("first") ? opening.get(0) : opening.get(opening.size() - 1),
                    moves(replay).get(0), "the bot played as its option said");
            Replay.Seat seat = ReplayFiles.read(replay).seats().get(0);
            assertEquals(Map.of("pick", pick), seat.options(), "the replay names the option given");
            try (Stream<Path> logs = Files.list(output.resolve("logs"))) {
                String log = Files.readString(logs.filter(f -> f.getFileName().toString().startsWith("picker"))
                        .findFirst().orElseThrow());
                assertTrue(log.contains("options {\"patience\": 3, \"pick\": \"" + pick + "\"}"),
                        "every option reaches the bot, the defaults typed: " + log);
            }
        }
        CliRun bad = CliRun.of("match", "--game", "pylon", "--bot", "cmd:python3 " + picker() + "?pick=middle",
                "--bot", "random", "--sandbox", "none");
        assertEquals(2, bad.status());
        assertTrue(bad.err().contains("picker: pick takes one of first, last, not 'middle'"), bad.err());
    }

    @Test
    void aCmdBotWhoseHelloDeclaresAnOptionBadlyIsRefusedInOneLine() throws IOException {
        assumeTrue(PythonBotTest.hasPython(), "python3 is not installed");
        Path script = Files.writeString(dir.resolve("bad.py"), PICKER.replace("'type': 'integer'", "'type': 'float'"));
        CliRun run = CliRun.of("match", "--game", "pylon", "--bot", "cmd:python3 " + script, "--bot", "random",
                "--sandbox", "none");
        assertEquals(2, run.status());
        assertTrue(run.err().contains("said hello, but its option 'patience' is not one: 'float' is not an option "
                + "type (integer, decimal, boolean or choice)"), run.err());
    }

    @Test
    void aJarBotGetsItsOptionsInAProcessAsInTheRefereesJvm() throws IOException {
        Path jar = TestJars.botJar(dir.resolve("alphabeta.jar"), AlphaBetaBot.class, AlphaBeta.class);
        String[] common = {"--game", "pylon", "--bot", "random", "--seed", "5", "--quiet", "--sandbox", "none"};
        Path inProcess = dir.resolve("in.replay.json");
        Path inAProcess = dir.resolve("process.replay.json");
        Path byDefault = dir.resolve("default.replay.json");
        assertEquals(0, CliRun.of(Stream.concat(Stream.of("match", "--bot", "alphabeta?nodes=40", "--replay",
                inProcess.toString()), Stream.of(common)).toArray(String[]::new)).status());
        CliRun jarRun = CliRun.of(Stream.concat(Stream.of("match", "--bot", jar + "?nodes=40", "--replay",
                inAProcess.toString()), Stream.of(common)).toArray(String[]::new));
        assertEquals(0, jarRun.status(), jarRun.err());
        assertEquals(0, CliRun.of(Stream.concat(Stream.of("match", "--bot", "alphabeta", "--replay",
                byDefault.toString()), Stream.of(common)).toArray(String[]::new)).status());
        assertEquals(moves(inProcess), moves(inAProcess), "the JAR in its host process searched 40 nodes a move too");
        assertNotEquals(moves(inProcess), moves(byDefault), "40 nodes a move plays otherwise than 80,000");
    }

    @Test
    void entrantsAreNamedWithTheirOptionsInResultsStandingsReplaysAndSettings() throws IOException {
        Path out = dir.resolve("tournament");
        CliRun run = CliRun.of("tournament", "--games", "pylon", "--bot",
                "mcts?iterations=10,mcts?iterations=30&exploration=1.0,strong=mcts?iterations=60,"
                        + "mcts?iterations=10", "--sandbox", "none", "--out", out.toString(), "--quiet");
        assertEquals(0, run.status(), run.err());
        List<String> names = ResultsCsv.read(out.resolve("results.csv")).stream().map(MatchRecord::seats)
                .flatMap(List::stream).map(SeatResult::bot).distinct().sorted().toList();
        assertEquals(List.of("mcts-1?iterations=10", "mcts-2?iterations=10", "mcts?iterations=30&exploration=1.0",
                "strong"), names);
        String standings = Files.readString(out.resolve("standings.csv"));
        assertTrue(standings.contains("mcts?iterations=30&exploration=1.0"), standings);
        JsonNode settings = new ObjectMapper().readTree(out.resolve("settings.json").toFile());
        assertEquals(List.of("mcts?iterations=10", "mcts?iterations=30&exploration=1.0", "strong=mcts?iterations=60",
                "mcts?iterations=10"), jsonList(settings.path("bots")),
                "a name with options is found again from the bot; a chosen name is written");
        boolean strongSeen = false;
        try (Stream<Path> files = Files.list(out.resolve("replays"))) {
            for (Path replay : files.filter(f -> ReplayFiles.isReplayName(f.getFileName().toString())).toList()) {
                for (Replay.Seat seat : ReplayFiles.read(replay).seats()) {
                    if (seat.bot().equals("strong")) {
                        strongSeen = true;
                        assertEquals(Map.of("iterations", 60), seat.options(), "a named entrant's options");
                    }
                }
            }
        }
        assertTrue(strongSeen);
        CliRun resumed = CliRun.of("tournament", "--resume", "--out", out.toString());
        assertEquals(0, resumed.status(), "settings.json reads back to the same entrants: " + resumed.err());
    }

    private static List<String> jsonList(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false).map(JsonNode::asText).toList();
    }
}
