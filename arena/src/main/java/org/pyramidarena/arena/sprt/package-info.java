/**
 * Sequential probability ratio tests of a candidate bot against a baseline: the
 * {@link org.pyramidarena.arena.sprt.SprtMatchup} (one two-player game, two bots), played by an
 * {@link org.pyramidarena.arena.sprt.SprtRunner} in seat-swapped pairs on shared deals and folded in
 * pair order into the test of the {@code tournaments} module, and the run it keeps in
 * {@code sprt.json} ({@link org.pyramidarena.arena.sprt.SprtRun}), whose counts add up over runs on
 * different seeds. Uses {@code tournament} (its contestants and its one match), {@code match} and
 * {@code common}; never a balance study, the reports, the server or the command line.
 */
package org.pyramidarena.arena.sprt;
