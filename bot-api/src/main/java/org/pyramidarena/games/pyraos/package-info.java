/**
 * Pyraos: two players building a pyramid of spheres (the game sold as Pylos); rules text docs/rules/pyraos.md. The game ({@link org.pyramidarena.games.pyraos.Pyraos}), its rules engine
 * ({@link org.pyramidarena.games.pyraos.PyraosRules}), its states, moves and seat views, with its board kept as masks of the four levels (PyraosBoard).
 *
 * <p>It uses only the contract of {@code org.pyramidarena.api}; nothing outside this package and its
 * tests names its state class (the arena learns the running score, who starts and the caps through
 * {@code Rules} and {@code Game}, as {@code ArchitectureTest} holds), except a sample bot's own
 * knowledge of the game.
 */
package org.pyramidarena.games.pyraos;
