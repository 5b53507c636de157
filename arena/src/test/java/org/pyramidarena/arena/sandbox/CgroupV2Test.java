package org.pyramidarena.arena.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Where the referee makes its cgroup v2 cages (issue 36): on a machine of cgroup v2 the probe picks
 * the referee's own group, which is the group it was started in as root and the subtree systemd
 * delegated to it as a user, read from {@code /proc/self/cgroup} below the cgroup2 mount of {@code
 * /proc/self/mountinfo}; a group that holds processes is emptied into {@code pyramid-arena/referees}
 * first. The parsing is tested on the files of such machines; the rest where this machine's cgroup2
 * hierarchy offers the memory and pids controllers (skipped, with the reason printed, where they
 * belong to cgroup v1).
 */
class CgroupV2Test {

    private static final String MOUNT = "30 23 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:4 - "
            + "cgroup2 cgroup2 rw,nsdelegate,memory_recursiveprot";

    @Test
    void aUserInADelegatedScopeMakesItsCagesThere() {
        String scope = "/user.slice/user-1000.slice/user@1000.service/app.slice/run-u7.scope";
        assertEquals(Optional.of(Path.of("/sys/fs/cgroup" + scope)),
                CgroupV2.ownGroup(List.of("0::" + scope), List.of(MOUNT)));
    }

    @Test
    void rootMakesItsCagesInItsOwnGroupAndAContainerInItsNamespacesRoot() {
        assertEquals(Optional.of(Path.of("/sys/fs/cgroup/system.slice/arena.service")),
                CgroupV2.ownGroup(List.of("0::/system.slice/arena.service"), List.of(MOUNT)));
        assertEquals(Optional.of(Path.of("/sys/fs/cgroup")), CgroupV2.ownGroup(List.of("0::/"), List.of(MOUNT)));
    }

    @Test
    void aRefereeStartedFromTheGroupOfDisplacedProcessesUsesTheGroupTheyCameFrom() {
        assertEquals(Optional.of(Path.of("/sys/fs/cgroup/system.slice/arena.service")), CgroupV2.ownGroup(
                List.of("0::/system.slice/arena.service/pyramid-arena/referees"), List.of(MOUNT)));
    }

    @Test
    void aHybridMachinesUnifiedHierarchyIsFoundWhereverItIsMounted() {
        List<String> cgroup = List.of("4:memory:/user.slice", "1:name=systemd:/user.slice/session-2.scope",
                "0::/user.slice/session-2.scope");
        List<String> mountinfo = List.of("35 25 0:30 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory",
                "41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw",
                "52 41 0:38 / /mnt/my\\040cgroups rw - cgroup2 none rw");
        assertEquals(Optional.of(Path.of("/sys/fs/cgroup/unified/user.slice/session-2.scope")),
                CgroupV2.ownGroup(cgroup, mountinfo));
        assertEquals(Optional.of(Path.of("/mnt/my cgroups/user.slice/session-2.scope")),
                CgroupV2.ownGroup(cgroup, mountinfo.subList(2, 3)));
    }

    @Test
    void noGroupWithoutACgroup2MountOrOutsideTheMountsRoot() {
        assertEquals(Optional.empty(), CgroupV2.ownGroup(List.of("0::/a"),
                List.of("35 25 0:30 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory")));
        assertEquals(Optional.empty(), CgroupV2.ownGroup(List.of("4:memory:/a"), List.of(MOUNT)));
        assertEquals(Optional.empty(), CgroupV2.ownGroup(List.of("0::/other/b"),
                List.of("30 23 0:26 /mine /sys/fs/cgroup rw - cgroup2 cgroup2 rw")));
        assertEquals(Optional.of(Path.of("/sys/fs/cgroup/b")), CgroupV2.ownGroup(List.of("0::/mine/b"),
                List.of("30 23 0:26 /mine /sys/fs/cgroup rw - cgroup2 cgroup2 rw")));
        assertEquals(Optional.empty(), CgroupV2.ownGroup(List.of("0::/../../elsewhere"), List.of(MOUNT)));
    }

    @Test
    void theProbeChoosesCgroupV2WhereTheRefereesGroupOffersMemoryAndPids() {
        Optional<Path> own = CgroupV2.ownGroup();
        boolean offers = own.isPresent() && Files.isWritable(own.get()) && List.of(Cgroups.read(
                own.get().resolve("cgroup.controllers")).trim().split("\\s+")).containsAll(CgroupV2.CONTROLLERS);
        if (!offers) {
            String reason = "this process's cgroup v2 group (" + own.map(Path::toString).orElse("none")
                    + ") does not offer memory and pids to this user: the probe rightly chooses another cage here";
            System.err.println("SKIPPED (cgroup v2 tests): " + reason);
            assumeTrue(false, reason);
        }
        assumeTrue(System.getProperty(Sandbox.CGROUP2_PROPERTY) == null && !Boolean.getBoolean(Sandbox.NO_CGROUPS_PROPERTY),
                "the run chooses its cage itself");
        assertEquals("cgroup v2", SandboxSupport.bwrapOrSkip(Sandbox.Limits.DEFAULT).cage());
    }

    @Test
    void aGroupHoldingProcessesIsEmptiedIntoRefereesBeforeItHandsItsControllersDown() throws Exception {
        Path tests = Cgroup2Support.groupOrSkip();
        Cgroup2Support.requireController(tests, "memory");
        Cgroup2Support.requireController(tests, "pids");
        Cgroups.write(tests.resolve("cgroup.subtree_control"), "+memory +pids");
        Path delegated = Files.createDirectories(tests.resolve("delegated-" + ProcessHandle.current().pid()));
        Process resident = new ProcessBuilder("sleep", "60").start();
        try {
            Cgroups.write(delegated.resolve("cgroup.procs"), Long.toString(resident.pid()));
            CgroupV2 cages = CgroupV2.at(delegated, true).orElseThrow();
            assertEquals(List.of(resident.pid()), Cgroups.ids(delegated.resolve("pyramid-arena/referees/cgroup.procs")));
            assertTrue(Cgroups.read(delegated.resolve("cgroup.subtree_control")).contains("memory"));
            Cage cage = cages.create(Sandbox.Limits.DEFAULT);
            Path group = Path.of(cage.joinFiles().get(0)).getParent().getParent();
            assertEquals(Long.toString(Sandbox.Limits.DEFAULT.memoryBytes()), Cgroups.read(group.resolve("memory.max")).trim());
            assertEquals("128", Cgroups.read(group.resolve("pids.max")).trim());
            cage.kill();
            cage.release();
        } finally {
            resident.destroyForcibly();
            resident.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
