/**
 * The Pyrametto engine as it was before it was rewritten for speed (commit 231c1ef), copied here
 * unchanged but for its class names ({@code Pyrametto*} became {@code Oracle*}, {@code Pyrametto}
 * itself {@code OracleGame}; the strings, toString included, still say {@code Pyrametto}) so that
 * {@code PyramettoOracleTest} can check, decision by decision, that the engine still plays the same
 * game. Frozen: these classes are the reference and are never to be optimised, nor corrected to
 * match the engine.
 */
package org.pyramidarena.games.pyrametto.oracle;
