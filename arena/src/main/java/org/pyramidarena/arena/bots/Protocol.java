package org.pyramidarena.arena.bots;

import com.fasterxml.jackson.annotation.JsonAutoDetect.Visibility;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import org.pyramidarena.api.View;

/**
 * The wire protocol between the referee and a bot process: one JSON object per line, both ways.
 * The messages are described in {@code docs/protocol.md}; this class holds their names and the one
 * JSON mapper both sides use.
 */
public final class Protocol {

    /**
     * Added to a fault for a line that is not JSON: the usual cause is a debugging print on
     * standard output, which belongs on standard error (the bot's log).
     */
    public static final String STDOUT_HINT = " (standard output carries only protocol messages: print "
            + "diagnostics on standard error, which goes to the bot's log)";

    /** The protocol version the referee speaks; a bot answers hello with the version it speaks. */
    public static final int VERSION = 1;

    /** The longest line a bot may write, in characters; a longer one is output flooding. */
    public static final int MAX_LINE = 64 * 1024;

    /** The most a bot may write on standard output between two turns, in bytes. */
    public static final long MAX_OUTPUT_PER_TURN = 1024 * 1024;

    public static final String HELLO = "hello";
    public static final String NEW_MATCH = "new_match";
    public static final String YOUR_TURN = "your_turn";
    public static final String EVENT = "event";
    public static final String MATCH_OVER = "match_over";
    public static final String QUIT = "quit";
    public static final String MOVE = "move";
    public static final String ERROR = "error";

    /** The game list of a bot that plays every game. */
    public static final String EVERY_GAME = "*";

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            // Views are records of values: their fields are the data, their methods are not.
            .visibility(PropertyAccessor.ALL, Visibility.NONE)
            .visibility(PropertyAccessor.FIELD, Visibility.ANY)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private Protocol() {
    }

    /** The mapper for protocol messages and views; thread-safe. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** A view as JSON. */
    public static JsonNode viewToJson(View view) {
        return MAPPER.valueToTree(view);
    }

    /**
     * A view back from its JSON.
     *
     * @throws JsonProcessingException when the JSON does not fit the view class
     */
    public static <V extends View> V viewFromJson(JsonNode json, Class<V> viewClass) throws JsonProcessingException {
        return MAPPER.treeToValue(json, viewClass);
    }

    /**
     * A deep copy of a view through its JSON form: equal to the view, made of new immutable lists,
     * and holding no reference to what the view's lists read (the referee's position). What a bot
     * JAR in the referee's JVM is handed, so that reflecting into its view reaches only the copy.
     *
     * @throws IllegalStateException when the view does not survive the trip (a game whose view the
     *     wire protocol could not carry either)
     */
    @SuppressWarnings("unchecked")
    public static <V extends View> V copy(V view) {
        try {
            return viewFromJson(viewToJson(view), (Class<V>) view.getClass());
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new IllegalStateException(view.getClass().getName() + " cannot be copied through JSON: "
                    + e.getMessage(), e);
        }
    }
}
