package org.pyramidarena.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.pyramidarena.api.Bot;
import org.pyramidarena.arena.common.Hashes;
import org.pyramidarena.arena.bots.BotLoader;
import org.pyramidarena.arena.bots.Isolation;
import org.pyramidarena.arena.bots.RunDirectory;
import org.pyramidarena.arena.report.Report;
import org.pyramidarena.arena.report.ReplayViewer;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.sandbox.SandboxMode;
import org.pyramidarena.arena.server.contest.ContestDatabase;
import org.pyramidarena.arena.server.contest.ContestRunner;
import org.pyramidarena.arena.server.contest.ContestSettings;
import org.pyramidarena.arena.server.contest.Tokens;
import org.pyramidarena.arena.tournament.BotSources;
import org.pyramidarena.arena.tournament.Progress;
import org.pyramidarena.arena.tournament.Tournament;
import org.pyramidarena.arena.tournament.TournamentRunner;
import org.pyramidarena.arena.tournament.TournamentSettings;
import org.pyramidarena.bots.RandomBot;

/**
 * What the contest server's ladder costs next to {@code arena tournament}: the same {@code matches}
 * Pylon matches between the same two random-bot JARs, each in a JVM of its own (process isolation,
 * no sandbox), every replay kept. One operation is:
 *
 * <ul>
 *   <li>{@code tournament}: what the command does, a round-robin of the two bots run by {@link
 *       TournamentRunner}, then the report and every replay's viewer page;
 *   <li>{@code ladder}: the ladder of a contest whose two teams' versions are on it (checks and
 *       qualifying done), started and run until it has played {@code matches} matches: each match
 *       paired, a database row before it is played and its result committed after (SQLite), its
 *       replay and viewer page written, the leaderboard fitted again on its own thread.
 * </ul>
 *
 * <p>Both start the two bot JVMs once per operation; the contest's database is opened before it. The ratio of the times is what the server adds
 * per match. The contest folder and the tournament's output folder are made and deleted outside the
 * measured time.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(1)
public class LadderThroughputBenchmark {

    @Param({"40"})
    public int matches;

    private Path jars;
    private Path folder;
    private Sandbox sandbox;

    @Setup(Level.Trial)
    public void makeBots() throws IOException, URISyntaxException {
        jars = Files.createTempDirectory("arena-ladder-bots-");
        randomJar(jars.resolve("a.jar"));
        randomJar(jars.resolve("b.jar"));
        Sandbox.none(); // Sandbox initialised before Sandbox.Limits (see ContestSettings.limits)
        sandbox = Sandbox.resolve(SandboxMode.NONE, Sandbox.Limits.DEFAULT, false, line -> { });
    }

    @TearDown(Level.Trial)
    public void deleteBots() throws IOException {
        delete(jars);
    }

    /** A fresh folder; for the ladder, a contest whose two teams have a version on the ladder. */
    @Setup(Level.Iteration)
    public void makeFolder() throws IOException {
        folder = Files.createTempDirectory("arena-ladder-");
        ContestSettings settings = ContestSettings.named("benchmark").withGames(List.of("pylon"))
                .withSandbox("none").withLadder(1, 0);
        settings.write(folder.resolve(ContestSettings.FILE));
        try (ContestDatabase db = ContestDatabase.open(settings.databaseUrl(folder))) {
            for (String team : List.of("a", "b")) {
                ContestDatabase.Team added = db.addTeam(team, Tokens.hash(Tokens.newToken()));
                long id = db.nextVersionId();
                Path file = Files.createDirectories(folder.resolve("versions").resolve(Long.toString(id)))
                        .resolve(team + ".jar");
                Files.copy(jars.resolve(team + ".jar"), file);
                db.addVersion(id, added, "jar", file.getFileName().toString(), folder.relativize(file).toString(),
                        Hashes.sha256(file), Files.readAllBytes(file));
                db.setStatus(id, ContestDatabase.VersionStatus.READY, null);
            }
        }
        database = ContestDatabase.open(settings.databaseUrl(folder));
    }

    @TearDown(Level.Iteration)
    public void deleteFolder() throws IOException {
        if (database != null) {
            database.close();
            database = null;
        }
        delete(folder);
    }

    /** The contest's database, opened (and its schema checked by Flyway) outside the measured time. */
    private ContestDatabase database;

    @Benchmark
    public long ladder() throws InterruptedException {
        ContestSettings settings = ContestSettings.read(folder.resolve(ContestSettings.FILE));
        try (ContestRunner runner = new ContestRunner(folder, settings, database, sandbox)) {
            runner.start();
            while (runner.played() < matches) {
                Thread.sleep(2);
            }
            return runner.played();
        }
    }

    @Benchmark
    public int tournament() throws IOException, InterruptedException {
        Path out = folder.resolve("tournament");
        TournamentSettings settings = new TournamentSettings(null, "benchmark", "round-robin", List.of("pylon"),
                List.of("a=" + jars.resolve("a.jar"), "b=" + jars.resolve("b.jar")), null, matches / 2, null, "1",
                "1s", null, null, Isolation.PROCESS.label(), 1, "all", sandbox.label(), null, null,
                sandbox.cage());
        try (RunDirectory run = RunDirectory.temporary();
             BotSources contestants = new BotSources(new BotLoader(Isolation.PROCESS, sandbox, run,
                     BotLoader.DEFAULT_HELLO_MILLIS))) {
            Tournament tournament = Tournament.resolve(settings, contestants);
            int total = new TournamentRunner(tournament, contestants, Progress.NONE).run(out, 1).total();
            Report.write(out);
            ReplayViewer.writeAll(out);
            return total;
        }
    }

    /** A bot JAR of the random bot alone: its classes and a service entry naming it. */
    static void randomJar(Path file) throws IOException, URISyntaxException {
        Path source = Path.of(RandomBot.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        String prefix = RandomBot.class.getName().replace('.', '/');
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(file))) {
            if (Files.isDirectory(source)) {
                List<Path> classes;
                try (Stream<Path> walk = Files.walk(source)) {
                    classes = walk.filter(p -> source.relativize(p).toString().replace('\\', '/').startsWith(prefix))
                            .toList();
                }
                for (Path path : classes) {
                    out.putNextEntry(new JarEntry(source.relativize(path).toString().replace('\\', '/')));
                    Files.copy(path, out);
                    out.closeEntry();
                }
            } else {
                try (JarFile jar = new JarFile(source.toFile())) {
                    List<JarEntry> entries = new ArrayList<>();
                    jar.stream().filter(e -> e.getName().startsWith(prefix)).forEach(entries::add);
                    for (JarEntry entry : entries) {
                        out.putNextEntry(new JarEntry(entry.getName()));
                        try (InputStream in = jar.getInputStream(entry)) {
                            in.transferTo(out);
                        }
                        out.closeEntry();
                    }
                }
            }
            out.putNextEntry(new JarEntry("META-INF/services/" + Bot.class.getName()));
            out.write((RandomBot.class.getName() + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
            out.closeEntry();
        }
    }

    private static void delete(Path root) throws IOException {
        if (root == null || !Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                path.toFile().setWritable(true);
                Files.deleteIfExists(path);
            }
        }
    }
}
