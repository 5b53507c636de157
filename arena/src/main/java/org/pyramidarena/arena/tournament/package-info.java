/**
 * Tournaments, the workflow the others build on: a run's settings ({@code TournamentSettings}, the
 * {@code settings.json} beside its results) resolved into a {@link org.pyramidarena.arena.tournament.Tournament},
 * played by a {@link org.pyramidarena.arena.tournament.TournamentRunner} on its match threads (the
 * schedule from a pairing strategy of the {@code tournaments} module, each match's seeds from its
 * place in it, resumed from what {@code results.csv} already holds), the files a run writes as it
 * goes ({@code results.csv}, {@code faults.csv}, the points table), a run cut into shards and the
 * merge that joins them, and the contestants' factory every workflow plays with
 * ({@link org.pyramidarena.arena.tournament.ContestantFactory}, {@code BotSources}) with the one
 * match they all play ({@code Matches}). Uses {@code match}, {@code players}, {@code bots},
 * {@code replay} and {@code common}; never a balance study or an SPRT (which use it), the reports,
 * the server or the command line.
 */
package org.pyramidarena.arena.tournament;
