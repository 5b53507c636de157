/**
 * The searches the built-in bots are made of, each written against bot-api's {@code Rules} alone so
 * that it plays any game: alpha-beta with an {@link org.pyramidarena.bots.search.Evaluator}, and
 * information-set Monte Carlo tree search with its {@link org.pyramidarena.bots.search.Rewards}.
 *
 * <p>It uses bot-api's contract only.
 */
package org.pyramidarena.bots.search;
