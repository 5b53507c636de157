package org.pyramidarena.arena.server.contest;

/** Makes a text a team sent (a team name, a file name, a JAR entry's name) safe to quote in one line of a refusal. */
public final class Quote {

    private Quote() {
    }

    /** The text with every control character a {@code ?}, cut at 80 characters; empty for null. */
    public static String line(String text) {
        if (text == null) {
            return "";
        }
        String cleaned = text.replaceAll("[\\p{Cntrl}]", "?");
        return cleaned.length() > 80 ? cleaned.substring(0, 80) + "..." : cleaned;
    }
}
