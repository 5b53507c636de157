package org.pyramidarena.arena.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Ends the bots of a referee that has ended, however it ended. A referee's groups are a folder per
 * cgroup hierarchy ({@link Referees}); reaping one kills every process in every group below it,
 * thaws the groups (a task frozen by a cgroup v1 freezer does not die of {@code SIGKILL} until it is
 * thawed), and removes them.
 *
 * <p>Two things reap. A watchdog, a shell started with the referee's first group, outside every bot's
 * group and in a session of its own, which ignores the terminal's signals and waits for the end of a
 * pipe only the referee holds: whatever ends the referee ({@code kill -9}, a crash, Ctrl-C) closes
 * the pipe, and the watchdog reaps within a second. And every later start of the arena, which reaps
 * the folders of dead referees it finds beside its own (for a watchdog that was killed too, by a
 * kill of the whole process group or control group), and never a live referee's.
 */
final class Reaper {

    /**
     * The reaping, in POSIX shell: {@code arena-reaper watch FOLDER...} waits for the end of its
     * standard input first, {@code arena-reaper now FOLDER...} does not. Killing comes before thawing,
     * so that no process runs between the two; the rounds repeat for processes forked meanwhile.
     */
    static final String SCRIPT = """
            trap '' INT TERM HUP QUIT PIPE
            mode=$1
            shift
            if [ "$mode" = watch ]; then
              while read -r line; do :; done
            fi
            kill_below() {
              for g in "$1"/*/; do [ -d "$g" ] && kill_below "${g%/}"; done
              [ -f "$1/cgroup.kill" ] && echo 1 > "$1/cgroup.kill"
              if [ -f "$1/cgroup.procs" ]; then
                while read -r p; do kill -9 "$p"; done < "$1/cgroup.procs"
              fi
            }
            thaw_below() {
              [ -f "$1/freezer.state" ] && echo THAWED > "$1/freezer.state"
              [ -f "$1/cgroup.freeze" ] && echo 0 > "$1/cgroup.freeze"
              for g in "$1"/*/; do [ -d "$g" ] && thaw_below "${g%/}"; done
            }
            remove_below() {
              for g in "$1"/*/; do [ -d "$g" ] && remove_below "${g%/}"; done
              rmdir "$1"
            }
            round=0
            while [ $round -lt 100 ]; do
              for f in "$@"; do [ -d "$f" ] && kill_below "$f"; done
              for f in "$@"; do [ -d "$f" ] && thaw_below "$f"; done
              left=0
              for f in "$@"; do [ -d "$f" ] && { remove_below "$f" || left=1; }; done
              [ $left = 0 ] && exit 0
              sleep 0.1
              round=$((round + 1))
            done
            exit 1
            """;

    /** The watchdogs of this JVM; their standard input is the pipe whose end tells them the referee has ended. */
    private static final List<Process> WATCHDOGS = new ArrayList<>();

    private Reaper() {
    }

    /**
     * Starts a watchdog that reaps these folders when this JVM ends.
     *
     * @throws IOException when it cannot be started
     */
    static synchronized void watch(List<Path> folders) throws IOException {
        Process watchdog = ParentThread.start(new ProcessBuilder(command("watch", folders))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD));
        WATCHDOGS.add(watchdog);
    }

    /**
     * Reaps the folders of dead referees among those in a parent folder (one hierarchy's
     * {@code pyramid-arena}), now, and waits for it.
     *
     * @param parents the parent folder in each hierarchy; a dead referee's folder of the same name is
     *     reaped in all of them at once
     */
    static void reapDead(List<Path> parents) {
        List<String> dead = new ArrayList<>();
        for (Path parent : parents) {
            try (Stream<Path> folders = Files.list(parent)) {
                folders.filter(Files::isDirectory).map(f -> f.getFileName().toString())
                        .filter(name -> Referees.isDead(name) && !dead.contains(name)).forEach(dead::add);
            } catch (IOException e) {
                // Nothing to list: nothing to reap there.
            }
        }
        if (dead.isEmpty()) {
            return;
        }
        List<Path> folders = new ArrayList<>();
        for (String name : dead) {
            for (Path parent : parents) {
                if (Files.isDirectory(parent.resolve(name))) {
                    folders.add(parent.resolve(name));
                }
            }
        }
        try {
            Process reaper = ParentThread.start(new ProcessBuilder(command("now", folders))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD));
            if (!reaper.waitFor(20, TimeUnit.SECONDS)) {
                reaper.destroyForcibly();
            }
        } catch (IOException e) {
            // No shell: the leftovers stay until a referee that can start one.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static List<String> command(String mode, List<Path> folders) {
        List<String> command = new ArrayList<>();
        // A session of its own: a kill of the referee's process group does not reach it.
        Sandbox.onPath("setsid").ifPresent(setsid -> command.add(setsid.toString()));
        command.addAll(List.of("/bin/sh", "-c", SCRIPT, "arena-reaper", mode));
        folders.forEach(folder -> command.add(folder.toString()));
        return command;
    }
}
