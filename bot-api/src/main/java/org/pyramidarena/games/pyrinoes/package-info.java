/**
 * Pyrinoes: two players, dominoes and pyramids with hidden hands, rounds to a target score; rules text docs/rules/pyrinoes.md. The game ({@link org.pyramidarena.games.pyrinoes.Pyrinoes}), its rules engine
 * ({@link org.pyramidarena.games.pyrinoes.PyrinoesRules}), its states, moves and seat views, with the round, the chance lists of a deal and a fast playout.
 *
 * <p>It uses only the contract of {@code org.pyramidarena.api}; nothing outside this package and its
 * tests names its state class (the arena learns the running score, who starts and the caps through
 * {@code Rules} and {@code Game}, as {@code ArchitectureTest} holds), except a sample bot's own
 * knowledge of the game.
 */
package org.pyramidarena.games.pyrinoes;
