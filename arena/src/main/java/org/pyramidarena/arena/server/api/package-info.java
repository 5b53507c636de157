/**
 * The JSON API under {@code /api/} (docs/contest-server.md lists its routes): its handlers and its
 * bodies, each a record Jackson writes ({@code Bodies}); nothing here builds JSON by hand. Uses
 * {@code server.access} (roles, the checked team, what a request names), {@code server.uploads},
 * {@code server.contest} and the tournament's game labels; never the pages.
 */
package org.pyramidarena.arena.server.api;
