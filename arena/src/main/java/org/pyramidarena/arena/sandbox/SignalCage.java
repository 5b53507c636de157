package org.pyramidarena.arena.sandbox;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * A cage for machines where the referee may not make cgroups: the bot's process tree (every
 * process below the sandbox's launcher, which its PID namespace keeps together) is stopped with
 * {@code SIGSTOP} and resumed with {@code SIGCONT}, sent by the system's {@code kill}. Slower than a
 * freezer cgroup (a process start and a scan of the process table per turn) and it counts no
 * memory: the sandbox falls back to an address-space limit for that.
 */
final class SignalCage implements Cage {

    private volatile ProcessHandle launcher;

    @Override
    public void attach(ProcessHandle launcher) {
        this.launcher = launcher;
    }

    @Override
    public synchronized void freeze() {
        // A process may fork while the others are being stopped: stop until no new one shows up.
        Set<Long> stopped = new HashSet<>();
        for (int round = 0; round < 10; round++) {
            List<Long> fresh = new ArrayList<>();
            for (long pid : tree()) {
                if (stopped.add(pid)) {
                    fresh.add(pid);
                }
            }
            if (fresh.isEmpty()) {
                return;
            }
            signal("-STOP", fresh);
        }
    }

    @Override
    public synchronized void thaw() {
        signal("-CONT", tree());
    }

    /** {@code SIGKILL} ends a stopped process too: no {@code SIGCONT} is needed first. */
    @Override
    public void kill() {
        ProcessHandle root = launcher;
        if (root != null) {
            root.descendants().forEach(ProcessHandle::destroyForcibly);
            root.destroyForcibly();
        }
    }

    @Override
    public void release() {
        thaw();
    }

    private List<Long> tree() {
        ProcessHandle root = launcher;
        if (root == null || !root.isAlive()) {
            return List.of();
        }
        return root.descendants().map(ProcessHandle::pid).toList();
    }

    private static void signal(String signal, List<Long> pids) {
        if (pids.isEmpty()) {
            return;
        }
        List<String> command = new ArrayList<>(List.of("kill", signal));
        pids.forEach(pid -> command.add(Long.toString(pid)));
        try {
            Process kill = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            kill.waitFor(2, TimeUnit.SECONDS);
        } catch (IOException e) {
            // No kill command: the bot stays awake between its turns.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
