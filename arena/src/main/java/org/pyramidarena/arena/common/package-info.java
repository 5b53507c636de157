/**
 * What every layer of the arena may use: its version ({@link org.pyramidarena.arena.common.ArenaVersion})
 * and the SHA-256 digests that replays and the contest server record of bot JARs
 * ({@link org.pyramidarena.arena.common.Hashes}). Imports nothing of the arena.
 */
package org.pyramidarena.arena.common;
