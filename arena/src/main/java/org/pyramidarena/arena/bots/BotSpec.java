package org.pyramidarena.arena.bots;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.pyramidarena.api.BotOption;

/**
 * A {@code --bot} value split into the bot and the options given to it: {@code BOT} or
 * {@code BOT?NAME=VALUE&NAME=VALUE}, as in {@code mcts?iterations=800&exploration=0.5},
 * {@code my-bot.jar?depth=4} or {@code cmd:python3 bot.py?depth=4}. The options follow the last
 * '?' (a file that exists under the whole value is taken as it is); their values are checked later,
 * against the options the bot declares.
 *
 * @param bot the bot: a built-in name, a JAR path or a {@code cmd:} line
 * @param options option names to values as written, in the order given
 */
public record BotSpec(String bot, Map<String, String> options) {

    /** What separates a bot from its options. */
    public static final char OPTIONS = '?';

    public BotSpec {
        options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
    }

    /**
     * Reads a {@code --bot} value.
     *
     * @throws IllegalArgumentException with one line for options that are not {@code NAME=VALUE}
     *     pairs joined by '&amp;', or an option given twice
     */
    public static BotSpec parse(String text) {
        String value = text.strip();
        int mark = value.lastIndexOf(OPTIONS);
        if (mark < 0 || isFile(value)) {
            return new BotSpec(value, Map.of());
        }
        String bot = value.substring(0, mark).strip();
        if (bot.isEmpty()) {
            throw new IllegalArgumentException("'" + text + "' names options but no bot: BOT?NAME=VALUE&NAME=VALUE");
        }
        Map<String, String> options = new LinkedHashMap<>();
        for (String pair : value.substring(mark + 1).split("&", -1)) {
            int equals = pair.indexOf('=');
            String name = equals < 0 ? pair : pair.substring(0, equals).strip();
            if (equals < 0 || !BotOption.validName(name) || pair.substring(equals + 1).isBlank()) {
                throw new IllegalArgumentException("'" + pair + "' in '" + text + "' is not an option: "
                        + "BOT?NAME=VALUE&NAME=VALUE, a name of lower-case letters, digits and '-'");
            }
            if (options.put(name, pair.substring(equals + 1).strip()) != null) {
                throw new IllegalArgumentException("option '" + name + "' is given twice in '" + text + "'");
            }
        }
        return new BotSpec(bot, options);
    }

    private static boolean isFile(String value) {
        try {
            return Files.isRegularFile(Path.of(value));
        } catch (InvalidPathException e) {
            return false;
        }
    }

    /** The bot with its options, as {@link #parse} reads it. */
    public String notation() {
        if (options.isEmpty()) {
            return bot;
        }
        StringBuilder text = new StringBuilder(bot).append(OPTIONS);
        options.forEach((name, value) -> text.append(text.charAt(text.length() - 1) == OPTIONS ? "" : "&")
                .append(name).append('=').append(value));
        return text.toString();
    }
}
