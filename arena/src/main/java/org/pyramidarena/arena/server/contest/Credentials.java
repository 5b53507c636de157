package org.pyramidarena.arena.server.contest;

import java.util.Optional;

/**
 * A contest's secrets: the admin token, made with the contest, and each team's token, made with the
 * team. Each is shown once and kept only as its hash ({@link Tokens}); a presented token is checked
 * against the hashes. Requests are not read here: the server's access check takes the token from
 * a request and asks this class whose it is.
 */
public final class Credentials {

    /** Team names: what the leaderboard and results show. */
    public static final String TEAM_NAME = "[A-Za-z0-9_-]{1,40}";

    /** The contest value holding the admin token's hash. */
    private static final String ADMIN_TOKEN = "admin_token_hash";

    private final ContestDatabase db;

    public Credentials(ContestDatabase db) {
        this.db = db;
    }

    /**
     * Makes the admin token of a new contest.
     *
     * @return the admin token, shown once
     * @throws IllegalArgumentException when the database holds a contest already
     */
    public String newAdminToken() {
        String token = Tokens.newToken();
        if (db.get(ADMIN_TOKEN).isPresent()) {
            throw new IllegalArgumentException("the database " + db.describe() + " holds a contest already");
        }
        db.put(ADMIN_TOKEN, Tokens.hash(token));
        return token;
    }

    /**
     * Adds a team.
     *
     * @return the team's token, shown once
     * @throws IllegalArgumentException with one line when the name is not a team name or is taken
     */
    public String addTeam(String name) {
        if (name == null || !name.matches(TEAM_NAME)) {
            throw new IllegalArgumentException("a team name is 1 to 40 letters, digits, '_' or '-', not '"
                    + Quote.line(name) + "'");
        }
        if (name.equals(ContestBots.RANDOM)) {
            throw new IllegalArgumentException("'random' is the built-in bot's name");
        }
        String token = Tokens.newToken();
        db.addTeam(name, Tokens.hash(token));
        return token;
    }

    /** The team a token belongs to; empty for a token that is no team's. */
    public Optional<ContestDatabase.Team> team(String token) {
        // Every team's hash is compared, so the time taken does not tell which team a token is near.
        ContestDatabase.Team found = null;
        for (ContestDatabase.Team team : db.teams()) {
            if (Tokens.matches(token, team.tokenHash())) {
                found = team;
            }
        }
        return Optional.ofNullable(found);
    }

    /** Whether a token is the admin token. */
    public boolean isAdmin(String token) {
        return Tokens.matches(token, db.get(ADMIN_TOKEN).orElse(null));
    }
}
