package org.pyramidarena.arena.players;

import com.fasterxml.jackson.annotation.JsonAutoDetect.Visibility;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.pyramidarena.api.BotOption;
import org.pyramidarena.api.Options;
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

    /**
     * A bot's declared options as {@code hello} carries them: an array of objects with {@code name},
     * {@code type} ({@code integer}, {@code decimal}, {@code boolean}, {@code choice}), and where
     * they apply {@code default}, {@code min}, {@code max}, {@code choices} and {@code help}.
     */
    public static ArrayNode optionsToJson(List<BotOption> options) {
        ArrayNode array = MAPPER.createArrayNode();
        for (BotOption option : options) {
            ObjectNode node = array.addObject().put("name", option.name()).put("type", option.type().label());
            if (option.defaultValue() != null) {
                node.set("default", MAPPER.valueToTree(option.parse(option.defaultValue())));
            }
            if (option.min() != null) {
                node.set("min", number(option.type(), option.min()));
            }
            if (option.max() != null) {
                node.set("max", number(option.type(), option.max()));
            }
            if (option.type() == BotOption.Type.CHOICE) {
                option.choices().forEach(node.putArray("choices")::add);
            }
            if (!option.help().isEmpty()) {
                node.put("help", option.help());
            }
        }
        return array;
    }

    private static JsonNode number(BotOption.Type type, double value) {
        return type == BotOption.Type.INTEGER ? MAPPER.getNodeFactory().numberNode((long) value)
                : MAPPER.getNodeFactory().numberNode(value);
    }

    /**
     * A bot's declared options from its {@code hello} ({@link #optionsToJson}'s form); a missing
     * field declares none.
     *
     * @throws IllegalArgumentException with one line for a declaration that is not one
     */
    public static List<BotOption> optionsFromJson(JsonNode options) {
        if (options == null || options.isMissingNode() || options.isNull()) {
            return List.of();
        }
        if (!options.isArray()) {
            throw new IllegalArgumentException("its options are not an array");
        }
        List<BotOption> declared = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (JsonNode node : options) {
            String name = BotText.clean(node.path("name").asText(""), BotOption.MAX_NAME + 1);
            try {
                if (!node.isObject()) {
                    throw new IllegalArgumentException("an option is not an object");
                }
                List<String> choices = new ArrayList<>();
                node.path("choices").forEach(choice -> choices.add(choice.asText()));
                JsonNode fallback = node.path("default");
                BotOption option = new BotOption(node.path("name").asText(""),
                        BotOption.Type.parse(node.path("type").asText("")),
                        fallback.isMissingNode() || fallback.isNull() ? null : fallback.asText(),
                        node.hasNonNull("min") ? node.path("min").asDouble() : null,
                        node.hasNonNull("max") ? node.path("max").asDouble() : null,
                        choices, BotText.message(node.path("help").asText("")));
                if (!names.add(option.name())) {
                    throw new IllegalArgumentException("option " + option.name() + " is declared twice");
                }
                declared.add(option);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("its option '" + name + "' is not one: "
                        + BotText.message(e.getMessage()), e);
            }
        }
        return declared;
    }

    /** A seat's option values as {@code new_match} carries them: name to a JSON number, boolean or string. */
    public static ObjectNode optionValuesToJson(Options options) {
        ObjectNode values = MAPPER.createObjectNode();
        for (Map.Entry<String, Object> value : options.values().entrySet()) {
            values.set(value.getKey(), MAPPER.valueToTree(value.getValue()));
        }
        return values;
    }

    /** Option values from {@code new_match} ({@link #optionValuesToJson}'s form), as text by name. */
    public static Map<String, String> optionValuesFromJson(JsonNode values) {
        Map<String, String> texts = new java.util.LinkedHashMap<>();
        values.fields().forEachRemaining(field -> texts.put(field.getKey(), field.getValue().asText()));
        return texts;
    }
}
