package org.pyramidarena.arena.tournament;

import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One entry of a tournament: the name it stands under in results and standings, and the bot that
 * plays it. Two entrants may play the same bot under different names (the demonstration run enters
 * the random bot four times).
 *
 * @param name the name in results and standings: unique within a tournament, no spaces, no commas
 * @param bot the bot's name, as the contestant factory knows it
 */
public record Entrant(String name, String bot) {

    public Entrant {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(bot, "bot");
        if (name.isBlank() || bot.isBlank() || name.matches(".*[\\s,=].*")) {
            throw new IllegalArgumentException("'" + name + "=" + bot
                    + "' is not an entrant: a name without spaces, commas or '=', and a bot");
        }
    }

    /**
     * {@code NAME=BOT}: a name (no spaces, commas, '=', ':' or slashes, so that a {@code cmd:} line
     * or a JAR path with an '=' of its own is never taken for one), '=', and the bot.
     */
    private static final Pattern NAMED = Pattern.compile("([^\\s,=:/\\\\]+)\\s*=\\s*(\\S.*)", Pattern.DOTALL);

    /** The name an entry gives its entrant ({@code NAME} of {@code NAME=BOT}), or null when it gives none. */
    public static String nameOf(String text) {
        Matcher named = NAMED.matcher(text.trim());
        return named.matches() ? named.group(1) : null;
    }

    /** The bot of an entry, {@code NAME=BOT} or {@code BOT}. */
    public static String botOf(String text) {
        Matcher named = NAMED.matcher(text.trim());
        return named.matches() ? named.group(2).trim() : text.trim();
    }

    /** The notation {@link #nameOf} and {@link #botOf} read: {@code NAME=BOT}, or {@code BOT} when they are equal. */
    public String notation() {
        return name.equals(bot) ? bot : name + "=" + bot;
    }
}
