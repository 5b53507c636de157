package org.pyramidarena.arena.sandbox;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The cgroups in which the referee makes a cage for each bot process tree: cgroup v1's controllers
 * ({@link CgroupV1}) or cgroup v2's unified hierarchy ({@link CgroupV2}).
 *
 * <p>Each cage is two groups: the cage's own, which holds the limits, the freezer and the counts,
 * and a {@code bot} group inside it, which holds the processes. Bubblewrap gives the bot a cgroup
 * namespace rooted at the {@code bot} group, so that whatever the bot can reach of its groups holds
 * none of its limits or counts: limits and freezing apply to a group's whole subtree, and the counts
 * of the cage's group are the kernel's own (resetting the {@code bot} group's CPU count leaves its
 * parent's as it was).
 */
interface Cgroups {

    /** The name of the group inside each cage that holds the bot's processes. */
    String BOT = "bot";

    /**
     * A new cage for one bot process tree.
     *
     * @throws IllegalStateException when its groups cannot be made
     */
    Cage create(Sandbox.Limits limits);

    /** {@code cgroup v1} or {@code cgroup v2}, as settings files and replays record it. */
    String label();

    /** The label with what it uses, for a run's header, e.g. {@code cgroup v2 (memory, pids, freeze, kill, cpu)}. */
    String description();

    /** True when the cage caps the tree's memory. */
    boolean capsMemory();

    /** True when the cage caps the tree's processes and threads. */
    boolean capsProcesses();

    /** This referee's folders, one per hierarchy: each cage is a group in each of them. */
    List<Path> folders();

    /** Writes a short value to a cgroup file. */
    static void write(Path file, String value) throws IOException {
        Files.writeString(file, value);
    }

    /** Reads a cgroup file's text; "" when it cannot be read. */
    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.US_ASCII);
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    /** A group and every group below it, deepest first. */
    static List<Path> subtree(Path group) {
        List<Path> groups = new ArrayList<>();
        try (Stream<Path> children = Files.list(group)) {
            for (Path child : children.filter(Files::isDirectory).toList()) {
                groups.addAll(subtree(child));
            }
        } catch (IOException | RuntimeException e) {
            // Gone, or not a folder: nothing below it.
        }
        groups.add(group);
        return groups;
    }

    /** The process ids (or thread ids) a {@code cgroup.procs} or {@code tasks} file lists. */
    static List<Long> ids(Path file) {
        List<Long> ids = new ArrayList<>();
        for (String line : read(file).split("\n")) {
            if (!line.isBlank()) {
                try {
                    ids.add(Long.parseLong(line.trim()));
                } catch (NumberFormatException e) {
                    // Not an id: skipped.
                }
            }
        }
        return ids;
    }

    /** Sends {@code SIGKILL} to every process listed in the {@code cgroup.procs} of a group and the groups below it. */
    static void killListed(Path group) {
        for (Path each : subtree(group)) {
            for (long pid : ids(each.resolve("cgroup.procs"))) {
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }

    /** Removes a group and the groups below it, deepest first; false when one is still busy. */
    static boolean remove(Path group) {
        boolean removed = true;
        for (Path each : subtree(group)) {
            try {
                Files.deleteIfExists(each);
            } catch (IOException e) {
                removed = false;
            }
        }
        return removed;
    }

    /**
     * The first number in a kernel file read from its start, through a channel kept open: the kernel
     * writes such a file afresh for every read from offset 0, so one read is one system call. -1 when
     * it cannot be read.
     *
     * @param skip the characters to skip before the number (e.g. {@code usage_usec })
     */
    static long readNumber(FileChannel channel, ByteBuffer buffer, int skip) {
        try {
            buffer.clear();
            int n = channel.read(buffer, 0);
            long value = 0;
            int i = skip;
            for (; i < n; i++) {
                byte b = buffer.get(i);
                if (b < '0' || b > '9') {
                    break;
                }
                value = value * 10 + (b - '0');
            }
            return n > skip && i > skip ? value : -1;
        } catch (IOException e) {
            return -1;
        }
    }

    /**
     * Removes a cage's groups once their last process has gone, which may take a moment after the
     * kill, on a thread of its own; kills again what is still there after a while (a process forked
     * while the tree was being killed). What is left after that, the watchdog removes.
     */
    static void removeWhenEmpty(List<Path> cages, Runnable kill) {
        Thread remover = new Thread(() -> {
            for (int attempt = 0; attempt < 100; attempt++) {
                boolean removed = true;
                for (Path cage : cages) {
                    removed &= Cgroups.remove(cage);
                }
                if (removed) {
                    return;
                }
                if (attempt % 10 == 9) {
                    kill.run();
                }
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "cgroup-release");
        remover.setDaemon(true);
        remover.start();
    }
}
