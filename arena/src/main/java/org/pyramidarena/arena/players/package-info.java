/**
 * The ways a player runs, side by side under their base class
 * {@link org.pyramidarena.arena.players.Contestant}: a built-in bot on the referee's thread
 * ({@code DirectContestant}), a bot JAR in the referee's JVM on a thread of its own
 * ({@code InProcessContestant}), and any program in a process of its own speaking the wire protocol
 * ({@code ProcessContestant} over {@code BotProcess}), with the clocks that time each (thread CPU,
 * process-tree CPU, schedule waits), the protocol's messages ({@code Protocol}) and the cleaning of
 * every text a bot sends ({@code BotText}). The referee's loop asks a contestant for a move and gets
 * an {@link org.pyramidarena.arena.players.Answer}; nothing here knows the loop. Uses
 * {@code sandbox} and {@code common}.
 */
package org.pyramidarena.arena.players;
