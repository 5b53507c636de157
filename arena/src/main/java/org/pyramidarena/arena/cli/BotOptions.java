package org.pyramidarena.arena.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import org.pyramidarena.arena.bots.BotLoader;
import org.pyramidarena.arena.bots.Isolation;
import org.pyramidarena.arena.bots.RunDirectory;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.sandbox.SandboxMode;
import picocli.CommandLine.Option;

/** How bots given by JAR or command are run: isolation, sandbox, memory, output folder. */
final class BotOptions {

    @Option(names = "--isolation", paramLabel = "MODE", defaultValue = "process",
            description = "How bot JARs run: 'process' (a JVM each, the default) or 'in-process' "
                    + "(the referee's JVM, a class loader each; for trusted code only, which can read and change "
                    + "everything the referee has). Built-in bots run in-process, cmd: bots in a process.")
    String isolation;

    @Option(names = "--sandbox", paramLabel = "MODE", defaultValue = "auto",
            description = SANDBOX_HELP)
    String sandbox;

    @Option(names = "--ponder", description = PONDER_HELP)
    boolean ponder;

    @Option(names = "--bot-memory", paramLabel = "SIZE", defaultValue = BotLoader.DEFAULT_MEMORY,
            description = MEMORY_HELP)
    String memory;

    @Option(names = "--output", paramLabel = "DIR",
            description = "The run's output folder: bots' working directories and standard-error logs "
                    + "(default: a temporary folder, kept only when a bot process faults).")
    Path output;

    static final String SANDBOX_HELP = "What bot processes (JARs in process isolation, cmd: programs) run in: "
            + "auto (bubblewrap when this machine can run it, otherwise none, with a warning), bwrap (refuse to "
            + "start without it) or none (default: ${DEFAULT-VALUE}). See docs/security.md.";
    static final String PONDER_HELP = "Let sandboxed bots run between their turns (by default they are stopped "
            + "from their answer to their next turn); for trusted runs.";
    static final String MEMORY_HELP = "The memory cap of each bot process, heap and off-heap together, all its "
            + "processes counted (enforced in the sandbox); a bot JVM gets half of it as heap "
            + "(default: ${DEFAULT-VALUE}).";

    /**
     * The sandbox these options ask for, as this machine offers it; a fallback to none is warned of.
     *
     * @throws IllegalArgumentException with one line for a bad choice or size, or bwrap where it cannot run
     */
    static Sandbox sandbox(String mode, String memory, boolean ponder, PrintWriter err) {
        return Sandbox.resolve(SandboxMode.parse(mode), Sandbox.Limits.DEFAULT.withMemory(Sandbox.parseSize(memory)),
                ponder, line -> {
                    err.println(line);
                    err.flush();
                });
    }

    /** The sandbox these options ask for. */
    Sandbox sandbox(PrintWriter err) {
        return sandbox(sandbox, memory, ponder, err);
    }

    /** The run directory (a temporary one unless --output is given); the caller closes it. */
    RunDirectory runDirectory() {
        return output != null ? new RunDirectory(output) : RunDirectory.temporary();
    }

    BotLoader loader(RunDirectory run, Sandbox sandbox) {
        return new BotLoader(Isolation.parse(isolation), sandbox, run, BotLoader.DEFAULT_HELLO_MILLIS);
    }
}
