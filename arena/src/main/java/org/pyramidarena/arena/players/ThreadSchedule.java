package org.pyramidarena.arena.players;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * What Linux's scheduler says of one thread of the referee's JVM ({@code /proc/thread-self/schedstat}
 * and {@code stat}, opened on the thread itself and read from any): how long it has run, how long it
 * has waited for a CPU while it could run, in nanoseconds, and whether it can run now. The wall guard
 * of the CPU clock counts neither against a bot: a bot held up by other programs is not forfeited for
 * it, while one that sleeps or blocks still is. One read is one system call.
 */
final class ThreadSchedule {

    /** A schedule that reads nothing, where the kernel keeps no such counts. */
    private static final ThreadSchedule NONE = new ThreadSchedule(null, null);

    private static final ThreadLocal<ThreadSchedule> CURRENT = ThreadLocal.withInitial(ThreadSchedule::open);

    private final FileChannel channel;
    private final FileChannel stat;
    private final ByteBuffer buffer = ByteBuffer.allocate(96);
    private final ByteBuffer statText = ByteBuffer.allocate(1024);

    private ThreadSchedule(FileChannel channel, FileChannel stat) {
        this.channel = channel;
        this.stat = stat;
    }

    /** The calling thread's schedule, opened on its first use on that thread and kept while it lives. */
    static ThreadSchedule current() {
        return CURRENT.get();
    }

    private static ThreadSchedule open() {
        try {
            return new ThreadSchedule(FileChannel.open(Path.of("/proc/thread-self/schedstat"), StandardOpenOption.READ),
                    FileChannel.open(Path.of("/proc/thread-self/stat"), StandardOpenOption.READ));
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return NONE;
        }
    }

    /**
     * Time on a CPU and time waiting for one, in nanoseconds, as a pair; null when they cannot be
     * read. The first lags the thread's running slice by at most a scheduler tick (a few
     * milliseconds).
     */
    synchronized long[] runAndWait() {
        return read();
    }

    /** Its waits for a CPU so far, and whether it can run now. */
    synchronized Waits waits() {
        long[] fields = read();
        if (fields == null) {
            return Waits.UNKNOWN;
        }
        try {
            statText.clear();
            int n = stat.read(statText, 0);
            int end = n - 1;
            while (end >= 0 && statText.get(end) != ')') {
                end--;
            }
            return new Waits(fields[1], end >= 0 && end + 2 < n && statText.get(end + 2) == 'R');
        } catch (IOException e) {
            return new Waits(fields[1], false);
        }
    }

    /** The first two fields of {@code schedstat}, or null; the caller holds the lock. */
    private long[] read() {
        if (channel == null) {
            return null;
        }
        try {
            buffer.clear();
            int n = channel.read(buffer, 0);
            long[] fields = new long[2];
            int field = 0;
            boolean digits = false;
            for (int i = 0; i < n && field < 2; i++) {
                byte b = buffer.get(i);
                if (b >= '0' && b <= '9') {
                    fields[field] = fields[field] * 10 + (b - '0');
                    digits = true;
                } else if (digits) {
                    field++;
                    digits = false;
                }
            }
            return field == 2 || field == 1 && digits ? fields : null;
        } catch (IOException e) {
            return null;
        }
    }
}
