package org.pyramidarena.arena.server.contest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.pyramidarena.api.Game;
import org.pyramidarena.arena.bots.BotLoader;
import org.pyramidarena.arena.bots.BotSource;
import org.pyramidarena.arena.bots.Isolation;
import org.pyramidarena.arena.bots.ProcessBotSource;
import org.pyramidarena.arena.bots.RunDirectory;
import org.pyramidarena.arena.common.Hashes;
import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.arena.players.ProcessContestant;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.tournament.ContestantFactory;

/**
 * The contest's bots as the referee plays them: {@value #RANDOM} (the built-in random bot, which
 * checks and fills seats) and every uploaded version, keyed {@code v<ID>}. A version is started on
 * first use in a process of its own, in the contest's sandbox, with its working directory and
 * standard-error log under {@code versions/<ID>/run/} of the contest folder; each log is noted in
 * the database so that its team, and only its team, can read it. What a seat's process wrote on its
 * standard error during one match is kept for that match ({@link #takeStandardError}).
 *
 * <p>A worker on another machine has no contest folder: its folder is a cache, into which each
 * version's file is fetched from the database the first time it plays, checked against the SHA-256
 * taken at upload, and its logs stay on that machine (its team reads each match's standard error on
 * the match's page, which the database carries).
 */
final class ContestBots implements ContestantFactory {

    /** The built-in bot that plays the checks and fills seats no team fills. */
    static final String RANDOM = VersionCheck.OPPONENT;

    private final Path folder;
    private final ContestDatabase db;
    private final Sandbox sandbox;
    private final Map<String, String> interpreters;
    private final Map<String, BotSource> sources = new ConcurrentHashMap<>();
    private final Map<String, RunDirectory> runs = new ConcurrentHashMap<>();
    /** The seats in play whose bot runs in a process, by seat label, for their standard error. */
    private final Map<String, ProcessContestant> seated = new ConcurrentHashMap<>();
    private final BotLoader builtIn;
    private final boolean logsShown;

    /**
     * @param folder the contest folder, or a worker's cache folder
     * @param logsShown whether the bots' log files are noted in the database for their teams to read (the
     *     server's own workers, whose folder the server serves from)
     */
    ContestBots(Path folder, ContestDatabase db, Sandbox sandbox, Map<String, String> interpreters, boolean logsShown) {
        this.folder = folder;
        this.logsShown = logsShown;
        this.db = db;
        this.sandbox = sandbox;
        this.interpreters = Map.copyOf(interpreters);
        this.builtIn = new BotLoader(Isolation.IN_PROCESS, sandbox, RunDirectory.temporary(),
                BotLoader.DEFAULT_HELLO_MILLIS);
    }

    /** The key of a version. */
    static String key(long versionId) {
        return "v" + versionId;
    }

    /**
     * The bot of a key, started when it is not yet.
     *
     * @throws IllegalArgumentException with one line when the bot cannot start or does not say hello
     */
    BotSource source(String key) {
        BotSource source = sources.get(key);
        return source != null ? source : sources.computeIfAbsent(key, this::load);
    }

    private BotSource load(String key) {
        if (key.equals(RANDOM)) {
            return builtIn.load(RANDOM);
        }
        long id = Long.parseLong(key.substring(1));
        ContestDatabase.Version version = db.version(id).orElseThrow(() -> new IllegalArgumentException(
                "no version " + id));
        Path file = fileOf(version);
        RunDirectory run = runs.computeIfAbsent(key, k -> new RunDirectory(file.getParent().resolve("run")));
        BotLoader loader = new BotLoader(Isolation.PROCESS, sandbox, run, BotLoader.DEFAULT_HELLO_MILLIS);
        BotSource source = loader.load(VersionCheck.command(version.kind(), file, interpreters));
        if (logsShown && source instanceof ProcessBotSource process) {
            db.addLog(id, folder.toAbsolutePath().normalize().relativize(process.log()).toString());
        }
        return source;
    }

    /**
     * A version's file in the folder: there already (the contest folder, or fetched before), or
     * fetched now from the database and checked against the SHA-256 its upload had.
     *
     * @throws IllegalArgumentException with one line when the file is in neither or does not match
     */
    private Path fileOf(ContestDatabase.Version version) {
        Path root = folder.toAbsolutePath().normalize();
        Path file = root.resolve(version.path()).normalize();
        if (!file.startsWith(root)) {
            throw new IllegalArgumentException("version " + version.id() + " names a file outside the folder");
        }
        if (Files.isRegularFile(file)) {
            return file;
        }
        byte[] content = db.versionFile(version.id()).orElseThrow(() -> new IllegalArgumentException(
                "the file of version " + version.label() + " is neither here nor in the database"));
        if (!Hashes.sha256(content).equals(version.sha256())) {
            throw new IllegalArgumentException("the file of version " + version.label()
                    + " in the database does not match its upload's SHA-256");
        }
        try {
            Files.createDirectories(file.getParent());
            Path partial = Files.createTempFile(file.getParent(), ".fetch-", ".part");
            Files.write(partial, content);
            partial.toFile().setReadOnly();
            Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot keep the file of version " + version.label() + ": "
                    + e.getMessage());
        }
        return file;
    }

    /**
     * Stops the processes of every version not among those given (rejected or replaced versions,
     * which will not play again here).
     */
    void retain(Set<Long> versionIds) {
        for (String key : List.copyOf(sources.keySet())) {
            if (!key.equals(RANDOM) && !versionIds.contains(Long.parseLong(key.substring(1)))) {
                stop(Long.parseLong(key.substring(1)));
            }
        }
    }

    /** Stops a version's processes (it was rejected or replaced); it starts again if asked for. */
    void stop(long versionId) {
        BotSource source = sources.remove(key(versionId));
        if (source != null) {
            source.close();
        }
    }

    @Override
    public boolean plays(String bot, Game game) {
        return source(bot).plays(game);
    }

    @Override
    public Contestant create(String bot, String label) {
        Contestant contestant = source(bot).seat(label);
        if (contestant instanceof ProcessContestant process) {
            seated.put(label, process);
        }
        return contestant;
    }

    /**
     * What a seat's bot wrote on its standard error during its match, once the match is over, and
     * forgets the seat; null for a bot not run in a process (the built-in random bot) or a seat
     * never taken.
     *
     * @param label the seat's label, as given to {@link #create}
     */
    String takeStandardError(String label) {
        ProcessContestant process = seated.remove(label);
        return process == null ? null : process.standardError();
    }

    @Override
    public String jarSha256(String bot) {
        return source(bot).jarSha256();
    }

    @Override
    public void close() {
        List<BotSource> all = List.copyOf(sources.values());
        sources.clear();
        all.forEach(BotSource::close);
        runs.values().forEach(RunDirectory::close);
        builtIn.run().close();
    }
}
