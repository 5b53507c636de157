package org.pyramidarena.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.pyramidarena.arena.common.Hashes;
import org.pyramidarena.arena.server.ContestServer;
import org.pyramidarena.arena.server.contest.ContestDatabase;
import org.pyramidarena.arena.server.contest.ContestDatabase.MatchPhase;
import org.pyramidarena.arena.server.contest.ContestDatabase.MatchStatus;
import org.pyramidarena.arena.server.contest.ContestDatabase.VersionStatus;
import org.pyramidarena.tournaments.pairing.GameEntry;

/**
 * Fills a contest's database to a given size, as a contest that has run for a while would be:
 * teams (through {@link ContestServer#addTeam}, so each has a real token), versions on the ladder
 * (each a real copy of one bot file under {@code versions/ID/}, added and made {@code ready} through
 * {@link ContestDatabase}'s own methods), and finished rated matches between versions of different
 * teams, with their seats' ranks and scores. The matches are written with plain JDBC in batches, one
 * transaction per batch, into the same tables the ladder writes: a ladder commits one match per
 * transaction, which at 100,000 matches would take minutes; the rows are the same.
 *
 * <p>Results are drawn from a seeded generator, each version with a hidden strength so that the
 * leaderboard's fit has real differences to find; the same seed gives the same database.
 */
public final class ContestLoadFixture {

    /** The rows written per transaction. */
    private static final int BATCH = 2_000;

    /**
     * A contest's size.
     *
     * @param teams teams, each with at least one version
     * @param versions versions in all, spread over the teams, every one {@code ready}
     * @param matches finished rated matches (qualifying for each version's first few, the rest ladder)
     */
    public record Size(int teams, int versions, int matches) {

        public Size {
            if (teams < 2 || versions < teams || matches < 0) {
                throw new IllegalArgumentException("a contest needs at least 2 teams and a version per team: "
                        + teams + " teams, " + versions + " versions");
            }
        }
    }

    /** A team made by the fixture, with the token it signs in with. */
    public record Team(String name, String token) {
    }

    private ContestLoadFixture() {
    }

    /**
     * Fills an opened contest database.
     *
     * @param folder the contest folder, where each version's file is copied
     * @param url the database's JDBC URL, which the matches are written through
     * @param game the game the matches are of (two players)
     * @param bot the bot file every version holds (a {@code .jar} or a single-file program)
     * @return the teams, in the order they were made
     */
    public static List<Team> fill(ContestDatabase db, Path folder, String url, GameEntry game, Size size, Path bot,
                                  long seed) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        List<Team> teams = new ArrayList<>();
        List<ContestDatabase.Team> rows = new ArrayList<>();
        for (int i = 0; i < size.teams(); i++) {
            String name = String.format("team%03d", i + 1);
            teams.add(new Team(name, ContestServer.addTeam(db, name)));
            rows.add(db.team(name).orElseThrow());
        }
        String kind = kind(bot);
        String sha256 = Hashes.sha256(bot);
        byte[] botBytes = Files.readAllBytes(bot);
        List<ContestDatabase.Version> versions = new ArrayList<>();
        List<Double> strengths = new ArrayList<>();
        for (int i = 0; i < size.versions(); i++) {
            ContestDatabase.Team team = rows.get(i % rows.size());
            long id = db.nextVersionId();
            Path file = Files.createDirectories(folder.resolve("versions").resolve(Long.toString(id)))
                    .resolve(bot.getFileName().toString());
            Files.copy(bot, file);
            db.addVersion(id, team, kind, file.getFileName().toString(), folder.relativize(file).toString(), sha256,
                    botBytes);
            db.setStatus(id, VersionStatus.READY, null);
            versions.add(db.version(id).orElseThrow());
            strengths.add(random.nextDouble(-2, 2));
        }
        try {
            writeMatches(url, game, versions, strengths, size.matches(), random);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot write the fixture's matches: " + e.getMessage(), e);
        }
        return teams;
    }

    /** {@code jar}, or a single-file program's extension, as an upload of the file would be stored. */
    static String kind(Path bot) {
        String name = bot.getFileName().toString();
        int dot = name.lastIndexOf('.');
        if (dot < 0) {
            throw new IllegalArgumentException("the bot file " + name + " has no extension (.jar, .py, ...)");
        }
        return name.substring(dot + 1);
    }

    private static void writeMatches(String url, GameEntry game, List<ContestDatabase.Version> versions,
                                     List<Double> strengths, int matches, SplittableRandom random)
            throws SQLException {
        try (Connection connection = DriverManager.getConnection(url)) {
            long first;
            try (Statement statement = connection.createStatement();
                 ResultSet rows = statement.executeQuery("select coalesce(max(id), 0) + 1 from matches")) {
                rows.next();
                first = rows.getLong(1);
            }
            connection.setAutoCommit(false);
            try (PreparedStatement match = connection.prepareStatement("insert into matches (id, phase, game, variant, "
                    + "players, match_seed, deal_seed, status, termination, detail, moves, replay, created_at, "
                    + "finished_at) values (?, ?, ?, ?, 2, ?, ?, ?, 'normal', '', ?, null, ?, ?)");
                 PreparedStatement seat = connection.prepareStatement("insert into seats (match_id, seat, version_id, "
                         + "bot, rank_place, score, termination, detail, time_ms, cpu_ms) values (?, ?, ?, ?, ?, ?, "
                         + "'normal', '', ?, ?)")) {
                Instant start = Instant.now().minusSeconds(matches);
                for (int i = 0; i < matches; i++) {
                    long id = first + i;
                    int a = random.nextInt(versions.size());
                    int b = random.nextInt(versions.size() - 1);
                    if (b >= a) {
                        b++;
                    }
                    if (versions.get(a).teamId() == versions.get(b).teamId()) {
                        // Two versions of one team never meet on the ladder; the next team's version of the same rank does.
                        b = (b + 1) % versions.size();
                        if (versions.get(a).teamId() == versions.get(b).teamId()) {
                            b = (b + 1) % versions.size();
                        }
                    }
                    // The first matches of the contest are its versions' qualifying batches, the rest the ladder's.
                    MatchPhase phase = i < versions.size() * 2 ? MatchPhase.QUALIFYING : MatchPhase.LADDER;
                    String when = start.plusSeconds(i).toString();
                    match.setLong(1, id);
                    match.setString(2, phase.label());
                    match.setString(3, game.game());
                    match.setString(4, game.variant());
                    match.setLong(5, random.nextLong());
                    match.setLong(6, random.nextLong());
                    match.setString(7, MatchStatus.DONE.label());
                    match.setInt(8, 20 + random.nextInt(60));
                    match.setString(9, when);
                    match.setString(10, when);
                    match.addBatch();
                    double winsA = 1 / (1 + Math.exp(strengths.get(b) - strengths.get(a)));
                    double outcome = random.nextDouble();
                    // About one match in ten is drawn, the rest won by the stronger more often.
                    boolean drawn = outcome < 0.1;
                    int rankA = drawn || outcome < 0.1 + 0.9 * winsA ? 1 : 2;
                    int rankB = drawn ? 1 : 3 - rankA;
                    addSeat(seat, id, 0, versions.get(a), rankA, rankB, random);
                    addSeat(seat, id, 1, versions.get(b), rankB, rankA, random);
                    if ((i + 1) % BATCH == 0 || i + 1 == matches) {
                        match.executeBatch();
                        seat.executeBatch();
                        connection.commit();
                    }
                }
            }
            // The server numbers its next matches from the counter, which these rows have passed.
            try (PreparedStatement counter = connection.prepareStatement(
                    "update id_counters set next_id = (select coalesce(max(id), 0) from matches) where name = ?")) {
                counter.setString(1, "matches");
                counter.executeUpdate();
                connection.commit();
            }
        }
    }

    private static void addSeat(PreparedStatement seat, long matchId, int number, ContestDatabase.Version version,
                                int rank, int otherRank, SplittableRandom random) throws SQLException {
        seat.setLong(1, matchId);
        seat.setInt(2, number);
        seat.setLong(3, version.id());
        seat.setString(4, version.label());
        seat.setInt(5, rank);
        seat.setDouble(6, rank < otherRank ? 1 : rank == otherRank ? 0.5 : 0);
        seat.setLong(7, 10 + random.nextInt(200));
        seat.setLong(8, 10 + random.nextInt(200));
        seat.addBatch();
    }
}
