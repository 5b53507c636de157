package org.pyramidarena.arena.server.contest;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.flywaydb.core.Flyway;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.TerminationReason;

/**
 * The contest's database: teams, bot versions, matches and their seats, the versions' files and the
 * matches' replays, through a pool of JDBC connections (SQLite in the contest folder, or PostgreSQL,
 * which workers on other machines share with the server). The schema is migrated by Flyway from
 * {@code org/pyramidarena/arena/server/db/migration} on the class path when the database is opened.
 * Every call is one statement or one transaction, so what a call returned from is committed: a
 * match's result is on disk when {@link #finishMatch} returns, and a server or a worker killed at
 * any moment loses no finished match.
 *
 * <p>There is no lock of the server's own: concurrent calls each take a connection of the pool, and
 * the database's transactions keep them apart. A running match is held by one worker under a lease
 * ({@link #claimNext}, {@link #renewLease}); a worker that dies loses it when it ends, and the match
 * is played again by another, on the same seeds.
 */
public final class ContestDatabase implements AutoCloseable {

    /**
     * Where a version is on its way to the ladder; stored as its {@link #label()}. Its own type, so
     * that {@link #QUALIFYING} (a version playing its qualifying batch) is never taken for {@link
     * MatchPhase#QUALIFYING} (a match of such a batch), although both are stored as {@code qualifying}.
     */
    public enum VersionStatus {
        /** The version waits for, or plays, its sandboxed check (hello, a match against random per game). */
        CHECKING("checking"),
        /** The version plays its qualifying batch. */
        QUALIFYING("qualifying"),
        /** The version is on the ladder (its team's newest such version plays). */
        READY("ready"),
        /** The version failed its check; the reason says why. */
        REJECTED("rejected");

        private final String label;

        VersionStatus(String label) {
            this.label = label;
        }

        /** The name stored in the database and shown in the API and the pages. */
        public String label() {
            return label;
        }

        static VersionStatus fromLabel(String label) {
            return ContestDatabase.fromLabel(values(), VersionStatus::label, label, "version status");
        }
    }

    /** Why a match is played; stored as its {@link #label()}. */
    public enum MatchPhase {
        /** A check match: a new version against built-in random. */
        CHECK("check"),
        /** A match of a new version's qualifying batch. */
        QUALIFYING("qualifying"),
        /** A ladder match. */
        LADDER("ladder"),
        /** An unrated match a team asked for against another team. */
        SCRIMMAGE("scrimmage");

        private final String label;

        MatchPhase(String label) {
            this.label = label;
        }

        /** The name stored in the database and shown in the API and the pages. */
        public String label() {
            return label;
        }

        static MatchPhase fromLabel(String label) {
            return ContestDatabase.fromLabel(values(), MatchPhase::label, label, "match phase");
        }
    }

    /** Where a match is; stored as its {@link #label()}. */
    public enum MatchStatus {
        /** The match is waiting for a worker. */
        SCHEDULED("scheduled"),
        /** The match is being played; at a restart it is played again from the start. */
        RUNNING("running"),
        /** The match is over, its result committed. */
        DONE("done"),
        /** The referee could not play the match; it is never played again. */
        FAILED("failed");

        private final String label;

        MatchStatus(String label) {
            this.label = label;
        }

        /** The name stored in the database and shown in the API and the pages. */
        public String label() {
            return label;
        }

        static MatchStatus fromLabel(String label) {
            return ContestDatabase.fromLabel(values(), MatchStatus::label, label, "match status");
        }
    }

    /**
     * The constant a stored name stands for.
     *
     * @param what what the name is, for the message
     * @throws IllegalStateException when the name is not one of the constants
     */
    static <E> E fromLabel(E[] values, Function<E, String> label, String stored, String what) {
        for (E value : values) {
            if (label.apply(value).equals(stored)) {
                return value;
            }
        }
        throw new IllegalStateException("contest database: unknown " + what + " '" + stored + "'");
    }

    private final HikariDataSource pool;
    private final String url;
    private final boolean postgres;
    /** The connection of the transaction the calling thread is in, if any; statements outside one take their own. */
    private final ThreadLocal<Connection> transaction = new ThreadLocal<>();

    private ContestDatabase(String url, HikariDataSource pool) {
        this.url = url;
        this.pool = pool;
        this.postgres = url.startsWith("jdbc:postgresql:");
    }

    /**
     * Opens a contest's database, migrating its schema to this server's.
     *
     * @param url a JDBC URL: {@code jdbc:sqlite:FILE} or {@code jdbc:postgresql://...}
     * @throws IllegalArgumentException with one line when it cannot be opened or migrated
     */
    public static ContestDatabase open(String url) {
        return open(url, DEFAULT_POOL);
    }

    /** The connections a server or a worker keeps open at most, by default. */
    public static final int DEFAULT_POOL = 8;

    /**
     * Opens a contest's database with a pool of at most {@code connections} connections, migrating
     * its schema to this arena's.
     *
     * @throws IllegalArgumentException with one line when it cannot be opened or migrated
     */
    public static ContestDatabase open(String url, int connections) {
        HikariDataSource pool = null;
        try {
            HikariConfig config = new HikariConfig();
            config.setJdbcUrl(url);
            config.setPoolName("contest-db");
            config.setMaximumPoolSize(connections);
            config.setMinimumIdle(1);
            config.setInitializationFailTimeout(10_000);
            if (url.startsWith("jdbc:sqlite:")) {
                // The write-ahead log keeps every committed transaction through a kill -9 of the server
                // and lets readers read while one connection writes; synchronous=normal syncs at
                // checkpoints, not at every commit, so a power cut (not a crash of the process) may lose
                // the last few matches, which are then played again. A transaction that writes starts
                // with BEGIN IMMEDIATE, so two never deadlock upgrading a read to a write: the second
                // waits (busy_timeout) for the first to commit.
                config.addDataSourceProperty("journal_mode", "WAL");
                config.addDataSourceProperty("synchronous", "NORMAL");
                config.addDataSourceProperty("foreign_keys", "true");
                config.addDataSourceProperty("busy_timeout", "10000");
                config.addDataSourceProperty("transaction_mode", "IMMEDIATE");
            }
            pool = new HikariDataSource(config);
            Flyway.configure(ContestDatabase.class.getClassLoader())
                    .dataSource(pool)
                    .locations("classpath:org/pyramidarena/arena/server/db/migration")
                    .load()
                    .migrate();
            return new ContestDatabase(url, pool);
        } catch (RuntimeException e) {
            if (pool != null) {
                pool.close();
            }
            Throwable cause = e;
            while (cause.getCause() != null && cause.getMessage() != null && cause.getMessage().startsWith("Failed")) {
                cause = cause.getCause();
            }
            String message = cause.getMessage() == null ? cause.toString() : cause.getMessage();
            throw new IllegalArgumentException("cannot open the contest database " + redacted(url) + ": "
                    + message.lines().findFirst().orElse(""), e);
        }
    }

    /** A URL with any password parameter hidden, for messages. */
    static String redacted(String url) {
        return url.replaceAll("(?i)(password=)[^&;]*", "$1***");
    }

    /** The URL this database was opened with, its password hidden. */
    public String describe() {
        return redacted(url);
    }

    /** A team, its token kept only as a hash. */
    public record Team(long id, String name, String tokenHash, String createdAt) {
    }

    /**
     * An uploaded bot version; immutable but for its status.
     *
     * @param kind {@code jar} or a single-file program's extension
     * @param path where the file is kept, relative to the contest folder
     * @param checkMatch the check match that rejected it, or null
     */
    public record Version(long id, long teamId, String team, int number, String kind, String fileName, String path,
                          String sha256, long sizeBytes, VersionStatus status, String reason, String uploadedAt,
                          Long checkMatch) {

        /** The name the version plays under: {@code TEAM.vNUMBER}. */
        public String label() {
            return label(team, number);
        }

        /** The name of a team's version. */
        public static String label(String team, int number) {
            return team + ".v" + number;
        }
    }

    /** One seat of a match; the result fields are null until the match is done. */
    public record Seat(int seat, Long versionId, String bot, Integer rank, Double score, String termination,
                       String detail, Long timeMillis, Long cpuMillis) {
    }

    /** A match with its seats. */
    public record Match(long id, MatchPhase phase, String game, String variant, int players, long matchSeed,
                        long dealSeed, MatchStatus status, String termination, String detail, Integer moves,
                        String replay, String createdAt, String finishedAt, List<Seat> seats) {
    }

    /** The value of a contest setting kept in the database, if any. */
    public Optional<String> get(String name) {
        return query("select value from contest where name = ?", List.of(name), rows -> rows.getString(1))
                .stream().findFirst();
    }

    /** Sets a contest value. */
    public void put(String name, String value) {
        transaction(() -> {
            update("delete from contest where name = ?", name);
            update("insert into contest (name, value) values (?, ?)", name, value);
            return null;
        });
    }

    /** Sets a contest value unless it is set already; returns the value in force. */
    public String putIfAbsent(String name, String value) {
        return transaction(() -> {
            Optional<String> old = get(name);
            if (old.isPresent()) {
                return old.get();
            }
            put(name, value);
            return value;
        });
    }

    /**
     * Adds a team.
     *
     * @throws IllegalArgumentException when a team of that name exists
     */
    public Team addTeam(String name, String tokenHash) {
        return transaction(() -> {
            if (team(name).isPresent()) {
                throw new IllegalArgumentException("there is a team named " + name + " already");
            }
            long id = nextId("teams");
            String now = Instant.now().toString();
            update("insert into teams (id, name, token_hash, created_at) values (?, ?, ?, ?)", id, name, tokenHash,
                    now);
            return new Team(id, name, tokenHash, now);
        });
    }

    /** Replaces a team's token hash (a new token). */
    public void setTokenHash(long teamId, String tokenHash) {
        update("update teams set token_hash = ? where id = ?", tokenHash, teamId);
    }

    /** Every team, by id. */
    public List<Team> teams() {
        return query("select id, name, token_hash, created_at from teams order by id", List.of(),
                rows -> new Team(rows.getLong(1), rows.getString(2), rows.getString(3), rows.getString(4)));
    }

    /** A team by name. */
    public Optional<Team> team(String name) {
        return query("select id, name, token_hash, created_at from teams where name = ?", List.of(name),
                rows -> new Team(rows.getLong(1), rows.getString(2), rows.getString(3), rows.getString(4)))
                .stream().findFirst();
    }

    private static final String VERSION_COLUMNS = "v.id, v.team_id, t.name, v.number, v.kind, v.file_name, v.path, "
            + "v.sha256, v.size_bytes, v.status, v.reason, v.uploaded_at, v.check_match from versions v join teams t "
            + "on t.id = v.team_id";

    private static Version version(ResultSet rows) throws SQLException {
        return new Version(rows.getLong(1), rows.getLong(2), rows.getString(3), rows.getInt(4), rows.getString(5),
                rows.getString(6), rows.getString(7), rows.getString(8), rows.getLong(9),
                VersionStatus.fromLabel(rows.getString(10)), rows.getString(11), rows.getString(12),
                nullableLong(rows, 13));
    }

    /**
     * Counts an upload of a team, unless the team has made as many as the limit in the window before
     * now; attempts older than the window are forgotten. One transaction, so two uploads at once
     * cannot both take the last place.
     *
     * @param nowMillis the time of the upload, in milliseconds since the epoch
     * @return 0 when the upload is counted, else how many milliseconds until the oldest counted one
     *     leaves the window
     */
    public long takeUpload(long teamId, long nowMillis, long windowMillis, int limit) {
        return transaction(() -> {
            update("delete from upload_attempts where team_id = ? and attempted_at <= ?", teamId,
                    nowMillis - windowMillis);
            List<Long> times = query("select attempted_at from upload_attempts where team_id = ? "
                    + "order by attempted_at", List.of(teamId), rows -> rows.getLong(1));
            long wait = 0;
            if (times.size() >= limit) {
                wait = Math.max(1, windowMillis - (nowMillis - times.get(0)));
            } else {
                update("insert into upload_attempts (team_id, attempted_at) values (?, ?)", teamId, nowMillis);
            }
            return wait;
        });
    }

    /** The number a team's next version gets. */
    public int nextVersionNumber(long teamId) {
        return query("select coalesce(max(number), 0) + 1 from versions where team_id = ?", List.of(teamId),
                rows -> rows.getInt(1)).get(0);
    }

    /** The id the next version gets. */
    public long nextVersionId() {
        return nextId("versions");
    }

    /**
     * Adds a version, status {@link VersionStatus#CHECKING}, numbered its team's next, with its
     * file's content (which workers on other machines fetch, {@link #versionFile}).
     *
     * @param id an id from {@link #nextVersionId}
     */
    public Version addVersion(long id, Team team, String kind, String fileName, String path, String sha256,
                              byte[] content) {
        return transaction(() -> {
            int number = nextVersionNumber(team.id());
            update("insert into versions (id, team_id, number, kind, file_name, path, sha256, size_bytes, status, "
                    + "uploaded_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", id, team.id(), number, kind, fileName,
                    path, sha256, (long) content.length, VersionStatus.CHECKING.label(), Instant.now().toString());
            update("insert into version_files (version_id, content) values (?, ?)", id, content);
            return version(id).orElseThrow();
        });
    }

    /** A version's file, as uploaded; empty for a version uploaded before files were kept in the database. */
    public Optional<byte[]> versionFile(long versionId) {
        return query("select content from version_files where version_id = ?", List.of(versionId),
                rows -> rows.getBytes(1)).stream().findFirst();
    }

    /** A version by id. */
    public Optional<Version> version(long id) {
        return query("select " + VERSION_COLUMNS + " where v.id = ?", List.of(id), ContestDatabase::version)
                .stream().findFirst();
    }

    /** A team's versions, newest first. */
    public List<Version> versions(long teamId) {
        return query("select " + VERSION_COLUMNS + " where v.team_id = ? order by v.number desc", List.of(teamId),
                ContestDatabase::version);
    }

    /**
     * Records the games a version's bot plays among the contest's, as their ids, when its bot has
     * first started and said which.
     */
    public void setGames(long versionId, List<String> gameIds) {
        update("update versions set games = ? where id = ?", String.join(",", gameIds), versionId);
    }

    /**
     * The games a version plays among the contest's, as recorded ({@link #setGames}); empty while
     * its bot has not started (and for a version uploaded before the server recorded them).
     */
    public Optional<List<String>> games(long versionId) {
        List<String> stored = query("select games from versions where id = ?", List.of(versionId),
                rows -> rows.getString(1));
        if (stored.isEmpty() || stored.get(0) == null) {
            return Optional.empty();
        }
        return Optional.of(stored.get(0).isEmpty() ? List.of() : List.of(stored.get(0).split(",")));
    }

    /** Every version of a status, oldest first. */
    public List<Version> versionsWithStatus(VersionStatus status) {
        return query("select " + VERSION_COLUMNS + " where v.status = ? order by v.id", List.of(status.label()),
                ContestDatabase::version);
    }

    /** Each team's newest version that is on the ladder, by team id. */
    public List<Version> activeVersions() {
        return query("select " + VERSION_COLUMNS + " where v.status = ? and v.number = (select max(w.number) from "
                + "versions w where w.team_id = v.team_id and w.status = ?) order by t.id",
                List.of(VersionStatus.READY.label(), VersionStatus.READY.label()),
                ContestDatabase::version);
    }

    /** Sets a version's status and the reason for it (null for none). */
    public void setStatus(long versionId, VersionStatus status, String reason) {
        setStatus(versionId, status, reason, null);
    }

    /** Sets a version's status, the reason for it (null for none) and the check match that gave it (null for none). */
    public void setStatus(long versionId, VersionStatus status, String reason, Long checkMatch) {
        update("update versions set status = ?, reason = ?, check_match = ? where id = ?", status.label(), reason,
                checkMatch, versionId);
    }

    /**
     * Adds a match to play, with its seats.
     *
     * @param versions each seat's version id, null for a built-in bot
     * @param bots each seat's bot label
     * @return the match id
     */
    public long addMatch(MatchPhase phase, String game, String variant, List<Long> versions,
                                      List<String> bots, SeedsById seeds) {
        return addMatch(phase, game, variant, versions, bots, seeds, null);
    }

    /**
     * Adds a match to play, with its seats, asked for by a team.
     *
     * @param requestedBy the team that asked for it (a scrimmage), or null
     * @return the match id
     */
    public long addMatch(MatchPhase phase, String game, String variant, List<Long> versions,
                                      List<String> bots, SeedsById seeds, Long requestedBy) {
        return transaction(() -> {
            long id = nextId("matches");
            update("insert into matches (id, phase, game, variant, players, match_seed, deal_seed, status, created_at, "
                    + "requested_by) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", id, phase.label(), game, variant,
                    bots.size(), seeds.matchSeed(id), seeds.dealSeed(id), MatchStatus.SCHEDULED.label(),
                    Instant.now().toString(), requestedBy);
            for (int seat = 0; seat < bots.size(); seat++) {
                update("insert into seats (match_id, seat, version_id, bot) values (?, ?, ?, ?)", id, seat,
                        versions.get(seat), bots.get(seat));
            }
            return id;
        });
    }

    /** Where a match's seeds come from, given its id. */
    public interface SeedsById {
        long matchSeed(long matchId);

        long dealSeed(long matchId);
    }

    /**
     * Takes the oldest waiting match of a phase for a worker, under a lease: a scheduled match, or a
     * running one whose lease has ended (its worker died), which is played again from the start on
     * the same seeds. In PostgreSQL the row is taken {@code FOR UPDATE SKIP LOCKED}, so that workers
     * claiming at once take different matches without waiting for each other; SQLite, one machine's
     * database, serialises its writing transactions itself.
     *
     * @param worker the name of the worker (and its thread) that will hold the match
     * @param nowMillis the time now, milliseconds since the epoch
     * @param leaseMillis how long the lease lasts unless renewed
     * @return the match, or empty when none is waiting
     */
    public Optional<Match> claimNext(MatchPhase phase, String worker, long nowMillis, long leaseMillis) {
        return transaction(() -> {
            List<Long> ids = query("select id from matches where phase = ? and " + CLAIMABLE + " order by id limit 1"
                    + (postgres ? " for update skip locked" : ""), List.of(phase.label(),
                    MatchStatus.SCHEDULED.label(), MatchStatus.RUNNING.label(), nowMillis), rows -> rows.getLong(1));
            return ids.isEmpty() ? Optional.<Match>empty() : take(ids.get(0), worker, nowMillis, leaseMillis);
        });
    }

    /**
     * Takes a given match for a worker, under a lease, when it may be taken (waiting, or its lease
     * ended): what a test that plays matches in an order of its own does.
     *
     * @return the match, or empty when it may not be taken now
     */
    Optional<Match> claim(long id, String worker, long nowMillis, long leaseMillis) {
        return transaction(() -> {
            List<Long> ids = query("select id from matches where id = ? and " + CLAIMABLE
                    + (postgres ? " for update skip locked" : ""), List.of(id, MatchStatus.SCHEDULED.label(),
                    MatchStatus.RUNNING.label(), nowMillis), rows -> rows.getLong(1));
            return ids.isEmpty() ? Optional.<Match>empty() : take(id, worker, nowMillis, leaseMillis);
        });
    }

    /** A match a worker may take: waiting, or held by a worker whose lease has ended. */
    private static final String CLAIMABLE = "(status = ? or (status = ? and lease_until < ?))";

    private Optional<Match> take(long id, String worker, long nowMillis, long leaseMillis) {
        update("update matches set status = ?, worker = ?, lease_until = ? where id = ?", MatchStatus.RUNNING.label(),
                worker, nowMillis + leaseMillis, id);
        return match(id);
    }

    /**
     * Takes, under a lease, the oldest waiting check match whose version plays no other check match
     * now: a version's checks are played one at a time, in the order they were scheduled (the
     * contest's games), so that it is rejected for its first game's fault whatever the concurrency,
     * as {@code arena check} finds it, and a bot that faults in one game takes no worker for the
     * others. In PostgreSQL the check claims of all workers are serialised by a transaction-scoped
     * advisory lock, since two transactions could otherwise each see the other's version free.
     *
     * @return the match, or empty when none may start now
     */
    public Optional<Match> claimNextCheck(String worker, long nowMillis, long leaseMillis) {
        return transaction(() -> {
            if (postgres) {
                query("select pg_advisory_xact_lock(?)", List.of(CHECK_CLAIM_LOCK), rows -> 0);
            }
            List<Long> ids = query("select m.id from matches m join seats s on s.match_id = m.id and s.seat = 0 "
                    + "where m.phase = ? and (m.status = ? or (m.status = ? and m.lease_until < ?)) and not exists "
                    + "(select 1 from seats o join matches r on r.id = o.match_id where o.version_id = s.version_id "
                    + "and r.phase = ? and r.status = ? and r.id <> m.id and r.lease_until >= ?) order by m.id limit 1",
                    List.of(MatchPhase.CHECK.label(), MatchStatus.SCHEDULED.label(), MatchStatus.RUNNING.label(),
                            nowMillis, MatchPhase.CHECK.label(), MatchStatus.RUNNING.label(), nowMillis),
                    rows -> rows.getLong(1));
            return ids.isEmpty() ? Optional.<Match>empty() : take(ids.get(0), worker, nowMillis, leaseMillis);
        });
    }

    /** The advisory lock's key that serialises check claims in PostgreSQL (any constant the contest owns). */
    private static final long CHECK_CLAIM_LOCK = 0x4172656e61L;

    /**
     * Renews a worker's lease on a match it plays.
     *
     * @return false when the worker no longer holds the match (its lease ended and another took it):
     *     its result will not be taken
     */
    public boolean renewLease(long matchId, String worker, long untilMillis) {
        return update("update matches set lease_until = ? where id = ? and worker = ? and status = ?", untilMillis,
                matchId, worker, MatchStatus.RUNNING.label()) == 1;
    }

    /**
     * Gives a match a worker holds back to the waiting ones, at once (the worker is stopping): it is
     * played again from the start on the same seeds. Nothing happens when the worker no longer holds it.
     */
    public void release(long matchId, String worker) {
        update("update matches set status = ?, worker = null, lease_until = null where id = ? and worker = ? and "
                + "status = ?", MatchStatus.SCHEDULED.label(), matchId, worker, MatchStatus.RUNNING.label());
    }

    /**
     * Matches left running by the server's own workers when it stopped: scheduled again at once
     * (other workers' matches keep their leases).
     *
     * @param workerPrefix the start of the names of the server's own workers
     */
    public int rescheduleRunning(String workerPrefix) {
        return update("update matches set status = ?, worker = null, lease_until = null where status = ? and "
                + "(worker is null or worker like ?)", MatchStatus.SCHEDULED.label(), MatchStatus.RUNNING.label(),
                workerPrefix + "%");
    }

    /**
     * Records that a worker is alive: the scheduler keeps about as many matches waiting as the live
     * workers have threads.
     */
    public void heartbeat(String worker, String host, int threads, String startedAt, long nowMillis, long played) {
        transaction(() -> {
            if (update("update workers set host = ?, threads = ?, seen_millis = ?, played = ? where name = ?", host,
                    threads, nowMillis, played, worker) == 0) {
                update("insert into workers (name, host, threads, started_at, seen_millis, played) values "
                        + "(?, ?, ?, ?, ?, ?)", worker, host, threads, startedAt, nowMillis, played);
            }
            return null;
        });
    }

    /** A worker as it last said it was alive. */
    public record Worker(String name, String host, int threads, String startedAt, long seenMillis, long played) {
    }

    /** The workers seen since a time (milliseconds since the epoch), by name. */
    public List<Worker> workersSeenSince(long sinceMillis) {
        return query("select name, host, threads, started_at, seen_millis, played from workers where seen_millis >= ? "
                + "order by name", List.of(sinceMillis), rows -> new Worker(rows.getString(1), rows.getString(2),
                rows.getInt(3), rows.getString(4), rows.getLong(5), rows.getLong(6)));
    }

    /**
     * The worker (and thread) that holds a running match or played a finished one, as {@code NAME/N};
     * empty for a match no worker has taken.
     */
    public Optional<String> worker(long matchId) {
        return query("select worker from matches where id = ?", List.of(matchId), rows -> rows.getString(1)).stream()
                .filter(Objects::nonNull).findFirst();
    }

    /** The running matches a worker's threads hold, by id. */
    public List<Long> heldBy(String worker) {
        return query("select id from matches where status = ? and worker like ? order by id",
                List.of(MatchStatus.RUNNING.label(), worker + "/%"), rows -> rows.getLong(1));
    }

    /** Forgets a worker (it stopped). */
    public void removeWorker(String worker) {
        update("delete from workers where name = ?", worker);
    }

    /** How many matches of a phase and status there are. */
    public int count(MatchPhase phase, MatchStatus status) {
        return query("select count(*) from matches where phase = ? and status = ?", List.of(phase.label(),
                status.label()),
                rows -> rows.getInt(1)).get(0);
    }

    /** The scheduled or running matches in which a version plays. */
    public int unfinished(long versionId, MatchPhase phase) {
        return query("select count(*) from matches m join seats s on s.match_id = m.id where s.version_id = ? "
                + "and m.phase = ? and m.status in (?, ?)", List.of(versionId, phase.label(),
                MatchStatus.SCHEDULED.label(), MatchStatus.RUNNING.label()), rows -> rows.getInt(1)).get(0);
    }

    /** How many matches of a phase a version has, whatever their status. */
    public int matchesOf(long versionId, MatchPhase phase) {
        return query("select count(*) from matches m join seats s on s.match_id = m.id where s.version_id = ? "
                + "and m.phase = ?", List.of(versionId, phase.label()), rows -> rows.getInt(1)).get(0);
    }

    /** Drops the matches of a version that have not started (when it is rejected). */
    public void dropScheduled(long versionId) {
        transaction(() -> {
            List<Long> ids = query("select m.id from matches m join seats s on s.match_id = m.id where s.version_id = ? "
                    + "and m.status = ?", List.of(versionId, MatchStatus.SCHEDULED.label()), rows -> rows.getLong(1));
            for (long id : ids) {
                update("delete from seats where match_id = ?", id);
                update("delete from matches where id = ?", id);
            }
            return null;
        });
    }

    /**
     * Marks a match a worker holds failed, with the reason: it is never played again.
     *
     * @return false when the worker no longer holds it (nothing is changed)
     */
    public boolean failMatch(long id, String worker, String detail) {
        return update("update matches set status = ?, detail = ?, finished_at = ?, lease_until = null where id = ? "
                + "and worker = ? and status = ?", MatchStatus.FAILED.label(), detail, Instant.now().toString(), id,
                worker, MatchStatus.RUNNING.label()) == 1;
    }

    /** Drops a match that cannot be played (a bot in it was rejected, or does not play its game). */
    public void dropMatch(long id) {
        transaction(() -> {
            update("delete from seats where match_id = ?", id);
            update("delete from matches where id = ?", id);
            return null;
        });
    }

    /**
     * Records a finished match in one transaction: its result, each seat's, and its replay; taken
     * only from the worker that holds the match, so that a match played again after its first
     * worker's lease ended is never counted twice.
     *
     * @param worker the worker that played it
     * @param replay the replay, compressed, stored once ({@link #replay})
     * @param replayName the replay's file name, for downloads
     * @param seats each seat's result, by seat
     * @param details each seat's fault detail, by seat
     * @param errors what each seat's bot wrote on its standard error during the match, by seat (null for nothing)
     * @param verdict what else the same transaction records (a check's rejection), or null
     * @return false when the worker no longer holds the match: nothing is recorded
     */
    public boolean finishMatch(long id, String worker, String termination, String detail, int moves, byte[] replay,
                               String replayName, List<SeatResult> seats, List<String> details, List<String> errors,
                               Runnable verdict) {
        return transaction(() -> {
            if (update("update matches set status = ?, termination = ?, detail = ?, moves = ?, replay = ?, "
                    + "finished_at = ?, lease_until = null where id = ? and worker = ? and status = ?",
                    MatchStatus.DONE.label(), termination, detail, moves, replayName, Instant.now().toString(), id,
                    worker, MatchStatus.RUNNING.label()) == 0) {
                return false;
            }
            update("insert into replays (match_id, content) values (?, ?)", id, replay);
            for (int seat = 0; seat < seats.size(); seat++) {
                SeatResult result = seats.get(seat);
                String stderr = errors.get(seat);
                update("update seats set rank_place = ?, score = ?, termination = ?, detail = ?, time_ms = ?, cpu_ms = ?, "
                        + "stderr = ? where match_id = ? and seat = ?", result.rank(), result.score(),
                        result.termination().label(), details.get(seat), result.timeMillis(), result.cpuMillis(),
                        stderr == null || stderr.isEmpty() ? null : stderr, id, seat);
            }
            if (verdict != null) {
                verdict.run();
            }
            return true;
        });
    }

    /** A match's replay, compressed, as its worker stored it; empty for a match with none in the database. */
    public Optional<byte[]> replay(long matchId) {
        return query("select content from replays where match_id = ?", List.of(matchId), rows -> rows.getBytes(1))
                .stream().findFirst();
    }

    private static final String MATCH_COLUMNS = "id, phase, game, variant, players, match_seed, deal_seed, status, "
            + "termination, detail, moves, replay, created_at, finished_at from matches";

    /** A match by id. */
    public Optional<Match> match(long id) {
        return matches("select " + MATCH_COLUMNS + " where id = ?", List.of(id)).stream().findFirst();
    }

    /** The newest matches, at most {@code limit}, optionally only those a version plays in. */
    public List<Match> recentMatches(int limit, Long versionId) {
        if (versionId == null) {
            return matches("select " + MATCH_COLUMNS + " order by id desc limit " + limit, List.of());
        }
        return matches("select " + MATCH_COLUMNS + " where id in (select match_id from seats where version_id = ?) "
                + "order by id desc limit " + limit, List.of(versionId));
    }

    /** The newest matches in which any of a team's versions plays. */
    public List<Match> teamMatches(long teamId, int limit) {
        return matches("select " + MATCH_COLUMNS + " where id in (select s.match_id from seats s join versions v on "
                + "v.id = s.version_id where v.team_id = ?) order by id desc limit " + limit, List.of(teamId));
    }

    /** Every finished match of the given phases, oldest first. */
    public List<Match> finishedMatches(List<MatchPhase> phases) {
        String in = String.join(", ", phases.stream().map(p -> "?").toList());
        List<Object> parameters = new ArrayList<>();
        parameters.add(MatchStatus.DONE.label());
        phases.forEach(phase -> parameters.add(phase.label()));
        return matches("select " + MATCH_COLUMNS + " where status = ? and phase in (" + in + ") order by id",
                parameters);
    }

    /** Every finished match of the given phases in which a version played, oldest first. */
    public List<Match> finishedMatchesOf(long versionId, List<MatchPhase> phases) {
        String in = String.join(", ", phases.stream().map(p -> "?").toList());
        List<Object> parameters = new ArrayList<>();
        parameters.add(MatchStatus.DONE.label());
        phases.forEach(phase -> parameters.add(phase.label()));
        parameters.add(versionId);
        return matches("select " + MATCH_COLUMNS + " where status = ? and phase in (" + in + ") and id in (select "
                + "match_id from seats where version_id = ?) order by id", parameters);
    }

    /**
     * How many matches of the given phases each version has played, plays now or waits for: what the
     * ladder's pairing counts, so that matches paired ahead of the workers spread over the field.
     */
    public Map<Long, Integer> gamesPlayedOrWaiting(List<MatchPhase> phases) {
        String in = String.join(", ", phases.stream().map(p -> "?").toList());
        List<Object> parameters = new ArrayList<>(List.of(MatchStatus.DONE.label(), MatchStatus.SCHEDULED.label(),
                MatchStatus.RUNNING.label()));
        phases.forEach(phase -> parameters.add(phase.label()));
        Map<Long, Integer> games = new LinkedHashMap<>();
        query("select s.version_id, count(*) from seats s join matches m on m.id = s.match_id where m.status in "
                + "(?, ?, ?) and m.phase in (" + in + ") and s.version_id is not null group by s.version_id", parameters,
                rows -> games.put(rows.getLong(1), rows.getInt(2)));
        return games;
    }

    /** How many finished matches each version has played in the given phases. */
    public Map<Long, Integer> gamesPlayed(List<MatchPhase> phases) {
        String in = String.join(", ", phases.stream().map(p -> "?").toList());
        List<Object> parameters = new ArrayList<>();
        parameters.add(MatchStatus.DONE.label());
        phases.forEach(phase -> parameters.add(phase.label()));
        Map<Long, Integer> games = new LinkedHashMap<>();
        query("select s.version_id, count(*) from seats s join matches m on m.id = s.match_id where m.status = ? "
                + "and m.phase in (" + in + ") and s.version_id is not null group by s.version_id", parameters,
                rows -> games.put(rows.getLong(1), rows.getInt(2)));
        return games;
    }

    /** The highest match id given so far, 0 before the first: every match added later gets a higher one. */
    public long lastMatchId() {
        return query("select coalesce(max(id), 0) from matches", List.of(), rows -> rows.getLong(1)).get(0);
    }

    /**
     * The ids of the matches of the given phases, from {@code fromId} on, that may still finish
     * (neither done nor failed), in id order.
     */
    public List<Long> unfinishedMatchIds(List<MatchPhase> phases, long fromId) {
        String in = String.join(", ", phases.stream().map(p -> "?").toList());
        List<Object> parameters = new ArrayList<>();
        parameters.add(fromId);
        parameters.add(MatchStatus.DONE.label());
        parameters.add(MatchStatus.FAILED.label());
        phases.forEach(phase -> parameters.add(phase.label()));
        return query("select id from matches where id >= ? and status not in (?, ?) and phase in (" + in + ") "
                + "order by id", parameters, rows -> rows.getLong(1));
    }

    /**
     * The finished matches of the given phases with an id after {@code afterId} and up to {@code
     * throughId}, oldest first, at most {@code limit}; without their replays (null), which a fit of
     * the ratings does not read.
     */
    public List<Match> finishedMatchesBetween(List<MatchPhase> phases, long afterId, long throughId, int limit) {
        String in = String.join(", ", phases.stream().map(p -> "?").toList());
        List<Object> parameters = new ArrayList<>();
        parameters.add(afterId);
        parameters.add(throughId);
        parameters.add(MatchStatus.DONE.label());
        phases.forEach(phase -> parameters.add(phase.label()));
        return matches("select " + RATED_COLUMNS + " where id > ? and id <= ? and status = ? and phase in (" + in
                + ") order by id limit " + limit, parameters);
    }

    /** The finished matches of the given phases among {@code ids}, oldest first; without their replays (null). */
    public List<Match> finishedMatchesAmong(List<MatchPhase> phases, List<Long> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        String in = String.join(", ", phases.stream().map(p -> "?").toList());
        String among = String.join(", ", ids.stream().map(id -> "?").toList());
        List<Object> parameters = new ArrayList<>();
        parameters.add(MatchStatus.DONE.label());
        phases.forEach(phase -> parameters.add(phase.label()));
        parameters.addAll(ids);
        return matches("select " + RATED_COLUMNS + " where status = ? and phase in (" + in + ") and id in (" + among
                + ") order by id", parameters);
    }

    /** {@link #MATCH_COLUMNS} with a null in the replay's place. */
    private static final String RATED_COLUMNS = "id, phase, game, variant, players, match_seed, deal_seed, status, "
            + "termination, detail, moves, null, created_at, finished_at from matches";

    /** How many matches' seats one statement reads. */
    private static final int SEATS_PAGE = 1000;

    private List<Match> matches(String sql, List<Object> parameters) {
        List<Match> found = query(sql, parameters, rows -> new Match(rows.getLong(1),
                MatchPhase.fromLabel(rows.getString(2)), rows.getString(3), rows.getString(4), rows.getInt(5),
                rows.getLong(6), rows.getLong(7), MatchStatus.fromLabel(rows.getString(8)), rows.getString(9), rows.getString(10), (Integer) rows.getObject(11) == null ? null
                : rows.getInt(11), rows.getString(12), rows.getString(13), rows.getString(14), List.of()));
        if (found.isEmpty()) {
            return found;
        }
        Map<Long, List<Seat>> seats = new LinkedHashMap<>();
        // The seats are read a page of matches at a time: PostgreSQL takes at most 32,767 parameters a statement.
        for (int from = 0; from < found.size(); from += SEATS_PAGE) {
            List<Object> ids = new ArrayList<>(found.subList(from, Math.min(found.size(), from + SEATS_PAGE)).stream()
                    .map(Match::id).toList());
            String in = String.join(", ", ids.stream().map(m -> "?").toList());
            query("select match_id, seat, version_id, bot, rank_place, score, termination, detail, time_ms, cpu_ms "
                    + "from seats where match_id in (" + in + ") order by match_id, seat", ids,
                    rows -> seats.computeIfAbsent(rows.getLong(1), k -> new ArrayList<>())
                    .add(new Seat(rows.getInt(2), nullableLong(rows, 3), rows.getString(4), nullableInt(rows, 5),
                            rows.getObject(6) == null ? null : rows.getDouble(6), rows.getString(7), rows.getString(8),
                            nullableLong(rows, 9), nullableLong(rows, 10))));
        }
        List<Match> withSeats = new ArrayList<>(found.size());
        for (Match m : found) {
            withSeats.add(new Match(m.id(), m.phase(), m.game(), m.variant(), m.players(), m.matchSeed(),
                    m.dealSeed(), m.status(), m.termination(), m.detail(), m.moves(), m.replay(), m.createdAt(),
                    m.finishedAt(), List.copyOf(seats.getOrDefault(m.id(), List.of()))));
        }
        return withSeats;
    }

    /** A finished match as the ratings read it, seats named by their bot labels. */
    public static MatchRecord record(String contest, Match match) {
        List<SeatResult> seats = new ArrayList<>();
        for (Seat seat : match.seats()) {
            seats.add(new SeatResult(seat.bot(), seat.rank(), seat.score(), TerminationReason.fromLabel(seat.termination()),
                    seat.timeMillis(), seat.cpuMillis()));
        }
        return new MatchRecord(contest, 1, (int) match.id(), match.game(), match.variant(), seats,
                TerminationReason.fromLabel(match.termination()), match.moves(), match.matchSeed());
    }

    /** Notes a log file of a version's bot. */
    public void addLog(long versionId, String path) {
        update("insert into bot_logs (version_id, path, started_at) values (?, ?, ?)", versionId, path,
                Instant.now().toString());
    }

    /** A version's log files, oldest first. */
    public List<String> logs(long versionId) {
        return query("select path from bot_logs where version_id = ? order by started_at", List.of(versionId),
                rows -> rows.getString(1));
    }

    /** When a team asked for its latest matches, newest first, at most {@code limit}: what its hourly limit counts. */
    public List<Instant> requestTimes(long teamId, int limit) {
        return query("select created_at from matches where requested_by = ? order by id desc limit " + limit,
                List.of(teamId), rows -> Instant.parse(rows.getString(1)));
    }

    /**
     * What one seat's bot wrote on its standard error during a match.
     *
     * @param teamId the team of the seat's version
     * @param text the text, empty when it wrote nothing
     */
    public record SeatError(int seat, String bot, long teamId, String text) {
    }

    /** What each seat of a team's version wrote on its standard error in a match, by seat; built-in bots have none. */
    public List<SeatError> seatErrors(long matchId) {
        return query("select s.seat, s.bot, v.team_id, s.stderr from seats s join versions v on v.id = s.version_id "
                + "where s.match_id = ? order by s.seat", List.of(matchId), rows -> new SeatError(rows.getInt(1),
                rows.getString(2), rows.getLong(3), rows.getString(4) == null ? "" : rows.getString(4)));
    }

    /** Adds a team's session, kept by the hash of its id, valid until the given time (epoch milliseconds). */
    public void addSession(String idHash, long teamId, long expiresMillis) {
        update("insert into sessions (id_hash, team_id, created_at, expires_millis) values (?, ?, ?, ?)", idHash,
                teamId, Instant.now().toString(), expiresMillis);
    }

    /** The team whose session has this hash, if the session exists and has not expired by {@code nowMillis}. */
    public Optional<Team> sessionTeam(String idHash, long nowMillis) {
        return query("select t.id, t.name, t.token_hash, t.created_at from sessions s join teams t on t.id = s.team_id "
                + "where s.id_hash = ? and s.expires_millis > ?", List.of(idHash, nowMillis),
                rows -> new Team(rows.getLong(1), rows.getString(2), rows.getString(3), rows.getString(4)))
                .stream().findFirst();
    }

    /** Ends a session (signing out); nothing happens when there is none with this hash. */
    public void deleteSession(String idHash) {
        update("delete from sessions where id_hash = ?", idHash);
    }

    /** Drops the sessions expired by {@code nowMillis}; returns how many. */
    public int deleteExpiredSessions(long nowMillis) {
        return update("delete from sessions where expires_millis <= ?", nowMillis);
    }

    private static Long nullableLong(ResultSet rows, int column) throws SQLException {
        long value = rows.getLong(column);
        return rows.wasNull() ? null : value;
    }

    private static Integer nullableInt(ResultSet rows, int column) throws SQLException {
        int value = rows.getInt(column);
        return rows.wasNull() ? null : value;
    }

    /**
     * The next id of a table, from its counter: one row's update, which the database serialises
     * (a row lock in PostgreSQL, the write lock in SQLite), so that two callers never get the same.
     */
    private long nextId(String table) {
        return transaction(() -> {
            update("update id_counters set next_id = next_id + 1 where name = ?", table);
            return query("select next_id from id_counters where name = ?", List.of(table), rows -> rows.getLong(1))
                    .get(0);
        });
    }

    /** Work done with the database, in or out of a transaction. */
    private interface Work<T> {
        T run() throws SQLException;
    }

    /**
     * Runs work in one transaction, committed when it returns and rolled back when it throws; work
     * started by a thread already in a transaction joins that one.
     */
    private <T> T transaction(Work<T> work) {
        if (transaction.get() != null) {
            try {
                return work.run();
            } catch (SQLException e) {
                throw failed(e);
            }
        }
        try (Connection connection = pool.getConnection()) {
            connection.setAutoCommit(false);
            transaction.set(connection);
            try {
                T result = work.run();
                connection.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                try {
                    connection.rollback();
                } catch (SQLException ignored) {
                    // The transaction's failure is what is reported.
                }
                throw e instanceof SQLException sql ? failed(sql) : (RuntimeException) e;
            } finally {
                transaction.remove();
                connection.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw failed(e);
        }
    }

    private interface Statements<T> {
        T run(Connection connection) throws SQLException;
    }

    /** Runs statements on the calling thread's transaction's connection, or on one of the pool's. */
    private <T> T withConnection(Statements<T> statements) {
        Connection current = transaction.get();
        try {
            if (current != null) {
                return statements.run(current);
            }
            try (Connection connection = pool.getConnection()) {
                return statements.run(connection);
            }
        } catch (SQLException e) {
            throw failed(e);
        }
    }

    private interface RowReader<T> {
        T read(ResultSet rows) throws SQLException;
    }

    private <T> List<T> query(String sql, List<?> parameters, RowReader<T> reader) {
        return withConnection(connection -> {
            try (PreparedStatement statement = connection.prepareStatement(sql)) {
                bind(statement, parameters.toArray());
                List<T> found = new ArrayList<>();
                try (ResultSet rows = statement.executeQuery()) {
                    while (rows.next()) {
                        found.add(reader.read(rows));
                    }
                }
                return found;
            }
        });
    }

    private int update(String sql, Object... parameters) {
        return withConnection(connection -> {
            try (PreparedStatement statement = connection.prepareStatement(sql)) {
                bind(statement, parameters);
                return statement.executeUpdate();
            }
        });
    }

    private static void bind(PreparedStatement statement, Object[] parameters) throws SQLException {
        for (int i = 0; i < parameters.length; i++) {
            Object value = parameters[i];
            if (value == null) {
                statement.setNull(i + 1, Types.NULL);
            } else if (value instanceof Long number) {
                statement.setLong(i + 1, number);
            } else if (value instanceof Integer number) {
                statement.setInt(i + 1, number);
            } else if (value instanceof Double number) {
                statement.setDouble(i + 1, number);
            } else if (value instanceof byte[] bytes) {
                statement.setBytes(i + 1, bytes);
            } else {
                statement.setString(i + 1, value.toString());
            }
        }
    }

    private static IllegalStateException failed(SQLException e) {
        return new IllegalStateException("contest database: " + e.getMessage(), e);
    }

    @Override
    public void close() {
        pool.close();
    }
}
