package org.pyramidarena.arena.sandbox;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Cages made of cgroup v1 groups, in each of the {@code memory}, {@code freezer} and (where mounted)
 * {@code pids} and {@code cpuacct} hierarchies: below the referee's own group, a {@code pyramid-arena}
 * folder holds one folder per referee ({@link Referees}), which holds one cage per bot process tree
 * (two groups, see {@link Cgroups}). The memory group caps resident memory and swap of the whole
 * tree and counts the kernel's OOM kills; the freezer stops the tree between turns; the CPU
 * accounting group counts the tree's CPU time to the nanosecond, ended processes and threads
 * included.
 *
 * <p>A task frozen by a v1 freezer does not die of {@code SIGKILL} until it is thawed, so a referee
 * that dies while a bot is frozen would leave it frozen for good: the referee's {@link Reaper}
 * watchdog, outside the bot's groups, thaws and kills it.
 */
final class CgroupV1 implements Cgroups {

    static final String MEMORY = "memory";
    static final String FREEZER = "freezer";
    static final String PIDS = "pids";
    static final String CPUACCT = "cpuacct";

    private static final AtomicLong NEXT = new AtomicLong();
    private static CgroupV1 instance;

    /** This referee's folder in each controller's hierarchy. */
    private final Map<String, Path> folders;

    private CgroupV1(Map<String, Path> folders) {
        this.folders = folders;
        holdFreezerOpen(folders.get(FREEZER));
    }

    /**
     * Keeps an empty group frozen while this referee runs. The kernel turns its freezer checks on
     * (patching its code, over a millisecond) when the first group starts freezing and off when the
     * last one thaws; with this group frozen throughout, freezing and thawing a bot costs a few
     * microseconds instead of more than a millisecond each (docs/protocol.md gives the figures). The
     * group holds no process, so freezing it stops nothing; the watchdog removes it with the
     * referee's folder when the referee ends.
     */
    private static void holdFreezerOpen(Path folder) {
        Path keeper = folder.resolve("keep");
        try {
            if (!Files.isDirectory(keeper)) {
                Files.createDirectory(keeper);
            }
            Cgroups.write(keeper.resolve("freezer.state"), "FROZEN");
        } catch (IOException | SecurityException e) {
            // Freezing still works, only more slowly.
        }
    }

    /**
     * The cgroup v1 hierarchies this process may make groups in, or empty when memory or freezer is
     * missing or not writable. Made once per JVM: the dead referees' leftovers found beside it are
     * reaped, and a watchdog is started for this referee's.
     */
    static synchronized Optional<CgroupV1> detect() {
        if (instance != null) {
            return Optional.of(instance);
        }
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
                    if (Files.isWritable(parent)) {
                        parents.put(controller, parent);
                    }
                } catch (IOException | SecurityException e) {
                    // Not ours to write: the controller is left out.
                }
            }
            if (!parents.containsKey(MEMORY) || !parents.containsKey(FREEZER)) {
                return Optional.empty();
            }
            Reaper.reapDead(List.copyOf(parents.values()));
            Map<String, Path> folders = new LinkedHashMap<>();
            for (Map.Entry<String, Path> parent : parents.entrySet()) {
                try {
                    folders.put(parent.getKey(), Files.createDirectories(parent.getValue().resolve(Referees.self())));
                } catch (IOException | SecurityException e) {
                    // Left out, as above.
                }
            }
            if (!folders.containsKey(MEMORY) || !folders.containsKey(FREEZER)) {
                return Optional.empty();
            }
            Reaper.watch(List.copyOf(folders.values()));
            instance = new CgroupV1(folders);
            return Optional.of(instance);
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

    @Override
    public String label() {
        return "cgroup v1";
    }

    @Override
    public String description() {
        return label() + " (" + String.join(", ", folders.keySet()) + ")";
    }

    @Override
    public boolean capsMemory() {
        return true;
    }

    @Override
    public boolean capsProcesses() {
        return folders.containsKey(PIDS);
    }

    @Override
    public List<Path> folders() {
        return List.copyOf(folders.values());
    }

    @Override
    public Cage create(Sandbox.Limits limits) {
        String name = Long.toString(NEXT.incrementAndGet());
        List<Path> cages = new ArrayList<>();
        try {
            for (Path folder : folders.values()) {
                Path cage = Files.createDirectory(folder.resolve(name));
                cages.add(cage);
                if (folder == folders.get(MEMORY)) {
                    // The cage's limit must count the bot group below it; older kernels counted each group alone.
                    if (!Cgroups.read(cage.resolve("memory.use_hierarchy")).trim().equals("1")) {
                        Cgroups.write(cage.resolve("memory.use_hierarchy"), "1");
                    }
                    Cgroups.write(cage.resolve("memory.limit_in_bytes"), Long.toString(limits.memoryBytes()));
                    Path swap = cage.resolve("memory.memsw.limit_in_bytes");
                    if (Files.exists(swap)) {
                        Cgroups.write(swap, Long.toString(limits.memoryBytes()));
                    }
                }
                if (folder == folders.get(PIDS)) {
                    Cgroups.write(cage.resolve("pids.max"), Integer.toString(limits.processes()));
                }
                Files.createDirectory(cage.resolve(BOT));
            }
            Path freezer = folders.get(FREEZER).resolve(name);
            FileChannel state = FileChannel.open(freezer.resolve("freezer.state"), StandardOpenOption.WRITE);
            FileChannel cpu = folders.containsKey(CPUACCT)
                    ? FileChannel.open(folders.get(CPUACCT).resolve(name).resolve("cpuacct.usage"), StandardOpenOption.READ)
                    : null;
            return new V1Cage(cages, folders.get(MEMORY).resolve(name), freezer, state, cpu);
        } catch (IOException e) {
            cages.forEach(Cgroups::remove);
            throw new IllegalStateException("cannot make the bot's cgroups: " + e.getMessage());
        }
    }

    private static final class V1Cage extends CgroupCage {
        private final Path memory;
        private final Path freezerGroup;

        V1Cage(List<Path> cages, Path memory, Path freezerGroup, FileChannel freezer, FileChannel cpu) {
            super(cages, freezer, "FROZEN", "THAWED", cpu, 0, 1);
            this.memory = memory;
            this.freezerGroup = freezerGroup;
        }

        @Override
        public long[] threads() {
            return Cgroups.ids(freezerGroup.resolve(BOT).resolve("tasks")).stream().mapToLong(Long::longValue).toArray();
        }

        /** Killed while frozen, the processes die once thawed: killing comes first, so that none runs between. */
        @Override
        public void kill() {
            Cgroups.killListed(freezerGroup);
            try {
                Cgroups.write(freezerGroup.resolve("freezer.state"), "THAWED");
            } catch (IOException e) {
                // Gone already.
            }
        }

        /** The kernel counts an OOM kill in the group of the process it killed: the bot group, or one the bot made below it. */
        @Override
        public boolean memoryExceeded() {
            return Cgroups.subtree(memory).stream().anyMatch(g -> oomKilled(Cgroups.read(g.resolve("memory.oom_control"))));
        }
    }
}
