package org.pyramidarena.arena.players;

import java.util.function.LongSupplier;
import java.util.function.Supplier;
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
 *
 * <p>The wall guard of a CPU clock is there for a bot that sleeps or blocks, which uses no CPU time:
 * it counts the real time the bot was neither running nor waiting for a CPU. Between two looks the
 * bot counts as busy for its CPU time and its threads' counted waits for a CPU ({@link Waits}), and
 * for the whole span when one of its threads can run at the second look (a wait under way is
 * counted by the kernel only once it ends). The first look is once the limit has passed in real
 * time, and the span before it counts as busy when a thread can run then, and for the bot's CPU
 * time otherwise: so the referee looks at the waits only for a move still running past its limit,
 * and at each look once the real time passes the guard. A bot held up by other programs on a busy
 * machine is busy all that time and is never forfeited by the guard; one that sleeps is, as soon as
 * the real time it did not use passes the guard. (A bot that sleeps until its limit and is runnable
 * at that first look gains at most its limit: it is still stopped, a limit later.)
 */
final class MoveTimer {

    private static final long MIN_STEP_NANOS = 1_000_000;

    private final Clock clock;
    private final LongSupplier meter;
    private final long startWall;
    private final long startCpu;
    private final long limitNanos;
    private final long wallLimitNanos;
    private final Supplier<Waits> waitMeter;
    /** The real time at the first look once the limit had passed in real time; -1 before. */
    private long markWall = -1;
    /** The last look since then at the bot's waits: when, and its CPU time plus counted waits then (-1: unknown). */
    private long lastWall;
    private long lastBusy = -1;
    /** The real time the guard counts up to the last look: all of it before the mark, the idle time after. */
    private long counted;

    /**
     * Starts timing a move.
     *
     * @param clock the move's clock
     * @param wallLimitMillis the most real time the move may take (the limit itself under a wall clock)
     * @param meter the bot's CPU time so far, in nanoseconds, negative when it cannot be read; or
     *     null when the CPU time is not measured
     */
    MoveTimer(Clock clock, long wallLimitMillis, LongSupplier meter) {
        this(clock, wallLimitMillis, meter, null);
    }

    /**
     * Starts timing a move whose wall guard spares the time the bot waited for a CPU.
     *
     * @param waitMeter the bot's threads' waits for a CPU at a look; null to count the guard in real
     *     time alone
     */
    MoveTimer(Clock clock, long wallLimitMillis, LongSupplier meter, Supplier<Waits> waitMeter) {
        this.clock = clock;
        this.meter = meter;
        this.waitMeter = waitMeter;
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
        if (!chargesCpu() || wall < limitNanos) {
            // Until the limit has passed in real time a thread cannot have used it in CPU time: no
            // need to read the meter (a walk of /proc for a process without a cgroup) before then.
            return Math.max(0, limitNanos - wall);
        }
        long cpu = cpuNanos();
        long cpuLeft = limitNanos - (cpu < 0 ? wall : cpu);
        if (cpuLeft <= 0) {
            return 0;
        }
        long guardLeft = wallLimitNanos - guardNanos(wall);
        if (guardLeft <= 0) {
            return 0;
        }
        return Math.min(guardLeft, Math.max(cpuLeft, MIN_STEP_NANOS));
    }

    /**
     * The real time the wall guard counts at this look: the real time, less the time the bot was
     * busy since the first look past its limit. The meters are read at that first look, and then
     * only once the real time has passed the guard.
     */
    private long guardNanos(long wall) {
        if (waitMeter == null) {
            return wall;
        }
        if (markWall < 0) {
            markWall = wall;
            lastWall = wall;
            Waits waits = waitMeter.get();
            lastBusy = busyNanos(waits);
            long cpu = cpuNanos();
            counted = lastBusy < 0 ? wall : waits.runnable() ? 0 : wall - Math.min(wall, cpu);
            return counted;
        }
        if (wall < wallLimitNanos || lastBusy < 0) {
            return lastBusy < 0 ? wall : counted + (wall - lastWall);
        }
        Waits waits = waitMeter.get();
        long busy = busyNanos(waits);
        if (busy < 0) {
            lastBusy = -1;
            return wall;
        }
        long span = wall - lastWall;
        long busySpan = waits.runnable() ? span : Math.min(span, Math.max(0, busy - lastBusy));
        counted += span - busySpan;
        lastWall = wall;
        lastBusy = busy;
        return counted;
    }

    /** The bot's CPU time since the start plus its threads' counted waits for a CPU; -1 when either cannot be read. */
    private long busyNanos(Waits waits) {
        long cpu = cpuNanos();
        return cpu < 0 || waits.nanos() < 0 ? -1 : cpu + waits.nanos();
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
            if (lastBusy >= 0 && counted < wall) {
                clocks = clocks.substring(0, clocks.length() - 1) + ", neither running nor waiting for a CPU "
                        + counted / 1_000_000 + " ms)";
            }
            return what + " within " + clock.totalMillis() + " ms cpu: the wall-clock guard of "
                    + wallLimitNanos / 1_000_000 + " ms passed first" + clocks;
        }
        return what + " within " + clock.totalMillis() + " ms" + clocks;
    }
}
