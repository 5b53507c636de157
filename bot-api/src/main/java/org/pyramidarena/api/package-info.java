/**
 * The game contract of Pyramid Arena: what a game implements, what the referee runs, and what a
 * bot author compiles against.
 *
 * <p>A game is a {@link org.pyramidarena.api.Game} definition found through {@link
 * java.util.ServiceLoader}. For one {@link org.pyramidarena.api.GameSetup} (player count and
 * variant) it supplies {@link org.pyramidarena.api.Rules}: pure functions over immutable {@link
 * org.pyramidarena.api.State}s. Chance (dice, deals, draws) is an actor of its own: at a chance
 * node the rules list the outcomes with their probabilities and whoever runs the game samples one
 * with its seeded generator, so a game owns no randomness and a match is the list of its actions.
 *
 * <p>A bot never sees a state. It sees the {@link org.pyramidarena.api.View} of its seat, the legal
 * moves and its {@link org.pyramidarena.api.Clock}, and is told of the public {@link
 * org.pyramidarena.api.Event}s. Bots are {@link org.pyramidarena.api.Bot}s found through {@link
 * java.util.ServiceLoader} in their JAR.
 */
package org.pyramidarena.api;
