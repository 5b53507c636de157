package org.pyramidarena.arena.sandbox;

import java.util.List;

/**
 * The referee's hold on one sandboxed bot process tree: it stops the whole tree between turns,
 * kills it at once, counts its CPU time, tells whether the tree went past its memory cap, and is let
 * go when the process has ended. Backed by cgroups (v2 or v1) where the machine lets the referee make
 * them, by signals otherwise.
 */
public interface Cage {

    /** A cage that does nothing, for bots outside a sandbox. */
    Cage NONE = new Cage() {
    };

    /**
     * The files a launcher writes its own process id into before it starts the sandbox, so that
     * every process the bot ever starts is counted from the first (cgroup {@code cgroup.procs}).
     */
    default List<String> joinFiles() {
        return List.of();
    }

    /** Called once the launcher has started, with its process. */
    default void attach(ProcessHandle launcher) {
    }

    /** Stops every process of the tree; it uses no CPU until {@link #thaw()}. Never throws. */
    default void freeze() {
    }

    /** Lets the tree run again. Never throws. */
    default void thaw() {
    }

    /**
     * Kills every process of the tree at once, frozen or not, those that left the launcher's tree
     * included where the cage can see them; {@link #release()} still follows. Never throws.
     */
    default void kill() {
    }

    /**
     * The thread ids of every process of the tree, whose scheduler statistics say how long each
     * waited for a CPU; null when this cage does not list them (then {@code /proc} is walked).
     */
    default long[] threads() {
        return null;
    }

    /**
     * The CPU time every process of the tree has used so far, live and ended, in nanoseconds; -1
     * when this cage does not count it (then {@code /proc} is read instead).
     */
    default long cpuNanos() {
        return -1;
    }

    /** True when {@link #cpuNanos()} counts, at the cost of one read of a kernel file. */
    default boolean countsCpu() {
        return false;
    }

    /** True when the kernel killed a process of the tree for going past the memory cap. */
    default boolean memoryExceeded() {
        return false;
    }

    /** Removes what the cage made; called when the tree has been killed. Never throws. */
    default void release() {
    }
}
