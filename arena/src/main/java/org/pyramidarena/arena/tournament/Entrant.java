package org.pyramidarena.arena.tournament;

import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.pyramidarena.arena.bots.BotSpec;

/**
 * One entry of a tournament: the name it stands under in results and standings, and the bot that
 * plays it. Two entrants may play the same bot under different names (the demonstration run enters
 * the random bot four times), or at different settings ({@code mcts?iterations=100} and
 * {@code mcts?iterations=1600}).
 *
 * @param name the name in results and standings: unique within a tournament, no spaces or commas;
 *     an unnamed entrant's name is its bot's own name followed by the options it is given
 *     ({@code mcts?iterations=800}), a chosen name has no '=', '?' or '&amp;'
 * @param bot the bot as entered, with its options: a built-in name, a JAR path or a {@code cmd:} line
 */
public record Entrant(String name, String bot) {

    public Entrant {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(bot, "bot");
        if (name.isBlank() || bot.isBlank() || name.matches(".*[\\s,].*") || base(name).matches(".*[=&].*")) {
            throw new IllegalArgumentException("'" + name + "=" + bot
                    + "' is not an entrant: a name without spaces, commas, '=', '?' or '&', and a bot");
        }
    }

    /**
     * {@code NAME=BOT}: a name (no spaces, commas, '=', '?', '&amp;', ':' or slashes, so that a {@code cmd:}
     * line, a JAR path or a bot's options with an '=' of their own are never taken for one), '=', and the bot.
     */
    private static final Pattern NAMED = Pattern.compile("([^\\s,=?&:/\\\\]+)\\s*=\\s*(\\S.*)", Pattern.DOTALL);

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

    /** A name without the options that may follow it: {@code mcts} of {@code mcts?iterations=800}. */
    static String base(String name) {
        int mark = name.indexOf(BotSpec.OPTIONS);
        return mark < 0 ? name : name.substring(0, mark);
    }

    /**
     * This entrant numbered apart from others of the same name: {@code random-2}, or
     * {@code mcts-2?iterations=800} (the number goes on the bot's name, before its options).
     */
    Entrant numbered(int number) {
        String base = base(name);
        return new Entrant(base + "-" + number + name.substring(base.length()), bot);
    }

    /**
     * The notation {@link #nameOf} and {@link #botOf} read: {@code NAME=BOT}, or {@code BOT} when
     * they are equal or the name holds the bot's options ({@code mcts?iterations=800}, which no
     * {@code NAME=} can hold: it is found again from the bot when the notation is read).
     */
    public String notation() {
        return name.equals(bot) || name.indexOf(BotSpec.OPTIONS) >= 0 ? bot : name + "=" + bot;
    }
}
