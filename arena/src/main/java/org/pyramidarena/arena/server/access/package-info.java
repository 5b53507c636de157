/**
 * Who may use a route and what a request may reach: the roles a route is registered with
 * ({@link org.pyramidarena.arena.server.access.Role}, a Javalin {@code RouteRole}), the one check
 * run before every route's handler ({@link org.pyramidarena.arena.server.access.Access}: a token, or
 * a team's session from its {@link org.pyramidarena.arena.server.access.SessionCookie}), the limits on
 * what one client or team can ask (the slots of requests sending a body, wrong tokens per address,
 * uploads per team an hour), and the reading of what a request names (a match, a team's own version,
 * a list's length), refused alike for the pages and the API with Javalin's typed HTTP exceptions.
 * Uses {@code server.contest} (the teams, the tokens' and sessions' hashes) and Javalin; no page, body
 * or file.
 */
package org.pyramidarena.arena.server.access;
