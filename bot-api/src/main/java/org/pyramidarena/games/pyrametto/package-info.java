/**
 * Pyrametto: three to five players, dice and stacks of pyramids, an unfinished draft completed by DECISIONS.md; rules text docs/rules/pyrametto.md. The game ({@link org.pyramidarena.games.pyrametto.Pyrametto}), its rules engine
 * ({@link org.pyramidarena.games.pyrametto.PyramettoRules}), its states, moves and seat views, with the vault scoring as its own class (PyramettoScoring).
 *
 * <p>It uses only the contract of {@code org.pyramidarena.api}; nothing outside this package and its
 * tests names its state class (the arena learns the running score, who starts and the caps through
 * {@code Rules} and {@code Game}, as {@code ArchitectureTest} holds), except a sample bot's own
 * knowledge of the game.
 */
package org.pyramidarena.games.pyrametto;
