package org.pyramidarena.bots.search;

import org.pyramidarena.api.State;

/**
 * A game-specific judgement of a non-terminal state from one seat's side: higher is better for
 * that seat. Values are comparable within a game only.
 */
@FunctionalInterface
public interface Evaluator {

    /** How good {@code state} is for {@code seat}. */
    double evaluate(State state, int seat);
}
