package org.pyramidarena.arena.tournament;

import java.util.Objects;

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
     * Parses {@code NAME=BOT}, or {@code BOT} for an entrant named after its bot.
     *
     * @throws IllegalArgumentException naming the text when it is malformed
     */
    public static Entrant parse(String text) {
        String trimmed = text.trim();
        int equals = trimmed.indexOf('=');
        if (equals < 0) {
            return new Entrant(trimmed, trimmed);
        }
        return new Entrant(trimmed.substring(0, equals).trim(), trimmed.substring(equals + 1).trim());
    }

    /** The notation {@link #parse} reads: {@code NAME=BOT}, or {@code BOT} when they are equal. */
    public String notation() {
        return name.equals(bot) ? bot : name + "=" + bot;
    }
}
