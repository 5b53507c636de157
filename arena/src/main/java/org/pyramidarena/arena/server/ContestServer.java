package org.pyramidarena.arena.server;

import static io.javalin.apibuilder.ApiBuilder.path;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.javalin.Javalin;
import io.javalin.config.SizeUnit;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import io.javalin.json.JavalinJackson;
import io.javalin.router.EndpointNotFound;
import io.javalin.router.exception.HttpResponseExceptionMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.server.access.Access;
import org.pyramidarena.arena.server.access.BodySlots;
import org.pyramidarena.arena.server.access.UploadRateLimit;
import org.pyramidarena.arena.server.access.WrongTokenLimit;
import org.pyramidarena.arena.server.api.ContestApi;
import org.pyramidarena.arena.server.contest.ContestDatabase;
import org.pyramidarena.arena.server.contest.ContestRunner;
import org.pyramidarena.arena.server.contest.ContestSettings;
import org.pyramidarena.arena.server.contest.Credentials;
import org.pyramidarena.arena.server.contest.FinalRun;
import org.pyramidarena.arena.server.contest.Scrimmages;
import org.pyramidarena.arena.server.contest.Sessions;
import org.pyramidarena.arena.server.contest.ShownPaths;
import org.pyramidarena.arena.server.pages.AdminPages;
import org.pyramidarena.arena.server.pages.ContestPages;
import org.pyramidarena.arena.server.pages.LiveUpdates;
import org.pyramidarena.arena.server.pages.TeamPages;
import org.pyramidarena.arena.server.uploads.UploadStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code arena serve}: one contest over HTTP, assembled from its parts. The contest itself (its
 * database, the ladder, the final) is in {@code server.contest}; the public pages, a team's pages and
 * the organiser's in {@code server.pages}; the JSON API under {@code /api/} in {@code server.api};
 * the teams' uploads in {@code server.uploads}; and who may use each route in {@code server.access},
 * checked before the route's handler runs. A token comes as {@code Authorization: Bearer TOKEN} (the
 * API), once in the sign-in form of a team's pages, which then carry a session in a {@code
 * SameSite=Strict} cookie, or as the form field {@code token} of the admin pages. A refusal, one
 * of Javalin's {@link HttpResponseException}s or an {@link IllegalArgumentException} (400), is
 * answered here: as {@code {"error": ...}} under {@code /api/}, as a page elsewhere.
 */
public final class ContestServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ContestServer.class);

    /** How long a request's read or write may wait for the client before the connection is dropped. */
    static final long IDLE_MILLIS = 10_000;
    /** The most a request's line and headers may hold. */
    static final int MAX_HEADER_BYTES = 8 * 1024;

    private final ContestSettings settings;
    private final ContestDatabase db;
    /** The scheduler's and the server's own workers' connections, apart from the requests', so they never wait behind readers. */
    private final ContestDatabase work;
    private final ContestRunner runner;
    private final FinalRun finalRun;
    private final Access access;
    private final LiveUpdates live;
    private final ContestPages pages;
    private final TeamPages teamPages;
    private final AdminPages adminPages;
    private final ContestApi api;
    private final BodySlots bodySlots = new BodySlots();
    private final ShownPaths shown;
    private Javalin app;

    private ContestServer(Path folder, ContestSettings settings, ContestDatabase db, ContestDatabase work,
                          ContestRunner runner) {
        this.settings = settings;
        this.db = db;
        this.work = work;
        this.runner = runner;
        this.shown = new ShownPaths(folder);
        this.finalRun = new FinalRun(folder, settings, db, runner);
        Credentials credentials = new Credentials(db);
        UploadStore uploads = new UploadStore(folder, settings, db, runner,
                new UploadRateLimit(db, settings.uploadsPerHourOrDefault()));
        Sessions sessions = new Sessions(db);
        this.access = new Access(credentials, sessions, new WrongTokenLimit());
        this.live = new LiveUpdates(runner.leaderboard());
        this.pages = new ContestPages(folder, settings, db, runner, finalRun, live);
        Scrimmages scrimmages = new Scrimmages(settings, db, runner);
        this.teamPages = new TeamPages(settings, db, runner, uploads, sessions, scrimmages);
        this.adminPages = new AdminPages(settings, db, runner, finalRun, credentials);
        this.api = new ContestApi(settings, db, runner, finalRun, credentials, uploads, scrimmages);
    }

    /**
     * Creates a contest in a folder: its settings file, its database and the admin token.
     *
     * @return the admin token, shown once
     * @throws IllegalArgumentException when the folder holds a contest already
     */
    public static String init(Path folder, ContestSettings settings) throws IOException {
        settings.check();
        requireSomeWorker(folder, settings);
        Path file = folder.resolve(ContestSettings.FILE);
        if (Files.exists(file)) {
            throw new IllegalArgumentException(folder + " holds a contest already (" + ContestSettings.FILE + ")");
        }
        Files.createDirectories(folder);
        settings.write(file);
        makePrivate(folder, settings);
        try (ContestDatabase db = ContestDatabase.open(settings.databaseUrl(folder))) {
            return new Credentials(db).newAdminToken();
        }
    }

    /**
     * Adds a team to a contest.
     *
     * @return the team's token, shown once
     */
    public static String addTeam(ContestDatabase db, String name) {
        return new Credentials(db).addTeam(name);
    }

    /**
     * Opens a contest folder and starts its server and ladder.
     *
     * @param port the port, 0 for any free one
     * @param warnings hears a warning when the settings' sandbox is {@code auto} and none runs here
     * @throws IllegalArgumentException with one line when the settings, the database or the sandbox are wrong
     */
    public static ContestServer start(Path folder, String host, int port, Consumer<String> warnings) {
        return start(folder, host, port, null, warnings);
    }

    /**
     * Opens a contest folder and starts its server and ladder, on a database other than its settings'.
     *
     * @param database a JDBC URL in place of contest.json's, or null for contest.json's
     * @throws IllegalArgumentException with one line when the settings, the database or the sandbox are
     *     wrong, or when no worker would play (concurrency 0 on SQLite, which no other machine reaches)
     */
    public static ContestServer start(Path folder, String host, int port, String database, Consumer<String> warnings) {
        ContestSettings read = ContestSettings.read(folder.resolve(ContestSettings.FILE));
        ContestSettings settings = database == null ? read : read.withDatabase(database);
        requireSomeWorker(folder, settings);
        try {
            makePrivate(folder, settings);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot make the contest folder " + folder + " private: " + e.getMessage());
        }
        Sandbox sandbox = Sandbox.resolve(settings.sandboxMode(), settings.limits(), false, warnings);
        // Two pools of connections: the requests' (many readers at once wait for one of them), and the
        // scheduler's and the server's own workers', which readers never hold up.
        ContestDatabase db = ContestDatabase.open(settings.databaseUrl(folder));
        ContestDatabase work;
        try {
            work = ContestDatabase.open(settings.databaseUrl(folder), settings.concurrencyOrDefault() + 4);
        } catch (RuntimeException e) {
            db.close();
            throw e;
        }
        ContestRunner runner = new ContestRunner(folder, settings, work, sandbox);
        ContestServer server = new ContestServer(folder, settings, db, work, runner);
        try {
            runner.start();
            server.finalRun.resume();
            server.listen(host, port);
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
        return server;
    }

    /**
     * Refuses settings under which no worker could play: concurrency 0 (no thread of the server's own)
     * on SQLite, which no other machine reaches.
     */
    private static void requireSomeWorker(Path folder, ContestSettings settings) {
        if (settings.concurrencyOrDefault() == 0 && settings.databaseUrl(folder).startsWith("jdbc:sqlite:")) {
            throw new IllegalArgumentException("concurrency 0 leaves the matches to workers on other machines, which "
                    + "need a PostgreSQL database: set contest.json's database (or --db), or a concurrency of 1 or more");
        }
    }

    /**
     * Makes the contest folder readable by the server's user alone (0700), and the settings file
     * (which may hold a database password) and the SQLite database (which holds the ladder's secret
     * seed and the tokens' hashes) 0600, the database before SQLite first writes it; SQLite gives its
     * write-ahead log and shared-memory files the database's permissions. Where the file system has
     * no POSIX permissions, nothing is changed.
     */
    private static void makePrivate(Path folder, ContestSettings settings) throws IOException {
        if (!Files.getFileStore(folder).supportsFileAttributeView(PosixFileAttributeView.class)) {
            return;
        }
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwx------"));
        Set<PosixFilePermission> owner = PosixFilePermissions.fromString("rw-------");
        Files.setPosixFilePermissions(folder.resolve(ContestSettings.FILE), owner);
        if (settings.database() == null) {
            Path database = folder.resolve(ContestSettings.SQLITE_FILE);
            if (!Files.exists(database)) {
                // An empty file is an empty SQLite database; made here, it is never readable by others.
                Files.createFile(database, PosixFilePermissions.asFileAttribute(owner));
            }
            for (String suffix : List.of("", "-wal", "-shm")) {
                Path file = database.resolveSibling(database.getFileName() + suffix);
                if (Files.exists(file)) {
                    Files.setPosixFilePermissions(file, owner);
                }
            }
        }
    }

    /** The port the server listens on. */
    public int port() {
        return app.port();
    }

    /** The contest's database. */
    public ContestDatabase database() {
        return db;
    }

    /** The ladder. */
    public ContestRunner runner() {
        return runner;
    }

    private void listen(String host, int port) {
        long cap = settings.maxUploadBytesOrDefault();
        app = Javalin.create(config -> {
            config.http.maxRequestSize = cap + (64 << 10);
            config.jetty.multipartConfig.maxFileSize(cap, SizeUnit.BYTES);
            config.jetty.multipartConfig.maxTotalRequestSize(cap + (64 << 10), SizeUnit.BYTES);
            config.jetty.multipartConfig.maxInMemoryFileSize((int) Math.min(cap, 1 << 20), SizeUnit.BYTES);
            config.jetty.modifyHttpConfiguration(http -> {
                http.setIdleTimeout(IDLE_MILLIS);
                http.setRequestHeaderSize(MAX_HEADER_BYTES);
            });
            config.startup.showJavalinBanner = false;
            config.jsonMapper(new JavalinJackson(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT), false));
            config.routes.before(ctx -> {
                // Pages carry tokens in hidden fields: never cached, framed or sent on as a referrer.
                ctx.header("Cache-Control", "no-store");
                ctx.header("X-Content-Type-Options", "nosniff");
                ctx.header("X-Frame-Options", "DENY");
                ctx.header("Referrer-Policy", "no-referrer");
            });
            // A request with a body takes a slot before anything else (its token is checked after).
            config.routes.before(bodySlots::take);
            config.routes.after(bodySlots::release);
            config.routes.beforeMatched(access::check);
            config.routes.apiBuilder(() -> {
                pages.addEndpoints();
                path("team", teamPages);
                path("admin", adminPages);
                path("api", api);
            });
            config.routes.exception(HttpResponseException.class, (e, ctx) -> {
                if (e instanceof EndpointNotFound) {
                    // A path the server does not have is not a refusal of the contest's: Javalin answers it.
                    HttpResponseExceptionMapper.INSTANCE.handle(e, ctx);
                } else {
                    refuse(ctx, e.getStatus(), e.getMessage());
                }
            });
            config.routes.exception(IllegalArgumentException.class, (e, ctx) -> refuse(ctx, 400, e.getMessage()));
            config.routes.exception(Exception.class, (e, ctx) -> {
                LOG.error("{} {} failed", ctx.method(), ctx.path(), e);
                refuse(ctx, 500, "the server failed: " + e);
            });
        }).start(host, port);
    }

    private void refuse(Context ctx, int status, String message) {
        drainBody(ctx);
        ctx.status(status);
        if (Access.isApi(ctx)) {
            ContestApi.refused(ctx, shown.of(message));
        } else {
            pages.refused(ctx, shown.of(message));
        }
    }

    /**
     * Reads what is left of a refused request's body (up to the request cap) and drops it. A
     * connection closed under a body still being sent is reset, and the reset can lose the refusal
     * on its way back: the client of a refused upload (a wrong token, say) would see the connection
     * drop instead of the reason. Only a request that holds a body slot is drained (a slow client
     * then holds no more than its slot); any other is answered and its connection closed.
     */
    private void drainBody(Context ctx) {
        if (!"POST".equals(ctx.method().name())) {
            return;
        }
        if (!BodySlots.holds(ctx)) {
            ctx.header("Connection", "close");
            return;
        }
        try {
            InputStream in = ctx.req().getInputStream();
            long left = settings.maxUploadBytesOrDefault() + (64 << 10);
            byte[] buffer = new byte[8192];
            for (int read; left > 0 && (read = in.read(buffer, 0, (int) Math.min(buffer.length, left))) > 0; ) {
                left -= read;
            }
        } catch (IOException | RuntimeException e) {
            // Already read, or the client has gone: nothing to drop.
        }
    }

    /** Stops the server, the ladder and every bot. */
    @Override
    public void close() {
        live.close();
        if (app != null) {
            app.stop();
        }
        finalRun.close();
        teamPages.close();
        runner.close();
        work.close();
        db.close();
    }
}
