package org.pyramidarena.arena.server.pages;

import static io.javalin.apibuilder.ApiBuilder.get;
import static io.javalin.apibuilder.ApiBuilder.post;

import io.javalin.apibuilder.EndpointGroup;
import io.javalin.http.Context;
import java.time.Instant;
import org.pyramidarena.arena.server.access.Role;
import org.pyramidarena.arena.server.contest.ContestDatabase;
import org.pyramidarena.arena.server.contest.ContestRunner;
import org.pyramidarena.arena.server.contest.ContestSettings;
import org.pyramidarena.arena.server.contest.Credentials;
import org.pyramidarena.arena.server.contest.FinalRun;

/**
 * The organiser's pages, under {@code /admin}: the form that asks for the admin token, then the
 * teams with the form for a new one, and the buttons that freeze submissions and start the final.
 * Each form carries the token in a hidden field; each action answers the admin page with what it did.
 */
public final class AdminPages implements EndpointGroup {

    private final ContestSettings settings;
    private final ContestDatabase db;
    private final ContestRunner runner;
    private final FinalRun finalRun;
    private final Credentials credentials;

    public AdminPages(ContestSettings settings, ContestDatabase db, ContestRunner runner, FinalRun finalRun,
                      Credentials credentials) {
        this.settings = settings;
        this.db = db;
        this.runner = runner;
        this.finalRun = finalRun;
        this.credentials = credentials;
    }

    /** The admin pages' routes, relative to {@code /admin}. */
    @Override
    public void addEndpoints() {
        get(this::login, Role.PUBLIC);
        post(ctx -> render(ctx, null), Role.ADMIN);
        post("teams", ctx -> {
            String name = ctx.formParam("name");
            String token = credentials.addTeam(name);
            render(ctx, "Team " + name + " created; its token (shown once): " + token);
        }, Role.ADMIN);
        post("freeze", ctx -> {
            runner.freeze();
            render(ctx, "Submissions are frozen.");
        }, Role.ADMIN);
        post("final", ctx -> {
            finalRun.start();
            render(ctx, "The final has started.");
        }, Role.ADMIN);
    }

    private void login(Context ctx) {
        Html.page(settings.name(), "Admin").raw("<form method=\"post\" action=\"/admin\"><label>Admin token <input "
                + "type=\"password\" name=\"token\" autocomplete=\"off\" size=\"50\"></label> <button type=\"submit\">"
                + "Open</button></form>\n").send(ctx);
    }

    private void render(Context ctx, String message) {
        Html page = Html.page(settings.name(), "Admin");
        if (message != null) {
            page.raw("<p id=\"message\">").text(message).raw("</p>\n");
        }
        String hidden = "<input type=\"hidden\" name=\"token\" value=\"" + Html.escape(ctx.formParam("token")) + "\">";
        page.raw("<h2>Teams</h2>\n<table id=\"teams\"><tr><th class=\"bot\">Team</th><th>Versions</th>"
                + "<th>Created</th></tr>\n");
        for (ContestDatabase.Team team : db.teams()) {
            page.raw("<tr><td class=\"bot\">").text(team.name()).raw("</td><td>").text(db.versions(team.id()).size())
                    .raw("</td><td>").text(team.createdAt()).raw("</td></tr>\n");
        }
        page.raw("</table>\n<form method=\"post\" action=\"/admin/teams\">" + hidden + "<label>New team <input "
                + "name=\"name\" pattern=\"" + Credentials.TEAM_NAME + "\"></label> <button type=\"submit\">Create"
                + "</button></form>\n");
        page.raw("<h2>Workers</h2>\n<table id=\"workers\"><tr><th>Worker</th><th>Host</th><th>Threads</th>"
                + "<th>Played</th><th>Playing</th><th>Last seen</th></tr>\n");
        for (ContestDatabase.Worker worker : db.workersSeenSince(System.currentTimeMillis() - 60_000)) {
            page.raw("<tr><td>").text(worker.name()).raw("</td><td>").text(worker.host()).raw("</td><td>")
                    .text(worker.threads()).raw("</td><td>").text(worker.played()).raw("</td><td>")
                    .text(String.join(", ", db.heldBy(worker.name()).stream().map(id -> "match " + id).toList()))
                    .raw("</td><td>").text(Instant.ofEpochMilli(worker.seenMillis()).toString()).raw("</td></tr>\n");
        }
        page.raw("</table>\n");
        page.raw("<h2>Final</h2>\n<p>").text(runner.frozen() ? "Submissions are frozen." : "Submissions are open.")
                .raw(" Final: ").text(finalRun.status().state().label()).raw("</p>\n");
        page.raw("<form method=\"post\" action=\"/admin/freeze\">" + hidden + "<button type=\"submit\">Freeze "
                + "submissions</button></form>\n<form method=\"post\" action=\"/admin/final\">" + hidden
                + "<button type=\"submit\">Start the final</button></form>\n");
        page.send(ctx);
    }
}
