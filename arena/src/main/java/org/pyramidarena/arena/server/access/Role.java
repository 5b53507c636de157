package org.pyramidarena.arena.server.access;

import io.javalin.security.RouteRole;

/**
 * Who may use a route. Every route names one when it is registered; {@link Access#check} holds
 * each request to it before the route's handler runs.
 */
public enum Role implements RouteRole {
    /** Anyone: the leaderboard, the matches and their replays, the final, the forms that ask for a token. */
    PUBLIC,
    /**
     * A team: its page and versions, its uploads, its bots' logs, its scrimmages. The API takes the
     * team's token; the pages take the session the team began when it signed in ({@link #SIGN_IN}).
     */
    TEAM,
    /** A team signing in on the pages, by its token in the sign-in form's field {@code token}. */
    SIGN_IN,
    /** The organiser, by the admin token: new teams, freezing submissions, the final. */
    ADMIN
}
