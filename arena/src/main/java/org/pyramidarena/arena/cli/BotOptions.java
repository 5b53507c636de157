package org.pyramidarena.arena.cli;

import java.nio.file.Path;
import org.pyramidarena.arena.bots.BotLoader;
import org.pyramidarena.arena.bots.Isolation;
import org.pyramidarena.arena.bots.RunDirectory;
import picocli.CommandLine.Option;

/** How bots given by JAR or command are run: isolation, memory, output folder. */
final class BotOptions {

    @Option(names = "--isolation", paramLabel = "MODE", defaultValue = "process",
            description = "How bot JARs run: 'process' (a JVM each, the default) or 'in-process' "
                    + "(the referee's JVM, a class loader each; for trusted code only, which can read and change "
                    + "everything the referee has). Built-in bots run in-process, cmd: bots in a process.")
    String isolation;

    @Option(names = "--bot-memory", paramLabel = "SIZE", defaultValue = BotLoader.DEFAULT_MEMORY,
            description = "The heap of each bot JVM in process isolation (default: ${DEFAULT-VALUE}).")
    String memory;

    @Option(names = "--output", paramLabel = "DIR",
            description = "The run's output folder: bots' working directories and standard-error logs "
                    + "(default: a temporary folder, kept only when a bot process faults).")
    Path output;

    /** The run directory (a temporary one unless --output is given); the caller closes it. */
    RunDirectory runDirectory() {
        return output != null ? new RunDirectory(output) : RunDirectory.temporary();
    }

    BotLoader loader(RunDirectory run) {
        return new BotLoader(Isolation.parse(isolation), memory, run, BotLoader.DEFAULT_HELLO_MILLIS);
    }
}
