package org.pyramidarena.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.pyramidarena.arena.server.contest.ContestDatabase;
import org.pyramidarena.arena.server.contest.ContestRunner;
import org.pyramidarena.arena.server.contest.Leaderboard;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.ratings.RatingOptions;
import org.pyramidarena.tournaments.ratings.RatingTable;
import org.pyramidarena.tournaments.ratings.Standings;

/**
 * The contest server's leaderboard refit over a SQLite database of {@code matches} finished rated
 * matches: 300 teams of five versions each (1,500 bots), each team's versions taking over from one
 * another as the matches go on; each match a two-player Pylon game of one team against one of the
 * eight teams nearest it in strength (the ladder's Elo window), its result drawn from the teams'
 * hidden ratings (normal, sd 200 Elo, their later versions 20 Elo stronger) with 5% draws, seed 1.
 *
 * <ul>
 *   <li>{@code everyMatch}: what a refit cost before issue 39: every finished rated match read with
 *       its seats and fitted (Standings.compute, 200 bootstrap replicates);
 *   <li>{@code incremental}: a refit of the leaderboard's Elo after {@code newMatches} more
 *       finished (written before each invocation): it reads those and fits the per-pair counts,
 *       what the refit thread does before the new Elo shows;
 *   <li>{@code incrementalWithErrorBars}: the same and the bootstrap's 200 replicates over the
 *       per-pair counts (in a contest of 100 rated bots or more, on a thread of its own);
 *   <li>{@code fromScratch}: a new leaderboard's first fit (a server's start), reading every match.
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgs = {"-Xmx3g"})
public class LeaderboardBenchmark {

    private static final int TEAMS = 300;
    private static final int VERSIONS_PER_TEAM = 5;
    private static final int WINDOW = 8;

    @Param({"1000", "10000", "100000"})
    public int matches;

    @Param({"10"})
    public int newMatches;

    private Path folder;
    private ContestDatabase db;
    private Connection writer;
    private Leaderboard board;
    private final SplittableRandom random = new SplittableRandom(1);
    private final double[] strength = new double[TEAMS];
    private long nextMatch = 1;
    /** The teams in strength order, made once. */
    private Integer[] sorted;

    @Setup(Level.Trial)
    public void fillDatabase() throws IOException, SQLException {
        folder = Files.createTempDirectory("leaderboard-benchmark");
        String url = "jdbc:sqlite:" + folder.resolve("contest.db");
        db = ContestDatabase.open(url);
        writer = DriverManager.getConnection(url);
        writer.setAutoCommit(false);
        try (PreparedStatement team = writer.prepareStatement(
                "insert into teams (id, name, token_hash, created_at) values (?, ?, ?, ?)");
             PreparedStatement version = writer.prepareStatement("insert into versions (id, team_id, number, kind, "
                     + "file_name, path, sha256, size_bytes, status, uploaded_at) values (?, ?, ?, 'jar', 'bot.jar', "
                     + "'versions/bot.jar', ?, 1, 'ready', '2026-01-01T00:00:00Z')")) {
            for (int t = 0; t < TEAMS; t++) {
                strength[t] = 200 * random.nextGaussian();
                team.setLong(1, t + 1);
                team.setString(2, "team" + t);
                team.setString(3, "0".repeat(64));
                team.setString(4, "2026-01-01T00:00:00Z");
                team.addBatch();
                for (int v = 1; v <= VERSIONS_PER_TEAM; v++) {
                    version.setLong(1, versionId(t, v));
                    version.setLong(2, t + 1);
                    version.setInt(3, v);
                    version.setString(4, "0".repeat(64));
                    version.addBatch();
                }
            }
            team.executeBatch();
            version.executeBatch();
        }
        writer.commit();
        addMatches(matches);
        board = new Leaderboard(db, "cup", MasterSeed.of(1));
        board.refresh();
    }

    private static long versionId(int team, int version) {
        return (long) team * VERSIONS_PER_TEAM + version;
    }

    /** Writes {@code count} finished ladder matches, in one transaction. */
    private void addMatches(int count) throws SQLException {
        try (PreparedStatement match = writer.prepareStatement("insert into matches (id, phase, game, variant, "
                + "players, match_seed, deal_seed, status, termination, moves, created_at, finished_at) values "
                + "(?, 'ladder', 'pylon', 'standard', 2, ?, ?, 'done', 'normal', 40, '2026-01-01T00:00:00Z', "
                + "'2026-01-01T00:00:01Z')");
             PreparedStatement seat = writer.prepareStatement("insert into seats (match_id, seat, version_id, bot, "
                     + "rank_place, score, termination, time_ms, cpu_ms) values (?, ?, ?, ?, ?, ?, 'normal', 10, 10)")) {
            for (int m = 0; m < count; m++) {
                long id = nextMatch++;
                int first = random.nextInt(TEAMS);
                int second = nearby(first);
                // Each team's versions take over from one another evenly over the planned matches.
                int era = (int) Math.min(VERSIONS_PER_TEAM - 1, (id - 1) * VERSIONS_PER_TEAM / matches);
                double expected = 1 / (1 + Math.pow(10, (strength[second] - strength[first]) / 400));
                double u = random.nextDouble();
                int firstRank = u < 0.05 ? 1 : u < 0.05 + 0.95 * expected ? 1 : 2;
                int secondRank = u < 0.05 ? 1 : firstRank == 1 ? 2 : 1;
                match.setLong(1, id);
                match.setLong(2, id);
                match.setLong(3, -id);
                match.addBatch();
                int[] teams = {first, second};
                int[] ranks = {firstRank, secondRank};
                for (int s = 0; s < 2; s++) {
                    seat.setLong(1, id);
                    seat.setInt(2, s);
                    seat.setLong(3, versionId(teams[s], era + 1));
                    seat.setString(4, "team" + teams[s] + ".v" + (era + 1));
                    seat.setInt(5, ranks[s]);
                    seat.setDouble(6, ranks[s] == 1 ? 1 : 0);
                    seat.addBatch();
                }
            }
            match.executeBatch();
            seat.executeBatch();
        }
        writer.commit();
    }

    /** A team among the {@link #WINDOW} nearest {@code team} in strength (by index in strength order). */
    private int nearby(int team) {
        Integer[] order = byStrength();
        int at = 0;
        while (order[at] != team) {
            at++;
        }
        int offset = 1 + random.nextInt(WINDOW / 2);
        int other = random.nextBoolean() ? at + offset : at - offset;
        if (other < 0 || other >= TEAMS) {
            other = at - (other - at);
        }
        return order[other];
    }

    private Integer[] byStrength() {
        if (sorted == null) {
            sorted = new Integer[TEAMS];
            for (int t = 0; t < TEAMS; t++) {
                sorted[t] = t;
            }
            Arrays.sort(sorted, Comparator.comparingDouble(t -> strength[t]));
        }
        return sorted;
    }

    @Setup(Level.Invocation)
    public void finishMore() throws SQLException {
        addMatches(newMatches);
    }

    @Benchmark
    public RatingTable everyMatch() {
        return Standings.compute(db.finishedMatches(ContestRunner.RATED).stream()
                .map(m -> ContestDatabase.record("cup", m)).toList(),
                RatingOptions.defaults().withBootstrap(200, MasterSeed.of(1).derive("ratings"))).overall();
    }

    @Benchmark
    public Object incremental() {
        board.refreshRatings();
        return board.rows();
    }

    @Benchmark
    public Object incrementalWithErrorBars() {
        board.refresh();
        return board.rows();
    }

    @Benchmark
    public Object fromScratch() {
        try (Leaderboard fresh = new Leaderboard(db, "cup", MasterSeed.of(1))) {
            fresh.refresh();
            return fresh.rows();
        }
    }

    @TearDown(Level.Trial)
    public void removeDatabase() throws IOException, SQLException {
        board.close();
        writer.close();
        db.close();
        try (Stream<Path> files = Files.walk(folder)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.delete(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
