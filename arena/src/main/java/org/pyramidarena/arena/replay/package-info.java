/**
 * Replays: a match as the list of its actions with everything needed to play it again
 * ({@link org.pyramidarena.arena.replay.Replay}), written and read as gzip-compressed JSON with a
 * format version, and verified move by move through the rules
 * ({@link org.pyramidarena.arena.replay.ReplayVerifier}). Uses {@code match} and
 * {@code common}.
 */
package org.pyramidarena.arena.replay;
