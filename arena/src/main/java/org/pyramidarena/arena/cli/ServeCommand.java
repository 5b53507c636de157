package org.pyramidarena.arena.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.pyramidarena.arena.sandbox.SandboxMode;
import org.pyramidarena.arena.server.ContestServer;
import org.pyramidarena.arena.server.contest.ContestDatabase;
import org.pyramidarena.arena.server.contest.ContestSettings;
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
        subcommands = {ServeCommand.Init.class, ServeCommand.Team.class})
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

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ContestSettings settings = ContestSettings.read(dir.resolve(ContestSettings.FILE));
        settings.requireSandbox(trustBots);
        ContestServer server = ContestServer.start(dir, host, port, line -> {
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

        @Override
        public Integer call() {
            ContestSettings settings = ContestSettings.read(dir.resolve(ContestSettings.FILE));
            try (ContestDatabase db = ContestDatabase.open(settings.databaseUrl(dir))) {
                String token = ContestServer.addTeam(db, name);
                PrintWriter out = spec.commandLine().getOut();
                out.printf("team %s added; its token (shown once): %s%n", name, token);
                out.flush();
            }
            return 0;
        }
    }
}
