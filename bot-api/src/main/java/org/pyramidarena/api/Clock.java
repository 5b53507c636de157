package org.pyramidarena.api;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The time a player has for the move it is asked for, measured by the referee from the moment it
 * asks.
 *
 * <p>The referee keeps one of two clocks. A <em>wall</em> clock counts real time. A <em>CPU</em>
 * clock counts the processor time the bot uses: the CPU time of its whole process tree for a bot in
 * a process of its own, of its thinking thread for a bot in the referee's JVM; other programs
 * on a busy machine then cost the bot nothing. Under a CPU clock the referee still forfeits a bot
 * that sleeps or blocks, after a wall-clock guard well beyond the limit. {@link #now()} reads the
 * calling thread's share of the clock, so a bot thinking on one thread can keep its own deadline in
 * the referee's terms.
 *
 * @param moveMillis the time for this move before the bank is touched, in milliseconds; includes
 *     the first-move allowance on a player's first move
 * @param bankMillis the time bank left, in milliseconds, usable on top of {@code moveMillis}; 0 when
 *     there is none. Time a move takes beyond {@code moveMillis} is taken from the bank.
 * @param cpu true when the referee counts CPU time, false for wall-clock time
 */
public record Clock(long moveMillis, long bankMillis, boolean cpu) {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    public Clock {
        if (moveMillis < 0 || bankMillis < 0) {
            throw new IllegalArgumentException("clock times are never negative");
        }
    }

    /** A wall clock. */
    public Clock(long moveMillis, long bankMillis) {
        this(moveMillis, bankMillis, false);
    }

    /** The most this move may take, in milliseconds: past it the seat forfeits. */
    public long totalMillis() {
        return moveMillis + bankMillis;
    }

    /**
     * A reading of this clock for the calling thread, in nanoseconds from an arbitrary origin: {@link
     * System#nanoTime()} for a wall clock, the calling thread's CPU time for a CPU clock (wall time
     * where the JVM cannot measure thread CPU time). Differences of two readings on one thread are
     * time spent in the referee's terms; for a bot that thinks on several threads, or whose runtime
     * works in threads of its own (compilers, collectors), the referee counts more.
     */
    public long now() {
        if (cpu && THREADS.isCurrentThreadCpuTimeSupported()) {
            long nanos = THREADS.getCurrentThreadCpuTime();
            if (nanos >= 0) {
                return nanos;
            }
        }
        return System.nanoTime();
    }

    /** {@code cpu} or {@code wall}, as in the wire protocol and the arena's options. */
    public String kind() {
        return cpu ? "cpu" : "wall";
    }
}
