package org.pyramidarena.arena.server.contest;

import io.javalin.http.ConflictResponse;
import io.javalin.http.NotFoundResponse;
import io.javalin.http.TooManyRequestsResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.pyramidarena.arena.tournament.GameChoices;
import org.pyramidarena.tournaments.pairing.GameEntry;

/**
 * Scrimmages, as Battlecode's and CodinGame's arenas have them: a team challenges another team to
 * an unrated match, its version on the ladder against theirs, in a game of the contest it chooses,
 * to see how it fares before the ladder decides. A scrimmage is played before the ladder's next
 * match and is never rated (the leaderboard counts qualifying and ladder matches only). A team may
 * ask for {@code scrimmagesPerHour} in any hour (counted in the database, so a restart forgets
 * nothing); a refused request does not count.
 */
public final class Scrimmages {

    private static final Duration HOUR = Duration.ofHours(1);

    private final ContestSettings settings;
    private final ContestDatabase db;
    private final ContestRunner runner;

    public Scrimmages(ContestSettings settings, ContestDatabase db, ContestRunner runner) {
        this.settings = settings;
        this.db = db;
        this.runner = runner;
    }

    /**
     * Schedules a scrimmage of a team against another.
     *
     * @param opponent the other team's name
     * @param game the game, as the contest names it ({@code pylon}, {@code euronimoes:3}); null or blank for the
     *     contest's first
     * @return the match, scheduled
     * @throws ConflictResponse when submissions are frozen, or either team has no version on the ladder
     * @throws NotFoundResponse when no team has that name
     * @throws IllegalArgumentException when the team names itself, a game that is not the contest's, or
     *     one that its version or the other team's does not play (by the games its bot said it plays)
     * @throws TooManyRequestsResponse when the team asked for {@code scrimmagesPerHour} in the last hour
     */
    public synchronized ContestDatabase.Match challenge(ContestDatabase.Team team, String opponent, String game) {
        if (runner.frozen()) {
            throw new ConflictResponse("the contest is frozen: no more scrimmages");
        }
        ContestDatabase.Team other = db.team(opponent == null ? "" : opponent).orElseThrow(() ->
                new NotFoundResponse("no team " + Quote.line(opponent)));
        if (other.id() == team.id()) {
            throw new IllegalArgumentException("a scrimmage is against another team, not yourself");
        }
        GameEntry entry = game(game);
        List<ContestDatabase.Version> active = db.activeVersions();
        ContestDatabase.Version own = onLadder(active, team, "your team has no version on the ladder yet");
        ContestDatabase.Version theirs = onLadder(active, other, "team " + other.name()
                + " has no version on the ladder yet");
        requirePlays(own, entry, "your version " + own.label());
        requirePlays(theirs, entry, "team " + other.name() + "'s version " + theirs.label());
        int perHour = settings.scrimmagesPerHourOrDefault();
        List<Instant> latest = db.requestTimes(team.id(), perHour);
        Instant now = Instant.now();
        if (perHour == 0 || latest.size() >= perHour && latest.get(perHour - 1).isAfter(now.minus(HOUR))) {
            long wait = perHour == 0 ? HOUR.toSeconds()
                    : Duration.between(now, latest.get(perHour - 1).plus(HOUR)).toSeconds() + 1;
            throw new TooManyRequestsResponse("at most " + perHour + " scrimmages an hour; try again in " + wait
                    + " s");
        }
        long id = runner.scheduleScrimmage(own, theirs, entry, team.id());
        return db.match(id).orElseThrow();
    }

    /** The teams a team may challenge now: those, itself aside, with a version on the ladder, by id. */
    public List<ContestDatabase.Team> opponents(ContestDatabase.Team team) {
        List<Long> onLadder = db.activeVersions().stream().map(ContestDatabase.Version::teamId).toList();
        return db.teams().stream().filter(t -> t.id() != team.id() && onLadder.contains(t.id())).toList();
    }

    /** The contest's games, as {@link #challenge} takes them. */
    public List<String> games() {
        return runner.games().stream().map(GameChoices::label).toList();
    }

    private GameEntry game(String label) {
        List<GameEntry> games = runner.games();
        if (label == null || label.isBlank()) {
            return games.get(0);
        }
        return games.stream().filter(g -> GameChoices.label(g).equals(label)).findFirst().orElseThrow(() ->
                new IllegalArgumentException("'" + Quote.line(label) + "' is not a game of this contest ("
                        + String.join(", ", games()) + ")"));
    }

    /**
     * Refuses a game a version does not play, by the games recorded when its bot first started; a
     * version with none recorded (its bot has not started) is taken to play every game, as the
     * ladder takes it.
     */
    private void requirePlays(ContestDatabase.Version version, GameEntry game, String whose) {
        Optional<List<String>> plays = db.games(version.id());
        if (plays.isPresent() && !plays.get().contains(game.game())) {
            throw new IllegalArgumentException(whose + " does not play " + GameChoices.label(game)
                    + (plays.get().isEmpty() ? "" : "; it plays " + String.join(", ", plays.get())));
        }
    }

    private static ContestDatabase.Version onLadder(List<ContestDatabase.Version> active, ContestDatabase.Team team,
                                                    String otherwise) {
        return active.stream().filter(v -> v.teamId() == team.id()).findFirst()
                .orElseThrow(() -> new ConflictResponse(otherwise));
    }
}
