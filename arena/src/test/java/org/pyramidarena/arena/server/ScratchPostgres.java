package org.pyramidarena.arena.server;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A PostgreSQL server of a test's own, made with {@code initdb} and started with {@code pg_ctl} in a
 * scratch folder on a free port (as the {@code postgres} user when the tests run as root, which
 * PostgreSQL refuses to run as). Needs Debian's {@code postgresql} package ({@code .ci/run} installs
 * it); {@link #start} skips the test, saying so, where it is missing, except in CI ({@code CI=true}),
 * where it fails.
 */
final class ScratchPostgres implements AutoCloseable {

    private final Path scratch;
    private final Path pgCtl;
    private final boolean asPostgres;
    private final String url;

    private ScratchPostgres(Path scratch, Path pgCtl, boolean asPostgres, String url) {
        this.scratch = scratch;
        this.pgCtl = pgCtl;
        this.asPostgres = asPostgres;
        this.url = url;
    }

    /**
     * Starts a new PostgreSQL server.
     *
     * @param test the test's name, for the skip's line
     */
    static ScratchPostgres start(String test) throws IOException, InterruptedException {
        Optional<Path> initdb = tool("initdb");
        Optional<Path> ctl = tool("pg_ctl");
        if (initdb.isEmpty() || ctl.isEmpty()) {
            String missing = "initdb and pg_ctl of PostgreSQL are needed (Debian: apt-get install postgresql)";
            if ("true".equals(System.getenv("CI"))) {
                fail("in CI the PostgreSQL tests must run: " + missing);
            }
            System.err.println("SKIPPED (" + test + "): " + missing);
            Assumptions.abort(missing);
        }
        boolean asPostgres = "root".equals(System.getProperty("user.name"));
        Path scratch = Files.createTempDirectory("arena-postgres-");
        if (asPostgres) {
            UserPrincipal postgres = scratch.getFileSystem().getUserPrincipalLookupService()
                    .lookupPrincipalByName("postgres");
            Files.setOwner(scratch, postgres);
        }
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        run(asPostgres, List.of(initdb.get().toString(), "-D", scratch.resolve("data").toString(), "-U", "arena",
                "--auth=trust", "-E", "UTF8", "--no-sync"));
        run(asPostgres, List.of(ctl.get().toString(), "-D", scratch.resolve("data").toString(), "-l",
                scratch.resolve("log").toString(), "-w", "-o", "-p " + port + " -k " + scratch
                        + " -c listen_addresses=127.0.0.1 -F", "start"));
        return new ScratchPostgres(scratch, ctl.get(), asPostgres, "jdbc:postgresql://127.0.0.1:" + port
                + "/postgres?user=arena");
    }

    /** The server's JDBC URL. */
    String url() {
        return url;
    }

    /** Stops the server at once and deletes its folder. */
    @Override
    public void close() {
        try {
            run(asPostgres, List.of(pgCtl.toString(), "-D", scratch.resolve("data").toString(), "-m", "immediate",
                    "-w", "stop"));
        } catch (IOException | InterruptedException | AssertionError e) {
            System.err.println("pg_ctl stop: " + e.getMessage());
        }
        try (Stream<Path> files = Files.walk(scratch)) {
            files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
        } catch (IOException ignored) {
            // a scratch folder left in the temporary folder is harmless
        }
    }

    private static void run(boolean asPostgres, List<String> command) throws IOException, InterruptedException {
        List<String> full = new ArrayList<>();
        if (asPostgres) {
            full.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        full.addAll(command);
        Path log = Files.createTempFile("arena-postgres-", ".log");
        try {
            Process process = new ProcessBuilder(full).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new AssertionError(String.join(" ", full) + " failed: " + Files.readString(log));
            }
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /** A PostgreSQL program on the PATH or in Debian's /usr/lib/postgresql/VERSION/bin. */
    private static Optional<Path> tool(String name) throws IOException {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, name);
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        Path debian = Path.of("/usr/lib/postgresql");
        if (!Files.isDirectory(debian)) {
            return Optional.empty();
        }
        try (Stream<Path> versions = Files.list(debian)) {
            return versions.map(v -> v.resolve("bin").resolve(name)).filter(Files::isExecutable)
                    .max(Comparator.naturalOrder());
        }
    }
}
