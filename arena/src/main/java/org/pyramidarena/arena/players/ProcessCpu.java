package org.pyramidarena.arena.players;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The CPU time of a process tree from Linux's {@code /proc}, for bot processes without a CPU
 * accounting cgroup: the sum over every live thread of every process in the tree of its time on a
 * CPU ({@code /proc/PID/task/TID/schedstat}, in nanoseconds), plus the time of children each process
 * has already reaped ({@code cutime} and {@code cstime} of {@code /proc/PID/stat}, in clock ticks).
 * The tree is followed through {@code /proc/PID/task/TID/children}. Threads that ended and processes
 * that left the tree (re-parented elsewhere, or not yet reaped when they ended) are not counted:
 * the cgroup count has no such gap, and is used wherever the sandbox makes one.
 *
 * <p>The same files give how long each thread waited for a CPU while it could run (their second
 * field), which the wall guard of the CPU clock does not count against a bot (see {@link MoveTimer}).
 */
final class ProcessCpu {

    /** Linux's {@code USER_HZ}, the unit of {@code cutime} and {@code cstime}; 100 on every architecture Java runs on. */
    private static final long TICK_NANOS = 10_000_000;
    /** A buffer per thread for the files read: the kernel's files here are a few hundred bytes at most. */
    private static final ThreadLocal<byte[]> BUFFER = ThreadLocal.withInitial(() -> new byte[4096]);

    private ProcessCpu() {
    }

    /** The CPU time of the tree below and including a process, in nanoseconds; -1 when the process is gone. */
    static long treeNanos(long pid) {
        return walk(pid, null);
    }

    /**
     * How long the live threads of the tree below and including a process have waited for a CPU
     * while they could run (the second field of each thread's {@code schedstat}), and whether one of
     * them can run now; {@link Waits#UNKNOWN} when the process is gone or the kernel keeps no count.
     */
    static Waits treeWaits(long pid) {
        List<Long> threads = new ArrayList<>();
        if (walk(pid, threads) < 0) {
            return Waits.UNKNOWN;
        }
        return waits(threads.stream().mapToLong(Long::longValue).toArray());
    }

    /**
     * How long some threads, by id, have waited for a CPU while they could run, and whether one of
     * them can run now; threads that have ended count nothing. {@link Waits#UNKNOWN} when the kernel
     * keeps no count.
     */
    static Waits waits(long[] threads) {
        byte[] buffer = BUFFER.get();
        long total = 0;
        boolean runnable = false;
        for (long thread : threads) {
            int n = read("/proc/" + thread + "/schedstat", buffer);
            if (n == 0) {
                continue;
            }
            long wait = field(buffer, n, 1);
            if (wait < 0) {
                return Waits.UNKNOWN;
            }
            total += wait;
            runnable |= state(read("/proc/" + thread + "/stat", buffer), buffer) == 'R';
        }
        return new Waits(total, runnable);
    }

    /** The state letter of a {@code stat} line: the character after the command's closing parenthesis. */
    private static char state(int n, byte[] buffer) {
        int end = n - 1;
        while (end >= 0 && buffer[end] != ')') {
            end--;
        }
        return end >= 0 && end + 2 < n ? (char) buffer[end + 2] : '?';
    }

    /** The {@code index}th space-separated number of a {@code schedstat} line; -1 when it has none. */
    private static long field(byte[] buffer, int n, int index) {
        int i = 0;
        for (int skipped = 0; skipped < index; skipped++) {
            while (i < n && buffer[i] != ' ') {
                i++;
            }
            i++;
        }
        return i < n && buffer[i] >= '0' && buffer[i] <= '9' ? number(buffer, i, n) : -1;
    }

    /** The tree's CPU time; -1 when the process is gone. Adds the ids of its live threads to {@code threads}, when given. */
    private static long walk(long pid, List<Long> threads) {
        byte[] buffer = BUFFER.get();
        long total = 0;
        Deque<Long> pending = new ArrayDeque<>();
        Set<Long> seen = new HashSet<>();
        pending.add(pid);
        boolean rootSeen = false;
        while (!pending.isEmpty()) {
            long next = pending.poll();
            if (!seen.add(next)) {
                continue;
            }
            String process = "/proc/" + next;
            long reaped = reapedNanos(process, buffer);
            if (reaped < 0) {
                continue;
            }
            rootSeen |= next == pid;
            total += reaped;
            String[] tasks = new File(process, "task").list();
            for (String task : tasks == null ? new String[0] : tasks) {
                String folder = process + "/task/" + task + "/";
                int n = read(folder + "schedstat", buffer);
                // A thread that ended since the folder was listed counts nothing.
                total += n > 0 ? Math.max(0, field(buffer, n, 0)) : 0;
                if (threads != null) {
                    threads.add(Long.parseLong(task));
                }
                n = read(folder + "children", buffer);
                for (int i = 0; i < n; ) {
                    while (i < n && buffer[i] == ' ') {
                        i++;
                    }
                    int end = i;
                    while (end < n && buffer[end] >= '0' && buffer[end] <= '9') {
                        end++;
                    }
                    if (end > i) {
                        pending.add(number(buffer, i, end));
                    }
                    i = Math.max(end, i + 1);
                }
            }
        }
        return rootSeen ? total : -1;
    }

    /** {@code cutime + cstime} of a process in nanoseconds, -1 when it is gone. */
    private static long reapedNanos(String process, byte[] buffer) {
        int n = read(process + "/stat", buffer);
        int end = n - 1;
        while (end >= 0 && buffer[end] != ')') {
            end--;
        }
        if (end < 0) {
            return -1;
        }
        // After the command's closing parenthesis: state (field 3) first; cutime and cstime are fields 16 and 17.
        int field = 2;
        long sum = 0;
        for (int i = end + 2; i < n && field <= 17; ) {
            int stop = i;
            while (stop < n && buffer[stop] != ' ') {
                stop++;
            }
            field++;
            if (field == 16 || field == 17) {
                sum += number(buffer, i, stop);
            }
            i = stop + 1;
        }
        return field > 17 ? sum * TICK_NANOS : -1;
    }

    /** The decimal number in {@code buffer[from, to)} up to its first non-digit; 0 when there is none. */
    private static long number(byte[] buffer, int from, int to) {
        long value = 0;
        for (int i = from; i < to && buffer[i] >= '0' && buffer[i] <= '9'; i++) {
            value = value * 10 + (buffer[i] - '0');
        }
        return value;
    }

    /** Reads a small kernel file into the buffer: the bytes read, 0 when it is gone or empty. */
    private static int read(String file, byte[] buffer) {
        try (FileInputStream in = new FileInputStream(file)) {
            int total = 0;
            for (int n; total < buffer.length && (n = in.read(buffer, total, buffer.length - total)) > 0; ) {
                total += n;
            }
            return total;
        } catch (IOException e) {
            return 0;
        }
    }
}
