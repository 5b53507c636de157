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
import java.util.function.Consumer;
<<<<<<< HEAD
=======
import org.pyramidarena.arena.common.Hashes;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.bots.BotJar;
import org.pyramidarena.arena.report.ReplayViewer;
>>>>>>> i38w
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.server.access.Access;
import org.pyramidarena.arena.server.access.UploadRateLimit;
import org.pyramidarena.arena.server.api.ContestApi;
import org.pyramidarena.arena.server.contest.ContestDatabase;
import org.pyramidarena.arena.server.contest.ContestRunner;
import org.pyramidarena.arena.server.contest.ContestSettings;
import org.pyramidarena.arena.server.contest.Credentials;
import org.pyramidarena.arena.server.contest.FinalRun;
import org.pyramidarena.arena.server.pages.AdminPages;
import org.pyramidarena.arena.server.pages.ContestPages;
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
 * API) or as the form field {@code token} (the pages, which ask for it in a form and carry it in
 * hidden fields, so no cookie is set and no other site can make a browser send it). A refusal, one
 * of Javalin's {@link HttpResponseException}s or an {@link IllegalArgumentException} (400), is
 * answered here: as {@code {"error": ...}} under {@code /api/}, as a page elsewhere.
 */
public final class ContestServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ContestServer.class);

    private final ContestSettings settings;
    private final ContestDatabase db;
    private final ContestRunner runner;
    private final FinalRun finalRun;
    private final Access access;
    private final ContestPages pages;
    private final TeamPages teamPages;
    private final AdminPages adminPages;
    private final ContestApi api;
    private Javalin app;

    private ContestServer(Path folder, ContestSettings settings, ContestDatabase db, ContestRunner runner) {
        this.settings = settings;
        this.db = db;
        this.runner = runner;
        this.finalRun = new FinalRun(folder, settings, db, runner);
        Credentials credentials = new Credentials(db);
        UploadStore uploads = new UploadStore(folder, settings, db, runner,
                new UploadRateLimit(settings.uploadsPerHourOrDefault()));
        this.access = new Access(credentials);
        this.pages = new ContestPages(folder, settings, db, runner, finalRun);
        this.teamPages = new TeamPages(settings, db, uploads);
        this.adminPages = new AdminPages(settings, db, runner, finalRun, credentials);
        this.api = new ContestApi(settings, db, runner, finalRun, credentials, uploads);
    }

    /**
     * Creates a contest in a folder: its settings file, its database and the admin token.
     *
     * @return the admin token, shown once
     * @throws IllegalArgumentException when the folder holds a contest already
     */
    public static String init(Path folder, ContestSettings settings) throws IOException {
        settings.check();
        Path file = folder.resolve(ContestSettings.FILE);
        if (Files.exists(file)) {
            throw new IllegalArgumentException(folder + " holds a contest already (" + ContestSettings.FILE + ")");
        }
        Files.createDirectories(folder);
        settings.write(file);
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
        ContestSettings settings = ContestSettings.read(folder.resolve(ContestSettings.FILE));
        Sandbox sandbox = Sandbox.resolve(settings.sandboxMode(), settings.limits(), false, warnings);
        ContestDatabase db = ContestDatabase.open(settings.databaseUrl(folder));
        ContestRunner runner = new ContestRunner(folder, settings, db, sandbox);
        ContestServer server = new ContestServer(folder, settings, db, runner);
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
            config.startup.showJavalinBanner = false;
            config.jsonMapper(new JavalinJackson(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT), false));
            config.routes.before(ctx -> {
                // Pages carry tokens in hidden fields: never cached, framed or sent on as a referrer.
                ctx.header("Cache-Control", "no-store");
                ctx.header("X-Content-Type-Options", "nosniff");
                ctx.header("X-Frame-Options", "DENY");
                ctx.header("Referrer-Policy", "no-referrer");
            });
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
            ContestApi.refused(ctx, message);
        } else {
            pages.refused(ctx, message);
        }
    }

    /**
     * Reads what is left of a refused request's body (up to the request cap) and drops it. A
     * connection closed under a body still being sent is reset, and the reset can lose the refusal
     * on its way back: the client of a refused upload (a wrong token, say) would see the connection
     * drop instead of the reason.
     */
    private void drainBody(Context ctx) {
        if (!"POST".equals(ctx.method().name())) {
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

<<<<<<< HEAD
=======
    private void json(Context ctx, Object value) {
        try {
            ctx.contentType("application/json").result(json.writeValueAsString(value));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String bearer(Context ctx) {
        String header = ctx.header("Authorization");
        if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return null;
        }
        return header.substring(7).trim();
    }

    /** The team a token belongs to; refused with 401 without a token and 403 with a wrong one. */
    private ContestDatabase.Team team(Context ctx, String token) {
        if (token == null || token.isBlank()) {
            throw new Refused(401, "this needs the team's token");
        }
        // Every team's hash is compared, so the time taken does not tell which team a token is near.
        ContestDatabase.Team found = null;
        for (ContestDatabase.Team team : db.teams()) {
            if (Tokens.matches(token, team.tokenHash())) {
                found = team;
            }
        }
        if (found == null) {
            throw new Refused(403, "wrong token");
        }
        return found;
    }

    private void admin(Context ctx, String token) {
        if (token == null || token.isBlank()) {
            throw new Refused(401, "this needs the admin token");
        }
        if (!Tokens.matches(token, db.get(ADMIN_TOKEN).orElse(null))) {
            throw new Refused(403, "wrong admin token");
        }
    }

    private static int limit(Context ctx) {
        String text = ctx.queryParam("limit");
        try {
            return text == null ? 50 : Math.max(1, Math.min(1000, Integer.parseInt(text)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("limit must be a number");
        }
    }

    private ContestDatabase.Match match(Context ctx) {
        long id;
        try {
            id = Long.parseLong(ctx.pathParam("id"));
        } catch (NumberFormatException e) {
            throw new Refused(404, "no such match");
        }
        return db.match(id).orElseThrow(() -> new Refused(404, "no match " + id));
    }

    private Map<String, Object> contestJson() {
        Map<String, Object> contest = new LinkedHashMap<>();
        contest.put("name", settings.name());
        contest.put("games", settings.gameEntries().stream().map(GameChoices::label).toList());
        contest.put("timeControl", settings.timeControl().describe());
        contest.put("sandbox", runner.sandbox().label());
        contest.put("frozen", runner.frozen());
        contest.put("teams", db.teams().size());
        contest.put("ladderMatches", db.count(ContestDatabase.LADDER, ContestDatabase.DONE));
        contest.put("qualifyingMatches", db.count(ContestDatabase.QUALIFY, ContestDatabase.DONE));
        contest.put("checkMatches", db.count(ContestDatabase.CHECK, ContestDatabase.DONE));
        contest.put("interpreters", settings.interpretersOrDefault());
        contest.put("maxUploadBytes", settings.maxUploadBytesOrDefault());
        contest.put("uploadsPerHour", settings.uploadsPerHourOrDefault());
        contest.put("final", finalRun.status());
        return contest;
    }

    private Map<String, Object> matchJson(ContestDatabase.Match match) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", match.id());
        out.put("phase", match.phase());
        out.put("game", match.game());
        out.put("variant", match.variant());
        out.put("players", match.players());
        out.put("status", match.status());
        out.put("termination", match.termination());
        out.put("moves", match.moves());
        out.put("finishedAt", match.finishedAt());
        List<Map<String, Object>> seats = new ArrayList<>();
        for (ContestDatabase.Seat seat : match.seats()) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("seat", seat.seat());
            s.put("bot", seat.bot());
            s.put("rank", seat.rank());
            s.put("score", seat.score());
            s.put("termination", seat.termination());
            s.put("detail", seat.detail() == null || seat.detail().isEmpty() ? null : seat.detail());
            seats.add(s);
        }
        out.put("seats", seats);
        out.put("replay", match.replay() == null ? null : "/matches/" + match.id() + "/replay");
        return out;
    }

    private Map<String, Object> teamJson(ContestDatabase.Team team) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("team", team.name());
        List<Map<String, Object>> versions = new ArrayList<>();
        for (ContestDatabase.Version version : db.versions(team.id())) {
            versions.add(versionJson(version));
        }
        out.put("versions", versions);
        out.put("matches", db.teamMatches(team.id(), MATCHES_SHOWN).stream().map(this::matchJson).toList());
        return out;
    }

    private static Map<String, Object> versionJson(ContestDatabase.Version version) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("number", version.number());
        v.put("label", version.label());
        v.put("file", version.fileName());
        v.put("kind", version.kind());
        v.put("sha256", version.sha256());
        v.put("sizeBytes", version.sizeBytes());
        v.put("status", version.status());
        v.put("reason", version.reason());
        v.put("uploadedAt", version.uploadedAt());
        return v;
    }

    /**
     * Takes an upload: rate limit, contest not frozen, validation, kept as the team's next version
     * (a file of its own that is never written again), and its check scheduled.
     */
    private ContestDatabase.Version upload(ContestDatabase.Team team, UploadedFile file) throws IOException {
        if (runner.frozen()) {
            throw new Refused(409, "submissions are frozen");
        }
        if (file == null) {
            throw new IllegalArgumentException("the upload needs a file in the form field 'file'");
        }
        rateLimit(team);
        byte[] bytes;
        try (InputStream in = file.content()) {
            bytes = UploadCheck.readCapped(in, settings.maxUploadBytesOrDefault());
        }
        UploadCheck.Accepted accepted = UploadCheck.check(file.filename(), bytes, settings.maxUploadBytesOrDefault(),
                settings.interpretersOrDefault());
        synchronized (db) {
            long id = db.nextVersionId();
            int number = db.nextVersionNumber(team.id());
            Path dir = folder.resolve("versions").resolve(Long.toString(id));
            Files.createDirectories(dir);
            Path stored = dir.resolve(accepted.fileName());
            Files.write(stored, bytes);
            stored.toFile().setReadOnly();
            if (accepted.kind().equals("jar")) {
                try {
                    BotJar.inspect(stored);
                } catch (IllegalArgumentException e) {
                    deleteQuietly(stored, dir);
                    throw new IllegalArgumentException(e.getMessage().replace(stored.toString(), accepted.fileName()));
                }
            }
            ContestDatabase.Version version = db.addVersion(id, team, number, accepted.kind(), accepted.fileName(),
                    folder.relativize(stored).toString(), Hashes.sha256(stored), bytes.length);
            runner.enter(version);
            LOG.info("team {} uploaded version {} ({}, {} bytes)", team.name(), number, accepted.fileName(), bytes.length);
            return version;
        }
    }

    private static void deleteQuietly(Path file, Path dir) {
        try {
            file.toFile().setWritable(true);
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        } catch (IOException ignored) {
            // An orphan folder with no version in the database is harmless.
        }
    }

    /** At most the settings' uploads per team in any hour; refused attempts count too. */
    private void rateLimit(ContestDatabase.Team team) {
        long now = System.currentTimeMillis();
        Deque<Long> times = uploads.computeIfAbsent(team.id(), k -> new ArrayDeque<>());
        synchronized (times) {
            while (!times.isEmpty() && now - times.peekFirst() > HOUR_MILLIS) {
                times.pollFirst();
            }
            if (times.size() >= settings.uploadsPerHourOrDefault()) {
                long wait = (HOUR_MILLIS - (now - times.peekFirst())) / 1000 + 1;
                throw new Refused(429, "at most " + settings.uploadsPerHourOrDefault()
                        + " uploads an hour; try again in " + wait + " s");
            }
            times.addLast(now);
        }
    }

    /** The uploaded file of a request; a request over the size cap is refused (413). */
    private UploadedFile uploadedFile(Context ctx) {
        try {
            return ctx.uploadedFile("file");
        } catch (Exception e) {
            throw new Refused(413, "the upload is larger than the contest's cap of "
                    + settings.maxUploadBytesOrDefault() + " bytes, or not a multipart form");
        }
    }

    private void uploadApi(Context ctx) throws IOException {
        ContestDatabase.Team team = team(ctx, bearer(ctx));
        ContestDatabase.Version version = upload(team, uploadedFile(ctx));
        ctx.status(201);
        json(ctx, versionJson(version));
    }

    private void uploadForm(Context ctx) throws IOException {
        String token = ctx.formParam("token");
        ContestDatabase.Team team = team(ctx, token);
        String message;
        try {
            ContestDatabase.Version version = upload(team, uploadedFile(ctx));
            message = "Version " + version.number() + " (" + version.fileName() + ") is uploaded; it is being checked.";
        } catch (IllegalArgumentException | Refused e) {
            if (e instanceof Refused refused) {
                ctx.status(refused.status);
            } else {
                ctx.status(400);
            }
            message = "Refused: " + e.getMessage();
        }
        renderTeam(ctx, team, token, message);
    }

    private ContestDatabase.Version ownVersion(ContestDatabase.Team team, String number) {
        int n;
        try {
            n = Integer.parseInt(number);
        } catch (NumberFormatException e) {
            throw new Refused(404, "no such version");
        }
        // Only the team's own versions are found: another team's logs are never reached.
        return db.versions(team.id()).stream().filter(v -> v.number() == n).findFirst()
                .orElseThrow(() -> new Refused(404, "your team has no version " + n));
    }

    private String logs(ContestDatabase.Version version) throws IOException {
        StringBuilder text = new StringBuilder();
        for (String relative : db.logs(version.id())) {
            Path log = folder.resolve(relative).normalize();
            if (!log.startsWith(folder.resolve("versions").resolve(Long.toString(version.id())).normalize())) {
                continue;
            }
            text.append("== ").append(log.getFileName()).append(" ==\n");
            if (Files.isRegularFile(log)) {
                byte[] bytes;
                try (InputStream in = Files.newInputStream(log)) {
                    bytes = in.readNBytes((int) LOG_BYTES_SHOWN);
                }
                text.append(new String(bytes, StandardCharsets.UTF_8));
                if (bytes.length == LOG_BYTES_SHOWN) {
                    text.append("\n[cut at ").append(LOG_BYTES_SHOWN).append(" bytes]\n");
                }
            } else {
                text.append("(empty)\n");
            }
        }
        return text.length() == 0 ? "(no log: the bot has not run yet)\n" : text.toString();
    }

    private void logApi(Context ctx) throws IOException {
        ContestDatabase.Team team = team(ctx, bearer(ctx));
        ctx.contentType("text/plain; charset=utf-8").result(logs(ownVersion(team, ctx.pathParam("number"))));
    }

    private void logsPage(Context ctx) throws IOException {
        String token = ctx.formParam("token");
        ContestDatabase.Team team = team(ctx, token);
        ContestDatabase.Version version = ownVersion(team, ctx.formParam("version"));
        ctx.contentType("text/html; charset=utf-8").result(Html.page(settings.name(), "Logs of " + version.label())
                .raw("<pre class=\"log\" id=\"log\">").text(logs(version)).raw("</pre>\n").end());
    }

    private void leaderboardPage(Context ctx) {
        Html page = Html.page(settings.name(), "Leaderboard");
        page.raw("<p class=\"summary\">").text(db.teams().size() + " teams; "
                + db.count(ContestDatabase.LADDER, ContestDatabase.DONE) + " ladder matches played; games: "
                + String.join(", ", settings.gameEntries().stream().map(GameChoices::label).toList()) + "; "
                + settings.timeControl().describe() + (runner.frozen() ? "; submissions frozen" : "")).raw("</p>\n");
        page.raw("<p class=\"note\">Elo from a joint Bradley-Terry fit of every rated match, ± half its 95% "
                + "bootstrap interval. The page does not reload itself; reload it to see new results.</p>\n");
        page.raw("<table id=\"leaderboard\"><tr><th>Rank</th><th class=\"bot\">Team</th><th>Version</th>"
                + "<th>Elo</th><th>Games</th><th>Score %</th></tr>\n");
        for (Leaderboard.Row row : runner.leaderboard().rows()) {
            page.raw("<tr class=\"team\" data-team=\"").text(row.team()).raw("\"><td>").text(row.rank())
                    .raw("</td><td class=\"bot\">").text(row.team()).raw("</td><td>v").text(row.version())
                    .raw("</td><td class=\"elo\">").text(Html.elo(row.elo(), row.error())).raw("</td><td>")
                    .text(row.games()).raw("</td><td>").text(Double.isNaN(row.scorePercent()) ? "–"
                            : String.format(Locale.ROOT, "%.1f", row.scorePercent())).raw("</td></tr>\n");
        }
        page.raw("</table>\n");
        matchTable(page, db.recentMatches(20, null), "Latest matches");
        ctx.contentType("text/html; charset=utf-8").result(page.end());
    }

    private void matchesPage(Context ctx) {
        Html page = Html.page(settings.name(), "Matches");
        matchTable(page, db.recentMatches(limit(ctx), null), null);
        ctx.contentType("text/html; charset=utf-8").result(page.end());
    }

    private void matchTable(Html page, List<ContestDatabase.Match> matches, String title) {
        if (title != null) {
            page.raw("<h2>").text(title).raw("</h2>\n");
        }
        page.raw("<table class=\"matches\" id=\"matches\"><tr><th>Match</th><th>Phase</th><th>Game</th>"
                + "<th class=\"bot\">Seats (rank)</th><th>Ended</th><th>Replay</th></tr>\n");
        for (ContestDatabase.Match match : matches) {
            page.raw("<tr class=\"match\"><td><a href=\"/matches/").text(match.id()).raw("\">").text(match.id())
                    .raw("</a></td><td>").text(match.phase()).raw("</td><td>").text(match.game() + " " + match.players()
                            + "p").raw("</td><td>");
            for (ContestDatabase.Seat seat : match.seats()) {
                page.raw(seat.rank() != null && seat.rank() == 1 ? "<b>" : "").text(seat.bot())
                        .raw(seat.rank() != null && seat.rank() == 1 ? "</b>" : "");
                if (seat.rank() != null) {
                    page.raw(" <small>").text("#" + seat.rank()).raw("</small>");
                }
                if (seat.termination() != null && !seat.termination().equals("normal")) {
                    page.raw(" <small class=\"fault\">").text(seat.termination()).raw("</small>");
                }
                page.raw(" ");
            }
            page.raw("</td><td>").text(match.status().equals(ContestDatabase.DONE) ? match.termination()
                    : match.status()).raw("</td><td>");
            if (match.replay() != null) {
                page.raw("<a class=\"replay\" href=\"/matches/").text(match.id()).raw("/replay\">replay</a>");
            }
            page.raw("</td></tr>\n");
        }
        page.raw("</table>\n");
    }

    private void matchPage(Context ctx) {
        ContestDatabase.Match match = match(ctx);
        Html page = Html.page(settings.name(), "Match " + match.id());
        page.raw("<p>").text(match.phase() + " match of " + match.game() + " (" + match.variant() + ", "
                + match.players() + " players): " + match.status() + (match.termination() == null ? ""
                : ", " + match.termination()) + (match.moves() == null ? "" : ", " + match.moves() + " moves"))
                .raw("</p>\n<table><tr><th>Seat</th><th class=\"bot\">Bot</th><th>Rank</th><th>Score</th>"
                        + "<th class=\"bot\">Ending</th></tr>\n");
        for (ContestDatabase.Seat seat : match.seats()) {
            page.raw("<tr><td>").text(seat.seat()).raw("</td><td class=\"bot\">").text(seat.bot()).raw("</td><td>")
                    .text(seat.rank() == null ? "" : seat.rank()).raw("</td><td>")
                    .text(seat.score() == null ? "" : seat.score()).raw("</td><td class=\"bot\">")
                    .text(seat.termination() == null ? "" : seat.termination()
                            + (seat.detail() == null || seat.detail().isEmpty() ? "" : ": " + seat.detail()))
                    .raw("</td></tr>\n");
        }
        page.raw("</table>\n");
        if (match.replay() != null) {
            page.raw("<p><a class=\"replay\" href=\"/matches/").text(match.id()).raw("/replay\">Watch the replay</a> · "
                    + "<a href=\"/matches/").text(match.id()).raw("/replay.json.gz\">replay file</a></p>\n");
        }
        ctx.contentType("text/html; charset=utf-8").result(page.end());
    }

    private Path replayOf(ContestDatabase.Match match) {
        if (match.replay() == null) {
            throw new Refused(404, "match " + match.id() + " has no replay yet");
        }
        Path file = folder.resolve(match.replay()).normalize();
        if (!file.startsWith(folder.resolve(RunFolder.REPLAYS).normalize())) {
            throw new Refused(404, "no replay");
        }
        return file;
    }

    private void replayPage(Context ctx) throws IOException {
        Path file = replayOf(match(ctx));
        Path page = ReplayViewer.pageFor(file);
        if (!Files.exists(page)) {
            ReplayViewer.write(file);
        }
        ctx.contentType("text/html; charset=utf-8").result(Files.readString(page));
    }

    private void replayFile(Context ctx) throws IOException {
        Path file = replayOf(match(ctx));
        ctx.contentType("application/gzip").header("Content-Disposition", "attachment; filename=\""
                + file.getFileName() + "\"").result(Files.readAllBytes(file));
    }

    private void teamLogin(Context ctx, String message) {
        Html page = Html.page(settings.name(), "Team page");
        if (message != null) {
            page.raw("<p id=\"message\">").text(message).raw("</p>\n");
        }
        page.raw("<form method=\"post\" action=\"/team\"><label>Team token <input type=\"password\" name=\"token\" "
                + "id=\"token\" autocomplete=\"off\" size=\"50\"></label> <button type=\"submit\" id=\"open\">Open"
                + "</button></form>\n");
        ctx.contentType("text/html; charset=utf-8").result(page.end());
    }

    private void teamPage(Context ctx) {
        String token = ctx.formParam("token");
        renderTeam(ctx, team(ctx, token), token, null);
    }

    private void renderTeam(Context ctx, ContestDatabase.Team team, String token, String message) {
        Html page = Html.page(settings.name(), "Team " + team.name());
        if (message != null) {
            page.raw("<p id=\"message\">").text(message).raw("</p>\n");
        }
        String hidden = "<input type=\"hidden\" name=\"token\" value=\"" + Html.escape(token) + "\">";
        page.raw("<h2>Upload a bot</h2>\n<p class=\"note\">A bot JAR, or a single-file program for an interpreter ("
                + Html.escape(String.join(", ", settings.interpretersOrDefault().entrySet().stream()
                .map(e -> "." + e.getKey() + ": " + e.getValue()).sorted().toList())) + ")"
                + "; at most " + settings.maxUploadBytesOrDefault() + " bytes, " + settings.uploadsPerHourOrDefault()
                + " uploads an hour. Each upload is a new version, checked in the sandbox (hello, one match against "
                + "random per game), then qualifying matches, then the ladder.</p>\n"
                + "<form method=\"post\" action=\"/team/upload\" enctype=\"multipart/form-data\">" + hidden
                + "<input type=\"file\" name=\"file\" id=\"file\"> <button type=\"submit\" id=\"upload\">Upload"
                + "</button></form>\n");
        page.raw("<h2>Versions</h2>\n<table id=\"versions\"><tr><th>Version</th><th class=\"bot\">File</th>"
                + "<th>Status</th><th class=\"bot\">Reason</th><th>Uploaded</th><th>Logs</th></tr>\n");
        for (ContestDatabase.Version version : db.versions(team.id())) {
            page.raw("<tr class=\"version\"><td>v").text(version.number()).raw("</td><td class=\"bot\">")
                    .text(version.fileName()).raw("</td><td class=\"status-").text(version.status()).raw("\">")
                    .text(version.status()).raw("</td><td class=\"bot\">")
                    .text(version.reason() == null ? "" : version.reason()).raw("</td><td>")
                    .text(version.uploadedAt()).raw("</td><td><form class=\"inline\" method=\"post\" "
                            + "action=\"/team/logs\">" + hidden + "<input type=\"hidden\" name=\"version\" value=\"")
                    .text(version.number()).raw("\"><button type=\"submit\">logs</button></form></td></tr>\n");
        }
        page.raw("</table>\n");
        matchTable(page, db.teamMatches(team.id(), MATCHES_SHOWN), "Your matches");
        ctx.contentType("text/html; charset=utf-8").result(page.end());
    }

    private void adminLogin(Context ctx, String message) {
        Html page = Html.page(settings.name(), "Admin");
        if (message != null) {
            page.raw("<p id=\"message\">").text(message).raw("</p>\n");
        }
        page.raw("<form method=\"post\" action=\"/admin\"><label>Admin token <input type=\"password\" name=\"token\" "
                + "autocomplete=\"off\" size=\"50\"></label> <button type=\"submit\">Open</button></form>\n");
        ctx.contentType("text/html; charset=utf-8").result(page.end());
    }

    private void adminPage(Context ctx) {
        String token = ctx.formParam("token");
        admin(ctx, token);
        renderAdmin(ctx, token, null);
    }

    private void renderAdmin(Context ctx, String token, String message) {
        Html page = Html.page(settings.name(), "Admin");
        if (message != null) {
            page.raw("<p id=\"message\">").text(message).raw("</p>\n");
        }
        String hidden = "<input type=\"hidden\" name=\"token\" value=\"" + Html.escape(token) + "\">";
        page.raw("<h2>Teams</h2>\n<table id=\"teams\"><tr><th class=\"bot\">Team</th><th>Versions</th>"
                + "<th>Created</th></tr>\n");
        for (ContestDatabase.Team team : db.teams()) {
            page.raw("<tr><td class=\"bot\">").text(team.name()).raw("</td><td>").text(db.versions(team.id()).size())
                    .raw("</td><td>").text(team.createdAt()).raw("</td></tr>\n");
        }
        page.raw("</table>\n<form method=\"post\" action=\"/admin/teams\">" + hidden + "<label>New team <input "
                + "name=\"name\" pattern=\"" + TEAM_NAME + "\"></label> <button type=\"submit\">Create</button></form>\n");
        page.raw("<h2>Final</h2>\n<p>").text(runner.frozen() ? "Submissions are frozen." : "Submissions are open.")
                .raw(" Final: ").text(finalRun.status().get("state")).raw("</p>\n");
        page.raw("<form method=\"post\" action=\"/admin/freeze\">" + hidden + "<button type=\"submit\">Freeze "
                + "submissions</button></form>\n<form method=\"post\" action=\"/admin/final\">" + hidden
                + "<button type=\"submit\">Start the final</button></form>\n");
        ctx.contentType("text/html; charset=utf-8").result(page.end());
    }

    private void adminAddTeam(Context ctx) {
        String token = ctx.formParam("token");
        admin(ctx, token);
        String name = ctx.formParam("name");
        String teamToken = addTeam(db, name);
        renderAdmin(ctx, token, "Team " + name + " created; its token (shown once): " + teamToken);
    }

    private void adminAddTeamApi(Context ctx) throws IOException {
        admin(ctx, bearer(ctx));
        String name = ctx.body().isBlank() ? ctx.formParam("name")
                : json.readTree(ctx.body()).path("name").asText(null);
        String token = addTeam(db, name);
        ctx.status(201);
        json(ctx, Map.of("team", name, "token", token));
    }

    private void adminFreeze(Context ctx) {
        String token = ctx.formParam("token");
        admin(ctx, token);
        runner.freeze();
        renderAdmin(ctx, token, "Submissions are frozen.");
    }

    private void adminFinal(Context ctx) {
        String token = ctx.formParam("token");
        admin(ctx, token);
        finalRun.start();
        renderAdmin(ctx, token, "The final has started.");
    }

    private void finalPage(Context ctx) {
        Map<String, Object> status = finalRun.status();
        Html page = Html.page(settings.name(), "Final");
        page.raw("<p id=\"final-state\">").text("The final is " + status.get("state") + ".").raw("</p>\n");
        if (status.get("seed") != null) {
            page.raw("<p>Master seed, published: <span class=\"token\" id=\"seed\">").text(status.get("seed"))
                    .raw("</span></p>\n");
        }
        if ("done".equals(status.get("state"))) {
            page.raw("<p><a href=\"/final/report.html\">Report</a> · <a href=\"/final/results.csv\">results.csv</a> · "
                    + "<a href=\"/final/standings.csv\">standings.csv</a></p>\n");
        }
        ctx.contentType("text/html; charset=utf-8").result(page.end());
    }

    private void finalFile(Context ctx) throws IOException {
        String name = ctx.pathParam("file");
        Map<String, String> types = Map.of(RunFolder.RESULTS, "text/csv", RunFolder.STANDINGS, "text/csv",
                RunFolder.REPORT, "text/html; charset=utf-8", RunFolder.BALANCE, "text/csv", RunFolder.SETTINGS,
                "application/json", RunFolder.POINTS, "text/plain");
        if (!types.containsKey(name) || !"done".equals(finalRun.status().get("state"))) {
            throw new Refused(404, "no final file " + name + " (yet)");
        }
        ctx.contentType(types.get(name)).result(Files.readAllBytes(finalRun.folder().resolve(name)));
    }

    private void finalReplay(Context ctx) throws IOException {
        String name = ctx.pathParam("file");
        if (!name.matches("match-[0-9]+\\.html") || !"done".equals(finalRun.status().get("state"))) {
            throw new Refused(404, "no such replay");
        }
        Path file = finalRun.folder().resolve(RunFolder.REPLAYS).resolve(name);
        if (!Files.isRegularFile(file)) {
            throw new Refused(404, "no such replay");
        }
        ctx.contentType("text/html; charset=utf-8").result(Files.readString(file));
    }

>>>>>>> i38w
    /** Stops the server, the ladder and every bot. */
    @Override
    public void close() {
        if (app != null) {
            app.stop();
        }
        finalRun.close();
        runner.close();
        db.close();
    }
}
