/**
 * Tournament formats as pairing strategies: who plays whom, in which seats, on which deal.
 *
 * <p>The arena asks a {@link org.pyramidarena.tournaments.pairing.PairingStrategy} for the next
 * {@link org.pyramidarena.tournaments.pairing.Round}, plays its
 * {@link org.pyramidarena.tournaments.pairing.MatchSpec}s (recording byes without playing them)
 * and asks again with the records, until the answer is empty. Nothing here starts a bot or touches
 * a file; every answer is a function of the setup and the records.
 *
 * <p>Formats: {@link org.pyramidarena.tournaments.pairing.RoundRobin},
 * {@link org.pyramidarena.tournaments.pairing.Gauntlet} (both
 * {@link org.pyramidarena.tournaments.pairing.FixedSchedule}s) and
 * {@link org.pyramidarena.tournaments.pairing.Swiss}.
 */
package org.pyramidarena.tournaments.pairing;
