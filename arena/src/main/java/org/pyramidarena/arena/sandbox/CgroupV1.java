package org.pyramidarena.arena.sandbox;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * Cages made of cgroup v1 groups: one group per bot process in each of the {@code memory},
 * {@code freezer} and (where mounted) {@code pids} and {@code cpuacct} hierarchies, below a
 * {@code pyramid-arena} folder inside the referee's own group. The memory group caps resident
 * memory and swap of the whole tree and counts the kernel's OOM kills; the freezer stops the tree
 * between turns; the CPU accounting group counts the tree's CPU time to the nanosecond, ended
 * processes and threads included.
 */
final class CgroupV1 {

    static final String MEMORY = "memory";
    static final String FREEZER = "freezer";
    static final String PIDS = "pids";
    static final String CPUACCT = "cpuacct";

    private static final AtomicLong NEXT = new AtomicLong();

    private final Map<String, Path> parents;

    private CgroupV1(Map<String, Path> parents) {
        this.parents = parents;
        holdFreezerOpen(parents.get(FREEZER));
    }

    /**
     * Keeps an empty group frozen while this referee runs. The kernel turns its freezer checks on
     * (patching its code, over a millisecond) when the first group starts freezing and off when the
     * last one thaws; with this group frozen throughout, freezing and thawing a bot costs a few
     * microseconds instead of more than a millisecond each (docs/protocol.md gives the figures). The
     * group holds no process, so freezing it stops nothing; it goes when the referee exits, or is
     * swept by the next referee after a crash.
     */
    private static void holdFreezerOpen(Path parent) {
        Path keeper = parent.resolve(ProcessHandle.current().pid() + "-keep");
        try {
            if (!Files.isDirectory(keeper)) {
                Files.createDirectory(keeper);
            }
            write(keeper.resolve("freezer.state"), "FROZEN");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> removeQuietly(keeper), "cgroup-keeper"));
        } catch (IOException | SecurityException | IllegalStateException e) {
            // Freezing still works, only more slowly.
            removeQuietly(keeper);
        }
    }

    /**
     * The cgroup v1 hierarchies this process may make groups in, or empty when memory or freezer
     * is missing or not writable.
     */
    static Optional<CgroupV1> detect() {
        try {
            Map<String, Path> mounts = mounts(Files.readAllLines(Path.of("/proc/self/mounts")));
            Map<String, String> own = ownGroups(Files.readAllLines(Path.of("/proc/self/cgroup")));
            Map<String, Path> parents = new LinkedHashMap<>();
            for (String controller : List.of(MEMORY, FREEZER, PIDS, CPUACCT)) {
                Path mount = mounts.get(controller);
                String path = own.get(controller);
                if (mount == null || path == null) {
                    continue;
                }
                Path parent = mount.resolve(path.substring(1)).resolve("pyramid-arena");
                try {
                    Files.createDirectories(parent);
                    sweepStale(parent);
                    parents.put(controller, parent);
                } catch (IOException | SecurityException e) {
                    // Not ours to write: the controller is left out.
                }
            }
            return parents.containsKey(MEMORY) && parents.containsKey(FREEZER)
                    ? Optional.of(new CgroupV1(parents)) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The mount point of each v1 controller, from {@code /proc/self/mounts} lines. */
    static Map<String, Path> mounts(List<String> lines) {
        Map<String, Path> mounts = new LinkedHashMap<>();
        for (String line : lines) {
            String[] fields = line.split(" ");
            if (fields.length >= 4 && fields[2].equals("cgroup")) {
                for (String option : fields[3].split(",")) {
                    mounts.putIfAbsent(option, Path.of(fields[1]));
                }
            }
        }
        return mounts;
    }

    /** This process's group in each v1 controller, from {@code /proc/self/cgroup} lines. */
    static Map<String, String> ownGroups(List<String> lines) {
        Map<String, String> own = new LinkedHashMap<>();
        for (String line : lines) {
            String[] fields = line.split(":", 3);
            if (fields.length == 3 && !fields[1].isEmpty()) {
                for (String controller : fields[1].split(",")) {
                    own.put(controller, fields[2]);
                }
            }
        }
        return own;
    }

    /** Removes the empty groups a referee that died without cleaning up left behind. */
    private static void sweepStale(Path parent) {
        try (Stream<Path> groups = Files.list(parent)) {
            groups.filter(Files::isDirectory).forEach(group -> {
                String name = group.getFileName().toString();
                int dash = name.indexOf('-');
                try {
                    long pid = Long.parseLong(dash > 0 ? name.substring(0, dash) : name);
                    if (ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true)) {
                        Files.deleteIfExists(group);
                    }
                } catch (NumberFormatException | IOException e) {
                    // Not one of ours, or still busy: left as it is.
                }
            });
        } catch (IOException e) {
            // Nothing to sweep.
        }
    }

    /** True when the pids controller is there to cap the number of processes and threads. */
    boolean capsProcesses() {
        return parents.containsKey(PIDS);
    }

    /** The controllers in use, e.g. {@code memory, freezer, pids}. */
    String controllers() {
        return String.join(", ", parents.keySet());
    }

    /**
     * A new cage for one bot process tree.
     *
     * @throws IllegalStateException when its groups cannot be made
     */
    Cage create(Sandbox.Limits limits) {
        String name = ProcessHandle.current().pid() + "-" + NEXT.incrementAndGet();
        List<Path> groups = new ArrayList<>();
        try {
            for (Map.Entry<String, Path> parent : parents.entrySet()) {
                groups.add(Files.createDirectory(parent.getValue().resolve(name)));
            }
            Path memory = parents.get(MEMORY).resolve(name);
            write(memory.resolve("memory.limit_in_bytes"), Long.toString(limits.memoryBytes()));
            Path swap = memory.resolve("memory.memsw.limit_in_bytes");
            if (Files.exists(swap)) {
                write(swap, Long.toString(limits.memoryBytes()));
            }
            if (parents.containsKey(PIDS)) {
                write(parents.get(PIDS).resolve(name).resolve("pids.max"), Integer.toString(limits.processes()));
            }
            FileChannel freezer = FileChannel.open(parents.get(FREEZER).resolve(name).resolve("freezer.state"),
                    StandardOpenOption.WRITE);
            FileChannel cpu = parents.containsKey(CPUACCT)
                    ? FileChannel.open(parents.get(CPUACCT).resolve(name).resolve("cpuacct.usage"), StandardOpenOption.READ)
                    : null;
            return new V1Cage(groups, memory, freezer, cpu);
        } catch (IOException e) {
            groups.forEach(CgroupV1::removeQuietly);
            throw new IllegalStateException("cannot make the bot's cgroups: " + e.getMessage());
        }
    }

    private static void write(Path file, String value) throws IOException {
        Files.writeString(file, value);
    }

    private static void removeQuietly(Path group) {
        try {
            Files.deleteIfExists(group);
        } catch (IOException e) {
            // Busy or gone; a later referee sweeps it.
        }
    }

    private final class V1Cage implements Cage {
        private final List<Path> groups;
        private final Path memory;
        private final FileChannel freezer;
        private final FileChannel cpu;
        private final ByteBuffer cpuText = ByteBuffer.allocate(32);
        private final ByteBuffer frozen = ByteBuffer.wrap("FROZEN".getBytes(StandardCharsets.US_ASCII));
        private final ByteBuffer thawed = ByteBuffer.wrap("THAWED".getBytes(StandardCharsets.US_ASCII));
        private boolean released;

        V1Cage(List<Path> groups, Path memory, FileChannel freezer, FileChannel cpu) {
            this.groups = groups;
            this.memory = memory;
            this.freezer = freezer;
            this.cpu = cpu;
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
            try {
                // The kernel writes the count afresh for every read from the start of the file.
                cpuText.clear();
                int n = cpu.read(cpuText, 0);
                long value = 0;
                for (int i = 0; i < n; i++) {
                    byte b = cpuText.get(i);
                    if (b < '0' || b > '9') {
                        break;
                    }
                    value = value * 10 + (b - '0');
                }
                return n > 0 ? value : -1;
            } catch (IOException e) {
                return -1;
            }
        }

        @Override
        public List<String> joinFiles() {
            return groups.stream().map(g -> g.resolve("cgroup.procs").toString()).toList();
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

        @Override
        public boolean memoryExceeded() {
            try {
                for (String line : Files.readAllLines(memory.resolve("memory.oom_control"))) {
                    if (line.startsWith("oom_kill ") && Long.parseLong(line.substring(9).trim()) > 0) {
                        return true;
                    }
                }
                return false;
            } catch (IOException | NumberFormatException e) {
                return false;
            }
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
            // A group can be removed once its last process has gone, which may take a moment after the kill.
            Thread remover = new Thread(() -> {
                for (int attempt = 0; attempt < 50; attempt++) {
                    groups.forEach(CgroupV1::removeQuietly);
                    if (groups.stream().noneMatch(Files::exists)) {
                        return;
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
}
