package org.pyramidarena.arena.server.pages;

import static io.javalin.apibuilder.ApiBuilder.get;
import static io.javalin.apibuilder.ApiBuilder.post;

import io.javalin.apibuilder.EndpointGroup;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import io.javalin.http.HttpStatus;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.pyramidarena.arena.players.ProcessContestant;
import org.pyramidarena.arena.report.PageCharts;
import org.pyramidarena.arena.server.access.Access;
import org.pyramidarena.arena.server.access.Requests;
import org.pyramidarena.arena.server.access.Role;
import org.pyramidarena.arena.server.access.SessionCookie;
import org.pyramidarena.arena.server.contest.ContestDatabase;
import org.pyramidarena.arena.server.contest.ContestDatabase.MatchPhase;
import org.pyramidarena.arena.server.contest.ContestDatabase.MatchStatus;
import org.pyramidarena.arena.server.contest.ContestRunner;
import org.pyramidarena.arena.server.contest.ContestSettings;
import org.pyramidarena.arena.server.contest.HeadToHead;
import org.pyramidarena.arena.server.contest.RatingHistory;
import org.pyramidarena.arena.server.contest.Scrimmages;
import org.pyramidarena.arena.server.contest.Sessions;
import org.pyramidarena.arena.server.uploads.UploadStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A team's pages, under {@code /team}: the sign-in form, which takes the team's token once (in a
 * POST's body, never in a URL) and begins a session; then the team's page (the upload form, the
 * scrimmage form, its versions with their logs, its matches, each with its bots' standard error) for
 * as long as the session lasts, and signing out. No page holds the token. An upload or a scrimmage
 * refused for any reason of the team's answers the team's page with the reason and the refusal's
 * status.
 */
public final class TeamPages implements EndpointGroup, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(TeamPages.class);

    private final ContestSettings settings;
    private final ContestDatabase db;
    private final UploadStore uploads;
    private final Sessions sessions;
    private final Scrimmages scrimmages;
    private final ContestRunner runner;
    private final BackgroundValue<Long, RatedResults> rated = new BackgroundValue<>("team-pages", RATED_REMAKE_MILLIS);
    /** The least time between two makings of the team pages' rated results. */
    private static final long RATED_REMAKE_MILLIS = 5_000;

    public TeamPages(ContestSettings settings, ContestDatabase db, ContestRunner runner, UploadStore uploads,
                     Sessions sessions, Scrimmages scrimmages) {
        this.settings = settings;
        this.db = db;
        this.runner = runner;
        this.uploads = uploads;
        this.sessions = sessions;
        this.scrimmages = scrimmages;
    }

    /** The team pages' routes, relative to {@code /team}. */
    @Override
    public void addEndpoints() {
        get("sign-in", this::signInForm, Role.PUBLIC);
        post("sign-in", this::signIn, Role.SIGN_IN);
        post("sign-out", this::signOut, Role.TEAM);
        get(ctx -> render(ctx, Access.team(ctx), null), Role.TEAM);
        post("upload", this::upload, Role.TEAM);
        get("versions/{number}/log", this::log, Role.TEAM);
        get("matches/{id}", this::match, Role.TEAM);
        post("scrimmages", this::scrimmage, Role.TEAM);
    }

    private void signInForm(Context ctx) {
        Html.page(settings.name(), "Sign in").raw("<form method=\"post\" action=\"/team/sign-in\"><label>Team token "
                + "<input type=\"password\" name=\"token\" id=\"token\" autocomplete=\"off\" size=\"50\"></label> "
                + "<button type=\"submit\" id=\"open\">Sign in</button></form>\n<p class=\"note\">The token is sent "
                + "once; the page then keeps a session (a cookie that holds no token) until you sign out or for "
                + Sessions.LIFETIME.toDays() + " days.</p>\n").send(ctx);
    }

    /** Begins a session for the team whose token the form carried, and sends the browser to its page. */
    private void signIn(Context ctx) {
        ContestDatabase.Team team = Access.team(ctx);
        SessionCookie.set(ctx, sessions.begin(team));
        LOG.info("team {} signed in", team.name());
        ctx.redirect("/team", HttpStatus.SEE_OTHER);
    }

    private void signOut(Context ctx) {
        sessions.end(SessionCookie.read(ctx));
        LOG.info("team {} signed out", Access.team(ctx).name());
        SessionCookie.clear(ctx);
        ctx.redirect(Access.SIGN_IN_PAGE, HttpStatus.SEE_OTHER);
    }

    private void upload(Context ctx) throws IOException {
        ContestDatabase.Team team = Access.team(ctx);
        String message;
        try {
            ContestDatabase.Version version = uploads.take(team, ctx);
            message = "Version " + version.number() + " (" + version.fileName() + ") is uploaded; it is being checked.";
        } catch (IllegalArgumentException | HttpResponseException e) {
            ctx.status(e instanceof HttpResponseException refused ? refused.getStatus() : 400);
            message = "Refused: " + e.getMessage();
        }
        render(ctx, team, message);
    }

    private void scrimmage(Context ctx) {
        ContestDatabase.Team team = Access.team(ctx);
        String message;
        try {
            ContestDatabase.Match match = scrimmages.challenge(team, ctx.formParam("opponent"), ctx.formParam("game"));
            message = "Scrimmage against " + ctx.formParam("opponent") + " scheduled: match " + match.id() + ".";
        } catch (IllegalArgumentException | HttpResponseException e) {
            ctx.status(e instanceof HttpResponseException refused ? refused.getStatus() : 400);
            message = "Refused: " + e.getMessage();
        }
        render(ctx, team, message);
    }

    private void log(Context ctx) throws IOException {
        ContestDatabase.Version version = Requests.ownVersion(db, Access.team(ctx), ctx.pathParam("number"));
        Html.page(settings.name(), "Logs of " + version.label()).raw("<pre class=\"log\" id=\"log\">")
                .text(uploads.logs(version)).raw("</pre>\n").send(ctx);
    }

    /**
     * The team's ratings, computed from the database's rated matches: its version on the ladder's
     * line of the leaderboard, each version's Elo as the contest went on (a chart in the report's
     * style), and each version's results against each opponent.
     */
    private void ratings(Html page, ContestDatabase.Team team, List<ContestDatabase.Version> versions) {
        page.raw("<h2 id=\"ratings\">Ratings</h2>\n");
        runner.leaderboard().rows().stream().filter(row -> row.team().equals(team.name())).findFirst().ifPresent(row ->
                page.raw("<p class=\"summary\" id=\"standing\">").text("On the ladder: v" + row.version() + ", rank "
                        + row.rank() + " of " + runner.leaderboard().rows().size() + ", " + Html.elo(row.elo(),
                        row.error()) + " Elo over " + row.games() + " rated games.").raw("</p>\n"));
        RatedResults results = ratedResults();
        List<RatingHistory.Point> history = results.history();
        Map<String, List<Double>> lines = new LinkedHashMap<>();
        List<ContestDatabase.Version> oldestFirst = new ArrayList<>(versions);
        Collections.reverse(oldestFirst);
        for (ContestDatabase.Version version : oldestFirst) {
            List<Double> elo = history.stream().map(point -> point.elo().get(version.label())).toList();
            if (elo.stream().anyMatch(Objects::nonNull)) {
                lines.put(version.label(), elo);
            }
        }
        if (lines.isEmpty()) {
            page.raw("<p class=\"note\">No rated match yet: the chart of your versions' ratings starts with "
                    + "their qualifying matches.</p>\n");
        } else {
            PageCharts charts = new PageCharts();
            page.raw(charts.lines("rating-history", "Elo of your versions as the contest went on",
                    "rated matches of the contest", "Elo", history.stream().map(p -> Integer.toString(
                            p.ratedMatches())).toList(), lines, 300));
            page.raw("<p class=\"note\">Each point is the leaderboard's fit over the contest's rated matches up to "
                    + "there (without its error bars); the last is today's leaderboard. Chart drawn with Chart.js "
                    + Html.escape(PageCharts.libraryVersion()) + " (MIT License).</p>\n");
            page.atEnd(charts.scripts());
        }
        for (ContestDatabase.Version version : versions) {
            List<HeadToHead.Row> rows = results.headToHead().computeIfAbsent(version.id(), id ->
                    HeadToHead.of(version.label(), db.finishedMatchesOf(id, ContestRunner.RATED)));
            if (rows.isEmpty()) {
                continue;
            }
            page.raw("<details class=\"head-to-head\" id=\"head-to-head-v").text(version.number()).raw("\"")
                    .raw(version.status() == ContestDatabase.VersionStatus.READY ? " open" : "").raw("><summary>")
                    .text("v" + version.number() + " head to head (rated matches)").raw("</summary>\n<table><tr>"
                            + "<th class=\"bot\">Opponent</th><th>Games</th><th>Won</th><th>Drawn</th><th>Lost</th>"
                            + "<th>Score %</th></tr>\n");
            for (HeadToHead.Row row : rows) {
                page.raw("<tr><td class=\"bot\">").text(row.opponent()).raw("</td><td>").text(row.games())
                        .raw("</td><td>").text(row.wins()).raw("</td><td>").text(row.draws()).raw("</td><td>")
                        .text(row.losses()).raw("</td><td>").text(String.format(Locale.ROOT, "%.1f",
                                row.scorePercent())).raw("</td></tr>\n");
            }
            page.raw("</table></details>\n");
        }
    }

    /**
     * What the team pages show of the rated matches: the contest's rating history, the same for
     * every team (it loads every rated match and fits forty checkpoints, which at a few thousand
     * matches took longer than the rest of the page), and each version's head-to-head, made when
     * first shown. Made again, in the background and at most every five seconds, when rated
     * matches have ended; never on a request's thread but the first.
     *
     * @param headToHead each version's head-to-head rows, by version id
     */
    private record RatedResults(List<RatingHistory.Point> history, Map<Long, List<HeadToHead.Row>> headToHead) {
    }

    /** The rated results for the finished rated matches there are now (a page asked for alone shows them all). */
    private RatedResults ratedResults() {
        long ratedMatches = 0;
        for (MatchPhase phase : ContestRunner.RATED) {
            ratedMatches += db.count(phase, MatchStatus.DONE);
        }
        return rated.get(ratedMatches, () -> new RatedResults(RatingHistory.of(settings.name(),
                db.finishedMatches(ContestRunner.RATED)), new ConcurrentHashMap<>()));
    }

    private void scrimmageForm(Html page, ContestDatabase.Team team) {
        page.raw("<h2>Scrimmages</h2>\n<p class=\"note\">Challenge another team to an unrated match: your version on the "
                + "ladder against theirs, played before the ladder's next match; at most "
                + settings.scrimmagesPerHourOrDefault() + " an hour. Scrimmages never change the leaderboard.</p>\n");
        List<ContestDatabase.Team> opponents = scrimmages.opponents(team);
        if (opponents.isEmpty()) {
            page.raw("<p class=\"note\">No other team has a version on the ladder yet.</p>\n");
            return;
        }
        page.raw("<form method=\"post\" action=\"/team/scrimmages\"><label>Team <select name=\"opponent\" "
                + "id=\"opponent\">");
        opponents.forEach(o -> page.raw("<option>").text(o.name()).raw("</option>"));
        page.raw("</select></label> <label>Game <select name=\"game\" id=\"game\">");
        scrimmages.games().forEach(g -> page.raw("<option>").text(g).raw("</option>"));
        page.raw("</select></label> <button type=\"submit\" id=\"challenge\">Challenge</button></form>\n");
    }

    /** A match the team played, with what each of its bots wrote on its standard error during that match. */
    private void match(Context ctx) {
        ContestDatabase.Team team = Access.team(ctx);
        ContestDatabase.Match match = Requests.match(db, ctx);
        List<ContestDatabase.SeatError> own = Requests.ownSeatErrors(db, team, match);
        Html page = Html.page(settings.name(), "Match " + match.id() + " of team " + team.name());
        ContestPages.matchDetails(page, match);
        page.raw("<h2>Standard error of your bots</h2>\n<p class=\"note\">What each of your bots' processes wrote "
                + "on its standard error during this match (at most " + ProcessContestant.STANDARD_ERROR_BYTES
                + " bytes each); only your team sees it. A version's whole log is on your team page.</p>\n");
        for (ContestDatabase.SeatError seat : own) {
            page.raw("<h3>").text("Seat " + seat.seat() + ": " + seat.bot()).raw("</h3>\n<pre class=\"log stderr\" "
                    + "id=\"stderr-").text(seat.seat()).raw("\">").text(seat.text().isEmpty() ? "(nothing)"
                            : seat.text()).raw("</pre>\n");
        }
        page.send(ctx);
    }

    private void render(Context ctx, ContestDatabase.Team team, String message) {
        Html page = Html.page(settings.name(), "Team " + team.name());
        page.raw("<form class=\"sign-out\" method=\"post\" action=\"/team/sign-out\"><button type=\"submit\" "
                + "id=\"sign-out\">Sign out</button></form>\n");
        if (message != null) {
            page.raw("<p id=\"message\">").text(message).raw("</p>\n");
        }
        page.raw("<h2>Upload a bot</h2>\n<p class=\"note\">A bot JAR, or a single-file program for an interpreter ("
                + Html.escape(String.join(", ", settings.interpretersOrDefault().entrySet().stream()
                .map(e -> "." + e.getKey() + ": " + e.getValue()).sorted().toList())) + ")"
                + "; at most " + settings.maxUploadBytesOrDefault() + " bytes, " + settings.uploadsPerHourOrDefault()
                + " uploads an hour. Each upload is a new version, checked in the sandbox (hello, one match against "
                + "random per game), then qualifying matches, then the ladder.</p>\n"
                + "<form method=\"post\" action=\"/team/upload\" enctype=\"multipart/form-data\">"
                + "<input type=\"file\" name=\"file\" id=\"file\"> <button type=\"submit\" id=\"upload\">Upload"
                + "</button></form>\n");
        List<ContestDatabase.Version> versions = db.versions(team.id());
        ratings(page, team, versions);
        scrimmageForm(page, team);
        // The columns that matter first; the file, its hash and the version's whole log behind a <details>.
        page.raw("<h2>Versions</h2>\n<table id=\"versions\"><tr><th>Version</th><th>Status</th><th>Elo</th>"
                + "<th>Uploaded</th><th class=\"bot\">Reason</th><th class=\"bot\">File</th></tr>\n");
        Map<String, Double> elo = runner.leaderboard().elos();
        for (ContestDatabase.Version version : versions) {
            page.raw("<tr class=\"version\"><td>v").text(version.number()).raw("</td><td class=\"status-")
                    .text(version.status().label()).raw("\">").text(version.status().label());
            if (version.checkMatch() != null) {
                page.raw(" <a class=\"check-match\" href=\"/team/matches/").text(version.checkMatch()).raw("\">")
                        .text("check match " + version.checkMatch()).raw("</a>");
            }
            page.raw("</td><td class=\"elo\">").text(Html.elo(elo.getOrDefault(version.label(), Double.NaN),
                    Double.NaN)).raw("</td><td>").text(Html.time(version.uploadedAt()))
                    .raw("</td><td class=\"bot wrap\">").text(version.reason() == null ? "" : version.reason())
                    .raw("</td><td class=\"more\"><details class=\"more\"><summary>").text(version.fileName())
                    .raw("</summary><dl><dt>Kind</dt><dd>").text(version.kind()).raw("</dd><dt>Size</dt><dd>")
                    .text(version.sizeBytes() + " bytes").raw("</dd><dt>SHA-256</dt><dd>").text(version.sha256())
                    .raw("</dd></dl><a href=\"/team/versions/").text(version.number())
                    .raw("/log\">the version's whole log</a></details></td></tr>\n");
        }
        page.raw("</table>\n");
        ContestPages.matchTable(page, db.teamMatches(team.id(), Requests.TEAM_MATCHES_SHOWN), "Your matches",
                "/team/matches/");
        page.send(ctx);
    }

    /** Stops the thread that makes the pages' rated results. */
    @Override
    public void close() {
        rated.close();
    }
}
