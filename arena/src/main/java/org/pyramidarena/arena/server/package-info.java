/**
 * {@code arena serve}: a contest over HTTP. {@link org.pyramidarena.arena.server.ContestServer}
 * assembles the parts below it and owns nothing else: it builds them, configures Javalin (request
 * caps, security headers, the JSON mapper, the access check before every route), registers their
 * route groups, and answers every refusal ({@code {"error": ...}} under {@code /api/}, a page
 * elsewhere). Its parts import each other downwards only: {@code pages} and {@code api} use
 * {@code uploads} and {@code access}, which use {@code contest}; none of them imports this package.
 * Used by the command line alone.
 */
package org.pyramidarena.arena.server;
