package org.pyramidarena.arena.server.pages;

import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The contest's pages: plain HTML in the tournament report's style (its stylesheet inlined), with
 * forms that work without JavaScript. Every text that comes from a team or a bot is escaped.
 */
final class Html {

    /** The content type of every page. */
    static final String CONTENT_TYPE = "text/html; charset=utf-8";

    /** How often a live page reloads itself where JavaScript is off. */
    static final int REFRESH_SECONDS = 30;

    private static final String STYLE = read("/org/pyramidarena/arena/report/report.css");
    private static final String LIVE_SCRIPT = read("/org/pyramidarena/arena/server/pages/live.js");

    private final StringBuilder html = new StringBuilder(8192);
    private final StringBuilder end = new StringBuilder();
    private final boolean live;

    private Html(boolean live) {
        this.live = live;
    }

    /** A page begun with its head, header and navigation. */
    static Html page(String contest, String title) {
        return page(contest, title, false);
    }

    /**
     * A page begun with its head, header and navigation.
     *
     * @param live whether the page keeps its {@code data-live} parts up to date as rated matches end
     *     ({@link LiveUpdates}), or reloads itself every {@value #REFRESH_SECONDS} seconds without JavaScript
     */
    static Html page(String contest, String title, boolean live) {
        Html page = new Html(live);
        page.html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append(live ? "<noscript><meta http-equiv=\"refresh\" content=\"" + REFRESH_SECONDS
                        + "\"></noscript>\n" : "")
                .append("<title>").append(escape(title + " · " + contest)).append("</title>\n<style>\n").append(STYLE)
                .append("form.inline { display: inline; }\n.status-rejected { color: #c0392b; font-weight: 700; }\n"
                        + ".status-ready { color: #2e7d32; font-weight: 700; }\n.token { font-family: monospace; "
                        + "background: #f1f4f8; padding: 0.3rem 0.5rem; }\npre.log { background: #f7f9fb; "
                        + "border: 1px solid #d5dbe3; padding: 0.5rem; overflow-x: auto; max-height: 40rem; }\n"
                        // Tables fit a 1,280 px window: long texts wrap, details fold away.
                        + "td.wrap, table.matches td.seats { white-space: normal; overflow-wrap: anywhere; }\n"
                        + "td.wrap { max-width: 28rem; }\ntd.more { white-space: normal; max-width: 16rem; "
                        + "text-align: left; }\ndetails.more summary { cursor: pointer; overflow-wrap: anywhere; }\n"
                        + "details.more dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); "
                        + "gap: 0.1rem 0.6rem; margin: 0.3rem 0; }\ndetails.more dd { margin: 0; "
                        + "overflow-wrap: anywhere; }\nform.sign-out { float: right; margin-top: -2.6rem; }\n"
                        + "pre.stderr { white-space: pre-wrap; overflow-wrap: anywhere; }\n")
                .append("</style>\n</head><body>\n<header><h1>").append(escape(contest)).append(": ")
                .append(escape(title)).append("</h1>\n<nav><a href=\"/\">Leaderboard</a> <a href=\"/matches\">Matches</a> "
                        + "<a href=\"/team\">Team page</a> <a href=\"/final\">Final</a> <a href=\"/admin\">Admin</a> "
                        + "<a href=\"/api/contest\">JSON API</a></nav>\n</header>\n");
        return page;
    }

    /** Appends markup as it is. */
    Html raw(String markup) {
        html.append(markup);
        return this;
    }

    /** Appends text, escaped. */
    Html text(Object text) {
        html.append(escape(String.valueOf(text)));
        return this;
    }

    /** Markup for the end of the page's body, after its footer: scripts. */
    Html atEnd(String markup) {
        end.append(markup);
        return this;
    }

    /** The finished page. */
    String end() {
        html.append("<footer>Pyramid Arena contest server.</footer>\n").append(end);
        if (live) {
            html.append("<script>\n").append(LIVE_SCRIPT).append("</script>\n");
        }
        return html.append("</body></html>\n").toString();
    }

    /** Finishes the page and answers the request with it. */
    void send(Context ctx) {
        ctx.contentType(CONTENT_TYPE).result(end());
    }

    static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(Character.isISOControl(c) && c != '\n' && c != '\t' ? '?' : c);
            }
        }
        return out.toString();
    }

    /** An Elo with its error bar, e.g. {@code 112 ± 35}; a dash when there is none yet. */
    static String elo(double elo, double error) {
        if (Double.isNaN(elo)) {
            return "–";
        }
        return String.format(Locale.ROOT, "%.0f", elo) + (Double.isNaN(error) ? "" : String.format(Locale.ROOT,
                " ± %.0f", error));
    }

    /** An instant as the database keeps it ({@code 2026-11-27T04:11:43.123Z}), shortened to the minute, in UTC. */
    static String time(String instant) {
        if (instant == null || instant.length() < 16) {
            return instant == null ? "" : instant;
        }
        return instant.substring(0, 10) + " " + instant.substring(11, 16) + " UTC";
    }

    private static String read(String resource) {
        try (InputStream in = Html.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is not on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
