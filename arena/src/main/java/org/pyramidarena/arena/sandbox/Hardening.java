package org.pyramidarena.arena.sandbox;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * What keeps a sandboxed bot from undoing its own sandbox: no user namespace of its own (in which it
 * would be root and could mount its cgroup files, among others), no capabilities, and the
 * {@link SystemCallFilter} on every process it starts. Bubblewrap gets
 *
 * <ul>
 *   <li>{@code --unshare-user --disable-userns}: the bot's user namespace may hold no other (where
 *       bubblewrap is older than 0.8.0 and lacks the option, the filter alone stops it);
 *   <li>{@code --cap-drop ALL}: no capability, the bounding set included;
 *   <li>{@code --as-pid-1}: the bot's program is process 1 of its namespace, so that no process of
 *       bubblewrap's lives inside without the filter (a bot could write into that one's memory
 *       through {@code /proc/1/mem} and make its calls from there);
 *   <li>{@code --seccomp 3}: the filter, which the launcher opens on descriptor 3.
 * </ul>
 *
 * Found once per bubblewrap program, by starting it so and checking inside that the filter holds.
 */
final class Hardening {

    /** The descriptor on which bubblewrap reads the filter. */
    static final int FILTER_DESCRIPTOR = 3;

    private static final Map<Path, Hardening> FOUND = new ConcurrentHashMap<>();

    private final List<String> arguments;
    private final String problem;

    private Hardening(List<String> arguments, String problem) {
        this.arguments = arguments;
        this.problem = problem;
    }

    /**
     * The hardening a bubblewrap program allows, tried once.
     *
     * @param bwrap the program
     * @param system the arguments that show the system's programs inside, for the trial's shell
     * @param run runs a short command: null when it succeeded, else why not in one line
     */
    static Hardening of(Path bwrap, List<String> system, Function<List<String>, String> run) {
        return FOUND.computeIfAbsent(bwrap, program -> probe(program, system, run));
    }

    /** Null when bot processes can be started so, else why not. */
    String problem() {
        return problem;
    }

    /**
     * The command that starts bubblewrap with the filter open on {@link #FILTER_DESCRIPTOR}: a
     * shell that opens it and becomes bubblewrap, which reads and closes it, so the bot never holds it.
     */
    static List<String> opener(Path bwrap) {
        return List.of("/bin/sh", "-c", "exec \"$@\" " + FILTER_DESCRIPTOR + "<\"$0\"",
                SystemCallFilter.file().toString(), bwrap.toString());
    }

    /** Bubblewrap's options that harden the sandbox. */
    List<String> arguments() {
        return arguments;
    }

    private static Hardening probe(Path bwrap, List<String> system, Function<List<String>, String> run) {
        try {
            SystemCallFilter.file();
        } catch (RuntimeException e) {
            return new Hardening(List.of(), e.getMessage());
        }
        String problem = null;
        for (boolean disableUserNamespaces : new boolean[] {true, false}) {
            List<String> arguments = new ArrayList<>(List.of("--unshare-user"));
            if (disableUserNamespaces) {
                arguments.add("--disable-userns");
            }
            arguments.addAll(List.of("--cap-drop", "ALL", "--as-pid-1",
                    "--seccomp", Integer.toString(FILTER_DESCRIPTOR)));
            List<String> trial = new ArrayList<>(opener(bwrap));
            trial.addAll(List.of("--unshare-all", "--die-with-parent", "--clearenv"));
            trial.addAll(arguments);
            trial.addAll(system);
            trial.addAll(List.of("--proc", "/proc", "--dev", "/dev", "--",
                    "/bin/sh", "-c", "grep -q '^Seccomp:[[:space:]]*2' /proc/self/status"));
            problem = run.apply(trial);
            if (problem == null) {
                return new Hardening(List.copyOf(arguments), null);
            }
        }
        return new Hardening(List.of(), "bubblewrap cannot install the system-call filter (" + problem + ")");
    }
}
