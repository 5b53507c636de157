package org.pyramidarena.arena.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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
