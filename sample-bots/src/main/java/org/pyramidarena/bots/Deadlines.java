package org.pyramidarena.bots;

import org.pyramidarena.api.Clock;

/**
 * The guard deadline of the searching bots. They search a fixed budget (iterations, nodes) so
 * their play is reproducible; the deadline only stops a search on a machine too slow for it. It is
 * kept on the referee's own clock ({@link Clock#now()}): under a CPU clock at half the move's time,
 * since the bot's thread is charged only what it computes and a busy machine cannot bring the
 * deadline closer; under a wall clock at a third, leaving room for the rest of the machine.
 */
final class Deadlines {

    private Deadlines() {
    }

    /** The deadline of the move just asked for, a reading of {@code clock.now()}. */
    static long guard(Clock clock) {
        long nanos = clock.moveMillis() * 1_000_000L;
        return clock.now() + (clock.cpu() ? nanos / 2 : nanos / 3);
    }
}
