package org.pyramidarena.arena.sandbox;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * How bot processes are confined: with bubblewrap ({@code bwrap}) each bot process gets its own
 * user, PID, network, IPC and UTS namespaces, a read-only file system of the system's programs and
 * libraries plus its own files, one private scratch folder of capped size, a cleared environment,
 * resource limits, and a {@link Cage} that stops it between turns and caps its memory. Without one
 * ({@link #none()}) a bot process runs as the referee's user with everything that user has.
 *
 * <p>A sandboxed bot can neither make namespaces of its own nor change its sandbox: it has no
 * capability, and a {@link SystemCallFilter} holds every process it starts ({@link Hardening}).
 *
 * <p>What a sandboxed bot sees, and why each part is there, is described in
 * {@code docs/security.md}.
 */
public final class Sandbox {

    /** The scratch folder inside the sandbox: the bot's working directory, {@code HOME} and {@code TMPDIR}. */
    public static final String SCRATCH = "/scratch";

    /** The folder inside the sandbox that holds the bot's own JAR or files given by path. */
    public static final String BOT_FOLDER = "/bot";

    /** The {@code PATH} inside the sandbox. */
    public static final String PATH = "/usr/local/bin:/usr/bin:/bin";

    /**
     * The system property naming the bubblewrap program to use, for a build of it outside the
     * {@code PATH}; unset, {@code bwrap} is looked up on the {@code PATH}. Pointed at nothing, the
     * arena behaves as on a machine without bubblewrap (the tests use it so).
     */
    public static final String BWRAP_PROPERTY = "arena.sandbox.bwrap";

    /** The size of a bot's {@code /dev/shm}. */
    public static final long SHARED_MEMORY_BYTES = 16L << 20;

    /**
     * The system property that, set to true, makes the sandbox use no cgroups: the fallback of
     * signals and rlimits, as on a machine where the referee may make none.
     */
    public static final String NO_CGROUPS_PROPERTY = "arena.sandbox.noCgroups";

    /**
     * The system property naming a cgroup v2 group to make the bots' cages under, instead of the
     * referee's own: for an organiser who prepared one, and for tests, which point it at a cgroup2
     * hierarchy mounted where the machine's memory and pids controllers belong to cgroup v1 (the
     * cages then cap what the group offers, which the header lists).
     */
    public static final String CGROUP2_PROPERTY = "arena.sandbox.cgroup2";

    /** What {@link #cage()} says when no cgroups back the cages: the fallback. */
    public static final String FALLBACK_CAGE = "signals and rlimits";

    /** The user and group id a bot runs as inside its sandbox (nobody). */
    private static final String NOBODY = "65534";

    private static final Pattern SIZE = Pattern.compile("([1-9][0-9]*)([kmg]?)");

    /**
     * The limits of one sandboxed bot process tree.
     *
     * @param memoryBytes resident memory of all its processes together, heap and off-heap
     * @param scratchBytes the size of its scratch folder (it lives in memory and counts in memoryBytes)
     * @param processes processes and threads
     * @param openFiles open files per process
     * @param fileSizeBytes the largest file it may write
     */
    public record Limits(long memoryBytes, long scratchBytes, int processes, int openFiles, long fileSizeBytes) {

        /** The default memory cap of a bot, as {@code --bot-memory} takes it. */
        public static final String DEFAULT_MEMORY = "512m";

        /** The defaults: 512 MiB of memory, 64 MiB of scratch, 128 processes and threads, 256 open files, files up to 64 MiB. */
        public static final Limits DEFAULT = new Limits(parseSize(DEFAULT_MEMORY), 64L << 20, 128, 256, 64L << 20);

        /** These limits with another memory cap. */
        public Limits withMemory(long bytes) {
            return new Limits(bytes, scratchBytes, processes, openFiles, fileSizeBytes);
        }

        /** The heap a bot JVM is given inside this cap: half of it, the rest is for the JVM itself and off-heap. */
        public long heapBytes() {
            return memoryBytes / 2;
        }
    }

    /**
     * A size as the command line gives it: a number with an optional {@code k}, {@code m} or {@code g}.
     *
     * @throws IllegalArgumentException when it is not one
     */
    public static long parseSize(String text) {
        var matcher = SIZE.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!matcher.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a memory size (e.g. 512m, 1g)");
        }
        long number = Long.parseLong(matcher.group(1));
        return switch (matcher.group(2)) {
            case "k" -> number << 10;
            case "m" -> number << 20;
            case "g" -> number << 30;
            default -> number;
        };
    }

    /**
     * A file or folder of the referee's machine shown read-only inside the sandbox.
     *
     * @param host where it is on the machine
     * @param inside where the bot sees it
     */
    public record Binding(Path host, String inside) {
    }

    /**
     * A sandboxed process ready to start.
     *
     * @param command the full command line: launcher, limits, bubblewrap, the bot's own command
     * @param cage the cage the launcher puts the process tree in
     * @param environment the launcher's whole environment: bubblewrap, process 1 of the bot's
     *     namespace, keeps the environment it was started with, which the bot can read in
     *     {@code /proc/1/environ}, so the launcher gets nothing of the referee's
     */
    public record Launch(List<String> command, Cage cage, Map<String, String> environment) {
    }

    /**
     * Made on first use, not with this class: Limits.DEFAULT is worked out by this class's
     * parseSize, so a JVM that loads Limits first initialises this class in the middle of Limits,
     * and a constant here would then hold null limits for the rest of the JVM.
     */
    private static final class None {
        static final Sandbox INSTANCE = new Sandbox(null, null, Limits.DEFAULT, true, "none", null);
    }

    private final Path bwrap;
    private final Cgroups cgroups;
    private final Limits limits;
    private final boolean ponder;
    private final String description;
    /** Said once, when the first bot process starts: why {@code auto} runs it without a sandbox; null for none. */
    private final Runnable fallbackWarning;

    private Sandbox(Path bwrap, Cgroups cgroups, Limits limits, boolean ponder, String description,
                    Runnable fallbackWarning) {
        this.bwrap = bwrap;
        this.cgroups = cgroups;
        this.limits = limits;
        this.ponder = ponder;
        this.description = description;
        this.fallbackWarning = fallbackWarning;
    }

    /** No sandbox: bot processes run as the referee's user, awake between turns. */
    public static Sandbox none() {
        return None.INSTANCE;
    }

    /**
     * The sandbox a {@code --sandbox} choice gives on this machine.
     *
     * @param mode the choice
     * @param limits each bot process tree's limits
     * @param ponder true to let bots run between their turns (trusted runs only)
     * @param warn hears one line when {@code auto} falls back to no sandbox, once, as the first bot
     *     process is about to start ({@link #starting()}): a run that plays only built-in bots, or that
     *     stops at bad input first, is not warned of a sandbox it never needed
     * @throws IllegalArgumentException with one line when {@code bwrap} was asked for and cannot run here
     */
    public static Sandbox resolve(SandboxMode mode, Limits limits, boolean ponder, Consumer<String> warn) {
        if (mode == SandboxMode.NONE) {
            return new Sandbox(null, null, limits, true, "none", null);
        }
        Probe probe = Probe.get();
        String problem = probe.problem != null ? probe.problem
                : Hardening.of(probe.bwrap, probe.system, Probe::run).problem();
        if (problem != null) {
            if (mode == SandboxMode.BWRAP) {
                throw new IllegalArgumentException("--sandbox bwrap: " + problem);
            }
            String line = "warning: no sandbox (" + problem + "): bot processes run as this user, with its "
                    + "files, network and processes in reach; see docs/security.md";
            AtomicBoolean said = new AtomicBoolean();
            return new Sandbox(null, null, limits, true, "none", () -> {
                if (said.compareAndSet(false, true)) {
                    warn.accept(line);
                }
            });
        }
        Cgroups cgroups = Boolean.getBoolean(NO_CGROUPS_PROPERTY) ? null : probe.cgroups();
        String cgroup2 = System.getProperty(CGROUP2_PROPERTY);
        if (cgroup2 != null && !Boolean.getBoolean(NO_CGROUPS_PROPERTY)) {
            cgroups = CgroupV2.at(Path.of(cgroup2), false).orElseThrow(() -> new IllegalArgumentException(
                    "--sandbox " + mode.label() + ": " + cgroup2 + " (-D" + CGROUP2_PROPERTY
                            + ") is not a cgroup v2 group this user may write"));
        }
        String cage = cgroups != null ? cgroups.description() : FALLBACK_CAGE;
        return new Sandbox(probe.bwrap, cgroups, limits, ponder, "bwrap " + probe.version + ", " + cage
                + (ponder ? ", bots ponder" : ", bots frozen between turns"), null);
    }

    /**
     * Says that a bot process is about to start in this sandbox: the first time, an {@code auto}
     * sandbox that fell back to none gives its warning.
     */
    public void starting() {
        if (fallbackWarning != null) {
            fallbackWarning.run();
        }
    }

    /** True when bot processes run in bubblewrap. */
    public boolean active() {
        return bwrap != null;
    }

    /** {@code bwrap} or {@code none}: what settings files and replays record. */
    public String label() {
        return active() ? SandboxMode.BWRAP.label() : SandboxMode.NONE.label();
    }

    /**
     * What backs the cages, as settings files and replays record it beside {@link #label()}: {@code
     * cgroup v2}, {@code cgroup v1} or {@value #FALLBACK_CAGE}; null without a sandbox.
     */
    public String cage() {
        return !active() ? null : cgroups != null ? cgroups.label() : FALLBACK_CAGE;
    }

    /**
     * The options a bot JVM is started with in this sandbox, besides its heap: none where a memory
     * cgroup caps the whole tree; in the fallback, where only each process's writable memory is
     * capped ({@code RLIMIT_DATA}), caps of the JVM's own for its metaspace, code cache and direct
     * buffers, so that a JVM that grows fails with an error of its own rather than at random.
     */
    public List<String> jvmOptions() {
        if (!active() || cgroups != null && cgroups.capsMemory()) {
            return List.of();
        }
        long memory = limits.memoryBytes();
        return List.of("-XX:MaxMetaspaceSize=" + Math.max(32, memory / 8 >> 20) + "m",
                "-XX:CompressedClassSpaceSize=" + Math.max(16, memory / 16 >> 20) + "m",
                "-XX:ReservedCodeCacheSize=" + Math.max(16, memory / 16 >> 20) + "m",
                "-XX:MaxDirectMemorySize=" + Math.max(8, memory / 16 >> 20) + "m");
    }

    /** A line for a run's header: the sandbox, what backs its cages, whether bots are frozen between turns. */
    public String describe() {
        return description;
    }

    /** The cgroups behind the cages, null for the fallback and without a sandbox; for the tests. */
    Cgroups cgroups() {
        return cgroups;
    }

    /** The limits of each bot process tree. */
    public Limits limits() {
        return limits;
    }

    /** True when a bot is stopped between its answer and its next turn. */
    public boolean freezesBetweenTurns() {
        return active() && !ponder;
    }

    /**
     * Wraps a bot's command line in the sandbox.
     *
     * @param command the bot's command as it runs inside (paths as the bot sees them)
     * @param files the bot's own files, shown read-only
     * @param java true when the command is a JVM: in the fallback it is capped by its writable memory,
     *     never by its address space, which a JVM reserves far beyond what it uses
     * @throws IllegalStateException when the sandbox is not {@link #active()} or the cage cannot be made
     */
    public Launch prepare(List<String> command, List<Binding> files, boolean java) {
        if (!active()) {
            throw new IllegalStateException("no sandbox");
        }
        Cage cage = cgroups != null ? cgroups.create(limits) : new SignalCage();
        List<String> full = new ArrayList<>();
        // The launcher joins the cage's groups itself, then becomes the limits and the sandbox: every
        // process the bot starts is in the groups from the first instruction.
        full.addAll(List.of("/bin/sh", "-c",
                "while [ \"$1\" != -- ]; do echo $$ > \"$1\" || exit 125; shift; done; shift; exec \"$@\"",
                "arena-sandbox"));
        full.addAll(cage.joinFiles());
        full.add("--");
        full.add(Probe.get().prlimit.toString());
        full.add("--nofile=" + limits.openFiles() + ":" + limits.openFiles());
        full.add("--fsize=" + limits.fileSizeBytes() + ":" + limits.fileSizeBytes());
        if (!(cgroups != null && cgroups.capsProcesses()) && !isRoot()) {
            // Counted per user, which is why it is only the fallback (and meaningless for root).
            full.add("--nproc=" + limits.processes() + ":" + limits.processes());
        }
        if (cgroups == null || !cgroups.capsMemory()) {
            // No memory group: each process's writable memory is capped. A JVM reserves address space
            // far beyond what it uses (a gigabyte of class space alone), so only other programs get an
            // address-space cap too, which also counts their shared mappings.
            long memory = limits.memoryBytes();
            full.add("--data=" + memory + ":" + memory);
            if (!java) {
                full.add("--as=" + memory + ":" + memory);
            }
        }
        full.add("--");
        full.addAll(bubblewrap(files));
        full.add("--");
        full.addAll(command);
        return new Launch(List.copyOf(full), cage, Map.of("PATH", "/usr/bin:/bin"));
    }

    private List<String> bubblewrap(List<Binding> files) {
        Probe probe = Probe.get();
        List<String> args = new ArrayList<>(Hardening.opener(bwrap));
        args.addAll(List.of("--unshare-all", "--uid", NOBODY, "--gid", NOBODY, "--hostname", "bot",
                "--die-with-parent", "--new-session", "--clearenv",
                "--setenv", "PATH", PATH, "--setenv", "HOME", SCRATCH, "--setenv", "TMPDIR", SCRATCH,
                "--setenv", "LANG", "C.UTF-8"));
        args.addAll(Hardening.of(bwrap, probe.system, Probe::run).arguments());
        args.addAll(probe.system);
        // /dev read-only but for a small /dev/shm (POSIX shared memory and semaphores), which like
        // /scratch lives in memory and counts against the bot's cap.
        args.addAll(List.of("--proc", "/proc", "--dev", "/dev",
                "--perms", "01777", "--size", Long.toString(SHARED_MEMORY_BYTES), "--tmpfs", "/dev/shm",
                "--remount-ro", "/dev",
                "--perms", "01777", "--size", Long.toString(limits.scratchBytes()), "--tmpfs", SCRATCH,
                "--symlink", SCRATCH, "/tmp"));
        for (Binding file : files) {
            args.addAll(List.of("--ro-bind", file.host().toString(), file.inside()));
        }
        // The root holding the mount points becomes read-only too: /scratch is the one place to write.
        args.addAll(List.of("--remount-ro", "/", "--chdir", SCRATCH));
        return args;
    }

    private static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    /** A program on the {@code PATH} or in the system's folders. */
    static Optional<Path> onPath(String program) {
        String path = System.getenv("PATH");
        Stream<String> folders = Stream.concat(path == null ? Stream.empty() : Stream.of(path.split(File.pathSeparator)),
                Stream.of("/usr/bin", "/bin", "/usr/sbin", "/sbin"));
        return folders.filter(f -> !f.isEmpty()).map(f -> Path.of(f, program))
                .filter(Files::isExecutable).findFirst();
    }

    /** What this machine offers, found once per JVM: bubblewrap, prlimit, cgroups, the system's folders. */
    private static final class Probe {
        private static volatile Probe instance;

        final Path bwrap;
        final Path prlimit;
        final String version;
        /** The cgroups found, once {@link #cgroups()} has looked. */
        private Cgroups cgroups;
        private boolean cgroupsFound;
        final List<String> system;
        final String problem;
        /** The {@link #BWRAP_PROPERTY} this probe was made for. */
        final String setting = System.getProperty(BWRAP_PROPERTY);

        private Probe(Path bwrap, Path prlimit, String version, List<String> system, String problem) {
            this.bwrap = bwrap;
            this.prlimit = prlimit;
            this.version = version;
            this.system = system;
            this.problem = problem;
        }

        static Probe get() {
            Probe probe = instance;
            if (probe == null || !Objects.equals(probe.setting, System.getProperty(BWRAP_PROPERTY))) {
                synchronized (Probe.class) {
                    probe = instance;
                    if (probe == null || !Objects.equals(probe.setting, System.getProperty(BWRAP_PROPERTY))) {
                        probe = make();
                        instance = probe;
                    }
                }
            }
            return probe;
        }

        private static Probe make() {
            String setting = System.getProperty(BWRAP_PROPERTY);
            Optional<Path> bwrap = setting == null ? onPath("bwrap")
                    : Optional.of(Path.of(setting)).filter(Files::isExecutable);
            if (bwrap.isEmpty()) {
                return failed(setting == null ? "bubblewrap (bwrap) is not installed"
                        : "bubblewrap is not at " + setting + " (-D" + BWRAP_PROPERTY + ")");
            }
            Optional<Path> prlimit = onPath("prlimit");
            if (prlimit.isEmpty()) {
                return failed("prlimit (util-linux) is not installed");
            }
            List<String> system = systemBindings();
            List<String> probe = new ArrayList<>(List.of(bwrap.get().toString(), "--unshare-all", "--uid", NOBODY,
                    "--gid", NOBODY, "--die-with-parent", "--clearenv"));
            probe.addAll(system);
            probe.addAll(List.of("--proc", "/proc", "--dev", "/dev", "--", "/bin/sh", "-c", "exit 0"));
            String problem = run(probe);
            if (problem != null) {
                return failed("bubblewrap cannot run here (" + problem + ")");
            }
            String version = run(List.of(bwrap.get().toString(), "--version"));
            return new Probe(bwrap.get(), prlimit.get(), version == null ? "?" : version.replace("bubblewrap", "").trim(),
                    system, null);
        }

        /**
         * The cgroups this referee makes its cages in: cgroup v2 where its group (its own as root,
         * the one delegated to it as a user) offers memory and pids and it may write there; cgroup
         * v1's memory and freezer hierarchies otherwise (a machine of cgroup v1, or a hybrid one
         * whose memory controller is v1's); null when neither.
         */
        synchronized Cgroups cgroups() {
            if (!cgroupsFound) {
                cgroupsFound = true;
                Optional<CgroupV2> v2 = CgroupV2.ownGroup().flatMap(group -> CgroupV2.at(group, true));
                cgroups = v2.isPresent() ? v2.get() : CgroupV1.detect().orElse(null);
            }
            return cgroups;
        }

        private static Probe failed(String problem) {
            return new Probe(null, null, null, List.of(), problem);
        }

        /**
         * Runs a short command: null when it succeeded for the probe, else its first output line;
         * for {@code --version}, its output.
         */
        private static String run(List<String> command) {
            try {
                Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
                String output = new String(process.getInputStream().readAllBytes()).strip();
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    return "no answer in 10 s";
                }
                if (command.contains("--version")) {
                    return output;
                }
                return process.exitValue() == 0 ? null
                        : output.isEmpty() ? "exit status " + process.exitValue() : output.lines().findFirst().orElse("");
            } catch (IOException e) {
                return e.getMessage();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return "interrupted";
            }
        }

        /**
         * The system's part of every sandbox: {@code /usr} and the top-level folders that point into
         * it, the dynamic linker's cache, the alternatives links, and the referee's JDK with the
         * configuration files it links to outside itself. Nothing else of {@code /etc}, no home.
         */
        private static List<String> systemBindings() {
            List<String> args = new ArrayList<>(List.of("--ro-bind", "/usr", "/usr"));
            for (String top : List.of("bin", "sbin", "lib", "lib32", "lib64", "libx32")) {
                Path path = Path.of("/", top);
                try {
                    if (Files.isSymbolicLink(path)) {
                        args.addAll(List.of("--symlink", Files.readSymbolicLink(path).toString(), path.toString()));
                    } else if (Files.isDirectory(path)) {
                        args.addAll(List.of("--ro-bind", path.toString(), path.toString()));
                    }
                } catch (IOException e) {
                    // Unreadable: left out.
                }
            }
            for (String file : List.of("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives")) {
                args.addAll(List.of("--ro-bind-try", file, file));
            }
            Set<Path> jdk = new LinkedHashSet<>();
            try {
                Path home = Path.of(System.getProperty("java.home")).toRealPath();
                if (!home.startsWith("/usr")) {
                    jdk.add(home);
                }
                try (Stream<Path> files = Files.walk(home, 4)) {
                    files.filter(Files::isSymbolicLink).forEach(link -> {
                        try {
                            Path target = link.toRealPath();
                            if (!target.startsWith(home) && !target.startsWith("/usr")) {
                                jdk.add(target);
                            }
                        } catch (IOException e) {
                            // A dangling link: nothing to show.
                        }
                    });
                }
            } catch (IOException e) {
                // No JDK to show: bot JARs will not start, and say so in their log.
            }
            for (Path path : jdk) {
                args.addAll(List.of("--ro-bind-try", path.toString(), path.toString()));
            }
            return List.copyOf(args);
        }
    }
}
