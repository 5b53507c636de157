/**
 * The contest's HTML pages, plain and without JavaScript, in the tournament report's style: the
 * public ones ({@code ContestPages}: the leaderboard, the matches, the replays, the final, and the
 * page that says why a request was refused), a team's ({@code TeamPages}, under {@code /team}) and
 * the organiser's ({@code AdminPages}, under {@code /admin}), written with {@code Html}, which
 * escapes every text from a team or a bot. Uses {@code server.access}, {@code server.uploads},
 * {@code server.contest}, the replay viewer of {@code report} and the tournament's game labels;
 * never the JSON API.
 */
package org.pyramidarena.arena.server.pages;
