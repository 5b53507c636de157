/**
 * The generalized sequential probability ratio test behind {@code arena sprt}:
 * {@link org.pyramidarena.tournaments.sprt.Sprt}, updated after each seat-swapped pair.
 */
package org.pyramidarena.tournaments.sprt;
