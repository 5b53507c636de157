package org.pyramidarena.arena.match;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
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
    private static final Path PROC = Path.of("/proc");

    private ProcessCpu() {
    }

    /** True when this machine's {@code /proc} reports threads' CPU time. */
    static boolean available() {
        return Files.isReadable(PROC.resolve("self/schedstat"));
    }

    /** The CPU time of the tree below and including a process, in nanoseconds; -1 when the process is gone. */
    static long treeNanos(long pid) {
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
            Path process = PROC.resolve(Long.toString(next));
            long reaped = reapedNanos(process);
            if (reaped < 0) {
                continue;
            }
            rootSeen |= next == pid;
            total += reaped;
            try (DirectoryStream<Path> tasks = Files.newDirectoryStream(process.resolve("task"))) {
                for (Path task : tasks) {
                    total += firstNumber(task.resolve("schedstat"));
                    for (String child : read(task.resolve("children")).trim().split("\\s+")) {
                        if (!child.isEmpty()) {
                            pending.add(Long.parseLong(child));
                        }
                    }
                }
            } catch (IOException | NumberFormatException e) {
                // The process ended while being read: what was read counts.
            }
        }
        return rootSeen ? total : -1;
    }

    /** {@code cutime + cstime} of a process in nanoseconds, -1 when it is gone. */
    private static long reapedNanos(Path process) {
        String stat = read(process.resolve("stat"));
        int end = stat.lastIndexOf(')');
        if (end < 0) {
            return -1;
        }
        // After the command's closing parenthesis: state (field 3) first; cutime and cstime are fields 16 and 17.
        String[] fields = stat.substring(end + 2).split(" ");
        try {
            return (Long.parseLong(fields[13]) + Long.parseLong(fields[14])) * TICK_NANOS;
        } catch (RuntimeException e) {
            return -1;
        }
    }

    private static long firstNumber(Path file) {
        String text = read(file);
        int space = text.indexOf(' ');
        try {
            return space > 0 ? Long.parseLong(text.substring(0, space)) : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "";
        }
    }
}
