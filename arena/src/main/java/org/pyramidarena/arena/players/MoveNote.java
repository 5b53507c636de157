package org.pyramidarena.arena.players;

import java.util.Iterator;
import java.util.List;
import java.util.Map;
import com.fasterxml.jackson.databind.JsonNode;
import org.pyramidarena.api.Player;

/**
 * What a bot said beside one of its moves: what it was thinking ({@link Player#moveInfo} in the
 * Java API, the {@code info} of a {@code move} reply on the wire), and the lines it wrote on
 * standard error during that turn. Both are cleaned by {@link BotText} and capped; the referee keeps
 * them with the move in the replay. A move with neither has no note (null), so a bot that says
 * nothing costs the referee no object.
 *
 * @param info the bot's info, cleaned, at most {@link BotText#INFO_MAX} code points; null for none
 * @param stderr the lines the bot wrote on standard error during the turn, oldest first, each cleaned
 *     and at most {@link BotText#STDERR_LINE_MAX} code points, at most {@link BotText#STDERR_LINES_MAX}
 *     of them plus, first, one saying how many earlier lines were left out; empty for none
 */
public record MoveNote(String info, List<String> stderr) {

    public MoveNote {
        stderr = List.copyOf(stderr);
    }

    /** A note, or null when there is nothing to note. */
    public static MoveNote of(String info, List<String> stderr) {
        return info == null && stderr.isEmpty() ? null : new MoveNote(info, stderr);
    }

    /**
     * Whether a player says what it was thinking: true when its class has a {@link Player#moveInfo}
     * of its own. A player that keeps the default is never asked.
     */
    public static boolean informs(Player player) {
        return player != null && INFORMS.get(player.getClass());
    }

    /**
     * A player's info about the move it has just returned, cleaned ({@link BotText#info}); null for
     * none. An exception thrown by the player becomes the info, so that a failing note never costs
     * the move.
     */
    public static String askInfo(Player player) {
        try {
            return BotText.info(player.moveInfo());
        } catch (RuntimeException | StackOverflowError e) {
            return BotText.info("moveInfo() threw " + e);
        }
    }

    /**
     * The {@code info} of a bot's {@code move} reply as text, cleaned ({@link BotText#info}); null
     * when there is none ({@code info} absent, null or empty). A text is taken as it is; an object's
     * fields are written as names and values separated by spaces, as a UCI {@code info} line ({@code
     * {"depth":6,"score":35}} is {@code depth 6 score 35}), a field that is not a text or a number in
     * its JSON form; anything else (a number, an array) is written in its JSON form. Never a fault:
     * whatever a bot sends here is only shown.
     */
    public static String infoFromJson(JsonNode info) {
        if (info == null || info.isNull() || info.isMissingNode()) {
            return null;
        }
        if (info.isTextual()) {
            return BotText.info(info.textValue());
        }
        if (!info.isObject()) {
            return BotText.info(info.toString());
        }
        StringBuilder text = new StringBuilder();
        // Enough to fill the cap whatever the cleaner removes; the rest is never shown.
        int enough = BotText.INFO_MAX * 4;
        for (Iterator<Map.Entry<String, JsonNode>> fields = info.fields(); fields.hasNext() && text.length() < enough; ) {
            Map.Entry<String, JsonNode> field = fields.next();
            JsonNode value = field.getValue();
            if (text.length() > 0) {
                text.append(' ');
            }
            text.append(field.getKey()).append(' ').append(value.isTextual() ? value.textValue() : value.toString());
        }
        return BotText.info(text.toString());
    }

    /** True when the player's class has a {@code moveInfo} of its own (the default says nothing). */
    private static final ClassValue<Boolean> INFORMS = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            try {
                return type.getMethod("moveInfo").getDeclaringClass() != Player.class;
            } catch (NoSuchMethodException e) {
                return false;
            }
        }
    };
}
