/**
 * Euronimoes: two to four players, a domino market and personal grids with hidden hands; rules text docs/rules/euronimoes.md. The game ({@link org.pyramidarena.games.euronimoes.Euronimoes}), its rules engine
 * ({@link org.pyramidarena.games.euronimoes.EuronimoesRules}), its states, moves and seat views, with the dominoes as masks and the placements found as groups.
 *
 * <p>It uses only the contract of {@code org.pyramidarena.api}; nothing outside this package and its
 * tests names its state class (the arena learns the running score, who starts and the caps through
 * {@code Rules} and {@code Game}, as {@code ArchitectureTest} holds), except a sample bot's own
 * knowledge of the game.
 */
package org.pyramidarena.games.euronimoes;
