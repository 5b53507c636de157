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

    /**
     * Every seat's evaluation of one state at once, into {@code values} (one per seat): what a
     * search backing up a reward for each seat asks. The default asks {@link #evaluate} seat by
     * seat; an evaluation that compares the seats (each against the best of the others) overrides
     * it to work each seat's part out once.
     */
    default void evaluateAll(State state, double[] values) {
        for (int seat = 0; seat < state.players(); seat++) {
            values[seat] = evaluate(state, seat);
        }
    }
}
