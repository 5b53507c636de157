package org.pyramidarena.arena.sandbox;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Cages made of cgroup v2 groups, in the unified hierarchy below a group the referee may write: its
 * own group when it runs as root, or the subtree systemd delegated to it ({@code systemd-run --user
 * --scope -p Delegate=yes}, or a unit with {@code Delegate=yes}). The layout below that group G:
 *
 * <pre>
 * G/pyramid-arena/                      controllers handed down: memory, pids
 * G/pyramid-arena/referees/             the processes that were in G (only when G had to be emptied)
 * G/pyramid-arena/referee-PID-START/    one per referee ({@link Referees})
 * G/pyramid-arena/referee-PID-START/N/  one cage: memory.max, memory.swap.max 0, memory.oom.group,
 *                                       pids.max, cgroup.freeze, cgroup.kill, cpu.stat
 * G/pyramid-arena/referee-PID-START/N/bot/   the bot's processes
 * </pre>
 *
 * <p>cgroup v2 hands a controller to a group's children only when the group holds no process itself
 * (its "no internal processes" rule): when G holds the referee, the referee first moves every process
 * of G into {@code pyramid-arena/referees}, and a referee started later from there uses the same G.
 *
 * <p>Unlike v1's, a v2 freezer lets {@code SIGKILL} through, and {@code cgroup.kill} kills a whole
 * tree at once, frozen or not. The CPU count ({@code cpu.stat}) is the kernel's and read-only.
 */
final class CgroupV2 implements Cgroups {

    /** The controllers a cage uses, when G offers them. */
    static final List<String> CONTROLLERS = List.of("memory", "pids");

    private static final String FOLDER = "pyramid-arena";
    private static final String DISPLACED = "referees";
    private static final AtomicLong NEXT = new AtomicLong();
    private static final Map<Path, CgroupV2> INSTANCES = new HashMap<>();

    /** This referee's folder. */
    private final Path folder;
    private final Set<String> controllers;
    private final boolean kills;

    private CgroupV2(Path folder, Set<String> controllers, boolean kills) {
        this.folder = folder;
        this.controllers = controllers;
        this.kills = kills;
    }

    /**
     * The group this process may make its cages under, from {@code /proc/self/cgroup} and {@code
     * /proc/self/mountinfo}. Empty when there is no cgroup v2 hierarchy.
     */
    static Optional<Path> ownGroup() {
        try {
            return ownGroup(Files.readAllLines(Path.of("/proc/self/cgroup")),
                    Files.readAllLines(Path.of("/proc/self/mountinfo")));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * The group a process may make its cages under: its own v2 group (the {@code 0::} line of its
     * {@code cgroup} file, below the mount point of the cgroup2 hierarchy in its {@code mountinfo}),
     * or, for a process in {@code pyramid-arena/referees}, the delegated group a referee before it
     * emptied into it. Empty when there is no cgroup v2 hierarchy or the process's group is not
     * below the mount's root.
     */
    static Optional<Path> ownGroup(List<String> cgroup, List<String> mountinfo) {
        String own = null;
        for (String line : cgroup) {
            if (line.startsWith("0::")) {
                own = line.substring(3);
            }
        }
        if (own == null) {
            return Optional.empty();
        }
        for (String line : mountinfo) {
            // ID PARENT MAJOR:MINOR ROOT MOUNT-POINT OPTIONS [OPTIONAL...] - TYPE SOURCE SUPER-OPTIONS
            String[] fields = line.split(" ");
            int dash = List.of(fields).indexOf("-");
            if (dash < 5 || dash + 1 >= fields.length || !fields[dash + 1].equals("cgroup2")) {
                continue;
            }
            String root = fields[3];
            String below;
            if (root.equals("/")) {
                below = own;
            } else if (own.equals(root) || own.startsWith(root + "/")) {
                below = own.substring(root.length());
            } else {
                continue;
            }
            Path group = Path.of(unescape(fields[4]));
            for (String part : below.split("/")) {
                if (part.equals("..")) {
                    return Optional.empty();
                }
                if (!part.isEmpty()) {
                    group = group.resolve(part);
                }
            }
            if (group.endsWith(Path.of(FOLDER, DISPLACED))) {
                group = group.getParent().getParent();
            }
            return Optional.of(group);
        }
        return Optional.empty();
    }

    /** A mount point as {@code mountinfo} writes it: spaces and the like as octal escapes. */
    private static String unescape(String field) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c == '\\' && i + 3 < field.length()) {
                text.append((char) Integer.parseInt(field.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                text.append(c);
            }
        }
        return text.toString();
    }

    /**
     * Cages under a group of a cgroup v2 hierarchy, made once per group and JVM: the controllers G
     * offers are handed down (G emptied first where it must be), the dead referees' leftovers found
     * beside this referee's folder are reaped, and a watchdog is started for it.
     *
     * @param group G, a group this process may write
     * @param requireControllers true to use it only when it offers every one of {@link #CONTROLLERS}
     *     (the probe); false to use what it offers (a test pointing the arena at a hierarchy whose
     *     memory and pids controllers are bound to cgroup v1)
     * @return empty when it is no cgroup v2 group, is not writable, or lacks a required controller
     */
    static synchronized Optional<CgroupV2> at(Path group, boolean requireControllers) {
        CgroupV2 known = INSTANCES.get(group);
        if (known != null) {
            return Optional.of(known);
        }
        if (!Files.isRegularFile(group.resolve("cgroup.controllers")) || !Files.isWritable(group)) {
            return Optional.empty();
        }
        Set<String> offered = new LinkedHashSet<>(List.of(Cgroups.read(group.resolve("cgroup.controllers")).trim()
                .split("\\s+")));
        Set<String> used = new LinkedHashSet<>(CONTROLLERS);
        used.retainAll(offered);
        if (requireControllers && used.size() < CONTROLLERS.size()) {
            return Optional.empty();
        }
        try {
            Path parent = Files.createDirectories(group.resolve(FOLDER));
            handDown(group, used, parent.resolve(DISPLACED));
            handDown(parent, used, null);
            Reaper.reapDead(List.of(parent));
            Path folder = parent.resolve(Referees.self());
            if (!Files.isDirectory(folder)) {
                Files.createDirectory(folder);
            }
            handDown(folder, used, null);
            if (!Files.exists(folder.resolve("cgroup.freeze"))) {
                // A kernel before 5.2, whose cgroup v2 has no freezer.
                return Optional.empty();
            }
            Reaper.watch(List.of(folder));
            CgroupV2 cages = new CgroupV2(folder, used, Files.exists(folder.resolve("cgroup.kill")));
            INSTANCES.put(group, cages);
            return Optional.of(cages);
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    /**
     * Enables controllers for a group's children. A group that holds processes cannot (unless it is
     * the hierarchy's root): those are moved into {@code displaced} first, when given.
     */
    private static void handDown(Path group, Set<String> used, Path displaced) throws IOException {
        if (used.isEmpty()) {
            return;
        }
        Set<String> enabled = Set.of(Cgroups.read(group.resolve("cgroup.subtree_control")).trim().split("\\s+"));
        if (enabled.containsAll(used)) {
            return;
        }
        String enable = String.join(" ", used.stream().map(c -> "+" + c).toList());
        try {
            Cgroups.write(group.resolve("cgroup.subtree_control"), enable);
        } catch (IOException busy) {
            if (displaced == null || Cgroups.ids(group.resolve("cgroup.procs")).isEmpty()) {
                throw busy;
            }
            if (!Files.isDirectory(displaced)) {
                Files.createDirectory(displaced);
            }
            // A process may be started into G while the others move: move until none is left.
            for (int round = 0; round < 10; round++) {
                List<Long> left = Cgroups.ids(group.resolve("cgroup.procs"));
                if (left.isEmpty()) {
                    break;
                }
                for (long pid : left) {
                    try {
                        Cgroups.write(displaced.resolve("cgroup.procs"), Long.toString(pid));
                    } catch (IOException e) {
                        // Gone meanwhile, or a kernel thread that stays: the write below says.
                    }
                }
            }
            Cgroups.write(group.resolve("cgroup.subtree_control"), enable);
        }
    }

    @Override
    public String label() {
        return "cgroup v2";
    }

    @Override
    public String description() {
        List<String> parts = new ArrayList<>(controllers);
        parts.add("freeze");
        if (kills) {
            parts.add("kill");
        }
        parts.add("cpu");
        return label() + " (" + String.join(", ", parts) + ")";
    }

    @Override
    public boolean capsMemory() {
        return controllers.contains("memory");
    }

    @Override
    public boolean capsProcesses() {
        return controllers.contains("pids");
    }

    @Override
    public List<Path> folders() {
        return List.of(folder);
    }

    @Override
    public Cage create(Sandbox.Limits limits) {
        Path cage = folder.resolve(Long.toString(NEXT.incrementAndGet()));
        try {
            Files.createDirectory(cage);
            if (capsMemory()) {
                Cgroups.write(cage.resolve("memory.max"), Long.toString(limits.memoryBytes()));
                if (Files.exists(cage.resolve("memory.swap.max"))) {
                    Cgroups.write(cage.resolve("memory.swap.max"), "0");
                }
                // The kernel's OOM kill takes the whole tree, not one process of it.
                if (Files.exists(cage.resolve("memory.oom.group"))) {
                    Cgroups.write(cage.resolve("memory.oom.group"), "1");
                }
            }
            if (capsProcesses()) {
                Cgroups.write(cage.resolve("pids.max"), Integer.toString(limits.processes()));
            }
            // The bot group, and no group the bot could make below it.
            Files.createDirectory(cage.resolve(BOT));
            Cgroups.write(cage.resolve("cgroup.max.descendants"), "1");
            FileChannel freeze = FileChannel.open(cage.resolve("cgroup.freeze"), StandardOpenOption.WRITE);
            FileChannel cpu = FileChannel.open(cage.resolve("cpu.stat"), StandardOpenOption.READ);
            return new V2Cage(cage, freeze, cpu, kills);
        } catch (IOException e) {
            Cgroups.remove(cage);
            throw new IllegalStateException("cannot make the bot's cgroups: " + e.getMessage());
        }
    }

    private static final class V2Cage extends CgroupCage {
        private final Path cage;
        private final boolean kills;

        /** {@code cpu.stat} starts with {@code usage_usec N}: microseconds. */
        V2Cage(Path cage, FileChannel freeze, FileChannel cpu, boolean kills) {
            super(List.of(cage), freeze, "1", "0", cpu, "usage_usec ".length(), 1000);
            this.cage = cage;
            this.kills = kills;
        }

        @Override
        public long[] threads() {
            return Cgroups.ids(cage.resolve(BOT).resolve("cgroup.threads")).stream().mapToLong(Long::longValue)
                    .toArray();
        }

        /** A frozen v2 task dies of {@code SIGKILL}: no thaw is needed first. */
        @Override
        public void kill() {
            if (kills) {
                try {
                    Cgroups.write(cage.resolve("cgroup.kill"), "1");
                    return;
                } catch (IOException e) {
                    // Gone already, or a kernel before cgroup.kill: each process is killed below.
                }
            }
            Cgroups.killListed(cage);
        }

        @Override
        public boolean memoryExceeded() {
            return oomKilled(Cgroups.read(cage.resolve("memory.events")));
        }
    }
}
