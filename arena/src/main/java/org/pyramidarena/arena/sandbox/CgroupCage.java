package org.pyramidarena.arena.sandbox;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * What the cages of {@link CgroupV1} and {@link CgroupV2} share: a freezer file and a CPU count
 * kept open, so that a freeze, a thaw or a read of the count is one system call, and groups removed
 * once their processes have gone.
 */
abstract class CgroupCage implements Cage {

    private final List<Path> groups;
    private final FileChannel freezer;
    private final FileChannel cpu;
    private final int cpuSkip;
    private final long cpuUnitNanos;
    private final ByteBuffer cpuText = ByteBuffer.allocate(64);
    private final ByteBuffer frozen;
    private final ByteBuffer thawed;
    private boolean released;

    /**
     * @param groups the cage's groups, one per hierarchy, each with its {@code bot} group inside
     * @param freezer the freezer file, open for writing
     * @param frozenState what the freezer file is written to freeze ({@code FROZEN}, {@code 1})
     * @param thawedState what it is written to thaw
     * @param cpu the CPU count, open for reading; null where none is kept
     * @param cpuSkip the characters before the count's number
     * @param cpuUnitNanos the count's unit in nanoseconds
     */
    CgroupCage(List<Path> groups, FileChannel freezer, String frozenState, String thawedState, FileChannel cpu,
               int cpuSkip, long cpuUnitNanos) {
        this.groups = List.copyOf(groups);
        this.freezer = freezer;
        this.frozen = ByteBuffer.wrap(frozenState.getBytes(StandardCharsets.US_ASCII));
        this.thawed = ByteBuffer.wrap(thawedState.getBytes(StandardCharsets.US_ASCII));
        this.cpu = cpu;
        this.cpuSkip = cpuSkip;
        this.cpuUnitNanos = cpuUnitNanos;
    }

    @Override
    public List<String> joinFiles() {
        return groups.stream().map(g -> g.resolve(Cgroups.BOT).resolve("cgroup.procs").toString()).toList();
    }

    @Override
    public boolean countsCpu() {
        return cpu != null;
    }

    @Override
    public synchronized long cpuNanos() {
        if (cpu == null || released) {
            return -1;
        }
        long count = Cgroups.readNumber(cpu, cpuText, cpuSkip);
        return count < 0 ? -1 : count * cpuUnitNanos;
    }

    @Override
    public synchronized void freeze() {
        set(frozen);
    }

    @Override
    public synchronized void thaw() {
        set(thawed);
    }

    private void set(ByteBuffer state) {
        if (released) {
            return;
        }
        try {
            freezer.write(state.duplicate(), 0);
        } catch (IOException e) {
            // The group is gone with its processes; nothing to stop.
        }
    }

    /** True when an {@code oom_kill} count in one of these lines of a memory file is above 0. */
    static boolean oomKilled(String text) {
        for (String line : text.split("\n")) {
            try {
                if (line.startsWith("oom_kill ") && Long.parseLong(line.substring(9).trim()) > 0) {
                    return true;
                }
            } catch (NumberFormatException e) {
                // Not a count.
            }
        }
        return false;
    }

    @Override
    public void release() {
        synchronized (this) {
            if (released) {
                return;
            }
            set(thawed);
            released = true;
            try {
                freezer.close();
                if (cpu != null) {
                    cpu.close();
                }
            } catch (IOException e) {
                // Closing a cgroup file does not fail in practice.
            }
        }
        Cgroups.removeWhenEmpty(groups, this::kill);
    }
}
