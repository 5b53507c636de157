package org.pyramidarena.arena.sandbox;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.pyramidarena.arena.sandbox.SystemCallFilter.Architecture;
import org.pyramidarena.arena.sandbox.SystemCallFilter.Check;
import org.pyramidarena.arena.sandbox.SystemCallFilter.Rule;

/**
 * The system-call filter's program, run on an interpreter of classic BPF as the kernel runs it:
 * a test per rule on each architecture (a denied call gets its error, the arguments a rule checks
 * decide), the calls outside the table pass, calls of another ABI get nothing, and the table's
 * numbers are the kernel's (where its headers are installed). That the kernel installs it and the
 * bots live under it is {@code SandboxHardeningTest}'s.
 */
class SystemCallFilterTest {

    private static final int I386 = 0x40000003;
    private static final int ARM = 0x40000028;
    private static final int SIGCHLD = 17;
    /** What glibc's pthread_create gives clone: shared memory, files, signal handlers, a thread of the process. */
    private static final int THREAD_FLAGS = 0x003d0f00;

    /** The program's answer to one call, as the kernel would compute it. */
    private static int answer(Architecture architecture, int abi, int number, long firstArgument) {
        ByteBuffer code = ByteBuffer.wrap(SystemCallFilter.program(architecture)).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer data = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
        data.putInt(0, number).putInt(4, abi).putLong(16, firstArgument);
        int accumulator = 0;
        for (int at = 0; at < code.capacity() / 8; ) {
            int operation = code.getShort(at * 8) & 0xffff;
            int whenTrue = code.get(at * 8 + 2) & 0xff;
            int whenFalse = code.get(at * 8 + 3) & 0xff;
            int operand = code.getInt(at * 8 + 4);
            switch (operation) {
                case 0x20 -> {
                    accumulator = data.getInt(operand);
                    at++;
                }
                case 0x15 -> at += 1 + (accumulator == operand ? whenTrue : whenFalse);
                case 0x45 -> at += 1 + ((accumulator & operand) != 0 ? whenTrue : whenFalse);
                case 0x06 -> {
                    return operand;
                }
                default -> fail("unknown instruction " + Integer.toHexString(operation) + " at " + at);
            }
        }
        return fail("the program ran past its end");
    }

    private static int answer(Architecture architecture, int number, long firstArgument) {
        return answer(architecture, architecture.audit(), number, firstArgument);
    }

    static Stream<Arguments> rules() {
        List<Arguments> cases = new ArrayList<>();
        for (Architecture architecture : Architecture.values()) {
            for (Rule rule : SystemCallFilter.RULES) {
                if (architecture.number(rule) >= 0) {
                    cases.add(Arguments.of(rule.name(), architecture));
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("rules")
    void eachRuleGivesItsCallItsAnswer(String name, Architecture architecture) {
        Rule rule = SystemCallFilter.rule(name).orElseThrow();
        int number = architecture.number(rule);
        switch (rule.check()) {
            case DENY -> {
                assertEquals(SystemCallFilter.DENIED, answer(architecture, number, 0));
                assertEquals(SystemCallFilter.DENIED, answer(architecture, number, -1));
            }
            case UNAVAILABLE -> assertEquals(SystemCallFilter.UNAVAILABLE, answer(architecture, number, 0));
            case NAMESPACE_FLAGS -> {
                for (int bit = 0; bit < 32; bit++) {
                    int flag = 1 << bit;
                    boolean namespace = (SystemCallFilter.NAMESPACE_FLAGS & flag) != 0;
                    assertEquals(namespace ? SystemCallFilter.DENIED : SystemCallFilter.ALLOW,
                            answer(architecture, number, flag | SIGCHLD), "flag " + Integer.toHexString(flag));
                }
                assertEquals(SystemCallFilter.ALLOW, answer(architecture, number, SIGCHLD), "a fork");
                assertEquals(SystemCallFilter.ALLOW, answer(architecture, number, THREAD_FLAGS), "a thread");
                assertEquals(SystemCallFilter.DENIED, answer(architecture, number, 0x10000000L | THREAD_FLAGS));
                // The kernel reads the low half of the flags alone; so does the filter.
                assertEquals(SystemCallFilter.ALLOW, answer(architecture, number, 0x10000000L << 32 | SIGCHLD));
            }
            case PERSONALITY -> {
                for (int allowed : SystemCallFilter.PERSONALITIES) {
                    assertEquals(SystemCallFilter.ALLOW, answer(architecture, number, allowed & 0xffffffffL),
                            Integer.toHexString(allowed));
                }
                // ADDR_NO_RANDOMIZE, READ_IMPLIES_EXEC, both with Linux's, another execution domain (BSD).
                for (long denied : new long[] {0x0040000, 0x0400000, 0x0440000, 0x0040008, 0x0006}) {
                    assertEquals(SystemCallFilter.DENIED, answer(architecture, number, denied), Long.toHexString(denied));
                }
            }
            default -> fail("a check without a test: " + rule.check());
        }
    }

    @ParameterizedTest
    @EnumSource(Architecture.class)
    void callsOutsideTheTablePass(Architecture architecture) {
        // read, write, openat, mmap, futex, exit_group, getpid, execve, wait4.
        int[] numbers = architecture == Architecture.X86_64 ? new int[] {0, 1, 257, 9, 202, 231, 39, 59, 61}
                : new int[] {63, 64, 56, 222, 98, 94, 172, 221, 260};
        for (int number : numbers) {
            for (Rule rule : SystemCallFilter.RULES) {
                assertTrue(architecture.number(rule) != number, rule.name() + " has the number of an ordinary call");
            }
            assertEquals(SystemCallFilter.ALLOW, answer(architecture, number, 0), "call " + number);
        }
    }

    @Test
    void callsOfAnotherAbiGetNothing() {
        // The 32-bit table through int 0x80: getpid (20) and unshare (310), which is 272 in the 64-bit one.
        assertEquals(SystemCallFilter.UNAVAILABLE, answer(Architecture.X86_64, I386, 20, 0));
        assertEquals(SystemCallFilter.UNAVAILABLE, answer(Architecture.X86_64, I386, 310, 0x10000000));
        // x32: the 64-bit ABI's number with bit 30 set.
        assertEquals(SystemCallFilter.UNAVAILABLE, answer(Architecture.X86_64, 0x40000000 | 39, 0));
        assertEquals(SystemCallFilter.UNAVAILABLE, answer(Architecture.X86_64, 0x40000000 | 272, 0x10000000));
        assertEquals(SystemCallFilter.UNAVAILABLE, answer(Architecture.AARCH64, ARM, 20, 0));
        // A program is for one architecture: another's calls get nothing.
        assertEquals(SystemCallFilter.UNAVAILABLE,
                answer(Architecture.AARCH64, Architecture.X86_64.audit(), 0, 0));
        assertEquals(SystemCallFilter.UNAVAILABLE,
                answer(Architecture.X86_64, Architecture.AARCH64.audit(), 63, 0));
    }

    @Test
    void everyFamilyHasACallAndNoCallTwoRules() {
        for (SystemCallFilter.Family family : SystemCallFilter.Family.values()) {
            assertTrue(SystemCallFilter.RULES.stream().anyMatch(r -> r.family() == family), family + " has no call");
        }
        for (Architecture architecture : Architecture.values()) {
            Map<Integer, String> seen = new HashMap<>();
            for (Rule rule : SystemCallFilter.RULES) {
                int number = architecture.number(rule);
                if (number >= 0) {
                    String before = seen.put(number, rule.name());
                    assertEquals(null, before, rule.name() + " and " + before + " share " + number + " on " + architecture);
                }
            }
        }
        assertEquals(1, SystemCallFilter.RULES.stream().filter(r -> r.check() == Check.UNAVAILABLE).count(),
                "only clone3 answers ENOSYS");
    }

    /**
     * The table's numbers against the kernel's own, from Debian's {@code linux-libc-dev}: the
     * x86-64 table, and the generic one that aarch64 uses. Calls newer than the headers are listed.
     */
    @Test
    void theNumbersAreTheKernels() throws IOException {
        Map<Architecture, Path> headers = Map.of(
                Architecture.X86_64, Path.of("/usr/include/x86_64-linux-gnu/asm/unistd_64.h"),
                Architecture.AARCH64, Path.of("/usr/include/asm-generic/unistd.h"));
        boolean any = false;
        List<String> newer = new ArrayList<>();
        for (Architecture architecture : Architecture.values()) {
            Path header = headers.get(architecture);
            if (!Files.isReadable(header)) {
                System.err.println("SKIPPED (system-call numbers on " + architecture + "): no " + header
                        + "; install Debian's linux-libc-dev to check them");
                continue;
            }
            any = true;
            Map<String, Integer> kernel = new HashMap<>();
            Matcher define = Pattern.compile("#define __NR(?:3264)?_(\\w+)\\s+(\\d+)").matcher(Files.readString(header));
            while (define.find()) {
                kernel.put(define.group(1), Integer.parseInt(define.group(2)));
            }
            for (Rule rule : SystemCallFilter.RULES) {
                Integer number = kernel.get(rule.name());
                if (number == null) {
                    newer.add(rule.name() + " (" + architecture + ")");
                    assertTrue(architecture.number(rule) == -1 || architecture.number(rule) > 450,
                            rule.name() + " is not in " + header + " but has an old number");
                } else {
                    assertEquals(number.intValue(), architecture.number(rule), rule.name() + " on " + architecture);
                }
            }
        }
        assumeTrue(any, "no kernel headers to check the numbers against");
        System.err.println("system-call numbers newer than this machine's headers, not checked: " + newer);
    }

    @Test
    void theFileHoldsThisMachinesProgramForItsUserAlone() throws IOException {
        Architecture architecture = Architecture.ofThisMachine().orElse(null);
        assumeTrue(architecture != null, "the filter does not know this machine's architecture");
        Path file = SystemCallFilter.file();
        assertArrayEquals(SystemCallFilter.program(architecture), Files.readAllBytes(file));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertTrue(SystemCallFilter.program(architecture).length / 8 < 4096, "within the kernel's limit");
    }
}
