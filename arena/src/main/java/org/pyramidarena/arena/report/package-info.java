/**
 * Pages to look at: a run's {@code report.html} (standings, seat balance, game lengths, faults), a
 * balance study's report, and the replay viewer that draws a match move by move, all offline in one
 * file each; and the report's charts lent to other pages ({@code PageCharts}). Reads what the
 * workflows wrote and the replays; uses the workflows, {@code replay}, {@code players} (to clean
 * texts) and {@code common}, never the server or the command line.
 */
package org.pyramidarena.arena.report;
