/**
 * The {@code arena} command line (picocli), the top layer: one class per subcommand, and the options
 * several share ({@code BotOptions}, {@code ClockOptions}, {@code GameOptions}, {@code ShardOptions},
 * {@code SeedOption}, {@code TrustOption}). A command reads its options, hands them to the workflow's
 * runner (a tournament's, a balance study's, an SPRT's, the referee's for one match, the merge of
 * shards), to the reports or to the contest server, and prints; it holds no loop over matches. What
 * several commands print alike is in {@code RunOutput}; bad input is one line on standard error and
 * status 2 ({@code Errors}). May use every package of the arena; none uses it.
 */
package org.pyramidarena.arena.cli;
