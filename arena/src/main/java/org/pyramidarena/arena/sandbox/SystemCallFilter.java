package org.pyramidarena.arena.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The system calls a sandboxed bot may not make, and the seccomp program that denies them, which
 * bubblewrap installs ({@code --seccomp}) just before it starts the bot's program: the bot and
 * every process it starts live under it, and nothing can remove it.
 *
 * <p>A deny list modelled on the default profile of container runtimes (Docker, Podman): creating
 * or joining namespaces, mounting, tracing other processes, loading code into the kernel, and the
 * interfaces that kernel exploits favour. A denied call returns an error ({@code EPERM}, or
 * {@code ENOSYS} for {@code clone3}, whose arguments a classic filter cannot read, so that the C
 * library falls back to {@code clone}, whose flags it can); it never kills the caller. Calls of
 * another ABI (32-bit x86 through {@code int 0x80}, x32, 32-bit ARM) get {@code ENOSYS} whatever
 * they are: this table knows only the native numbers, so nothing else may pass.
 *
 * <p>No maintained Java library builds seccomp programs; libseccomp through a native binding would
 * add a native library and a binding for a program of some eighty instructions. The program is
 * generated here from {@link #RULES}, and each rule is checked by a test.
 */
public final class SystemCallFilter {

    /** What a denied call of a family would give a bot. */
    public enum Family {
        /** New or other namespaces: a user namespace makes the bot root of its own world. */
        NAMESPACES,
        /** Mounting and changing the root: with a user namespace, the bot's own cgroup files. */
        MOUNTS,
        /** Reading or changing another process: its memory, its files, its comparison with others. */
        TRACING,
        /** Code run by the kernel: BPF programs, performance counters, modules, a new kernel. */
        KERNEL_CODE,
        /** Interfaces that kernel exploits favour and no bot needs: io_uring, userfaultfd. */
        KERNEL_INTERFACES,
        /** The kernel's key rings, which belong to the referee's user, not to the sandbox. */
        KEYS,
        /** Execution domains: turning off address-space randomisation, executable data. */
        PERSONALITY,
        /** The machine's administration: time, swap, reboot, accounting, the kernel log, quotas. */
        ADMINISTRATION
    }

    /** How a rule treats its call. */
    public enum Check {
        /** Denied whatever its arguments ({@code EPERM}). */
        DENY,
        /** Answered "not implemented" ({@code ENOSYS}), so that the C library uses an older call the filter checks. */
        UNAVAILABLE,
        /** Denied ({@code EPERM}) when its flags (first argument) ask for any new namespace. */
        NAMESPACE_FLAGS,
        /** Allowed for the personalities that change nothing a bot could use, denied ({@code EPERM}) for the rest. */
        PERSONALITY
    }

    /**
     * One system call the filter checks.
     *
     * @param name its name in the kernel's table
     * @param family what it would give a bot
     * @param check how the filter treats it
     * @param x86 its number on x86-64, -1 where that architecture has no such call
     * @param arm its number on aarch64, -1 where that architecture has no such call
     */
    public record Rule(String name, Family family, Check check, int x86, int arm) {
    }

    /** The architectures the filter knows: a sandbox elsewhere is refused rather than run unfiltered. */
    public enum Architecture {
        /** 64-bit x86, whose kernel also takes x32 calls (the number with bit 30 set) and 32-bit calls. */
        X86_64,
        /** 64-bit ARM, little-endian. */
        AARCH64;

        /** The kernel's {@code AUDIT_ARCH_*} value, which a call's {@code seccomp_data.arch} holds. */
        public int audit() {
            return this == X86_64 ? 0xC000003E : 0xC00000B7;
        }

        /** The bit that marks an x32 call's number (x86-64), 0 where there is none. */
        public int x32Bit() {
            return this == X86_64 ? 0x40000000 : 0;
        }

        /** The number of a rule's call here, -1 where there is none. */
        public int number(Rule rule) {
            return this == X86_64 ? rule.x86() : rule.arm();
        }

        /** The architecture this JVM runs on, when the filter knows it. */
        public static Optional<Architecture> ofThisMachine() {
            return switch (System.getProperty("os.arch", "").toLowerCase(Locale.ROOT)) {
                case "amd64", "x86_64" -> Optional.of(X86_64);
                case "aarch64" -> Optional.of(AARCH64);
                default -> Optional.empty();
            };
        }
    }

    /** The namespace flags of {@code clone} (new mount, cgroup, UTS, IPC, user, PID and network namespaces). */
    public static final int NAMESPACE_FLAGS = 0x00020000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000
            | 0x20000000 | 0x40000000;

    /**
     * The personalities a bot may set: Linux, its 32-bit variant, with or without the old kernel
     * version number, and the query {@code 0xffffffff}; never {@code ADDR_NO_RANDOMIZE} or
     * {@code READ_IMPLIES_EXEC}.
     */
    public static final List<Integer> PERSONALITIES = List.of(0x0, 0x0008, 0x20000, 0x20008, 0xffffffff);

    /** The filter's answer to a call it lets through. */
    public static final int ALLOW = 0x7fff0000;
    /** The filter's answer to a denied call: the call fails with {@code EPERM}. */
    public static final int DENIED = 0x00050000 | 1;
    /** The filter's answer to a call of another ABI, and to {@code clone3}: the call fails with {@code ENOSYS}. */
    public static final int UNAVAILABLE = 0x00050000 | 38;

    /** Every call the filter checks, in the order the program tests them. Numbers from the kernel's tables. */
    public static final List<Rule> RULES = List.of(
            new Rule("unshare", Family.NAMESPACES, Check.DENY, 272, 97),
            new Rule("setns", Family.NAMESPACES, Check.DENY, 308, 268),
            new Rule("clone", Family.NAMESPACES, Check.NAMESPACE_FLAGS, 56, 220),
            new Rule("clone3", Family.NAMESPACES, Check.UNAVAILABLE, 435, 435),
            new Rule("mount", Family.MOUNTS, Check.DENY, 165, 40),
            new Rule("umount2", Family.MOUNTS, Check.DENY, 166, 39),
            new Rule("pivot_root", Family.MOUNTS, Check.DENY, 155, 41),
            new Rule("chroot", Family.MOUNTS, Check.DENY, 161, 51),
            new Rule("open_tree", Family.MOUNTS, Check.DENY, 428, 428),
            new Rule("move_mount", Family.MOUNTS, Check.DENY, 429, 429),
            new Rule("fsopen", Family.MOUNTS, Check.DENY, 430, 430),
            new Rule("fsconfig", Family.MOUNTS, Check.DENY, 431, 431),
            new Rule("fsmount", Family.MOUNTS, Check.DENY, 432, 432),
            new Rule("fspick", Family.MOUNTS, Check.DENY, 433, 433),
            new Rule("mount_setattr", Family.MOUNTS, Check.DENY, 442, 442),
            new Rule("open_tree_attr", Family.MOUNTS, Check.DENY, 467, 467),
            new Rule("ptrace", Family.TRACING, Check.DENY, 101, 117),
            new Rule("process_vm_readv", Family.TRACING, Check.DENY, 310, 270),
            new Rule("process_vm_writev", Family.TRACING, Check.DENY, 311, 271),
            new Rule("process_madvise", Family.TRACING, Check.DENY, 440, 440),
            new Rule("kcmp", Family.TRACING, Check.DENY, 312, 272),
            new Rule("pidfd_getfd", Family.TRACING, Check.DENY, 438, 438),
            new Rule("bpf", Family.KERNEL_CODE, Check.DENY, 321, 280),
            new Rule("perf_event_open", Family.KERNEL_CODE, Check.DENY, 298, 241),
            new Rule("init_module", Family.KERNEL_CODE, Check.DENY, 175, 105),
            new Rule("finit_module", Family.KERNEL_CODE, Check.DENY, 313, 273),
            new Rule("delete_module", Family.KERNEL_CODE, Check.DENY, 176, 106),
            new Rule("kexec_load", Family.KERNEL_CODE, Check.DENY, 246, 104),
            new Rule("kexec_file_load", Family.KERNEL_CODE, Check.DENY, 320, 294),
            new Rule("create_module", Family.KERNEL_CODE, Check.DENY, 174, -1),
            new Rule("query_module", Family.KERNEL_CODE, Check.DENY, 178, -1),
            new Rule("get_kernel_syms", Family.KERNEL_CODE, Check.DENY, 177, -1),
            new Rule("io_uring_setup", Family.KERNEL_INTERFACES, Check.DENY, 425, 425),
            new Rule("io_uring_enter", Family.KERNEL_INTERFACES, Check.DENY, 426, 426),
            new Rule("io_uring_register", Family.KERNEL_INTERFACES, Check.DENY, 427, 427),
            new Rule("userfaultfd", Family.KERNEL_INTERFACES, Check.DENY, 323, 282),
            new Rule("keyctl", Family.KEYS, Check.DENY, 250, 219),
            new Rule("add_key", Family.KEYS, Check.DENY, 248, 217),
            new Rule("request_key", Family.KEYS, Check.DENY, 249, 218),
            new Rule("personality", Family.PERSONALITY, Check.PERSONALITY, 135, 92),
            new Rule("open_by_handle_at", Family.ADMINISTRATION, Check.DENY, 304, 265),
            new Rule("acct", Family.ADMINISTRATION, Check.DENY, 163, 89),
            new Rule("swapon", Family.ADMINISTRATION, Check.DENY, 167, 224),
            new Rule("swapoff", Family.ADMINISTRATION, Check.DENY, 168, 225),
            new Rule("reboot", Family.ADMINISTRATION, Check.DENY, 169, 142),
            new Rule("settimeofday", Family.ADMINISTRATION, Check.DENY, 164, 170),
            new Rule("clock_settime", Family.ADMINISTRATION, Check.DENY, 227, 112),
            new Rule("clock_adjtime", Family.ADMINISTRATION, Check.DENY, 305, 266),
            new Rule("sethostname", Family.ADMINISTRATION, Check.DENY, 170, 161),
            new Rule("setdomainname", Family.ADMINISTRATION, Check.DENY, 171, 162),
            new Rule("syslog", Family.ADMINISTRATION, Check.DENY, 103, 116),
            new Rule("quotactl", Family.ADMINISTRATION, Check.DENY, 179, 60),
            new Rule("quotactl_fd", Family.ADMINISTRATION, Check.DENY, 443, 443),
            new Rule("vhangup", Family.ADMINISTRATION, Check.DENY, 153, 58),
            new Rule("lookup_dcookie", Family.ADMINISTRATION, Check.DENY, 212, 18),
            new Rule("nfsservctl", Family.ADMINISTRATION, Check.DENY, 180, 42),
            new Rule("uselib", Family.ADMINISTRATION, Check.DENY, 134, -1),
            new Rule("ustat", Family.ADMINISTRATION, Check.DENY, 136, -1),
            new Rule("sysfs", Family.ADMINISTRATION, Check.DENY, 139, -1),
            new Rule("_sysctl", Family.ADMINISTRATION, Check.DENY, 156, -1),
            new Rule("iopl", Family.ADMINISTRATION, Check.DENY, 172, -1),
            new Rule("ioperm", Family.ADMINISTRATION, Check.DENY, 173, -1));

    /** Offsets in the kernel's {@code struct seccomp_data}: the call's number, its ABI, its first argument's low half. */
    private static final int NUMBER = 0;
    private static final int ABI = 4;
    private static final int FIRST_ARGUMENT = 16;

    private static final Object FILE_LOCK = new Object();
    private static Path file;

    private SystemCallFilter() {
    }

    /** The rule of a call, by name. */
    public static Optional<Rule> rule(String name) {
        return RULES.stream().filter(r -> r.name().equals(name)).findFirst();
    }

    /**
     * The seccomp program for an architecture, as {@code struct sock_filter} entries in the
     * machine's byte order (little-endian on both), the form {@code bwrap --seccomp} reads.
     */
    public static byte[] program(Architecture architecture) {
        Assembler code = new Assembler();
        code.load(ABI);
        code.jumpIfEqual(architecture.audit(), null, "unavailable");
        code.load(NUMBER);
        if (architecture.x32Bit() != 0) {
            code.jumpIfAnySet(architecture.x32Bit(), "unavailable", null);
        }
        for (Rule rule : RULES) {
            int number = architecture.number(rule);
            if (number >= 0) {
                code.jumpIfEqual(number, switch (rule.check()) {
                    case DENY -> "denied";
                    case UNAVAILABLE -> "unavailable";
                    case NAMESPACE_FLAGS -> "namespace flags";
                    case PERSONALITY -> "personality";
                }, null);
            }
        }
        code.answer(ALLOW);
        code.label("namespace flags");
        code.load(FIRST_ARGUMENT);
        code.jumpIfAnySet(NAMESPACE_FLAGS, "denied", "allowed");
        code.label("personality");
        code.load(FIRST_ARGUMENT);
        for (int personality : PERSONALITIES) {
            code.jumpIfEqual(personality, "allowed", null);
        }
        code.label("denied");
        code.answer(DENIED);
        code.label("allowed");
        code.answer(ALLOW);
        code.label("unavailable");
        code.answer(UNAVAILABLE);
        return code.assemble();
    }

    /**
     * The program for this machine in a file that only this user can read and write, written once
     * per JVM and deleted when it exits: the launcher opens it for bubblewrap.
     *
     * @throws IllegalStateException when the filter does not know this machine's architecture
     * @throws UncheckedIOException when the file cannot be written
     */
    public static Path file() {
        synchronized (FILE_LOCK) {
            // Written again when something (a cleaner of temporary files) removed it meanwhile.
            if (file == null || !Files.isRegularFile(file)) {
                Architecture architecture = Architecture.ofThisMachine().orElseThrow(() -> new IllegalStateException(
                        "no system-call filter for this architecture (" + System.getProperty("os.arch") + ")"));
                try {
                    Path written = Files.createTempFile("pyramid-arena-seccomp-", ".bpf");
                    written.toFile().deleteOnExit();
                    Files.write(written, program(architecture));
                    file = written;
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot write the system-call filter: " + e.getMessage(), e);
                }
            }
            return file;
        }
    }

    /**
     * A classic BPF program with named jump targets, resolved when assembled: a jump may reach 255
     * instructions ahead at most, which a table this size stays well within.
     */
    private static final class Assembler {
        private static final int LOAD_WORD = 0x20;
        private static final int JUMP_EQUAL = 0x15;
        private static final int JUMP_ANY_SET = 0x45;
        private static final int RETURN = 0x06;

        /** An instruction; a null target is the next instruction. */
        private record Instruction(int code, String whenTrue, String whenFalse, int operand) {
        }

        private final List<Instruction> instructions = new ArrayList<>();
        private final Map<String, Integer> labels = new HashMap<>();

        void load(int offset) {
            instructions.add(new Instruction(LOAD_WORD, null, null, offset));
        }

        void jumpIfEqual(int value, String whenTrue, String whenFalse) {
            instructions.add(new Instruction(JUMP_EQUAL, whenTrue, whenFalse, value));
        }

        void jumpIfAnySet(int bits, String whenTrue, String whenFalse) {
            instructions.add(new Instruction(JUMP_ANY_SET, whenTrue, whenFalse, bits));
        }

        void answer(int action) {
            instructions.add(new Instruction(RETURN, null, null, action));
        }

        void label(String name) {
            labels.put(name, instructions.size());
        }

        byte[] assemble() {
            ByteBuffer bytes = ByteBuffer.allocate(instructions.size() * 8).order(ByteOrder.LITTLE_ENDIAN);
            for (int at = 0; at < instructions.size(); at++) {
                Instruction instruction = instructions.get(at);
                bytes.putShort((short) instruction.code());
                bytes.put((byte) offset(at, instruction.whenTrue()));
                bytes.put((byte) offset(at, instruction.whenFalse()));
                bytes.putInt(instruction.operand());
            }
            return bytes.array();
        }

        private int offset(int from, String label) {
            if (label == null) {
                return 0;
            }
            Integer target = labels.get(label);
            if (target == null || target <= from || target - from - 1 > 255) {
                throw new IllegalStateException("no forward target '" + label + "' within reach of instruction " + from);
            }
            return target - from - 1;
        }
    }
}
