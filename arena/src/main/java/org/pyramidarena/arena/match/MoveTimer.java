package org.pyramidarena.arena.match;

import java.util.function.LongSupplier;
import org.pyramidarena.api.Clock;

/**
 * The referee's stopwatch for one move. It always counts real time, and CPU time when it has a
 * meter for the bot (a running total in nanoseconds, negative when unreadable), and says how long
 * the referee may still wait for the answer: under a wall clock until the move's limit, under a CPU
 * clock until the bot has used its limit in CPU time or the wall-clock guard has passed, whichever
 * comes first.
 *
 * <p>Under a CPU clock the referee first waits until the limit has passed in real time, then in
 * steps of the CPU time the bot has left (at least a millisecond): a bot thinking on one thread
 * cannot use more CPU than real time passes, so none goes over its limit unseen by more than a
 * step; a bot on several threads may, and is forfeited at the next look, or when its answer shows
 * it.
 */
final class MoveTimer {

    private static final long MIN_STEP_NANOS = 1_000_000;

    private final Clock clock;
    private final LongSupplier meter;
    private final long startWall;
    private final long startCpu;
    private final long limitNanos;
    private final long wallLimitNanos;

    /**
     * Starts timing a move.
     *
     * @param clock the move's clock
     * @param wallLimitMillis the most real time the move may take (the limit itself under a wall clock)
     * @param meter the bot's CPU time so far, in nanoseconds, negative when it cannot be read; or
     *     null when the CPU time is not measured
     */
    MoveTimer(Clock clock, long wallLimitMillis, LongSupplier meter) {
        this.clock = clock;
        this.meter = meter;
        this.startCpu = meter == null ? -1 : meter.getAsLong();
        this.startWall = System.nanoTime();
        this.limitNanos = clock.totalMillis() * 1_000_000;
        this.wallLimitNanos = Math.max(clock.totalMillis(), wallLimitMillis) * 1_000_000;
    }

    /** True when the move is charged CPU time: a CPU clock and a meter that reads. */
    boolean chargesCpu() {
        return clock.cpu() && startCpu >= 0;
    }

    /** The real time since the start, in nanoseconds. */
    long wallNanos() {
        return System.nanoTime() - startWall;
    }

    /** The CPU time the bot used since the start, in nanoseconds; -1 when not measured. */
    long cpuNanos() {
        if (startCpu < 0) {
            return -1;
        }
        long now = meter.getAsLong();
        // A total that shrank lost a thread or process that ended: the move is charged no less than 0.
        return now < 0 ? -1 : Math.max(0, now - startCpu);
    }

    /**
     * How long the referee may wait before it looks again, in nanoseconds; 0 when the move's time is
     * up.
     */
    long waitNanos() {
        long wall = wallNanos();
        long wallLeft = (chargesCpu() ? wallLimitNanos : limitNanos) - wall;
        if (wallLeft <= 0) {
            return 0;
        }
        if (!chargesCpu()) {
            return wallLeft;
        }
        // Until the limit has passed in real time a thread cannot have used it in CPU time: no need
        // to read the meter (a walk of /proc for a process without a cgroup) before then.
        long used = wall < limitNanos ? wall : cpuNanos();
        long cpuLeft = limitNanos - (used < 0 ? wall : used);
        if (cpuLeft <= 0) {
            return 0;
        }
        return Math.min(wallLeft, Math.max(cpuLeft, MIN_STEP_NANOS));
    }

    /**
     * Why a move whose time is up forfeits, with both clocks, e.g. {@code no move within 200 ms (cpu
     * 212 ms, wall 230 ms)}.
     */
    String overrun(String what) {
        long wall = wallNanos();
        long cpu = cpuNanos();
        String clocks = " (" + (cpu >= 0 ? "cpu " + cpu / 1_000_000 + " ms, " : "") + "wall " + wall / 1_000_000 + " ms)";
        if (chargesCpu() && cpu >= 0 && cpu <= limitNanos) {
            return what + " within " + clock.totalMillis() + " ms cpu: the wall-clock guard of "
                    + wallLimitNanos / 1_000_000 + " ms passed first" + clocks;
        }
        return what + " within " + clock.totalMillis() + " ms" + clocks;
    }
}
