package org.pyramidarena.arena.server.api;

import static io.javalin.apibuilder.ApiBuilder.get;
import static io.javalin.apibuilder.ApiBuilder.path;
import static io.javalin.apibuilder.ApiBuilder.post;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.apibuilder.EndpointGroup;
import io.javalin.http.BadRequestResponse;
import io.javalin.http.Context;
import java.io.IOException;
import java.util.List;
import org.pyramidarena.arena.server.access.Access;
import org.pyramidarena.arena.server.access.Requests;
import org.pyramidarena.arena.server.access.Role;
import org.pyramidarena.arena.server.contest.ContestDatabase;
import org.pyramidarena.arena.server.contest.ContestDatabase.MatchPhase;
import org.pyramidarena.arena.server.contest.ContestDatabase.MatchStatus;
import org.pyramidarena.arena.server.contest.ContestRunner;
import org.pyramidarena.arena.server.contest.ContestSettings;
import org.pyramidarena.arena.server.contest.Credentials;
import org.pyramidarena.arena.server.contest.FinalRun;
import org.pyramidarena.arena.server.contest.Scrimmages;
import org.pyramidarena.arena.server.uploads.UploadStore;
import org.pyramidarena.arena.tournament.GameChoices;

/**
 * The JSON API, registered under {@code /api/}: the contest, the leaderboard, the matches and the
 * final for anyone; a team's versions, matches, uploads and logs for the team; new teams, freezing
 * and the final for the organiser. Every body is a record of {@link Bodies}, written by the server's
 * JSON mapper (Jackson); a refusal is {@code {"error": ...}} ({@link #refused}).
 */
public final class ContestApi implements EndpointGroup {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ContestSettings settings;
    private final ContestDatabase db;
    private final ContestRunner runner;
    private final FinalRun finalRun;
    private final Credentials credentials;
    private final UploadStore uploads;
    private final Scrimmages scrimmages;

    public ContestApi(ContestSettings settings, ContestDatabase db, ContestRunner runner, FinalRun finalRun,
                      Credentials credentials, UploadStore uploads, Scrimmages scrimmages) {
        this.settings = settings;
        this.db = db;
        this.runner = runner;
        this.finalRun = finalRun;
        this.credentials = credentials;
        this.uploads = uploads;
        this.scrimmages = scrimmages;
    }

    /** The API's routes, relative to {@code /api/}, each with its role. */
    @Override
    public void addEndpoints() {
        get("contest", ctx -> ctx.json(contest()), Role.PUBLIC);
        get("leaderboard", ctx -> ctx.json(runner.leaderboard().rows()), Role.PUBLIC);
        path("matches", () -> {
            get(ctx -> ctx.json(db.recentMatches(Requests.limit(ctx), null).stream().map(Bodies.Match::of).toList()),
                    Role.PUBLIC);
            get("{id}", ctx -> ctx.json(Bodies.Match.of(Requests.match(db, ctx))), Role.PUBLIC);
        });
        get("final", ctx -> ctx.json(Bodies.Final.of(finalRun.status())), Role.PUBLIC);
        path("team", List.of(Role.TEAM), () -> {
            get(ctx -> ctx.json(team(Access.team(ctx))));
            post("versions", this::upload);
            get("versions/{number}/log", ctx -> ctx.contentType("text/plain; charset=utf-8").result(uploads.logs(
                    Requests.ownVersion(db, Access.team(ctx), ctx.pathParam("number")))));
            get("matches/{id}/log", this::matchLog);
            post("scrimmages", this::scrimmage);
        });
        path("admin", List.of(Role.ADMIN), () -> {
            get("workers", ctx -> ctx.json(workers()));
            post("teams", this::addTeam);
            post("freeze", ctx -> {
                runner.freeze();
                ctx.json(new Bodies.Frozen(true));
            });
            post("final", ctx -> {
                finalRun.start();
                ctx.json(Bodies.Final.of(finalRun.status()));
            });
        });
    }

    /** Answers a refused request of the API: its message as {@code {"error": ...}}, the status set by the caller. */
    public static void refused(Context ctx, String message) {
        ctx.json(new Bodies.Refusal(message == null ? "" : message));
    }

    private Bodies.Contest contest() {
        return new Bodies.Contest(settings.name(), settings.gameEntries().stream().map(GameChoices::label).toList(),
                settings.timeControl().describe(), runner.sandbox().label(), runner.frozen(), db.teams().size(),
                db.count(MatchPhase.LADDER, MatchStatus.DONE), db.count(MatchPhase.QUALIFYING, MatchStatus.DONE),
                db.count(MatchPhase.CHECK, MatchStatus.DONE), settings.interpretersOrDefault(),
                settings.maxUploadBytesOrDefault(), settings.uploadsPerHourOrDefault(),
                Bodies.Final.of(finalRun.status()));
    }

    /** The workers seen in the last minute (the server's own among them), each with the matches it plays now. */
    private List<Bodies.Worker> workers() {
        return db.workersSeenSince(System.currentTimeMillis() - WORKERS_SHOWN_MILLIS).stream()
                .map(worker -> Bodies.Worker.of(worker, db.heldBy(worker.name()))).toList();
    }

    /** How recently a worker must have said it is alive to be listed. */
    private static final long WORKERS_SHOWN_MILLIS = 60_000;

    private Bodies.Team team(ContestDatabase.Team team) {
        return new Bodies.Team(team.name(), db.versions(team.id()).stream().map(Bodies.Version::of).toList(),
                db.teamMatches(team.id(), Requests.TEAM_MATCHES_SHOWN).stream().map(Bodies.Match::of).toList());
    }

    /** What the team's bots wrote on their standard error in a match, seat by seat, as text. */
    private void matchLog(Context ctx) {
        StringBuilder text = new StringBuilder();
        for (ContestDatabase.SeatError seat : Requests.ownSeatErrors(db, Access.team(ctx), Requests.match(db, ctx))) {
            text.append("== seat ").append(seat.seat()).append(": ").append(seat.bot()).append(" ==\n")
                    .append(seat.text());
            if (!seat.text().endsWith("\n")) {
                text.append('\n');
            }
        }
        ctx.contentType("text/plain; charset=utf-8").result(text.toString());
    }

    /** A scrimmage against the team the JSON body's {@code opponent} names, in its {@code game} (or the first). */
    private void scrimmage(Context ctx) {
        JsonNode body = ctx.body().isBlank() ? null : jsonBody(ctx);
        String opponent = body == null ? null : body.path("opponent").asText(null);
        String game = body == null ? null : body.path("game").asText(null);
        ContestDatabase.Match match = scrimmages.challenge(Access.team(ctx), opponent, game);
        ctx.status(201);
        ctx.json(Bodies.Match.of(match));
    }

    private void upload(Context ctx) throws IOException {
        ContestDatabase.Version version = uploads.take(Access.team(ctx), ctx);
        ctx.status(201);
        ctx.json(Bodies.Version.of(version));
    }

    /** A new team named by the JSON body's {@code name} (or by a form field of that name when there is no body). */
    private void addTeam(Context ctx) {
        String name = ctx.body().isBlank() ? ctx.formParam("name")
                : jsonBody(ctx).path("name").asText(null);
        String token = credentials.addTeam(name);
        ctx.status(201);
        ctx.json(new Bodies.NewTeam(name, token));
    }

    /**
     * The request's body, parsed as JSON.
     *
     * @throws BadRequestResponse with one line, where in the body it stopped, when the body is not JSON
     */
    private static JsonNode jsonBody(Context ctx) {
        try {
            return JSON.readTree(ctx.body());
        } catch (JsonProcessingException e) {
            JsonLocation where = e.getLocation();
            throw new BadRequestResponse("the body is not JSON" + (where == null ? ""
                    : " (line " + where.getLineNr() + ", column " + where.getColumnNr() + ")"));
        }
    }
}
