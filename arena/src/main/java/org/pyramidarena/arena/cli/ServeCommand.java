package org.pyramidarena.arena.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.pyramidarena.arena.bots.RunDirectory;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.sandbox.SandboxMode;
import org.pyramidarena.arena.server.ContestServer;
import org.pyramidarena.arena.server.contest.ContestDatabase;
import org.pyramidarena.arena.server.contest.ContestSettings;
import org.pyramidarena.arena.server.contest.ContestWorker;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code arena serve}: runs a contest server (see docs/contest-server.md); {@code serve init}
 * creates a contest folder and {@code serve team} adds a team.
 */
@Command(name = "serve", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run a contest server: teams upload bots, a ladder plays them continuously, everyone "
                + "watches the leaderboard and the replays in a browser; the final is played on a secret seed.",
            "Create the contest first with 'serve init', add teams with 'serve team' or the admin page."},
        subcommands = {ServeCommand.Init.class, ServeCommand.Team.class, ServeCommand.Worker.class})
final class ServeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--dir", paramLabel = "DIR", defaultValue = ".",
            description = "The contest folder, made by 'serve init' (default: the current folder).")
    Path dir;

    @Option(names = "--host", paramLabel = "HOST", defaultValue = "127.0.0.1",
            description = "The address to listen on (default: ${DEFAULT-VALUE}; 0.0.0.0 for every interface).")
    String host;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "8080",
            description = "The port to listen on, 0 for any free one (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--trust-bots",
            description = "Allow contest.json's sandbox auto or none, which can run the teams' bots unsandboxed with "
                    + "the server's rights (the database, the other bots, the secret seed): only for bots you trust.")
    boolean trustBots;

    @Option(names = "--db", paramLabel = "JDBC-URL", defaultValue = "${env:" + DATABASE_ENV + "}",
            description = "The contest's database in place of contest.json's (default: the environment variable "
                    + DATABASE_ENV + ", else contest.json's), so that a password need not be in a file.")
    String database;

    /** The environment variable that names the contest's database for the server and its workers. */
    static final String DATABASE_ENV = "ARENA_DATABASE_URL";

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ContestSettings settings = ContestSettings.read(dir.resolve(ContestSettings.FILE));
        settings.requireSandbox(trustBots);
        ContestServer server = ContestServer.start(dir, host, port, database == null || database.isBlank() ? null
                : database, line -> {
            err.println(line);
            err.flush();
        });
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "serve-shutdown"));
        out.printf("%s: serving http://%s:%d/ (sandbox: %s; database: %s)%n", settings.name(), host, server.port(),
                server.runner().sandbox().describe(), server.database().describe());
        out.flush();
        stopped.await();
        return 0;
    }

    /** {@code arena serve init}: a new contest folder. */
    @Command(name = "init", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Create a contest in a folder: contest.json and its database.",
                "Edit contest.json before the first start (see docs/contest-server.md). Prints the admin token, "
                    + "which is shown only once."})
    static final class Init implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "DIR", description = "The contest folder (created).")
        Path dir;

        @Option(names = "--name", paramLabel = "NAME", required = true, description = "The contest's name.")
        String name;

        @Option(names = "--games", split = ",", paramLabel = "GAME",
                description = "The games, as tournament --games takes them (default: all).")
        List<String> games;

        @Option(names = "--sandbox", paramLabel = "MODE",
                description = "What uploaded bots run in: bwrap (the default), or auto or none, which 'serve' runs only "
                        + "with --trust-bots.")
        String sandbox;

        @Option(names = "--concurrency", paramLabel = "N", description = "Ladder matches at once (default: 1).")
        Integer concurrency;

        @Option(names = "--qualifying", paramLabel = "N",
                description = "Matches a new version plays before the leaderboard shows it (default: 4).")
        Integer qualifying;

        @Option(names = "--database", paramLabel = "JDBC-URL",
                description = "A jdbc:postgresql:// URL (default: SQLite, contest.db in the folder).")
        String database;

        @Override
        public Integer call() throws IOException {
            ContestSettings settings = ContestSettings.named(name).withGames(games)
                    .withSandbox(sandbox == null ? SandboxMode.BWRAP.label() : sandbox).withDatabase(database);
            if (concurrency != null || qualifying != null) {
                settings = settings.withLadder(concurrency == null ? 1 : concurrency,
                        qualifying == null ? 4 : qualifying);
            }
            String token = ContestServer.init(dir, settings);
            PrintWriter out = spec.commandLine().getOut();
            out.printf("contest %s created in %s%nadmin token (shown once, keep it): %s%n", name, dir, token);
            out.printf("next: arena serve team %s TEAM, then arena serve --dir %s%n", dir, dir);
            out.flush();
            return 0;
        }
    }

    /** {@code arena serve team}: a new team. */
    @Command(name = "team", mixinStandardHelpOptions = true,
            description = "Add a team to a contest; prints its token, which is shown only once.")
    static final class Team implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "DIR", description = "The contest folder.")
        Path dir;

        @Parameters(index = "1", paramLabel = "NAME", description = "The team's name: letters, digits, '_', '-'.")
        String name;

        @Option(names = "--db", paramLabel = "JDBC-URL", defaultValue = "${env:" + DATABASE_ENV + "}",
                description = "The contest's database in place of contest.json's (default: the environment variable "
                        + DATABASE_ENV + ", else contest.json's).")
        String database;

        @Override
        public Integer call() {
            ContestSettings settings = ContestSettings.read(dir.resolve(ContestSettings.FILE));
            String url = database == null || database.isBlank() ? settings.databaseUrl(dir) : database;
            try (ContestDatabase db = ContestDatabase.open(url)) {
                String token = ContestServer.addTeam(db, name);
                PrintWriter out = spec.commandLine().getOut();
                out.printf("team %s added; its token (shown once): %s%n", name, token);
                out.flush();
            }
            return 0;
        }
    }

    /** {@code arena serve worker}: plays a contest's matches on this machine, through its PostgreSQL database. */
    @Command(name = "worker", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Play a contest's matches on this machine: claim waiting matches from the contest's "
                    + "PostgreSQL database, play them in this machine's sandbox, and write each result and replay back.",
                "Start the contest's server once first (it writes the contest's settings to the database). Run as "
                    + "many workers as you like, on any machines; a worker that dies loses its matches' leases, and "
                    + "they are played again on the same seeds. Stop it with Ctrl-C or SIGTERM: every bot is ended "
                    + "and its unfinished matches go back to the others."})
    static final class Worker implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Option(names = "--db", paramLabel = "JDBC-URL", defaultValue = "${env:" + DATABASE_ENV + "}",
                description = "The contest's PostgreSQL database, a jdbc:postgresql:// URL (default: the environment "
                        + "variable " + DATABASE_ENV + ").")
        String database;

        @Option(names = "--threads", paramLabel = "N", defaultValue = "1",
                description = "Matches played at once (default: ${DEFAULT-VALUE}); a bot process each seat, so about "
                        + "one per core.")
        int threads;

        @Option(names = "--name", paramLabel = "NAME",
                description = "This worker's name among the contest's workers (default: host name and process id).")
        String name;

        @Option(names = "--cache", paramLabel = "DIR",
                description = "Where the versions' files are fetched to and their bots run (default: a temporary "
                        + "folder, removed at exit).")
        Path cache;

        @Option(names = "--sandbox", paramLabel = "MODE",
                description = "What the bots run in here: bwrap (the default), or auto or none, only with --trust-bots.")
        String sandbox;

        @Option(names = "--trust-bots",
                description = "Allow --sandbox auto or none, which can run the teams' bots unsandboxed with this "
                        + "worker's rights, the database's credentials included: only for bots you trust.")
        boolean trustBots;

        @Option(names = "--lease", paramLabel = "SECONDS", defaultValue = "30",
                description = "How long a match stays this worker's without a renewal (default: ${DEFAULT-VALUE}); a "
                        + "killed worker's matches are played again this long after it died.")
        int leaseSeconds;

        @Override
        public Integer call() throws InterruptedException {
            if (database == null || database.isBlank()) {
                throw new UsageException("a worker needs the contest's database: --db "
                        + "jdbc:postgresql://... or the environment variable " + DATABASE_ENV);
            }
            if (!database.startsWith("jdbc:postgresql:")) {
                throw new UsageException("a worker reaches the contest through PostgreSQL, not "
                        + database.split(":", 3)[0] + ":" + (database.contains(":") ? database.split(":", 3)[1] : "")
                        + " (with SQLite the server plays its matches itself: contest.json's concurrency)");
            }
            if (threads < 1 || leaseSeconds < 1) {
                throw new UsageException("--threads and --lease must be at least 1");
            }
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            ContestDatabase db = ContestDatabase.open(database, threads + 2);
            ContestWorker worker;
            RunDirectory folder = cache == null ? RunDirectory.temporary() : new RunDirectory(cache);
            try {
                ContestSettings settings = ContestWorker.settingsIn(db);
                ContestSettings here = sandbox == null ? settings : settings.withSandbox(sandbox);
                here.requireSandbox(trustBots);
                Sandbox box = Sandbox.resolve(here.sandboxMode(), here.limits(), false, line -> {
                    err.println(line);
                    err.flush();
                });
                worker = new ContestWorker(name == null ? ContestWorker.defaultName() : name, threads, folder.root(),
                        settings, db, box, false, Duration.ofSeconds(leaseSeconds));
            } catch (RuntimeException e) {
                db.close();
                folder.close();
                throw e;
            }
            CountDownLatch stopped = new CountDownLatch(1);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                worker.close();
                db.close();
                folder.close();
                stopped.countDown();
            }, "worker-shutdown"));
            worker.start();
            out.printf("worker %s: playing the matches of %s (threads: %d; sandbox: %s; lease: %d s)%n", worker.name(),
                    db.describe(), threads, worker.sandbox().describe(), leaseSeconds);
            out.flush();
            stopped.await();
            return 0;
        }
    }
}
