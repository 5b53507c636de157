package org.pyramidarena.arena.server.pages;

import static io.javalin.apibuilder.ApiBuilder.get;
import static io.javalin.apibuilder.ApiBuilder.post;

import io.javalin.apibuilder.EndpointGroup;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import java.io.IOException;
import org.pyramidarena.arena.server.access.Access;
import org.pyramidarena.arena.server.access.Requests;
import org.pyramidarena.arena.server.access.Role;
import org.pyramidarena.arena.server.contest.ContestDatabase;
import org.pyramidarena.arena.server.contest.ContestSettings;
import org.pyramidarena.arena.server.uploads.UploadStore;

/**
 * A team's pages, under {@code /team}: the form that asks for the team's token, then the team's page
 * (the upload form, its versions with their logs, its matches). Each form carries the token in a
 * hidden field. An upload refused for any reason of the team's answers the team's page with the
 * reason and the refusal's status.
 */
public final class TeamPages implements EndpointGroup {

    private final ContestSettings settings;
    private final ContestDatabase db;
    private final UploadStore uploads;

    public TeamPages(ContestSettings settings, ContestDatabase db, UploadStore uploads) {
        this.settings = settings;
        this.db = db;
        this.uploads = uploads;
    }

    /** The team pages' routes, relative to {@code /team}. */
    @Override
    public void addEndpoints() {
        get(this::login, Role.PUBLIC);
        post(ctx -> render(ctx, Access.team(ctx), null), Role.TEAM);
        post("upload", this::upload, Role.TEAM);
        post("logs", this::logs, Role.TEAM);
    }

    private void login(Context ctx) {
        Html.page(settings.name(), "Team page").raw("<form method=\"post\" action=\"/team\"><label>Team token <input "
                + "type=\"password\" name=\"token\" id=\"token\" autocomplete=\"off\" size=\"50\"></label> <button "
                + "type=\"submit\" id=\"open\">Open</button></form>\n").send(ctx);
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

    private void logs(Context ctx) throws IOException {
        ContestDatabase.Version version = Requests.ownVersion(db, Access.team(ctx), ctx.formParam("version"));
        Html.page(settings.name(), "Logs of " + version.label()).raw("<pre class=\"log\" id=\"log\">")
                .text(uploads.logs(version)).raw("</pre>\n").send(ctx);
    }

    private void render(Context ctx, ContestDatabase.Team team, String message) {
        Html page = Html.page(settings.name(), "Team " + team.name());
        if (message != null) {
            page.raw("<p id=\"message\">").text(message).raw("</p>\n");
        }
        String hidden = "<input type=\"hidden\" name=\"token\" value=\"" + Html.escape(ctx.formParam("token")) + "\">";
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
                    .text(version.fileName()).raw("</td><td class=\"status-").text(version.status().label()).raw("\">")
                    .text(version.status().label()).raw("</td><td class=\"bot\">")
                    .text(version.reason() == null ? "" : version.reason()).raw("</td><td>")
                    .text(version.uploadedAt()).raw("</td><td><form class=\"inline\" method=\"post\" "
                            + "action=\"/team/logs\">" + hidden + "<input type=\"hidden\" name=\"version\" value=\"")
                    .text(version.number()).raw("\"><button type=\"submit\">logs</button></form></td></tr>\n");
        }
        page.raw("</table>\n");
        ContestPages.matchTable(page, db.teamMatches(team.id(), Requests.TEAM_MATCHES_SHOWN), "Your matches");
        page.send(ctx);
    }
}
