package org.pyramidarena.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.function.IntSupplier;

/**
 * Two ways of playing the same game timed within one benchmark operation, each in this thread's CPU
 * time, the first way first in even games and second in odd ones. On a machine shared with other
 * work, two throughputs measured seconds apart (in separate forks) mostly measure that work and
 * each fork's compilation; the two halves of one operation see the same load and the same compiled
 * code, so the sums of their times over a run give the two ways' ratio from one run.
 */
final class CpuHalves {

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private long firstNanos;
    private long secondNanos;

    /** Plays game {@code game} both ways and returns the sum of what they return (to keep it live). */
    int play(long game, IntSupplier first, IntSupplier second) {
        boolean firstFirst = (game & 1) == 0;
        int sum = 0;
        for (int half = 0; half < 2; half++) {
            boolean isFirst = (half == 0) == firstFirst;
            long start = threads.getCurrentThreadCpuTime();
            sum += isFirst ? first.getAsInt() : second.getAsInt();
            long used = threads.getCurrentThreadCpuTime() - start;
            if (isFirst) {
                firstNanos = used;
            } else {
                secondNanos = used;
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
}
