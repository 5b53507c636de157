/**
 * Finding and starting bots: a bot's specification on the command line ({@code BotSpec}), a JAR's
 * service entry ({@code BotJar}), its class loader, the bundled host that runs a JAR in a JVM of its
 * own ({@code BotHost}), and the sources that hand out a fresh
 * {@link org.pyramidarena.arena.players.Contestant} per match, in the referee or in a (sandboxed)
 * process. Uses {@code players}, {@code sandbox} and {@code common}; never the match loop.
 */
package org.pyramidarena.arena.bots;
