/**
 * The arithmetic of results, with no knowledge of processes, bots or a run's folders: a match's
 * record as the arena writes it ({@link org.pyramidarena.tournaments.MatchRecord}, its seats and
 * {@link org.pyramidarena.tournaments.TerminationReason}) and the seeds every match draws from
 * ({@link org.pyramidarena.tournaments.MasterSeed}). Its packages: {@code pairing} (round-robin,
 * Swiss, gauntlet schedules), {@code ratings} (the Elo fit), {@code stats} (intervals, bootstrap,
 * balance), {@code sprt} (the sequential test) and {@code io} (the CSV files).
 *
 * <p>It uses bot-api's contract only; the arena uses it, never the reverse.
 */
package org.pyramidarena.tournaments;
