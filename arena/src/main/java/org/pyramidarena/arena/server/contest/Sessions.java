package org.pyramidarena.arena.server.contest;

import java.time.Duration;
import java.util.Optional;

/**
 * Teams' sessions on the pages: a team signs in once with its token and gets a session, so that its
 * page stays open without the token being sent again. A session id is 32 random bytes ({@link
 * Tokens#newToken()}), given to the browser once and kept in the database only as its SHA-256, like
 * the tokens: the database never holds what a cookie holds. A session ends when the team signs out
 * or {@link #LIFETIME} after it began. Requests are not read here: the server's access check takes
 * the id from a request's cookie and asks this class whose it is.
 */
public final class Sessions {

    /** How long a session lasts after sign-in. */
    public static final Duration LIFETIME = Duration.ofDays(7);

    private final ContestDatabase db;

    public Sessions(ContestDatabase db) {
        this.db = db;
    }

    /**
     * Begins a session for a team (after it signed in with its token), dropping expired ones.
     *
     * @return the new session's id, to be given to the browser and never kept
     */
    public String begin(ContestDatabase.Team team) {
        long now = System.currentTimeMillis();
        db.deleteExpiredSessions(now);
        String id = Tokens.newToken();
        db.addSession(Tokens.hash(id), team.id(), now + LIFETIME.toMillis());
        return id;
    }

    /** The team whose session a presented id (null for none) is; empty when it is no session or has expired. */
    public Optional<ContestDatabase.Team> team(String id) {
        if (id == null || id.isBlank()) {
            return Optional.empty();
        }
        return db.sessionTeam(Tokens.hash(id), System.currentTimeMillis());
    }

    /** Ends the session a presented id is, if any (signing out). */
    public void end(String id) {
        if (id != null && !id.isBlank()) {
            db.deleteSession(Tokens.hash(id));
        }
    }
}
