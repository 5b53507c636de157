/**
 * How bot processes are confined, the lowest layer of the referee: bubblewrap's namespaces and
 * read-only file system ({@link org.pyramidarena.arena.sandbox.Sandbox}), the system-call filter
 * ({@link org.pyramidarena.arena.sandbox.SystemCallFilter}), and the cages that cap, freeze, count
 * and kill a bot's process tree (cgroup v2, cgroup v1, or signals and rlimits where neither can be
 * used), with the watchdog and the sweep that leave nothing behind a referee. It knows nothing of
 * bots, games or matches: it wraps a command line and hands back a cage. Uses {@code common} only.
 */
package org.pyramidarena.arena.sandbox;
