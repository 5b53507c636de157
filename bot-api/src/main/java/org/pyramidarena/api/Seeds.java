package org.pyramidarena.api;

/**
 * Derives seeds from seeds, so that a bot (or a test, or a search) can give each of its own streams
 * of randomness a reproducible seed of its own, e.g. one per simulation from {@code context.seed()}.
 *
 * <p>This derivation is fast but <b>not one-way</b>: the SplitMix64 finalisation it applies is a
 * bijection, and anyone who knows the path runs it backwards from a derived seed to the parent. So
 * the referee never uses it for a seed it hands out or samples chance with: those derive from the
 * run's master seed by HMAC-SHA-256 (see {@code docs/tournaments.md}, "Seeds"). Use it only where
 * the parent seed is no secret.
 */
public final class Seeds {

    private Seeds() {
    }

    /**
     * A seed derived from a parent seed and a path of indices (SplitMix64 finalisation of each
     * step). Equal arguments give equal seeds on every machine and JDK; different paths give
     * statistically unrelated seeds, but the parent follows from a derived seed and its path.
     */
    public static long derive(long seed, long... path) {
        long h = mix(seed);
        for (long step : path) {
            h = mix(h ^ mix(step + 0x9E3779B97F4A7C15L));
        }
        return h;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
