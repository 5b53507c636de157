package org.pyramidarena.arena.bots;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import org.pyramidarena.api.BotOption;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.Options;
import org.pyramidarena.arena.common.Hashes;
import org.pyramidarena.arena.players.BotProcess;
import org.pyramidarena.arena.players.BotText;
import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.arena.players.ProcessContestant;
import org.pyramidarena.arena.players.Protocol;
import org.pyramidarena.arena.sandbox.Sandbox;

/**
 * A bot run in processes of its own: a Java bot JAR in the bundled {@link BotHost}, or any program
 * speaking the wire protocol. One process is started at once (its hello gives the bot's name and
 * games) and reused match after match; a process that faults is killed, and the next match starts
 * a new one. Two seats of the same bot in one match get two processes. In a {@link Sandbox} every
 * process runs in bubblewrap with the bot's own files read-only under {@value Sandbox#BOT_FOLDER},
 * and is stopped whenever no answer is due from it.
 */
public final class ProcessBotSource implements BotSource {

    /** The default cap of a bot's standard-error log, in bytes. */
    public static final long DEFAULT_LOG_CAP = 1024 * 1024;

    private static final long QUIT_GRACE_MILLIS = 1000;

    private final List<String> command;
    private final Sandbox sandbox;
    private final List<Sandbox.Binding> files;
    private final boolean java;
    private final Path jar;
    private final String origin;
    private final String label;
    private final RunDirectory.Place place;
    private final AtomicLong logBudget;
    private final Deque<BotProcess> idle = new ArrayDeque<>();
    private final List<BotProcess> started = new ArrayList<>();
    /** Closed: no process starts any more, and one that started meanwhile is killed. */
    private boolean closed;
    private final String name;
    private final Set<String> games;
    private final boolean everyGame;
    private final List<BotOption> options;

    private ProcessBotSource(List<String> command, Sandbox sandbox, List<Sandbox.Binding> files, boolean java,
                             Path jar, String origin, String label, RunDirectory.Place place,
                             long logCap, long helloMillis) {
        this.command = List.copyOf(command);
        this.sandbox = sandbox;
        this.files = List.copyOf(files);
        this.java = java;
        this.jar = jar;
        this.origin = origin;
        this.label = label;
        this.place = place;
        this.logBudget = new AtomicLong(logCap);
        BotProcess first = startProcess();
        JsonNode hello = awaitHello(first, helloMillis);
        try {
            this.name = BotText.requireName(hello.path("name").asText(label), "bot " + origin);
            this.options = declaredOptions(hello, origin);
        } catch (IllegalArgumentException e) {
            close();
            throw e;
        }
        this.games = new HashSet<>();
        hello.path("games").forEach(g -> games.add(g.asText()));
        this.everyGame = games.contains(Protocol.EVERY_GAME) || hello.path("games").isMissingNode();
        first.pause();
        idle.add(first);
    }

    /**
     * Starts a bot program and reads its hello.
     *
     * @param command the command line
     * @param origin what to show as the bot's origin
     * @param label a short label for the bot's directory, log and threads
     * @param run where the bot's working directory and log go
     * @param logCap the most its standard-error log holds, in bytes
     * @param helloMillis how long its first start-up may take
     * @throws IllegalArgumentException with one line when it cannot be started or does not say hello
     */
    public static ProcessBotSource start(List<String> command, String origin, String label, RunDirectory run,
                                         long logCap, long helloMillis) {
        return start(command, Sandbox.none(), origin, label, run, logCap, helloMillis);
    }

    /**
     * Starts a bot program, in a sandbox when one is given, and reads its hello. In a sandbox every
     * argument naming an existing file is shown to the bot read-only as {@code /bot/NAME} and the
     * argument rewritten to match; the program itself is looked up on the sandbox's {@code PATH}.
     *
     * @throws IllegalArgumentException with one line when it cannot be started or does not say hello
     */
    public static ProcessBotSource start(List<String> command, Sandbox sandbox, String origin, String label,
                                         RunDirectory run, long logCap, long helloMillis) {
        List<String> inside = new ArrayList<>();
        List<Sandbox.Binding> files = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (String argument : command) {
            Path path = Path.of(argument);
            if (sandbox.active() && path.isAbsolute() && Files.isRegularFile(path)) {
                String name = path.getFileName().toString();
                for (int n = 2; !names.add(name); n++) {
                    name = n + "-" + path.getFileName();
                }
                String where = Sandbox.BOT_FOLDER + "/" + name;
                files.add(new Sandbox.Binding(path, where));
                inside.add(where);
            } else {
                inside.add(argument);
            }
        }
        return new ProcessBotSource(inside, sandbox, files, false, null, origin, label, run.newPlace(label), logCap,
                helloMillis);
    }

    /**
     * Starts a bot JAR in the bundled host and reads its hello.
     *
     * @param sandbox the sandbox the JVM runs in, {@link Sandbox#none()} for none; its memory cap
     *     caps the whole JVM, which gets half of it as heap
     * @throws IllegalArgumentException with one line when it cannot be started or does not say hello
     */
    public static ProcessBotSource startJar(BotJar jar, Sandbox sandbox, String label, RunDirectory run,
                                            long logCap, long helloMillis) {
        long heap = sandbox.limits().heapBytes();
        if (!sandbox.active()) {
            return new ProcessBotSource(hostCommand(jar.path(), heap, HostClassPath.get(), List.of()), sandbox, List.of(),
                    true, jar.path(),
                    jar.path().toString(), label, run.newPlace(label), logCap, helloMillis);
        }
        String inside = Sandbox.BOT_FOLDER + "/bot.jar";
        List<Sandbox.Binding> files = new ArrayList<>();
        files.add(new Sandbox.Binding(jar.path().toAbsolutePath(), inside));
        // The host's class path entries, each under /bot/host: their own paths could lie anywhere,
        // below /tmp (the bot's scratch folder inside) included.
        List<String> classPath = new ArrayList<>();
        String[] entries = HostClassPath.get().split(File.pathSeparator);
        for (int i = 0; i < entries.length; i++) {
            Path entry = Path.of(entries[i]).toAbsolutePath();
            String where = Sandbox.BOT_FOLDER + "/host/" + i + (Files.isDirectory(entry) ? "" : ".jar");
            files.add(new Sandbox.Binding(entry, where));
            classPath.add(where);
        }
        // No performance-data file: it would go to /tmp, which is the bot's scratch folder.
        List<String> options = new ArrayList<>(List.of("-XX:-UsePerfData"));
        options.addAll(sandbox.jvmOptions());
        return new ProcessBotSource(hostCommand(Path.of(inside), heap, String.join(File.pathSeparator, classPath),
                options), sandbox, files,
                true, jar.path(), jar.path().toString(), label, run.newPlace(label), logCap, helloMillis);
    }

    /**
     * The command line that runs a bot JAR in the bundled host, with a heap of a given size.
     *
     * @param classPath the host's class path, as the process sees it
     */
    public static List<String> hostCommand(Path jar, long heapBytes, String classPath, List<String> extraOptions) {
        String java;
        try {
            java = Path.of(System.getProperty("java.home")).toRealPath().resolve("bin").resolve("java").toString();
        } catch (IOException e) {
            java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        }
        List<String> command = new ArrayList<>(List.of(java, "-Xmx" + Math.max(heapBytes >> 20, 8) + "m",
                "-XX:+ExitOnOutOfMemoryError", "-XX:+DisplayVMOutputToStderr", "-XX:+UseSerialGC", "-Xshare:auto"));
        command.addAll(extraOptions);
        command.addAll(List.of("-cp", classPath, BotHost.class.getName(), jar.toString()));
        return command;
    }

    private BotProcess startProcess() {
        synchronized (this) {
            if (closed) {
                throw new IllegalStateException("bot " + origin + " is closed: its run is over");
            }
        }
        BotProcess process;
        sandbox.starting();
        if (sandbox.active()) {
            Sandbox.Launch launch = sandbox.prepare(command, files, java);
            process = BotProcess.start(launch.command(), launch.environment(), launch.cage(),
                    sandbox.freezesBetweenTurns(), place.workDir(),
                    place.log(), logBudget, label);
        } else {
            process = BotProcess.start(command, place.workDir(), place.log(), logBudget, label);
        }
        synchronized (this) {
            if (closed) {
                // Closed while it started (a match still running when its run ended): it serves no one.
                process.kill();
                throw new IllegalStateException("bot " + origin + " is closed: its run is over");
            }
            started.add(process);
        }
        process.send(Protocol.mapper().createObjectNode().put("type", Protocol.HELLO).put("protocol", Protocol.VERSION));
        return process;
    }

    private JsonNode awaitHello(BotProcess process, long helloMillis) {
        try {
            BotProcess.Line line = process.next(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(helloMillis));
            if (line == null || line.kind() != BotProcess.Line.Kind.LINE) {
                boolean memory = process.memoryExceeded();
                // The process has ended or is killed now; give its standard error a moment to reach the log.
                process.exitStatus(200);
                process.awaitStderr(200);
                close();
                String log = lastWords() + "see its log " + place.keptLog();
                if (memory) {
                    throw new IllegalArgumentException("bot " + origin + " went past its memory cap of "
                            + (sandbox.limits().memoryBytes() >> 20) + " MiB while starting (--bot-memory); " + log);
                }
                throw new IllegalArgumentException("bot " + origin + " did not say hello"
                        + (line == null ? " within " + helloMillis + " ms" : " (" + line.text() + ")") + "; " + log);
            }
            JsonNode hello = Protocol.mapper().readTree(line.text());
            if (Protocol.ERROR.equals(hello.path("type").asText())) {
                close();
                throw new IllegalArgumentException("bot " + origin + " failed to start: "
                        + BotText.message(hello.path("message").asText("no reason given")));
            }
            if (!Protocol.HELLO.equals(hello.path("type").asText())) {
                close();
                throw new IllegalArgumentException("bot " + origin + " answered hello with "
                        + BotText.excerpt(line.text()));
            }
            if (hello.path("protocol").asInt(-1) != Protocol.VERSION) {
                close();
                throw new IllegalArgumentException("bot " + origin + " speaks protocol version "
                        + BotText.excerpt(hello.path("protocol").toString()) + "; the arena speaks " + Protocol.VERSION);
            }
            return hello;
        } catch (JsonProcessingException e) {
            close();
            throw new IllegalArgumentException("bot " + origin + " answered hello with something that is not JSON"
                    + Protocol.STDOUT_HINT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            throw new IllegalStateException("interrupted while starting bot " + origin);
        }
    }

    /**
     * The last line the bot wrote on its standard error, cleaned, as {@code its standard error ends:
     * "..."; }, or "" when it wrote nothing: often the reason it did not start (a missing file, a
     * wrong interpreter), which the user should not have to open the log for.
     */
    private String lastWords() {
        try {
            List<String> lines = Files.readAllLines(place.log(), StandardCharsets.UTF_8);
            for (int i = lines.size() - 1; i >= 0; i--) {
                if (!lines.get(i).isBlank()) {
                    return "its standard error ends: \"" + BotText.message(lines.get(i).strip()) + "\"; ";
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // No log, or not text: nothing to quote.
        }
        return "";
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String origin() {
        return origin;
    }

    @Override
    public String jarSha256() {
        try {
            return jar == null ? null : Hashes.sha256(jar);
        } catch (IOException e) {
            return null;
        }
    }

    @Override
    public boolean plays(Game game) {
        return everyGame || games.contains(game.id());
    }

    @Override
    public List<BotOption> options() {
        return options;
    }

    private static List<BotOption> declaredOptions(JsonNode hello, String origin) {
        try {
            return Protocol.optionsFromJson(hello.path("options"));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("bot " + origin + " said hello, but " + e.getMessage(), e);
        }
    }

    /** The bot's working directory. */
    public Path workDir() {
        return place.workDir();
    }

    /** The bot's standard-error log. */
    public Path log() {
        return place.log();
    }

    /** Every process started for this bot so far, for checks that none is left behind. */
    public synchronized List<ProcessHandle> processes() {
        return started.stream().map(BotProcess::handle).toList();
    }

    @Override
    public Contestant seat(String seatLabel, Options values) {
        BotProcess process;
        boolean fresh;
        synchronized (this) {
            process = idle.poll();
        }
        fresh = process == null;
        if (fresh) {
            process = startProcess();
        }
        return new ProcessContestant(process, name, values, fresh, this::release);
    }

    private void release(BotProcess process, boolean reusable) {
        synchronized (this) {
            if (reusable && !closed) {
                idle.add(process);
                return;
            }
        }
        process.kill();
    }

    /**
     * Asks every process of the bot to quit and kills what is left. A match still playing when its
     * run ends (a thread that has not seen the end yet) loses its process, and can start no other.
     */
    @Override
    public void close() {
        List<BotProcess> all;
        synchronized (this) {
            closed = true;
            all = List.copyOf(started);
            idle.clear();
        }
        JsonNode quit = Protocol.mapper().createObjectNode().put("type", Protocol.QUIT);
        all.forEach(p -> p.quit(quit, QUIT_GRACE_MILLIS));
    }
}
