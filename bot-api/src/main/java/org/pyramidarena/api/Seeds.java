package org.pyramidarena.api;

/**
 * Derives seeds from seeds, so that every match, seat and sample of a tournament has its own
 * reproducible stream of randomness from one master seed and its place in the schedule.
 */
public final class Seeds {

    private Seeds() {
    }

    /**
     * A seed derived from a parent seed and a path of indices (SplitMix64 finalisation of each
     * step). Equal arguments give equal seeds on every machine and JDK; different paths give
     * unrelated seeds.
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
