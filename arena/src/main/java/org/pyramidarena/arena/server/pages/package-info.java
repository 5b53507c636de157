/**
 * The contest's HTML pages, in the tournament report's style, that work without JavaScript: the
 * public ones ({@code ContestPages}: the leaderboard, the matches, the replays, the final with its
 * standings, and the page that says why a request was refused), a team's ({@code TeamPages}, under
 * {@code /team}: sign-in, the team page with its ratings and scrimmages, its matches' standard
 * error) and the organiser's ({@code AdminPages}, under {@code /admin}), written with {@code Html},
 * which escapes every text from a team or a bot. The leaderboard and the match list update
 * themselves through {@code LiveUpdates} (server-sent events and a small script; a meta refresh
 * without JavaScript). Uses {@code server.access}, {@code server.uploads}, {@code server.contest},
 * the report's viewer and charts, and the tournament's game labels; never the JSON API.
 */
package org.pyramidarena.arena.server.pages;
