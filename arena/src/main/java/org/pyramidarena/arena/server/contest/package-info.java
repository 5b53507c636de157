/**
 * The contest itself, without HTTP: its settings file, its database (SQLite or PostgreSQL, migrated
 * by Flyway) with typed statuses, the teams' credentials, tokens and sessions, the ladder's runner
 * (the sandboxed check, whose rules {@code VersionCheck} holds for the runner and {@code arena check}
 * alike, qualifying, Elo-window pairing, the live leaderboard), scrimmages, the ratings' history and
 * head-to-head tables computed from the matches, the final, sized by its precision and played as
 * {@code arena tournament} plays it, and {@code ShownPaths}, which keeps the server's paths out of
 * what teams and the public read. Holds no routes, pages or JSON bodies, so every web part of the
 * server can use it and it uses none of them; it may throw Javalin's typed HTTP exceptions where a
 * request cannot be met (a final started twice). Uses the workflows ({@code tournament}),
 * {@code report}, {@code replay}, {@code match}, {@code bots}, {@code players}, {@code sandbox} and
 * the tournaments module's pairings and ratings.
 */
package org.pyramidarena.arena.server.contest;
