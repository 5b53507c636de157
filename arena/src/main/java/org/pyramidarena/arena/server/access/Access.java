package org.pyramidarena.arena.server.access;

import io.javalin.http.Context;
import io.javalin.http.ForbiddenResponse;
import io.javalin.http.HttpStatus;
import io.javalin.http.TooManyRequestsResponse;
import io.javalin.http.UnauthorizedResponse;
import io.javalin.security.RouteRole;
import java.util.Set;
import org.pyramidarena.arena.server.contest.ContestDatabase;
import org.pyramidarena.arena.server.contest.Credentials;
import org.pyramidarena.arena.server.contest.Sessions;

/**
 * The server's one access check, run before the handler of every route (Javalin's {@code
 * beforeMatched}): a {@link Role#TEAM} route needs a team and a {@link Role#ADMIN} route the admin
 * token, refused with 401 without one and 403 with a wrong one. The JSON API (paths under {@code
 * /api/}) takes a token as {@code Authorization: Bearer TOKEN}. The team's pages take the session the
 * team began by signing in ({@link Role#SIGN_IN}: the token in the sign-in form, once), carried in
 * the {@link SessionCookie}; a page asked for without one sends the browser to the sign-in form. The
 * admin pages take the admin token from the form field {@code token}, which they carry in hidden
 * fields. A client address that presents too many wrong tokens is refused with 429 for a while
 * ({@link WrongTokenLimit}). A route that names no role is a mistake of the server's and is refused.
 */
public final class Access {

    private static final String TEAM = Access.class.getName() + ".team";

    /** Where a team's page asked for without a session sends the browser. */
    public static final String SIGN_IN_PAGE = "/team/sign-in";

    private final Credentials credentials;
    private final Sessions sessions;
    private final WrongTokenLimit wrongTokens;

    /**
     * @param sessions the teams' sessions, which the team pages take
     * @param wrongTokens how many wrong tokens a client address may present
     */
    public Access(Credentials credentials, Sessions sessions, WrongTokenLimit wrongTokens) {
        this.credentials = credentials;
        this.sessions = sessions;
        this.wrongTokens = wrongTokens;
    }

    /** Whether a request is one of the JSON API's, which answer JSON and take the token as a header. */
    public static boolean isApi(Context ctx) {
        return ctx.path().startsWith("/api/");
    }

    /**
     * Holds a request to its route's role; a team's request is then answered for that team ({@link #team}).
     *
     * @throws UnauthorizedResponse without a token
     * @throws ForbiddenResponse with a wrong one
     * @throws TooManyRequestsResponse when the client's address has presented too many wrong ones
     */
    public void check(Context ctx) {
        Set<RouteRole> roles = ctx.routeRoles();
        if (roles.contains(Role.PUBLIC)) {
            return;
        }
        if (roles.contains(Role.TEAM) && !isApi(ctx)) {
            var team = sessions.team(SessionCookie.read(ctx));
            if (team.isPresent()) {
                ctx.attribute(TEAM, team.get());
            } else if (ctx.method().name().equals("GET")) {
                ctx.redirect(SIGN_IN_PAGE, HttpStatus.SEE_OTHER);
                ctx.skipRemainingHandlers();
            } else {
                throw new UnauthorizedResponse("sign in with your team's token first (" + SIGN_IN_PAGE + ")");
            }
            return;
        }
        String token = isApi(ctx) ? bearer(ctx) : ctx.formParam("token");
        if (roles.contains(Role.TEAM) || roles.contains(Role.SIGN_IN)) {
            if (token == null || token.isBlank()) {
                throw new UnauthorizedResponse("this needs the team's token");
            }
            wrongTokens.check(ctx.ip());
            ctx.attribute(TEAM, credentials.team(token).orElseThrow(() -> wrong(ctx, "wrong token")));
        } else if (roles.contains(Role.ADMIN)) {
            if (token == null || token.isBlank()) {
                throw new UnauthorizedResponse("this needs the admin token");
            }
            wrongTokens.check(ctx.ip());
            if (!credentials.isAdmin(token)) {
                throw wrong(ctx, "wrong admin token");
            }
        } else {
            throw new IllegalStateException(ctx.method() + " " + ctx.endpoint().path + " names no role");
        }
    }

    private ForbiddenResponse wrong(Context ctx, String message) {
        wrongTokens.failed(ctx.ip());
        return new ForbiddenResponse(message);
    }

    /** The team a {@link Role#TEAM} or {@link Role#SIGN_IN} request was checked for. */
    public static ContestDatabase.Team team(Context ctx) {
        ContestDatabase.Team team = ctx.attribute(TEAM);
        if (team == null) {
            throw new IllegalStateException(ctx.path() + " is not a route of the team role");
        }
        return team;
    }

    private static String bearer(Context ctx) {
        String header = ctx.header("Authorization");
        if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return null;
        }
        return header.substring(7).trim();
    }
}
