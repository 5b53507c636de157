/**
 * The teams' uploads: what an upload must be before it is kept
 * ({@link org.pyramidarena.arena.server.uploads.UploadCheck}: a bot JAR read without unpacking it,
 * or a program for one of the contest's interpreters, under the size cap), and where it is kept
 * ({@link org.pyramidarena.arena.server.uploads.UploadStore}: the team's next version, read-only in
 * a folder of its own, with its bot's logs beside it), and the whole check run on one machine
 * without a server ({@link org.pyramidarena.arena.server.uploads.LocalCheck}, for {@code arena
 * check}). Uses {@code server.access} (the rate limit), {@code server.contest} (versions are
 * entered for their check, whose rules it holds), {@code bots}, the workflows' match runner and
 * {@code common}; no routes, pages or JSON.
 */
package org.pyramidarena.arena.server.uploads;
