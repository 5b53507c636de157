package org.pyramidarena.arena.players;

/**
 * What Linux's scheduler says of a bot's threads at one look, for the wall guard of the CPU clock:
 * how long they have waited for a CPU while they could run, and whether one of them can run now
 * (state {@code R}: running, or waiting for a CPU). The kernel adds a wait to a thread's count
 * ({@code schedstat}'s second field) only once the thread gets a CPU, so a thread held up at the
 * look has a wait under way that no count shows yet: that the thread is runnable says so.
 *
 * @param nanos the waits for a CPU counted so far, in nanoseconds; -1 when the kernel keeps no count
 * @param runnable true when a thread of the bot can run now, on a CPU or waiting for one
 */
record Waits(long nanos, boolean runnable) {

    /** A look that learnt nothing: the guard then counts real time. */
    static final Waits UNKNOWN = new Waits(-1, false);
}
