package org.pyramidarena.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * Two ways of playing the same game timed within one benchmark operation, each in CPU time (this
 * thread's, or the whole process's), the first way first in even games and second in odd ones. On a
 * machine shared with other work, two throughputs measured seconds apart (in separate forks) mostly
 * measure that work and each fork's compilation; the two halves of one operation see the same load
 * and the same compiled code, so the sums of their times over a run give the two ways' ratio from
 * one run.
 */
final class CpuHalves {

    private final LongSupplier clock;
    private long firstNanos;
    private long secondNanos;
    private long firstWallNanos;
    private long secondWallNanos;

    /** Halves timed in this thread's CPU time: for ways that run on the calling thread alone. */
    CpuHalves() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        this.clock = threads::getCurrentThreadCpuTime;
    }

    private CpuHalves(LongSupplier clock) {
        this.clock = clock;
    }

    /**
     * Halves timed in the CPU time of the whole process: for ways that run threads of their own (a
     * command playing its matches on match threads), with the collector's and the compiler's threads
     * counted on whichever side makes them work.
     */
    static CpuHalves ofProcess() {
        var system = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        return new CpuHalves(system::getProcessCpuTime);
    }

    /** Plays game {@code game} both ways and returns the sum of what they return (to keep it live). */
    int play(long game, IntSupplier first, IntSupplier second) {
        boolean firstFirst = (game & 1) == 0;
        int sum = 0;
        for (int half = 0; half < 2; half++) {
            boolean isFirst = (half == 0) == firstFirst;
            long startWall = System.nanoTime();
            long start = clock.getAsLong();
            sum += isFirst ? first.getAsInt() : second.getAsInt();
            long used = clock.getAsLong() - start;
            long wall = System.nanoTime() - startWall;
            if (isFirst) {
                firstNanos = used;
                firstWallNanos = wall;
            } else {
                secondNanos = used;
                secondWallNanos = wall;
            }
        }
        return sum;
    }

    /** The CPU time of the first way in the last game played, in nanoseconds. */
    long firstNanos() {
        return firstNanos;
    }

    /** The CPU time of the second way in the last game played, in nanoseconds. */
    long secondNanos() {
        return secondNanos;
    }

    /** The real time of the first way in the last game played, in nanoseconds. */
    long firstWallNanos() {
        return firstWallNanos;
    }

    /** The real time of the second way in the last game played, in nanoseconds. */
    long secondWallNanos() {
        return secondWallNanos;
    }
}
