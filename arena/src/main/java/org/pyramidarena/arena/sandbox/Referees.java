package org.pyramidarena.arena.sandbox;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whose groups are whose: each referee keeps its bots' groups in a folder named after its process,
 * {@code referee-PID-START} (START: when the process started, in clock ticks since boot, from field
 * 22 of {@code /proc/PID/stat}), so that a later referee can tell a dead one's leftovers from a live
 * one's even when the dead one's process id has been given to another process since.
 */
final class Referees {

    private static final Pattern NAME = Pattern.compile("referee-(\\d+)-(\\d+)");
    /** The groups of arenas before this naming: {@code PID-N} and {@code PID-keep}. */
    private static final Pattern OLD_NAME = Pattern.compile("(\\d+)-(\\d+|keep)");

    private static final String SELF = name(ProcessHandle.current().pid());

    private Referees() {
    }

    /** This referee's folder name. */
    static String self() {
        return SELF;
    }

    /** The folder name of a live process, by its id. */
    private static String name(long pid) {
        return "referee-" + pid + "-" + startTicks(pid).orElse(0);
    }

    /**
     * True when a folder was made by a referee whose process has ended: a folder in this naming
     * whose process is gone or is another process now, or an older arena's group whose process is
     * gone. Any other name is not ours and never dead.
     */
    static boolean isDead(String folder) {
        Matcher current = NAME.matcher(folder);
        if (current.matches()) {
            long pid = Long.parseLong(current.group(1));
            OptionalLong start = startTicks(pid);
            return start.isEmpty() || start.getAsLong() != Long.parseLong(current.group(2));
        }
        Matcher old = OLD_NAME.matcher(folder);
        return old.matches() && ProcessHandle.of(Long.parseLong(old.group(1))).map(p -> !p.isAlive()).orElse(true);
    }

    /** When a process started, in clock ticks since boot; empty when there is no such process. */
    static OptionalLong startTicks(long pid) {
        String stat;
        try {
            stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.US_ASCII);
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
        // After the command's closing parenthesis: state is field 3, starttime field 22.
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        try {
            return fields.length > 19 ? OptionalLong.of(Long.parseLong(fields[19])) : OptionalLong.empty();
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }
}
