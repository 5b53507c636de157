package org.pyramidarena.arena.server.access;

import io.javalin.http.Context;
import io.javalin.http.NotFoundResponse;
import java.util.List;
import org.pyramidarena.arena.server.contest.ContestDatabase;

/**
 * What a request names, read and bounded the same way for the pages and the JSON API: a match by
 * the path's {@code id}, a team's own version by its number, a team's own seats of a match, and how
 * long a list may be.
 */
public final class Requests {

    /** How many of its latest matches a team is shown, on its page and in the API. */
    public static final int TEAM_MATCHES_SHOWN = 200;

    private Requests() {
    }

    /**
     * The match the path's {@code id} names.
     *
     * @throws NotFoundResponse when the id is no number or names no match
     */
    public static ContestDatabase.Match match(ContestDatabase db, Context ctx) {
        long id;
        try {
            id = Long.parseLong(ctx.pathParam("id"));
        } catch (NumberFormatException e) {
            throw new NotFoundResponse("no such match");
        }
        return db.match(id).orElseThrow(() -> new NotFoundResponse("no match " + id));
    }

    /**
     * A version of the team by its number: only the team's own versions are found, so another
     * team's logs are never reached.
     *
     * @throws NotFoundResponse when the number is no number or the team has no such version
     */
    public static ContestDatabase.Version ownVersion(ContestDatabase db, ContestDatabase.Team team, String number) {
        int n;
        try {
            n = Integer.parseInt(number);
        } catch (NumberFormatException e) {
            throw new NotFoundResponse("no such version");
        }
        return db.versions(team.id()).stream().filter(v -> v.number() == n).findFirst()
                .orElseThrow(() -> new NotFoundResponse("your team has no version " + n));
    }

    /**
     * What the team's own bots wrote on their standard error in the match the path's {@code id}
     * names, by seat: only the team's own seats are found, so another team's output is never reached.
     *
     * @throws NotFoundResponse when the id names no match, or one in which the team has no bot
     */
    public static List<ContestDatabase.SeatError> ownSeatErrors(ContestDatabase db, ContestDatabase.Team team,
                                                                ContestDatabase.Match match) {
        List<ContestDatabase.SeatError> own = db.seatErrors(match.id()).stream()
                .filter(seat -> seat.teamId() == team.id()).toList();
        if (own.isEmpty()) {
            throw new NotFoundResponse("your team has no bot in match " + match.id());
        }
        return own;
    }

    /**
     * How many matches a list shows: the query's {@code limit}, held to 1 to 1000, 50 without one.
     *
     * @throws IllegalArgumentException when the limit is no number
     */
    public static int limit(Context ctx) {
        String text = ctx.queryParam("limit");
        try {
            return text == null ? 50 : Math.max(1, Math.min(1000, Integer.parseInt(text)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("limit must be a number");
        }
    }
}
