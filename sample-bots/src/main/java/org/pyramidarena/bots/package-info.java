/**
 * The built-in bots: random, greedy, alphabeta and mcts, each a {@code Bot} of bot-api's contract
 * with its options, registered as a service so the arena finds them by name; the evaluators that
 * give greedy and alphabeta their knowledge of each game ({@link org.pyramidarena.bots.Evaluators},
 * which may read a game's own state, as any bot author's code may) and the deadlines of a timed
 * move.
 *
 * <p>It uses bot-api (the contract and the games) and {@code bots.search}; nothing of the arena.
 */
package org.pyramidarena.bots;
