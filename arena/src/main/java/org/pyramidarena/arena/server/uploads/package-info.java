/**
 * The teams' uploads: what an upload must be before it is kept
 * ({@link org.pyramidarena.arena.server.uploads.UploadCheck}: a bot JAR read without unpacking it,
 * or a program for one of the contest's interpreters, under the size cap), and where it is kept
 * ({@link org.pyramidarena.arena.server.uploads.UploadStore}: the team's next version, read-only in
 * a folder of its own, with its bot's logs beside it). Uses {@code server.access} (the rate limit),
 * {@code server.contest} (versions are entered for their check), {@code bots} (a JAR's service
 * entry) and {@code common}; no routes, pages or JSON.
 */
package org.pyramidarena.arena.server.uploads;
