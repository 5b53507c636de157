package org.pyramidarena.arena.server.pages;

import static io.javalin.apibuilder.ApiBuilder.get;
import static io.javalin.apibuilder.ApiBuilder.path;
import static io.javalin.apibuilder.ApiBuilder.sse;

import io.javalin.apibuilder.EndpointGroup;
import io.javalin.http.Context;
import io.javalin.http.NotFoundResponse;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.report.ReplayViewer;
import org.pyramidarena.arena.server.access.Requests;
import org.pyramidarena.arena.server.access.Role;
import org.pyramidarena.arena.server.contest.ContestDatabase;
import org.pyramidarena.arena.server.contest.ContestDatabase.MatchPhase;
import org.pyramidarena.arena.server.contest.ContestDatabase.MatchStatus;
import org.pyramidarena.arena.server.contest.ContestRunner;
import org.pyramidarena.arena.server.contest.ContestSettings;
import org.pyramidarena.arena.server.contest.FinalRun;
import org.pyramidarena.arena.server.contest.Leaderboard;
import org.pyramidarena.arena.server.contest.ShownPaths;
import org.pyramidarena.arena.tournament.GameChoices;
import org.pyramidarena.tournaments.ratings.Rating;

/**
 * The public pages: the leaderboard with the latest matches ({@code /}), the matches, a match, its
 * replay in the viewer and as a file, the final with its report, results and replays once it is
 * over; and the page that says why a request was refused ({@link #refused}).
 */
public final class ContestPages implements EndpointGroup {

    /** The final's files that are served, with their content types. */
    private static final Map<String, String> FINAL_FILES = Map.of(RunFolder.RESULTS, "text/csv",
            RunFolder.STANDINGS, "text/csv", RunFolder.REPORT, Html.CONTENT_TYPE, RunFolder.BALANCE, "text/csv",
            RunFolder.SETTINGS, "application/json", RunFolder.POINTS, "text/plain");

    /** How long the leaderboard page's {@link Board} is kept between two fits, in nanoseconds. */
    private static final long BOARD_NANOS = 1_000_000_000L;

    private final Path folder;
    private final ContestSettings settings;
    private final ContestDatabase db;
    private final ContestRunner runner;
    private final FinalRun finalRun;
    private final LiveUpdates live;
    private final ShownPaths shown;
    private final SharedValue<List<Long>, Board> board = new SharedValue<>();

    /**
     * What the leaderboard page shows from the database: the summary's counts and the latest
     * matches. Read again after the leaderboard's next fit and at most once a second otherwise, not
     * for every page: under load each page's four calls on the database each waited behind every
     * other request's (docs/contest-server.md, "Under load"). The leaderboard's lines themselves are
     * the last fit's, read from memory on every page.
     */
    private record Board(int teams, int ladderMatches, List<ContestDatabase.Match> latest) {
    }

    /**
     * @param folder the contest folder, whose {@code replays/} the match replays are served from
     * @param live the live updates the leaderboard and the match list listen to
     */
    public ContestPages(Path folder, ContestSettings settings, ContestDatabase db, ContestRunner runner,
                        FinalRun finalRun, LiveUpdates live) {
        this.folder = folder;
        this.settings = settings;
        this.db = db;
        this.runner = runner;
        this.finalRun = finalRun;
        this.live = live;
        this.shown = new ShownPaths(folder);
    }

    /** The public pages' routes, from the root. */
    @Override
    public void addEndpoints() {
        get("/", this::leaderboard, Role.PUBLIC);
        get("/favicon.ico", ctx -> ctx.status(204), Role.PUBLIC);
        sse("/events", live::connect, Role.PUBLIC);
        path("matches", () -> {
            get(this::matches, Role.PUBLIC);
            path("{id}", () -> {
                get(this::match, Role.PUBLIC);
                get("replay", this::replayPage, Role.PUBLIC);
                get("replay.json.gz", this::replayFile, Role.PUBLIC);
            });
        });
        path("final", () -> {
            get(this::finalPage, Role.PUBLIC);
            get("{file}", this::finalFile, Role.PUBLIC);
            get("replays/{file}", this::finalReplay, Role.PUBLIC);
        });
    }

    /** Answers a refused request of a page: a page saying why, the status set by the caller. */
    public void refused(Context ctx, String message) {
        Html.page(settings.name(), "Refused").raw("<p class=\"refused\" id=\"error\">").text(message).raw("</p>\n")
                .send(ctx);
    }

    private void leaderboard(Context ctx) {
        Board current = board.get(List.of(runner.leaderboard().fittedMatches(), System.nanoTime() / BOARD_NANOS),
                () -> new Board(db.teams().size(), db.count(MatchPhase.LADDER, MatchStatus.DONE),
                        db.recentMatches(20, null)));
        Html page = Html.page(settings.name(), "Leaderboard", true);
        page.raw("<p class=\"summary\" id=\"summary\" data-live>").text(current.teams() + " teams; "
                + current.ladderMatches() + " ladder matches played; games: "
                + String.join(", ", settings.gameEntries().stream().map(GameChoices::label).toList()) + "; "
                + settings.timeControl().describe() + (runner.frozen() ? "; submissions frozen" : "")).raw("</p>\n");
        page.raw("<p class=\"note\">Elo from a joint Bradley-Terry fit of every rated match, ± half its 95% "
                + "bootstrap interval. The page updates itself as rated matches end (every " + Html.REFRESH_SECONDS
                + " s without JavaScript).</p>\n");
        page.raw("<table id=\"leaderboard\" data-live data-rated=\"").text(runner.leaderboard().fittedMatches())
                .raw("\"><tr><th>Rank</th><th class=\"bot\">Team</th><th>Version</th>"
                + "<th>Elo</th><th>Games</th><th>Score %</th></tr>\n");
        for (Leaderboard.Row row : runner.leaderboard().rows()) {
            page.raw("<tr class=\"team\" data-team=\"").text(row.team()).raw("\"><td>").text(row.rank())
                    .raw("</td><td class=\"bot\">").text(row.team()).raw("</td><td>v").text(row.version())
                    .raw("</td><td class=\"elo\">").text(Html.elo(row.elo(), row.error())).raw("</td><td>")
                    .text(row.games()).raw("</td><td>").text(Double.isNaN(row.scorePercent()) ? "–"
                            : String.format(Locale.ROOT, "%.1f", row.scorePercent())).raw("</td></tr>\n");
        }
        page.raw("</table>\n");
        matchTable(page, current.latest(), "Latest matches", "/matches/");
        page.send(ctx);
    }

    private void matches(Context ctx) {
        Html page = Html.page(settings.name(), "Matches", true);
        matchTable(page, db.recentMatches(Requests.limit(ctx), null), null, "/matches/");
        page.send(ctx);
    }

    /**
     * A table of matches, one line each with its seats, ending and replay; under a heading when there is a title.
     *
     * @param link where a match's number leads, its id appended: {@code /matches/} or a team's {@code /team/matches/}
     */
    static void matchTable(Html page, List<ContestDatabase.Match> matches, String title, String link) {
        if (title != null) {
            page.raw("<h2>").text(title).raw("</h2>\n");
        }
        page.raw("<table class=\"matches\" id=\"matches\" data-live><tr><th>Match</th><th>Phase</th><th>Game</th>"
                + "<th class=\"bot\">Seats (rank)</th><th>Ended</th><th>Replay</th></tr>\n");
        for (ContestDatabase.Match match : matches) {
            page.raw("<tr class=\"match\"><td><a href=\"").text(link + match.id()).raw("\">").text(match.id())
                    .raw("</a></td><td>").text(match.phase().label()).raw("</td><td>").text(match.game() + " "
                            + match.players() + "p").raw("</td><td class=\"seats\">");
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
            page.raw("</td><td>").text(match.status() == MatchStatus.DONE ? match.termination()
                    : match.status().label()).raw("</td><td>");
            if (match.replay() != null) {
                page.raw("<a class=\"replay\" href=\"/matches/").text(match.id()).raw("/replay\">replay</a>");
            }
            page.raw("</td></tr>\n");
        }
        page.raw("</table>\n");
    }

    private void match(Context ctx) {
        ContestDatabase.Match match = Requests.match(db, ctx);
        Html page = Html.page(settings.name(), "Match " + match.id());
        matchDetails(page, match);
        if (match.seats().stream().anyMatch(seat -> seat.versionId() != null)) {
            page.raw("<p><a id=\"own-errors\" href=\"/team/matches/").text(match.id()).raw("\">Your bots' standard "
                    + "error in this match</a> (for the teams that played it, signed in)</p>\n");
        }
        page.send(ctx);
    }

    /** A match's phase, game and ending, its seats' results and faults, and its replay's links. */
    static void matchDetails(Html page, ContestDatabase.Match match) {
        page.raw("<p>").text(match.phase().label() + " match of " + match.game() + " (" + match.variant() + ", "
                + match.players() + " players): " + match.status().label() + (match.termination() == null ? ""
                : ", " + match.termination()) + (match.moves() == null ? "" : ", " + match.moves() + " moves"))
                .raw("</p>\n<table><tr><th>Seat</th><th class=\"bot\">Bot</th><th>Rank</th><th>Score</th>"
                        + "<th class=\"bot\">Ending</th></tr>\n");
        for (ContestDatabase.Seat seat : match.seats()) {
            page.raw("<tr><td>").text(seat.seat()).raw("</td><td class=\"bot\">").text(seat.bot()).raw("</td><td>")
                    .text(seat.rank() == null ? "" : seat.rank()).raw("</td><td>")
                    .text(seat.score() == null ? "" : seat.score()).raw("</td><td class=\"bot wrap\">")
                    .text(seat.termination() == null ? "" : seat.termination()
                            + (seat.detail() == null || seat.detail().isEmpty() ? "" : ": " + seat.detail()))
                    .raw("</td></tr>\n");
        }
        page.raw("</table>\n");
        if (match.replay() != null) {
            page.raw("<p><a class=\"replay\" href=\"/matches/").text(match.id()).raw("/replay\">Watch the replay</a> · "
                    + "<a href=\"/matches/").text(match.id()).raw("/replay.json.gz\">replay file</a></p>\n");
        }
    }

    /**
     * A match's replay, compressed: the database's copy, or, for a match played before replays were
     * kept in the database, its file, served only from under the contest's {@code replays/}, whatever
     * the database says.
     */
    private byte[] replayOf(ContestDatabase.Match match) throws IOException {
        if (match.replay() == null) {
            throw new NotFoundResponse("match " + match.id() + " has no replay yet");
        }
        Optional<byte[]> stored = db.replay(match.id());
        if (stored.isPresent()) {
            return stored.get();
        }
        Path file = folder.resolve(match.replay()).normalize();
        if (!file.startsWith(folder.resolve(RunFolder.REPLAYS).normalize()) || !Files.isRegularFile(file)) {
            throw new NotFoundResponse("no replay");
        }
        return Files.readAllBytes(file);
    }

    /** A match's viewer page, made from its replay when asked for: no page is kept on disk. */
    private void replayPage(Context ctx) throws IOException {
        ContestDatabase.Match match = Requests.match(db, ctx);
        ctx.contentType(Html.CONTENT_TYPE).result(ReplayViewer.page("match " + match.id(), replayOf(match)));
    }

    private void replayFile(Context ctx) throws IOException {
        ContestDatabase.Match match = Requests.match(db, ctx);
        byte[] replay = replayOf(match);
        ctx.contentType("application/gzip").header("Content-Disposition", "attachment; filename=\""
                + Path.of(match.replay()).getFileName() + "\"").result(replay);
    }

    private void finalPage(Context ctx) throws IOException {
        FinalRun.Status status = finalRun.status();
        Html page = Html.page(settings.name(), "Final");
        page.raw("<p id=\"final-state\">").text("The final is " + status.state().label() + ".").raw("</p>\n");
        finalRun.size().ifPresent(size -> page.raw("<p class=\"note\" id=\"final-size\">").text(size.cycles() == 0
                ? "A " + size.format() + " of " + size.teams() + " teams."
                : "A " + size.format() + " of " + size.teams() + " teams, " + size.cycles() + (size.cycles() == 1
                ? " cycle" : " cycles") + ": each team plays " + size.matchesPerTeam() + " matches, for an Elo "
                + "known to about ±" + String.format(Locale.ROOT, "%.0f", size.precision())
                + " at 95% by the size rule (docs/contest-server.md).").raw("</p>\n"));
        if (status.seed() != null) {
            page.raw("<p>Master seed, published: <span class=\"token\" id=\"seed\">").text(status.seed())
                    .raw("</span></p>\n");
        }
        Map<String, List<Rating>> standings = finalRun.standings();
        boolean first = true;
        for (Map.Entry<String, List<Rating>> table : standings.entrySet()) {
            boolean overall = first;
            first = false;
            if (overall) {
                page.raw("<h2>Standings</h2>\n");
            } else {
                page.raw("<details class=\"final-game\"><summary>").text(table.getKey()).raw("</summary>\n");
            }
            page.raw("<table class=\"standings\"").raw(overall ? " id=\"final-standings\"" : "").raw("><tr>"
                    + "<th>Rank</th><th class=\"bot\">Team</th><th>Elo</th><th>Games</th><th>Score %</th></tr>\n");
            for (Rating rating : table.getValue()) {
                page.raw("<tr class=\"team\" data-team=\"").text(rating.bot()).raw("\"><td>").text(rating.rank())
                        .raw("</td><td class=\"bot\">").text(rating.bot()).raw("</td><td class=\"elo\">")
                        .text(Html.elo(rating.elo(), rating.error())).raw("</td><td>").text(rating.games())
                        .raw("</td><td>").text(Double.isNaN(rating.scorePercent()) ? "–"
                                : String.format(Locale.ROOT, "%.1f", rating.scorePercent())).raw("</td></tr>\n");
            }
            page.raw("</table>\n").raw(overall ? "" : "</details>\n");
        }
        if (status.state() == FinalRun.State.DONE) {
            page.raw("<p class=\"note\">Elo from the final's own matches (a joint Bradley-Terry fit, ± half its 95% "
                    + "bootstrap interval), as <code>arena tournament</code> writes them; the ladder's ratings do not "
                    + "count.</p>\n<p><a href=\"/final/report.html\">Report</a> · <a href=\"/final/results.csv\">"
                    + "results.csv</a> · <a href=\"/final/standings.csv\">standings.csv</a></p>\n");
        }
        page.send(ctx);
    }

    private void finalFile(Context ctx) throws IOException {
        String name = ctx.pathParam("file");
        if (!FINAL_FILES.containsKey(name) || finalRun.status().state() != FinalRun.State.DONE) {
            throw new NotFoundResponse("no final file " + name + " (yet)");
        }
        // The final's settings name each team's file by its path on this machine: shown relative to the contest.
        ctx.contentType(FINAL_FILES.get(name)).result(shown.of(Files.readString(finalRun.folder().resolve(name))));
    }

    private void finalReplay(Context ctx) throws IOException {
        String name = ctx.pathParam("file");
        if (!name.matches("match-[0-9]+\\.html") || finalRun.status().state() != FinalRun.State.DONE) {
            throw new NotFoundResponse("no such replay");
        }
        Path file = finalRun.folder().resolve(RunFolder.REPLAYS).resolve(name);
        if (!Files.isRegularFile(file)) {
            throw new NotFoundResponse("no such replay");
        }
        ctx.contentType(Html.CONTENT_TYPE).result(shown.of(Files.readString(file)));
    }
}
