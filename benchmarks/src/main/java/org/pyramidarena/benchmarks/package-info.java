/**
 * The JMH benchmarks behind every speed figure of docs/performance.md: the rules engines bare
 * ({@code BareRulesBenchmark}) and against a playout written for speed alone ({@code TightPylon},
 * {@code PylonLimitBenchmark}), the arena's match loop and its share of the bare rules
 * ({@code ArenaLoopRatioBenchmark}), whole commands on one thread and over many
 * ({@code CommandRatioBenchmark}, {@code ScalingBenchmark}), the bots' searches, the wire round trip,
 * ratings, pairings and the contest ladder. Each figure is a ratio from one run: two ways of doing
 * the same work timed within one operation ({@code CpuHalves}). Beside them, not JMH, the contest
 * server under load ({@code ContestLoad}, run by {@code benchmarks/contest-load.sh}): wrk's latency
 * percentiles per page of a filled contest while uploads arrive and the ladder plays
 * (docs/contest-server.md, "Under load").
 *
 * <p>It may use every module of the arena; nothing uses it.
 */
package org.pyramidarena.benchmarks;
