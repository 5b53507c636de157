/**
 * The referee's loop: one match of a game between contestants, under a time control, with the
 * rules checking every move and the seeded generator playing chance
 * ({@link org.pyramidarena.arena.match.MatchRunner}), its settings, its result with typed
 * terminations, the actions it records and the listener that may watch it. Uses {@code players}
 * (who is asked for moves) and nothing else of the arena.
 */
package org.pyramidarena.arena.match;
