package org.pyramidarena.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.pyramidarena.arena.server.ContestServer;
import org.pyramidarena.arena.server.contest.ContestDatabase;
import org.pyramidarena.arena.server.contest.ContestSettings;
import org.pyramidarena.tournaments.pairing.GameEntry;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The contest server under load (issue 39): a contest filled to a size ({@link ContestLoadFixture}),
 * {@code arena serve} started on it in a JVM of its own, then, all at once for the run's duration,
 * one wrk per page or API call with its share of the readers, a team uploading a new version every few
 * seconds, and the ladder's workers playing (the server's own, and any {@code serve worker} processes
 * asked for). It reports each page's p50 and p99 latency, requests per second and errors, the
 * ladder's matches per minute during the run, and, for comparison, {@code arena tournament} of the
 * same bot at the same concurrency on the same machine.
 *
 * <p>wrk (4.x) is the load generator: an event loop in C, it holds hundreds of connections with one
 * thread and little CPU, so on a small machine the measured server keeps nearly all of it, and
 * {@code --latency} reports the percentiles this needs. {@code benchmarks/contest-load.sh} runs it.
 */
@Command(name = "contest-load", mixinStandardHelpOptions = true, sortOptions = false,
        description = "The contest server under load: p50/p99 of each page while uploads arrive and the ladder plays.")
public final class ContestLoad implements Callable<Integer> {

    /** The run's sizes: the full contest, and one small enough for any machine. */
    public enum Preset {
        TEST(new ContestLoadFixture.Size(30, 100, 5_000), 50, 20, 10),
        FULL(new ContestLoadFixture.Size(300, 1_500, 100_000), 200, 60, 30);

        final ContestLoadFixture.Size size;
        final int readers;
        final int seconds;
        final int warmupSeconds;

        Preset(ContestLoadFixture.Size size, int readers, int seconds, int warmupSeconds) {
            this.size = size;
            this.readers = readers;
            this.seconds = seconds;
            this.warmupSeconds = warmupSeconds;
        }
    }

    @Option(names = "--size", paramLabel = "SIZE", defaultValue = "test",
            description = "test (30 teams, 100 versions, 5,000 matches, 50 readers, 20 s) or full (300 teams, 1,500 "
                    + "versions, 100,000 matches, 200 readers, 60 s); the options below override its numbers.")
    String size;

    @Option(names = "--teams", paramLabel = "N", description = "Teams in the contest.")
    Integer teams;

    @Option(names = "--versions", paramLabel = "N", description = "Versions on the ladder, spread over the teams.")
    Integer versions;

    @Option(names = "--matches", paramLabel = "N", description = "Finished rated matches in the database.")
    Integer matches;

    @Option(names = "--readers", paramLabel = "N",
            description = "Concurrent readers (HTTP connections), shared evenly among the pages.")
    Integer readers;

    @Option(names = "--think", paramLabel = "MILLIS", defaultValue = "1000",
            description = "Each reader's pause between its requests, drawn evenly from 0 to twice this, as a person "
                    + "reading a page waits before the next (default: ${DEFAULT-VALUE}; 0: every reader asks again at "
                    + "once, which measures how many requests the server answers at most, not how fast it answers "
                    + "its readers).")
    int thinkMillis;

    @Option(names = "--duration", paramLabel = "SECONDS", description = "How long the load runs.")
    Integer seconds;

    @Option(names = "--warmup", paramLabel = "SECONDS",
            description = "The same load, unmeasured, before the measured run, so that the server's JIT has compiled "
                    + "its pages (default: 10 for test, 30 for full).")
    Integer warmup;

    @Option(names = "--db", paramLabel = "JDBC-URL",
            description = "The contest's database, e.g. jdbc:postgresql://HOST/DB?user=U&password=P (default: SQLite "
                    + "in the contest folder); it must be empty.")
    String database;

    @Option(names = "--bot", paramLabel = "FILE", defaultValue = "sample-bots/python/random_bot.py",
            description = "The bot file of every version and upload (default: ${DEFAULT-VALUE}).")
    Path bot;

    @Option(names = "--sandbox", paramLabel = "MODE", defaultValue = "bwrap",
            description = "The contest's sandbox, as contest.json takes it (default: ${DEFAULT-VALUE}).")
    String sandbox;

    @Option(names = "--concurrency", paramLabel = "N", defaultValue = "2",
            description = "The server's own worker threads (0 with --db and --workers: the workers alone play); the "
                    + "tournament plays at this plus --workers (default: ${DEFAULT-VALUE}).")
    int concurrency;

    @Option(names = "--workers", paramLabel = "N", defaultValue = "0",
            description = "Extra worker processes, each started as 'arena serve worker --db URL' (default: none).")
    int workers;

    @Option(names = "--upload-every", paramLabel = "SECONDS", defaultValue = "5",
            description = "A team uploads a new version this often during the run (default: ${DEFAULT-VALUE}).")
    double uploadEvery;

    @Option(names = "--tournament-cycles", paramLabel = "N", defaultValue = "10",
            description = "Cycles of the comparison tournament (four entrants of the bot, round-robin); 0 for none "
                    + "(default: ${DEFAULT-VALUE}).")
    int tournamentCycles;

    @Option(names = "--wrk", paramLabel = "PROGRAM", defaultValue = "wrk", description = "The wrk program.")
    String wrk;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "The fixture's seed.")
    long seed;

    @Option(names = "--out", paramLabel = "DIR", required = true,
            description = "Where the contest, the logs and the tables (load.csv, load.md) are written; must not exist.")
    Path out;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ARENA = "org.pyramidarena.arena.cli.ArenaCommand";

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    /** One page or API call under load, and what wrk measured of it. */
    public record Page(String name, String path, int readers, int firstStatus, WrkResult result) {
    }

    /**
     * A run's figures.
     *
     * @param ladderBefore ladder matches done when the load started
     * @param ladderAfter ladder matches done when it ended
     * @param tournamentPerMinute the tournament's matches per minute, NaN when none was played
     */
    public record Result(List<Page> pages, double seconds, long ladderBefore, long ladderAfter, double tournamentPerMinute,
                        int tournamentMatches, Map<Integer, Integer> uploads, String loadBefore, String loadAfter) {

        /** The ladder's matches per minute during the load. */
        public double ladderPerMinute() {
            return (ladderAfter - ladderBefore) * 60.0 / seconds;
        }
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new ContestLoad()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        Result result;
        try {
            result = run();
        } catch (IllegalArgumentException e) {
            System.err.println("contest-load: " + e.getMessage());
            return 2;
        }
        System.out.print(markdown(result));
        return result.pages().stream().allMatch(page -> page.firstStatus() == 200 && page.result().clean()) ? 0 : 1;
    }

    /** Runs the whole measurement and writes {@code load.csv} and {@code load.md} under {@code --out}. */
    public Result run() throws IOException, InterruptedException {
        if (!List.of("test", "full").contains(size)) {
            throw new IllegalArgumentException("--size is test or full, not " + size);
        }
        if (!Files.isRegularFile(bot)) {
            throw new IllegalArgumentException("no bot file " + bot);
        }
        Preset preset = Preset.valueOf(size.toUpperCase(Locale.ROOT));
        ContestLoadFixture.Size contestSize = new ContestLoadFixture.Size(teams == null ? preset.size.teams() : teams,
                versions == null ? preset.size.versions() : versions, matches == null ? preset.size.matches() : matches);
        int readerCount = readers == null ? preset.readers : readers;
        int duration = seconds == null ? preset.seconds : seconds;
        int warmupSeconds = warmup == null ? preset.warmupSeconds : warmup;
        if (Files.exists(out)) {
            throw new IllegalArgumentException(out + " exists; the run writes a new folder");
        }
        Path folder = out.resolve("contest");
        ContestSettings settings = ContestSettings.named("load").withGames(List.of("pylon")).withSandbox(sandbox)
                .withLadder(concurrency, 4).withUploads(1 << 20, 100_000).withDatabase(database);
        ContestServer.init(folder, settings);
        String url = settings.databaseUrl(folder);
        GameEntry game = settings.gameEntries().get(0);
        Instant filling = Instant.now();
        List<ContestLoadFixture.Team> made;
        try (ContestDatabase db = ContestDatabase.open(url)) {
            made = ContestLoadFixture.fill(db, folder, url, game, contestSize, bot.toAbsolutePath(), seed);
        }
        System.err.printf("contest-load: %s filled in %d s%n", contestSize,
                Duration.between(filling, Instant.now()).toSeconds());

        int port = freePort();
        String base = "http://127.0.0.1:" + port;
        List<Process> processes = new ArrayList<>();
        try {
            List<String> serve = new ArrayList<>(List.of("serve", "--dir", folder.toString(), "--port",
                    Integer.toString(port)));
            if (sandbox.equals("none") || sandbox.equals("auto")) {
                serve.add("--trust-bots");
            }
            Process server = arena(serve, out.resolve("serve.log"));
            processes.add(server);
            waitFor(() -> get(base + "/api/contest", Map.of()).statusCode() == 200, server, 180, "the server to answer");
            System.err.printf("contest-load: the server answers after %d s%n", Duration.between(filling, Instant.now())
                    .toSeconds());
            for (int i = 1; i <= workers; i++) {
                processes.add(arena(List.of("serve", "worker", "--db", url), out.resolve("worker-" + i + ".log")));
            }
            ContestLoadFixture.Team reader = made.get(0);
            String cookie = signIn(base, reader.token());
            long[] replayed = new long[1];
            waitFor(() -> {
                replayed[0] = ladderMatchWithReplay(base);
                return replayed[0] > 0;
            }, server, 300, "a ladder match with a replay");
            System.err.printf("contest-load: ladder match %d played after %d s; the load starts%n", replayed[0],
                    Duration.between(filling, Instant.now()).toSeconds());
            Map<String, String> bearer = Map.of("Authorization", "Bearer " + reader.token());
            Map<String, String> session = Map.of("Cookie", cookie);
            List<String[]> targets = List.of(
                    new String[] {"leaderboard page", "/"},
                    new String[] {"leaderboard API", "/api/leaderboard"},
                    new String[] {"team page", "/team"},
                    new String[] {"team API", "/api/team"},
                    new String[] {"match page", "/matches/" + replayed[0]},
                    new String[] {"replay viewer", "/matches/" + replayed[0] + "/replay"});
            Map<String, Map<String, String>> headers = Map.of("/team", session, "/api/team", bearer);
            Map<String, Integer> firstStatus = new LinkedHashMap<>();
            for (String[] target : targets) {
                firstStatus.put(target[1], get(base + target[1], headers.getOrDefault(target[1], Map.of())).statusCode());
            }

            int perPage = Math.max(1, readerCount / targets.size());
            if (warmupSeconds > 0) {
                loadPages(base, targets, headers, perPage, warmupSeconds, "warmup-");
            }
            String loadBefore = loadAverage();
            long ladderBefore = ladderMatches(base);
            Map<Integer, Integer> uploads = new ConcurrentHashMap<>();
            AtomicBoolean loading = new AtomicBoolean(true);
            Thread uploader = new Thread(() -> upload(base, made, loading, uploads), "uploads");
            uploader.setDaemon(true);
            long started = System.nanoTime();
            uploader.start();
            loadPages(base, targets, headers, perPage, duration, "");
            double elapsed = (System.nanoTime() - started) / 1e9;
            long ladderAfter = ladderMatches(base);
            for (int i = 1; i <= workers; i++) {
                if (!processes.get(i).isAlive()) {
                    System.err.printf("contest-load: worker %d exited (status %d) before the run ended; see %s%n", i,
                            processes.get(i).exitValue(), out.resolve("worker-" + i + ".log"));
                }
            }
            String loadAfter = loadAverage();
            loading.set(false);
            uploader.join(10_000);
            List<Page> pages = new ArrayList<>();
            for (String[] target : targets) {
                String report = Files.readString(out.resolve("wrk-" + slug(target[0]) + ".txt"));
                pages.add(new Page(target[0], target[1], perPage, firstStatus.get(target[1]), WrkResult.parse(report)));
            }
            stop(processes);
            processes.clear();
            System.err.printf("contest-load: the server stopped after %d s%n", Duration.between(filling, Instant.now())
                    .toSeconds());
            double tournamentPerMinute = Double.NaN;
            int tournamentMatches = 0;
            if (tournamentCycles > 0) {
                long begun = System.nanoTime();
                Path tournament = out.resolve("tournament");
                String spec = botSpec(settings, bot.toAbsolutePath());
                Process played = arena(List.of("tournament", "--games", game.game(), "--bot", "a=" + spec, "--bot",
                        "b=" + spec, "--bot", "c=" + spec, "--bot", "d=" + spec, "--cycles",
                        Integer.toString(tournamentCycles), "--concurrency", Integer.toString(Math.max(1,
                                concurrency + workers)), "--sandbox", sandbox, "--out", tournament.toString(), "--quiet"),
                        out.resolve("tournament.log"));
                processes.add(played);
                if (played.waitFor() != 0) {
                    throw new IllegalStateException("the tournament failed: see " + out.resolve("tournament.log"));
                }
                double minutes = (System.nanoTime() - begun) / 60e9;
                tournamentMatches = matchesIn(tournament.resolve("results.csv"));
                tournamentPerMinute = tournamentMatches / minutes;
            }
            Result result = new Result(pages, elapsed, ladderBefore, ladderAfter, tournamentPerMinute,
                    tournamentMatches, Map.copyOf(uploads), loadBefore, loadAfter);
            write(result, contestSize, readerCount);
            return result;
        } finally {
            stop(processes);
        }
    }

    /** Runs one wrk per page at once, each with its share of the readers, its report written to {@code wrk-*.txt}. */
    private void loadPages(String base, List<String[]> targets, Map<String, Map<String, String>> headers, int perPage,
                           int duration, String prefix) throws IOException, InterruptedException {
        List<Process> loads = new ArrayList<>();
        for (String[] target : targets) {
            List<String> command = new ArrayList<>(List.of(wrk, "-t1", "-c" + perPage, "-d" + duration + "s",
                    "--timeout", "10s", "--latency"));
            if (thinkMillis > 0) {
                // wrk's delay() hook: the pause before a connection's next request.
                Path script = out.resolve("think.lua");
                Files.writeString(script, "function delay()\n  return math.random(0, " + 2 * thinkMillis
                        + ")\nend\n");
                command.addAll(List.of("-s", script.toString()));
            }
            headers.getOrDefault(target[1], Map.of()).forEach((name, value) -> {
                command.add("-H");
                command.add(name + ": " + value);
            });
            command.add(base + target[1]);
            loads.add(new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(out.resolve(prefix + "wrk-" + slug(target[0]) + ".txt").toFile()).start());
        }
        for (Process load : loads) {
            if (!load.waitFor(duration + 60L, TimeUnit.SECONDS)) {
                load.destroyForcibly();
            }
        }
    }

    /** Starts the arena's command line in a JVM of its own, on this JVM's class path. */
    private static Process arena(List<String> arguments, Path log) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), ARENA));
        command.addAll(arguments);
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /** Ends processes as an operator would (SIGTERM, the server's graceful shutdown), then forcibly. */
    private static void stop(List<Process> processes) throws InterruptedException {
        processes.forEach(Process::destroy);
        for (Process process : processes) {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private interface Check {
        boolean holds() throws IOException, InterruptedException;
    }

    private static void waitFor(Check check, Process server, int seconds, String what)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            if (!server.isAlive()) {
                throw new IllegalStateException("the server exited (status " + server.exitValue() + ") while waiting "
                        + "for " + what);
            }
            try {
                if (check.holds()) {
                    return;
                }
            } catch (IOException e) {
                // Not listening yet.
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException("waited " + seconds + " s for " + what);
    }

    private HttpResponse<String> get(String url, Map<String, String> headers) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30));
        headers.forEach(request::header);
        return http.send(request.GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private String signIn(String base, String token) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(base + "/team/sign-in"))
                .timeout(Duration.ofSeconds(30)).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("token=" + URLEncoder.encode(token, StandardCharsets.UTF_8)))
                .build(), HttpResponse.BodyHandlers.ofString());
        return response.headers().firstValue("Set-Cookie").orElseThrow(() -> new IllegalStateException(
                "sign-in answered " + response.statusCode() + " without a session")).split(";", 2)[0];
    }

    /** The newest finished ladder match with a replay, or 0. */
    private long ladderMatchWithReplay(String base) throws IOException, InterruptedException {
        for (JsonNode match : JSON.readTree(get(base + "/api/matches?limit=50", Map.of()).body())) {
            if (match.path("phase").asText().equals("ladder") && match.path("status").asText().equals("done")
                    && !match.path("replay").isNull() && !match.path("replay").isMissingNode()) {
                return match.path("id").asLong();
            }
        }
        return 0;
    }

    private long ladderMatches(String base) throws IOException, InterruptedException {
        return JSON.readTree(get(base + "/api/contest", Map.of()).body()).path("ladderMatches").asLong();
    }

    /** Uploads the bot as a new version of the next team, every {@code --upload-every} seconds, while the load runs. */
    private void upload(String base, List<ContestLoadFixture.Team> made, AtomicBoolean loading,
                        Map<Integer, Integer> statuses) {
        try {
            byte[] file = Files.readAllBytes(bot);
            String boundary = "contest-load-" + Long.toHexString(seed);
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\""
                    + bot.getFileName() + "\"\r\nContent-Type: application/octet-stream\r\n\r\n")
                    .getBytes(StandardCharsets.UTF_8));
            body.writeBytes(file);
            body.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
            for (int i = 0; loading.get(); i++) {
                ContestLoadFixture.Team team = made.get(i % made.size());
                HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(base
                                + "/api/team/versions")).timeout(Duration.ofSeconds(60))
                        .header("Authorization", "Bearer " + team.token())
                        .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray())).build(),
                        HttpResponse.BodyHandlers.ofString());
                statuses.merge(response.statusCode(), 1, Integer::sum);
                Thread.sleep((long) (uploadEvery * 1000));
            }
        } catch (IOException e) {
            statuses.merge(-1, 1, Integer::sum);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The bot as {@code tournament --bot} takes it: a JAR's path, or the contest's interpreter and the program. */
    private static String botSpec(ContestSettings settings, Path file) {
        String kind = ContestLoadFixture.kind(file);
        if (kind.equals("jar")) {
            return file.toString();
        }
        String interpreter = settings.interpretersOrDefault().get(kind);
        if (interpreter == null) {
            throw new IllegalArgumentException("no interpreter for ." + kind + " files");
        }
        return "cmd:" + interpreter + " " + file;
    }

    private static int matchesIn(Path results) throws IOException {
        try (Reader reader = Files.newBufferedReader(results);
             CSVParser rows = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(reader)) {
            return (int) rows.stream().map(row -> row.get("match")).distinct().count();
        }
    }

    private static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return fields[0] + " " + fields[1] + " " + fields[2];
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static String slug(String name) {
        return name.replace(' ', '-');
    }

    private void write(Result result, ContestLoadFixture.Size contestSize, int readerCount) throws IOException {
        try (Writer writer = Files.newBufferedWriter(out.resolve("load.csv"));
             CSVPrinter csv = CSVFormat.DEFAULT.builder().setHeader("page", "path", "readers", "requests",
                     "requests_per_second", "p50_ms", "p99_ms", "socket_errors", "non_2xx", "first_status").build()
                     .print(writer)) {
            for (Page page : result.pages()) {
                WrkResult wrkResult = page.result();
                csv.printRecord(page.name(), page.path(), page.readers(), wrkResult.requests(),
                        format(wrkResult.requestsPerSecond()), format(wrkResult.p50Millis()),
                        format(wrkResult.p99Millis()), wrkResult.socketErrors(), wrkResult.non2xx(), page.firstStatus());
            }
        }
        String summary = String.format(Locale.ROOT, "contest-load: %d teams, %d versions, %d rated matches; %d readers, "
                + "each pausing 0-%d ms between requests; %d ladder workers and %d worker processes; %.0f s; load "
                + "average %s at the start, %s at the end%n%n",
                contestSize.teams(), contestSize.versions(), contestSize.matches(), readerCount, 2 * thinkMillis,
                concurrency, workers,
                result.seconds(), result.loadBefore(), result.loadAfter());
        Files.writeString(out.resolve("load.md"), summary + markdown(result));
    }

    /** The run's table and throughput lines, as markdown. */
    static String markdown(Result result) {
        StringBuilder text = new StringBuilder("| page | path | readers | requests/s | p50 ms | p99 ms | errors |\n"
                + "|---|---|---|---|---|---|---|\n");
        for (Page page : result.pages()) {
            WrkResult wrkResult = page.result();
            text.append(String.format(Locale.ROOT, "| %s | `%s` | %d | %s | %s | %s | %d |%n", page.name(),
                    page.path().replaceAll("/[0-9]+", "/ID"), page.readers(), format(wrkResult.requestsPerSecond()),
                    format(wrkResult.p50Millis()), format(wrkResult.p99Millis()),
                    wrkResult.socketErrors() + wrkResult.non2xx()));
        }
        text.append(String.format(Locale.ROOT, "%nladder: %d matches in %.0f s under load, %.1f a minute%n",
                result.ladderAfter() - result.ladderBefore(), result.seconds(), result.ladderPerMinute()));
        if (!Double.isNaN(result.tournamentPerMinute())) {
            text.append(String.format(Locale.ROOT, "tournament: %d matches, %.1f a minute%n", result.tournamentMatches(),
                    result.tournamentPerMinute()));
        }
        text.append("uploads during the run, by status: ").append(result.uploads()).append('\n');
        return text.toString();
    }

    private static String format(double value) {
        return String.format(Locale.ROOT, value < 10 ? "%.2f" : "%.0f", value);
    }
}
