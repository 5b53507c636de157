package org.pyramidarena.arena.players;

import java.util.regex.Pattern;

/**
 * The one place that cleans text coming from a bot (its name, a move notation, an error message, a
 * line it wrote, what it was thinking about a move) before the referee prints it or writes it anywhere: control characters (C0, DEL,
 * C1), Unicode format characters (bidirectional overrides such as U+202E, zero-width characters),
 * line and paragraph separators and lone surrogates are taken out, line breaks and tabs becoming a
 * space, and the text is cut to the cap of its kind, ending in {@code ...} when cut. Caps count
 * Unicode code points. The rules and caps are documented in {@code docs/protocol.md}, "Text from
 * bots".
 */
public final class BotText {

    /** The longest bot name. */
    public static final int NAME_MAX = 32;

    /** The most of a move notation a fault quotes. */
    public static final int MOVE_MAX = 40;

    /** The most of an excerpt of a line the bot wrote (a reply, or a line written when no answer was due). */
    public static final int EXCERPT_MAX = 80;

    /** The most of an error message: a bot's {@code error} reply, a bot's exception. */
    public static final int MESSAGE_MAX = 200;

    /** The most of a fault's detail, after the seat and bot name that precede it in a result. */
    public static final int DETAIL_MAX = 300;

    /** The most of what a bot says it was thinking about a move (its {@code info}). */
    public static final int INFO_MAX = 200;

    /** The most of one line a bot wrote on standard error that is kept with its move. */
    public static final int STDERR_LINE_MAX = 200;

    /** The most lines a bot wrote on standard error during one turn that are kept with its move. */
    public static final int STDERR_LINES_MAX = 20;

    private static final String ELLIPSIS = "...";
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1," + NAME_MAX + "}");

    private BotText() {
    }

    /** A move notation, cleaned and cut to {@link #MOVE_MAX}. */
    public static String move(String notation) {
        return clean(notation, MOVE_MAX);
    }

    /** An excerpt of a line the bot wrote, cleaned and cut to {@link #EXCERPT_MAX}. */
    public static String excerpt(String line) {
        return clean(line, EXCERPT_MAX);
    }

    /** An error message, cleaned and cut to {@link #MESSAGE_MAX}. */
    public static String message(String message) {
        return clean(message, MESSAGE_MAX);
    }

    /** A fault's detail, cleaned and cut to {@link #DETAIL_MAX}. */
    public static String detail(String detail) {
        return clean(detail, DETAIL_MAX);
    }

    /** What a bot was thinking about a move, cleaned and cut to {@link #INFO_MAX}; null when nothing is left. */
    public static String info(String info) {
        String cleaned = clean(info, INFO_MAX).strip();
        return cleaned.isEmpty() ? null : cleaned;
    }

    /** True when a text is a bot name: 1 to {@link #NAME_MAX} ASCII letters, digits, '-', '_' or '.'. */
    public static boolean isName(String text) {
        return text != null && NAME.matcher(text).matches();
    }

    /**
     * A bot's name, checked.
     *
     * @param name the name the bot gave
     * @param what what gave it, for the message, e.g. {@code "bot my-bot.jar"}
     * @return the name
     * @throws IllegalArgumentException in one line, showing the name with its unprintable characters
     *     escaped, when it is not a bot name
     */
    public static String requireName(String name, String what) {
        if (!isName(name)) {
            throw new IllegalArgumentException(what + " calls itself " + escaped(name)
                    + "; a bot name is 1 to " + NAME_MAX + " letters, digits, '-', '_' or '.'");
        }
        return name;
    }

    /**
     * A text with what {@link BotText} removes taken out, line breaks and tabs as spaces, cut to
     * {@code max} code points (ending in {@code ...} when cut).
     *
     * @param text any text; null is the empty text
     * @param max the cap, at least 4
     */
    public static String clean(String text, int max) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(Math.min(text.length(), max + 1));
        int kept = 0;
        for (int i = 0; i < text.length(); ) {
            int point = text.codePointAt(i);
            i += Character.charCount(point);
            if (isSpacing(point)) {
                point = ' ';
            } else if (isRemoved(point)) {
                continue;
            }
            if (kept == max) {
                // One more character than fits: cut, leaving room for the ellipsis.
                int end = out.offsetByCodePoints(0, max - ELLIPSIS.length());
                out.setLength(end);
                return out.append(ELLIPSIS).toString();
            }
            out.appendCodePoint(point);
            kept++;
        }
        return out.toString();
    }

    /** A name as the refusal shows it: in double quotes, what would be removed shown as {@code \\uXXXX}. */
    private static String escaped(String text) {
        if (text == null) {
            return "no name";
        }
        String cut = text.codePointCount(0, text.length()) <= EXCERPT_MAX ? text
                : text.substring(0, text.offsetByCodePoints(0, EXCERPT_MAX)) + ELLIPSIS;
        StringBuilder out = new StringBuilder("\"");
        cut.codePoints().forEach(point -> {
            if (isSpacing(point) || isRemoved(point) || point == '"' || point == '\\') {
                for (char unit : Character.toChars(point)) {
                    out.append(String.format("\\u%04x", (int) unit));
                }
            } else {
                out.appendCodePoint(point);
            }
        });
        return out.append('"').toString();
    }

    /** Line breaks and tabs: shown as a space. */
    private static boolean isSpacing(int point) {
        return point == '\n' || point == '\r' || point == '\t' || point == 0x0B || point == '\f' || point == 0x85
                || point == 0x2028 || point == 0x2029;
    }

    /** Control (C0, DEL, C1), format and lone surrogate characters: removed. */
    private static boolean isRemoved(int point) {
        int type = Character.getType(point);
        return type == Character.CONTROL || type == Character.FORMAT || type == Character.SURROGATE
                || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR;
    }
}
