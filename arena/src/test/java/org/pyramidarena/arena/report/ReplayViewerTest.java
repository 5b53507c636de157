package org.pyramidarena.arena.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pyramidarena.arena.replay.Replay;
import org.pyramidarena.arena.replay.ReplayFiles;

class ReplayViewerTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @ParameterizedTest
    @CsvSource({"replays/match-000007.replay.json.gz, replays/match-000007.html",
        "m.replay.json, m.html", "a.replay.json.b.replay.json, a.replay.json.b.html"})
    void thePageSitsNextToTheReplayWithItsSuffixReplaced(String replay, String page) {
        assertEquals(Path.of(page), ReplayViewer.pageFor(Path.of(replay)));
    }

    @Test
    void aFileNotNamedLikeAReplayHasNoPage() {
        assertThrows(IllegalArgumentException.class, () -> ReplayViewer.pageFor(Path.of("results.csv")));
    }

    /**
     * A match of each game (the longest of each in a tournament of random and greedy bots, seed 11)
     * gives the page data it gave when the running scores were read from the games' state classes
     * here (before they became part of the rules, issue 38): the SHA-256 of the data's JSON as the
     * page embeds it. A change to the data that is meant records the new digest and says why.
     */
    @ParameterizedTest
    @CsvSource({
        "pylon, afb5d18e03022a7a0432616b265b59aa531ffe6e76c979d32a8ae005a396529d",
        "pyraos, 89f873bffb47ed541f2891a45ba881b85ca54fd9735383d4f7498a1f8784c0d0",
        "pyrinoes, e302fd8eb0fa1f9ebeaa3a643a4d8d295658af9b4a14521483b6cb6b4d856315",
        "euronimoes, 0befdfc7215428f4aab0a10bc58aaeea6c9894abb35f74fc95e718aff86ea6ae",
        "pyrametto, 5df41c2bee0010a299fc69d354ebc299a5abffd062b795f2fe7a2d3413f42898"})
    void everyGamesPageDataIsTheDataItAlwaysHad(String game, String sha256) throws Exception {
        Path file = Path.of(ReplayViewerTest.class.getResource("viewer-" + game + ".replay.json").toURI());
        String data = JSON.writeValueAsString(ReplayViewer.data(ReplayFiles.read(file)));
        byte[] digest = MessageDigest.getInstance("SHA-256").digest(data.getBytes(StandardCharsets.UTF_8));
        assertEquals(sha256, HexFormat.of().formatHex(digest));
    }

    /**
     * The scores beside the seats are the game's running score: with a komi, seat 0 of Pylon starts
     * behind by it, as the outcome will count it.
     */
    @Test
    void theScoresShownAreTheRunningScoreAKomiIncluded(@TempDir Path temp) throws Exception {
        Path plain = Path.of(ReplayViewerTest.class.getResource("viewer-pylon.replay.json").toURI());
        Path komi = temp.resolve("komi.replay.json");
        Files.writeString(komi, Files.readString(plain).replace("\"variant\":\"standard\"",
                "\"variant\":\"standard?komi=2.5\""));
        assertEquals(JSON.readTree("[0,0]"), ReplayViewer.data(ReplayFiles.read(plain)).get("first").get("score"));
        assertEquals(JSON.readTree("[-2.5,0]"), ReplayViewer.data(ReplayFiles.read(komi)).get("first").get("score"));
    }

    /**
     * What a bot said beside a move is embedded as {@code thinking} (and the lines of a fault's turn
     * as {@code faultStderr}) only where there is any, and no text of a bot can end the page's script.
     */
    @Test
    void whatABotSaidIsEmbeddedBesideItsMoveAndCannotEndTheScript() throws Exception {
        Replay plain = ReplayFiles.read(Path.of(ReplayViewerTest.class.getResource("viewer-pylon.replay.json").toURI()));
        assertFalse(ReplayViewer.data(plain).has("thinking"));
        assertFalse(ReplayViewer.data(plain).has("faultStderr"));
        List<Replay.Action> actions = new ArrayList<>(plain.actions());
        Replay.Action second = actions.get(1);
        actions.set(1, new Replay.Action(second.actor(), second.move(), second.micros(), second.cpuMicros(),
                second.fallback(), "depth 2 </script><b>", List.of("searching", "done")));
        Replay.Action third = actions.get(2);
        actions.set(2, new Replay.Action(third.actor(), third.move(), third.micros(), third.cpuMicros(),
                third.fallback(), null, List.of("only stderr")));
        Replay noted = new Replay(plain.format(), plain.arenaVersion(), plain.game(), plain.variant(), plain.players(),
                plain.seats(), plain.masterSeed(), plain.matchSeed(), plain.dealSeed(), plain.timeControl(),
                plain.sandbox(), plain.cage(), actions, plain.termination(), plain.faultDetail(),
                plain.seatTerminations(), plain.outcome(), plain.opening(), List.of("Traceback"));
        assertEquals(JSON.readTree("[[1,\"depth 2 </script><b>\",[\"searching\",\"done\"]],[2,null,[\"only stderr\"]]]"),
                ReplayViewer.data(noted).get("thinking"));
        assertEquals(JSON.readTree("[\"Traceback\"]"), ReplayViewer.data(noted).get("faultStderr"));
        String page = ReplayViewer.page(noted);
        assertEquals(ReplayViewer.page(plain).split("</script>", -1).length, page.split("</script>", -1).length,
                "the info's </script> is written escaped");
        assertTrue(page.contains("depth 2 \\u003c/script>\\u003cb>"), "escaped as JSON");
    }

    /** Pyraos's running score stands in for a score it keeps only at the end: it is not shown as one. */
    @Test
    void aStandInIsNotShownAsAScore() throws Exception {
        Path pyraos = Path.of(ReplayViewerTest.class.getResource("viewer-pyraos.replay.json").toURI());
        assertFalse(ReplayViewer.data(ReplayFiles.read(pyraos)).get("first").has("score"));
        Path pylon = Path.of(ReplayViewerTest.class.getResource("viewer-pylon.replay.json").toURI());
        assertTrue(ReplayViewer.data(ReplayFiles.read(pylon)).get("first").has("score"));
    }

    /** The page applies these operations in JavaScript; here they are applied the same way in Java. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"a\":[1,2,3],\"b\":\"x\"}|{\"a\":[1,2,3],\"b\":\"y\"}|[[[\"b\"],\"y\"]]",
        "{\"line\":[\"1-2\",\"2-3\"]}|{\"line\":[\"0-1\",\"1-2\",\"2-3\"]}|[[[\"line\"],0,0,\"0-1\"]]",
        "{\"layouts\":[[\"a\"],[\"b\"]]}|{\"layouts\":[[\"a\"],[\"b\",\"c\"]]}|[[[\"layouts\",1],1,0,\"c\"]]",
        "{\"h\":[0,0,0,0,0,0,0,0]}|{\"h\":[0,0,0,5,0,0,0,0]}|[[[\"h\",3],5]]",
        "{\"hand\":[\"1-2\",\"3-4\",\"5-6\"]}|{\"hand\":[]}|[[[\"hand\"],[]]]"})
    void differencesAreSmallOperations(String before, String after, String ops) throws Exception {
        ArrayNode written = JSON.createArrayNode();
        ReplayViewer.diff(JSON.readTree(before), JSON.readTree(after), JSON.createArrayNode(), written);
        assertEquals(JSON.readTree(ops), written);
        assertEquals(JSON.readTree(after), apply(JSON.readTree(before), written));
    }

    private static JsonNode apply(JsonNode root, ArrayNode ops) {
        for (JsonNode op : ops) {
            JsonNode path = op.get(0);
            JsonNode parent = root;
            for (int i = 0; i < path.size() - 1; i++) {
                parent = path.get(i).isInt() ? parent.get(path.get(i).asInt()) : parent.get(path.get(i).asText());
            }
            JsonNode key = path.get(path.size() - 1);
            if (op.size() == 2) {
                if (key.isInt()) {
                    ((ArrayNode) parent).set(key.asInt(), op.get(1));
                } else {
                    ((com.fasterxml.jackson.databind.node.ObjectNode) parent).set(key.asText(), op.get(1));
                }
            } else {
                ArrayNode array = (ArrayNode) (key.isInt() ? parent.get(key.asInt()) : parent.get(key.asText()));
                for (int d = 0; d < op.get(2).asInt(); d++) {
                    array.remove(op.get(1).asInt());
                }
                for (int i = 3; i < op.size(); i++) {
                    array.insert(op.get(1).asInt() + i - 3, op.get(i));
                }
            }
        }
        return root;
    }
}
