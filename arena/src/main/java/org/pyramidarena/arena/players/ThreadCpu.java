package org.pyramidarena.arena.players;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/** The CPU time of threads of the referee's JVM, for bots that think in it. */
final class ThreadCpu {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final boolean SUPPORTED = THREADS.isThreadCpuTimeSupported()
            && THREADS.isCurrentThreadCpuTimeSupported();

    private ThreadCpu() {
    }

    /** A live thread's CPU time so far, in nanoseconds; -1 when the JVM cannot tell or the thread has ended. */
    static long nanos(Thread thread) {
        return SUPPORTED ? THREADS.getThreadCpuTime(thread.getId()) : -1;
    }

    /** The calling thread's CPU time so far, in nanoseconds; -1 when the JVM cannot tell. */
    static long current() {
        return SUPPORTED ? THREADS.getCurrentThreadCpuTime() : -1;
    }
}
