package org.pyramidarena.arena.server.access;

import io.javalin.http.Context;
import io.javalin.http.Cookie;
import io.javalin.http.SameSite;
import org.pyramidarena.arena.server.contest.Sessions;

/**
 * The cookie that carries a team's session id on the pages: {@code HttpOnly} (no script reads it),
 * {@code SameSite=Strict} (no other site's page or link makes a browser send it, so no other site can
 * act for a team), {@code Path=/}, and {@code Secure} when the request came over HTTPS, directly or
 * through a reverse proxy that says so in {@code X-Forwarded-Proto}. It holds the session's random id,
 * never the team's token.
 */
public final class SessionCookie {

    /** The cookie's name. */
    public static final String NAME = "arena_session";

    private SessionCookie() {
    }

    /** The session id a request carries, or null. */
    public static String read(Context ctx) {
        return ctx.cookie(NAME);
    }

    /** Gives the browser a new session's id, for as long as the session lasts. */
    public static void set(Context ctx, String sessionId) {
        ctx.cookie(cookie(ctx, sessionId, (int) Sessions.LIFETIME.toSeconds()));
    }

    /** Tells the browser to forget its session id (signing out). */
    public static void clear(Context ctx) {
        ctx.cookie(cookie(ctx, "", 0));
    }

    private static Cookie cookie(Context ctx, String value, int maxAgeSeconds) {
        return new Cookie(NAME, value, "/", maxAgeSeconds, overHttps(ctx), true, null, SameSite.STRICT);
    }

    /** Whether the browser sees this request as HTTPS: served so, or forwarded so by a TLS-terminating proxy. */
    static boolean overHttps(Context ctx) {
        return "https".equalsIgnoreCase(ctx.scheme()) || "https".equalsIgnoreCase(ctx.header("X-Forwarded-Proto"));
    }
}
