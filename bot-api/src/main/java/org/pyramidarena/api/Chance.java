package org.pyramidarena.api;

import java.util.List;
import java.util.random.RandomGenerator;

/** Sampling of chance outcomes, the one way every runner resolves a chance node. */
public final class Chance {

    private Chance() {
    }

    /**
     * Samples one outcome by its probability with one draw from {@code rng}.
     *
     * @param outcomes a chance node's outcomes, probabilities summing to 1
     * @throws IllegalArgumentException when there are no outcomes
     */
    public static <M extends Move> M sample(List<ChanceOutcome<M>> outcomes, RandomGenerator rng) {
        if (outcomes.isEmpty()) {
            throw new IllegalArgumentException("a chance node has at least one outcome");
        }
        double u = rng.nextDouble();
        double cumulative = 0;
        for (ChanceOutcome<M> outcome : outcomes) {
            cumulative += outcome.probability();
            if (u < cumulative) {
                return outcome.move();
            }
        }
        return outcomes.get(outcomes.size() - 1).move();
    }
}
