package org.pyramidarena.arena.match;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;

/**
 * The CPU time of a process tree from Linux's {@code /proc}, for bot processes without a CPU
 * accounting cgroup: the sum over every live thread of every process in the tree of its time on a
 * CPU ({@code /proc/PID/task/TID/schedstat}, in nanoseconds), plus the time of children each process
 * has already reaped ({@code cutime} and {@code cstime} of {@code /proc/PID/stat}, in clock ticks).
 * The tree is followed through {@code /proc/PID/task/TID/children}. Threads that ended and processes
 * that left the tree (re-parented elsewhere, or not yet reaped when they ended) are not counted:
 * the cgroup count has no such gap, and is used wherever the sandbox makes one.
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
                total += n > 0 ? number(buffer, 0, n) : 0;
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
