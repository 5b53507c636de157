package org.pyramidarena.arena.bots;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.sandbox.SandboxMode;

/**
 * Turns a {@code --bot} value into a bot: the name of a built-in bot, the path of a bot JAR, or
 * {@code cmd:} followed by the command line of a program speaking the wire protocol.
 *
 * @param isolation how JARs run; built-in bots always run in-process and commands in processes
 * @param sandbox what bot processes run in, with their limits ({@link Sandbox#none()} for none)
 * @param run where bots' working directories and logs go
 * @param helloMillis how long a bot process's first start-up may take
 */
public record BotLoader(Isolation isolation, Sandbox sandbox, RunDirectory run, long helloMillis) {

    /** The prefix of a command-line bot. */
    public static final String COMMAND_PREFIX = "cmd:";

    /** The default memory cap of a bot process tree (a bot JVM's heap is half of it). */
    public static final String DEFAULT_MEMORY = Sandbox.Limits.DEFAULT_MEMORY;

    /** The default time a bot process has to start and say hello. */
    public static final long DEFAULT_HELLO_MILLIS = 30_000;

    /**
     * A loader whose bot processes run outside any sandbox.
     *
     * @param memory the memory cap of a bot, e.g. {@code 512m}: a JAR's JVM gets half of it as heap
     * @throws IllegalArgumentException when the memory is not a size
     */
    public BotLoader(Isolation isolation, String memory, RunDirectory run, long helloMillis) {
        this(isolation, Sandbox.resolve(SandboxMode.NONE,
                Sandbox.Limits.DEFAULT.withMemory(Sandbox.parseSize(memory)), true, line -> { }), run, helloMillis);
    }

    /**
     * Loads a bot.
     *
     * @throws IllegalArgumentException with one line when the value names no bot or the bot cannot start
     */
    public BotSource load(String spec) {
        if (spec.startsWith(COMMAND_PREFIX)) {
            List<String> command = command(spec.substring(COMMAND_PREFIX.length()));
            return ProcessBotSource.start(command, sandbox, spec, label(Path.of(command.get(command.size() - 1))
                    .getFileName().toString()), run, ProcessBotSource.DEFAULT_LOG_CAP, helloMillis);
        }
        if (namesJar(spec)) {
            BotJar jar = BotJar.inspect(Path.of(spec));
            if (isolation == Isolation.IN_PROCESS) {
                return InProcessBotSource.load(jar);
            }
            return ProcessBotSource.startJar(jar, sandbox, label(jar.path().getFileName().toString()), run,
                    ProcessBotSource.DEFAULT_LOG_CAP, helloMillis);
        }
        return InProcessBotSource.builtIn(BotRegistry.byName(spec));
    }

    /**
     * Whether a {@code --bot} value names a bot JAR, which {@link #load} runs as {@link #isolation}
     * says (a name ending in {@code .jar}, or an existing file), rather than a built-in bot or a
     * command.
     */
    public static boolean namesJar(String spec) {
        return !spec.startsWith(COMMAND_PREFIX)
                && (spec.toLowerCase(Locale.ROOT).endsWith(".jar") || Files.isRegularFile(Path.of(spec)));
    }

    /**
     * A command line split at whitespace (no quoting). An argument naming an existing file relative
     * to the current directory is made absolute, since the bot runs in a working directory of its own.
     */
    static List<String> command(String line) {
        List<String> parts = new ArrayList<>();
        for (String part : Arrays.stream(line.strip().split("\\s+")).filter(p -> !p.isEmpty()).toList()) {
            Path path = Path.of(part);
            parts.add(!path.isAbsolute() && part.contains("/") || Files.isRegularFile(path) && !path.isAbsolute()
                    ? path.toAbsolutePath().normalize().toString() : part);
        }
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("'" + COMMAND_PREFIX + "' needs a command line, e.g. "
                    + "cmd:python3 bots/random.py");
        }
        return parts;
    }

    private static String label(String fileName) {
        int dot = fileName.lastIndexOf('.');
        return dot > 0 ? fileName.substring(0, dot) : fileName;
    }
}
