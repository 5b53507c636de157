/**
 * Elo standings as pure functions of match records: {@link org.pyramidarena.tournaments.ratings.Standings#compute}
 * gives one {@link org.pyramidarena.tournaments.ratings.RatingTable} per game and one pooled, each a joint
 * Bradley-Terry fit with bootstrap errors, likelihood of superiority and an optional first-seat advantage.
 * {@link org.pyramidarena.tournaments.ratings.RatingPool} keeps one pool's results as per-pair counts as they
 * come in, for a leaderboard fitted again and again.
 */
package org.pyramidarena.tournaments.ratings;
