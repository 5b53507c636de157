package org.pyramidarena.arena.bots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.match.MatchListener;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchRunner;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.arena.rogues.Rogues;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.sandbox.SandboxSupport;
import org.pyramidarena.arena.sandbox.SystemCallFilter.Architecture;
import org.pyramidarena.arena.sandbox.SystemCallFilter.Check;
import org.pyramidarena.arena.sandbox.SystemCallFilter.Family;
import org.pyramidarena.arena.sandbox.SystemCallFilter;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.TerminationReason;

/**
 * The rogues of the sandbox's third round (issue 36): bots that try to undo their own sandbox. A
 * nested user namespace made the bot root of a world in which it could mount its own cgroup files
 * and lift its memory cap, its process cap and its CPU account; {@code /dev} was a writable tmpfs
 * of half the machine's memory. Each rogue is a Python {@code cmd:} bot in the style of
 * {@link SandboxSecurityTest}: it reports what got through as a {@code LEAK}, and each test fails
 * when the sandbox lacks its defence (shown by running them with the hardening switched off).
 * One rogue per family of {@link SystemCallFilter}: it makes every call of its family on the real
 * kernel, expecting the filter's error, and with arguments for which the kernel's own answer
 * would be another, so that an answer from the kernel, not the filter, shows.
 *
 * <p>Skipped, with the reason printed, where bubblewrap cannot run; {@code .ci/run} installs it.
 */
class SandboxHardeningTest {

    private static final Rules<?, ?> PYLON = Games.byId("pylon").rules(new GameSetup(2, "standard"));
    private static final TimeControl CLOCK = new TimeControl(2000, 0, 2000);
    private static final String MEMORY = "96m";

    /**
     * Python helpers every system-call rogue shares: {@code denied(name, *args)} makes a call and
     * reports what the filter let through; {@code sweep()} makes the family's other calls.
     */
    private static final String CALLS = """
            import ctypes, errno, platform
            libc = ctypes.CDLL(None, use_errno=True)
            libc.syscall.restype = ctypes.c_long
            FORKS = {"clone", "clone3"}
            tried = set()
            def raw(name, *args):
                ctypes.set_errno(0)
                result = libc.syscall(ctypes.c_long(NR[name]),
                                      *[ctypes.c_long(a) if isinstance(a, int) else a for a in args])
                code = ctypes.get_errno()
                if result == 0 and name in FORKS:
                    os._exit(0)
                if result > 0 and name in FORKS:
                    os.waitpid(result, 0)
                return result, code
            def denied(name, *args, expect=errno.EPERM):
                tried.add(name)
                result, code = raw(name, *args)
                if result >= 0:
                    leak("%s%s succeeded" % (name, args))
                elif code != expect:
                    leak("%s%s reached the kernel: %s" % (name, args, errno.errorcode.get(code, code)))
            def sweep():
                # The rest of the family, with zeros for arguments: each must get the filter's error.
                for name, code in SWEEP:
                    if name not in tried:
                        denied(name, 0, 0, 0, 0, 0, 0, expect=code)
            """;

    /** What each family's rogue tries before the sweep of its other calls. */
    private static final Map<Family, String> ATTACKS = new EnumMap<>(Map.of(
            Family.NAMESPACES, """
                    CLONE_NEWUSER = 0x10000000
                    pid = os.fork()
                    if pid == 0:
                        os._exit(0)
                    os.waitpid(pid, 0)
                    worker = threading.Thread(target=lambda: None)
                    worker.start()
                    worker.join()
                    denied("clone", CLONE_NEWUSER | signal.SIGCHLD, 0, 0, 0, 0)
                    arguments = (ctypes.c_uint64 * 8)(CLONE_NEWUSER, 0, 0, 0, signal.SIGCHLD, 0, 0, 0)
                    denied("clone3", ctypes.byref(arguments), 64, expect=errno.ENOSYS)
                    denied("setns", -1, 0)
                    if subprocess.call(["unshare", "-U", "-r", "true"], stderr=subprocess.DEVNULL) == 0:
                        leak("unshare -U -r made a user namespace")
                    if platform.machine() == "x86_64":
                        # The 32-bit table through int 0x80: unshare is 310 there, not 272.
                        import mmap
                        page = mmap.mmap(-1, 4096, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)
                        page.write(bytes([0xb8, 0x36, 0x01, 0, 0, 0xbb, 0, 0, 0, 0x10, 0xcd, 0x80, 0xc3]))
                        code = ctypes.CFUNCTYPE(ctypes.c_int)(ctypes.addressof(ctypes.c_char.from_buffer(page)))
                        answer = code()
                        if answer != -errno.ENOSYS:
                            leak("the 32-bit unshare answered %d" % answer)
                    denied("unshare", CLONE_NEWUSER)
                    """,
            Family.MOUNTS, """
                    denied("mount", 0, b"/scratch", 1, 0, 0)
                    denied("umount2", b"/scratch", 0x40000000)
                    denied("chroot", b"/nowhere")
                    denied("open_tree", -100, b"/", 0x40000000)
                    denied("mount_setattr", -100, b"/", 0x40000000, 0, 0)
                    if subprocess.call(["unshare", "-U", "-r", "-m", "sh", "-c", "mount -t tmpfs none /scratch"],
                                       stderr=subprocess.DEVNULL) == 0:
                        leak("mounted a tmpfs from a namespace of its own")
                    """,
            Family.TRACING, """
                    child = quiet(["sleep", "30"])
                    try:
                        denied("ptrace", 16, child.pid, 0, 0)
                        denied("process_vm_readv", child.pid, 0, 0, 0, 0, 0)
                        denied("kcmp", os.getpid(), child.pid, 1, 0, 0)
                        handle, _ = raw("pidfd_open", child.pid, 0)
                        if handle < 0:
                            leak("CONTROL: pidfd_open of its own child failed")
                        denied("pidfd_getfd", handle, 0, 0)
                        denied("process_madvise", handle, 0, 0, 20, 0)
                    finally:
                        child.kill()
                        child.wait()
                    """,
            Family.KERNEL_CODE, """
                    denied("perf_event_open", 1, 0, -1, -1, 0)
                    denied("bpf", 5, 1, 0)
                    """,
            Family.KERNEL_INTERFACES, """
                    denied("io_uring_setup", 1, ctypes.create_string_buffer(120))
                    denied("userfaultfd", 1)
                    """,
            Family.KEYS, """
                    denied("keyctl", 0, -4, 0)
                    denied("add_key", 1, 0, 0, 0, -3)
                    denied("request_key", 1, 0, 0, 0)
                    """,
            Family.PERSONALITY, """
                    denied("personality", 0x0040000)
                    denied("personality", 0x0400000)
                    if raw("personality", 0xffffffff)[0] < 0:
                        leak("CONTROL: the personality query failed")
                    """,
            Family.ADMINISTRATION, """
                    denied("settimeofday", 1, 0)
                    denied("clock_settime", 12345, 0)
                    denied("open_by_handle_at", -1, 0, 0)
                    """));

    @TempDir
    Path dir;

    private final List<BotSource> sources = new ArrayList<>();
    private RunDirectory run;
    private static Sandbox sandbox;

    @BeforeAll
    static void needsBubblewrapAndPython() {
        assumeTrue(PythonBotTest.hasPython(), "python3 is not installed; the sandbox's rogues are Python bots");
        sandbox = SandboxSupport.bwrapOrSkip(Sandbox.Limits.DEFAULT.withMemory(Sandbox.parseSize(MEMORY)));
    }

    @AfterEach
    void noProcessIsLeft() throws Exception {
        try (RunDirectory closed = run) {
            sources.forEach(BotSource::close);
        }
        RoguesGalleryTest.assertNoChildProcesses();
    }

    private Path rogue(String name, String setup, String attack) throws IOException {
        String script = SandboxSecurityTest.ROGUE.replace("@SETUP@", setup.strip())
                .replace("@ATTACK@", attack.stripTrailing());
        return Files.writeString(dir.resolve(name + ".py"), script);
    }

    private BotSource load(String bot) {
        return load(bot, BotLoader.DEFAULT_HELLO_MILLIS);
    }

    private BotSource load(String bot, long helloMillis) {
        if (run == null) {
            run = new RunDirectory(dir.resolve("run"));
        }
        BotSource source = new BotLoader(Isolation.PROCESS, sandbox, run, helloMillis).load(bot);
        sources.add(source);
        return source;
    }

    private MatchResult playRandom(BotSource rogue, TimeControl clock) {
        BotSource random = InProcessBotSource.builtIn(BotRegistry.byName("random"));
        List<Contestant> seats = List.of(random.seat("random"), rogue.seat("rogue"));
        try {
            return MatchRunner.run(PYLON, seats, MatchSettings.of(MasterSeed.of(7), clock), MatchListener.NONE);
        } finally {
            seats.forEach(Contestant::close);
        }
    }

    private static void assertPlayedOn(MatchResult result) {
        assertEquals(TerminationReason.NORMAL, result.termination(), result.faultDetail());
        assertTrue(result.actions().stream().filter(a -> a.actor() == 1).count() > 1, "the rogue played on");
    }

    /** The rogue, not its opponent, forfeited for this reason. */
    private static void assertRogueForfeited(TerminationReason reason, MatchResult result) {
        assertEquals(reason, result.termination(), result.faultDetail());
        assertEquals(List.of(1, 2), result.outcome().ranks(), "the rogue, not its opponent, loses");
        assertTrue(result.faultDetail().startsWith("seat 1 (rogue): "), result.faultDetail());
    }

    // ---- the system-call filter, a rogue per family

    @ParameterizedTest
    @EnumSource(Family.class)
    void everyCallOfAFamilyGetsTheFiltersError(Family family) throws Exception {
        Architecture architecture = Architecture.ofThisMachine().orElseThrow();
        Map<String, Integer> numbers = new LinkedHashMap<>();
        List<List<Object>> sweep = new ArrayList<>();
        for (SystemCallFilter.Rule rule : SystemCallFilter.RULES) {
            int number = architecture.number(rule);
            if (number < 0) {
                continue;
            }
            numbers.put(rule.name(), number);
            if (rule.family() == family && (rule.check() == Check.DENY || rule.check() == Check.UNAVAILABLE)) {
                sweep.add(List.of(rule.name(), rule.check() == Check.DENY ? 1 : 38));
            }
        }
        // Not filtered: the tracing rogue opens a handle on its own child with it.
        numbers.put("pidfd_open", 434);
        ObjectMapper json = new ObjectMapper();
        String setup = "NR = " + json.writeValueAsString(numbers) + "\nSWEEP = " + json.writeValueAsString(sweep)
                + "\n" + CALLS;
        Path script = rogue(family.name().toLowerCase(), setup, (ATTACKS.get(family) + "sweep()\n").indent(4));
        assertPlayedOn(playRandom(load("cmd:python3 " + script), CLOCK));
    }

    @Test
    void aBotJvmStartsAndPlaysUnderTheFilterAndCannotUnshare() throws Exception {
        Path jar = TestJars.botJar(dir.resolve("unsharer.jar"), Rogues.Unsharer.class);
        MatchResult result = playRandom(load(jar.toString()), CLOCK);
        assertPlayedOn(result);
    }

    // ---- the cgroup files, from a namespace of its own (issue 36, item 1)

    /**
     * The issue's attack as a Python function, {@code lift(controllers, files)}: a shell run as
     * {@code unshare -U -r -m -C}, root of a new user namespace, mounts its own cgroup's hierarchies
     * (v1 with the first of the controller sets that mounts, and v2) under {@code /scratch} and writes
     * each value into each file it finds; the function returns the names of the files written.
     */
    private static final String LIFTER = """
            import shlex
            def lift(controllers, files):
                script = "\\n".join([
                    "mkdir -p /scratch/cg1 /scratch/cg2",
                    "for option in %s; do mount -t cgroup -o $option none /scratch/cg1 2>/dev/null && break; done"
                        % " ".join(controllers),
                    "mount -t cgroup2 none /scratch/cg2 2>/dev/null",
                    "write() { for f in /scratch/cg1/$1 /scratch/cg2/$1; do [ -f $f ] && echo $2 > $f 2>/dev/null"
                    " && echo $1; done; }"] + ["write %s %s" % (f, v) for f, v in files])
                done = subprocess.run(["unshare", "-U", "-r", "-m", "-C", "sh", "-c", script],
                                      capture_output=True, text=True)
                return done.stdout.split()
            """;

    @Test
    void cannotLiftItsMemoryCapFromANamespaceOfItsOwn() throws Exception {
        Path script = rogue("memory-lifter", LIFTER, """
                    lifted = lift(["memory"], [("memory.memsw.limit_in_bytes", 17179869184),
                                               ("memory.limit_in_bytes", 17179869184),
                                               ("memory.max", "max"), ("memory.swap.max", "max")])
                    if lifted:
                        leak("lifted " + ", ".join(lifted))
                    hoard = b"\\x01" * (300 << 20)
                    leak("held %d MiB past a cap of @CAP@" % (len(hoard) >> 20))
                """.replace("@CAP@", MEMORY));
        MatchResult result = playRandom(load("cmd:python3 " + script), CLOCK);
        // Without a memory cgroup the cap is an address-space limit: the allocation fails in the bot.
        boolean cgroup = sandbox.describe().contains("memory");
        assertRogueForfeited(cgroup ? TerminationReason.MEMORY : TerminationReason.CRASH, result);
    }

    @Test
    void cannotLiftItsProcessCapFromANamespaceOfItsOwn() throws Exception {
        int cap = sandbox.limits().processes();
        boolean capped = sandbox.describe().contains("pids");
        Path script = rogue("pids-lifter", LIFTER + "\nCAP = " + cap + "\nCAPPED = " + (capped ? "True" : "False"), """
                    lifted = lift(["pids"], [("pids.max", "max")])
                    if lifted:
                        leak("lifted " + ", ".join(lifted))
                    release = threading.Event()
                    started = []
                    try:
                        for n in range(CAP + 72):
                            worker = threading.Thread(target=release.wait, daemon=True)
                            worker.start()
                            started.append(worker)
                    except RuntimeError:
                        pass
                    release.set()
                    for worker in started:
                        worker.join()
                    if CAPPED and len(started) >= CAP:
                        leak("ran %d threads under a cap of %d" % (len(started) + 1, CAP))
                """);
        assertPlayedOn(playRandom(load("cmd:python3 " + script), CLOCK));
    }

    @Test
    void cannotZeroItsCpuAccountWhileItBurnsPastTheLimit() throws Exception {
        Path script = rogue("cpu-zeroer", "", """
                    zeroer = "; ".join([
                        "mkdir -p /scratch/cg1",
                        "for option in cpuacct cpu,cpuacct; do mount -t cgroup -o $option none /scratch/cg1 2>/dev/null"
                        " && break; done",
                        "[ -f /scratch/cg1/cpuacct.usage ] || exit 1",
                        "touch /scratch/zeroing",
                        "while :; do echo 0 > /scratch/cg1/cpuacct.usage; sleep 0.02; done"])
                    quiet(["unshare", "-U", "-r", "-m", "-C", "sh", "-c", zeroer])
                    for n in range(25):
                        if os.path.exists("/scratch/zeroing"):
                            break
                        time.sleep(0.02)
                    start = time.thread_time()
                    while time.thread_time() - start < 0.8:
                        pass
                """);
        TimeControl cpu = new TimeControl(400, 0, 0).on(TimeControl.ClockKind.CPU, TimeControl.WallGuard.DEFAULT);
        MatchResult result = playRandom(load("cmd:python3 " + script), cpu);
        assertRogueForfeited(TerminationReason.TIMEOUT, result);
    }

    // ---- /dev and the network namespace (issue 36, item 5)

    @Test
    void devIsReadOnlyAndDevShmIsSmall() throws Exception {
        long shm = Sandbox.SHARED_MEMORY_BYTES;
        Path script = rogue("dev-writer", "SHM = " + shm, """
                    for path in ["/dev/pwned", "/dev/pts/../pwned", "/dev/shm/../pwned"]:
                        try:
                            os.close(os.open(path, os.O_WRONLY | os.O_CREAT))
                            leak("made " + path)
                        except OSError:
                            pass
                    try:
                        os.mkdir("/dev/pwned-folder")
                        leak("made a folder in /dev")
                    except OSError:
                        pass
                    if not os.statvfs("/dev").f_flag & os.ST_RDONLY:
                        leak("/dev is writable")
                    shm = os.statvfs("/dev/shm")
                    if shm.f_blocks * shm.f_frsize > SHM:
                        leak("/dev/shm holds %d MiB" % (shm.f_blocks * shm.f_frsize >> 20))
                    try:
                        from multiprocessing import shared_memory
                        block = shared_memory.SharedMemory(create=True, size=1 << 20)
                        block.close()
                        block.unlink()
                    except OSError as e:
                        leak("CONTROL: no POSIX shared memory: %s" % e)
                    written = 0
                    try:
                        with open("/dev/shm/hoard", "wb") as f:
                            for n in range((SHM >> 20) * 4):
                                f.write(b"\\x01" * (1 << 20))
                                f.flush()
                                written += 1
                    except OSError:
                        pass
                    os.remove("/dev/shm/hoard")
                    if written << 20 > SHM:
                        leak("wrote %d MiB to /dev/shm" % written)
                    with open("/dev/null", "w") as f:
                        f.write("the devices still work")
                """);
        assertPlayedOn(playRandom(load("cmd:python3 " + script), CLOCK));
    }

    @Test
    void itsLoopbackIsItsOwn() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Path script = rogue("loopback", "PORT = " + server.getLocalPort(), """
                    # The port is taken on the machine's loopback, free on the bot's own.
                    try:
                        own = socket.socket()
                        own.bind(("127.0.0.1", PORT))
                        own.listen(1)
                        socket.create_connection(("127.0.0.1", PORT), timeout=1).close()
                        own.close()
                    except OSError as e:
                        leak("CONTROL: its own loopback does not work: %s" % e)
                """);
            assertPlayedOn(playRandom(load("cmd:python3 " + script), CLOCK));
        }
    }

    // ---- listing a JAR (issue 36, item 6)

    @Test
    void aJarWhoseInitialiserNeverEndsFailsToStartInTimeAndIsKilled() throws Exception {
        Path jar = TestJars.botJar(dir.resolve("endless.jar"), Rogues.EndlessInitialiser.class);
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> load(jar.toString(), 3000));
        assertTrue(error.getMessage().contains("did not say hello within 3000 ms"), error.getMessage());
        assertEquals(1, error.getMessage().lines().count(), error.getMessage());
    }
}
