/**
 * Pylon: two players stacking pyramids on a 5x6 board, perfect information; rules text docs/rules/pylon.md. The game ({@link org.pyramidarena.games.pylon.Pylon}), its rules engine
 * ({@link org.pyramidarena.games.pylon.PylonRules}), its states, moves and seat views, with its state kept as bit masks of the 30 squares.
 *
 * <p>It uses only the contract of {@code org.pyramidarena.api}; nothing outside this package and its
 * tests names its state class (the arena learns the running score, who starts and the caps through
 * {@code Rules} and {@code Game}, as {@code ArchitectureTest} holds), except a sample bot's own
 * knowledge of the game.
 */
package org.pyramidarena.games.pylon;
