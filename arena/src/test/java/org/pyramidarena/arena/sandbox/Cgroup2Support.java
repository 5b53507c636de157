package org.pyramidarena.arena.sandbox;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The tests' way to a cgroup v2 group to make cages under ({@link Sandbox#CGROUP2_PROPERTY}): a group
 * {@code pyramid-arena-tests} at the root of the machine's cgroup2 hierarchy, mounted by these tests
 * in a folder of the temporary directory where none is (as root: {@code mount -t cgroup2 none DIR};
 * the mount is left for the next run). On a machine that mounts cgroup v1's controllers the hierarchy
 * offers no memory and pids controllers: the cages then freeze, kill and count CPU time, and the tests
 * of their memory and process caps skip with the reason printed.
 */
public final class Cgroup2Support {

    private static final String GROUP = "pyramid-arena-tests";

    private Cgroup2Support() {
    }

    /** The group, or the calling tests skipped with the reason on standard error. */
    public static Path groupOrSkip() {
        Optional<Path> hierarchy = mounted().or(Cgroup2Support::mount);
        if (hierarchy.isEmpty()) {
            skip("no cgroup2 hierarchy is mounted and none could be (mount -t cgroup2 needs root)");
        }
        Path group = hierarchy.get().resolve(GROUP);
        try {
            Files.createDirectories(group);
        } catch (IOException e) {
            skip("cannot make " + group + ": " + e.getMessage());
        }
        if (!Files.isWritable(group)) {
            skip(group + " is not writable by this user");
        }
        return group;
    }

    /** The controller the group offers, or the calling test skipped with the reason printed. */
    public static void requireController(Path group, String controller) {
        String offered = Cgroups.read(group.resolve("cgroup.controllers")).trim();
        if (!List.of(offered.split("\\s+")).contains(controller)) {
            skip("the cgroup2 hierarchy here offers no " + controller + " controller (it offers '" + offered
                    + "'; on this machine it belongs to cgroup v1)");
        }
    }

    private static void skip(String reason) {
        System.err.println("SKIPPED (cgroup v2 tests): " + reason);
        assumeTrue(false, reason);
    }

    /** A writable cgroup2 mount of this machine. */
    private static Optional<Path> mounted() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/mountinfo"))) {
                String[] fields = line.split(" ");
                int dash = List.of(fields).indexOf("-");
                if (dash > 4 && dash + 1 < fields.length && fields[dash + 1].equals("cgroup2")
                        && fields[3].equals("/") && Files.isWritable(Path.of(fields[4]))) {
                    return Optional.of(Path.of(fields[4]));
                }
            }
        } catch (IOException e) {
            // No mount table: nothing mounted to find.
        }
        return Optional.empty();
    }

    /** The hierarchy mounted in the temporary directory, when this user may mount it. */
    private static Optional<Path> mount() {
        Path folder = Path.of(System.getProperty("java.io.tmpdir"), "pyramid-arena-cgroup2");
        try {
            Files.createDirectories(folder);
            Process mount = new ProcessBuilder("mount", "-t", "cgroup2", "none", folder.toString())
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (mount.waitFor(10, TimeUnit.SECONDS) && mount.exitValue() == 0) {
                return Optional.of(folder);
            }
        } catch (IOException e) {
            // No mount command.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return Optional.empty();
    }
}
