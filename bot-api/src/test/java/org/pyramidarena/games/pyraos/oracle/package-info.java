/**
 * The Pyraos engine as it was before it was rewritten for speed (commit 80d03f0), copied here
 * unchanged but for its class names ({@code Pyraos*} became {@code Oracle*}; the strings, toString
 * included, still say {@code Pyraos}) so that {@code PyraosOracleTest} can check, decision by
 * decision, that the engine still plays the same game. Frozen: these classes are the reference and
 * are never to be optimised, nor corrected to match the engine.
 */
package org.pyramidarena.games.pyraos.oracle;
