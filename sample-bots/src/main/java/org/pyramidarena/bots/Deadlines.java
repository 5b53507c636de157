package org.pyramidarena.bots;

import org.pyramidarena.api.BotOption;
import org.pyramidarena.api.Clock;

/**
 * The guard deadline of the searching bots. They search a fixed budget (iterations, nodes) so
 * their play is reproducible; the deadline only stops a search on a machine too slow for it. It is
 * kept on the referee's own clock ({@link Clock#now()}): under a CPU clock at half the move's time,
 * since the bot's thread is charged only what it computes and a busy machine cannot bring the
 * deadline closer; under a wall clock at a third, leaving room for the rest of the machine.
 *
 * <p>The {@code think} option turns the guard into the budget: the bot searches until it has used
 * that share of its move time, and grows stronger with time.
 */
final class Deadlines {

    /** The searching bots' {@code think} option: a share of the move's time to search for. */
    static final BotOption THINK = BotOption.decimal("think", 0.0, 0, 0.9,
            "search until this share of the move's time is used, instead of a fixed budget (0: the fixed budget, "
                    + "which plays the same moves on any machine)");

    private Deadlines() {
    }

    /** The deadline of the move just asked for, a reading of {@code clock.now()}. */
    static long guard(Clock clock) {
        long nanos = clock.moveMillis() * 1_000_000L;
        return clock.now() + (clock.cpu() ? nanos / 2 : nanos / 3);
    }

    /**
     * The deadline of a move for a bot thinking for a share of its move time ({@code think} of 0:
     * the guard).
     */
    static long deadline(Clock clock, double think) {
        if (think <= 0) {
            return guard(clock);
        }
        return clock.now() + (long) (think * clock.moveMillis() * 1_000_000L);
    }
}
