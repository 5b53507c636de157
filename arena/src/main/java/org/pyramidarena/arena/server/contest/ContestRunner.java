package org.pyramidarena.arena.server.contest;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.server.contest.ContestDatabase.MatchPhase;
import org.pyramidarena.arena.server.contest.ContestDatabase.MatchStatus;
import org.pyramidarena.arena.server.contest.ContestDatabase.VersionStatus;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.pairing.GameEntry;
import org.pyramidarena.tournaments.pairing.MatchSpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The contest's scheduler: it enters new versions (their check matches), moves a version on when
 * the matches of its step are over ({@code checking}, {@code qualifying}, {@code ready}), keeps
 * about as many ladder matches waiting as the live workers have threads, pairing each by the ladder's
 * rule ({@link Ladder}), and has the leaderboard refitted when rated matches end. Every match is in
 * the database before it is played; the workers ({@link ContestWorker}) claim and play them: the
 * server's own threads ({@code concurrency} in contest.json), and with PostgreSQL any number of
 * {@code arena serve worker} processes on other machines. A match left running by the server's own
 * workers when it stopped is played again from the start, with the same seeds, when it starts; one
 * held by a worker elsewhere keeps its lease, so matches go on being played while the server restarts.
 *
 * <p>A new version's way onto the ladder: {@code checking} (its bot must start and say hello, then
 * play one match against the built-in random bot in every game of the contest it plays without a
 * fault), {@code qualifying} (a batch of matches against the field), {@code ready}. A fault in a check
 * rejects the version with the fault's reason. A version's check matches are played one at a time,
 * in the contest's order of games ({@link ContestDatabase#claimNextCheck}).
 */
public final class ContestRunner implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ContestRunner.class);
    /** The phases whose matches the leaderboard rates: qualifying and ladder; never checks or scrimmages. */
    public static final List<MatchPhase> RATED = List.of(MatchPhase.QUALIFYING, MatchPhase.LADDER);
    private static final long TICK_MILLIS = 200;
    /** How long since its last heartbeat a worker counts as alive, for the ladder's waiting matches. */
    private static final long ALIVE_MILLIS = 3 * ContestWorker.HEARTBEAT_MILLIS;
    /** The name of the server's own worker; its threads hold matches as {@code server/N}. */
    static final String SERVER_WORKER = "server";

    /** The contest value holding the ladder's master seed. */
    static final String LADDER_SEED = "ladder_seed";
    /** The contest value saying submissions are frozen. */
    static final String FROZEN = "frozen";
    /** The contest value holding the contest's settings, for workers on other machines. */
    static final String SETTINGS = "settings";

    private final Path folder;
    private final ContestSettings settings;
    private final ContestDatabase db;
    private final Sandbox sandbox;
    private final MasterSeed seed;
    private final List<GameEntry> games;
    private final Leaderboard leaderboard;
    /** Each version's games as its bot said; absent for a version whose bot has not started yet. */
    private final Map<Long, Set<String>> versionGames = new ConcurrentHashMap<>();
    private final Random pairing;
    private final Duration lease;
    private ContestWorker ownWorker;
    private Thread scheduler;
    private long ratedSeen = -1;
    private volatile boolean running;
    private volatile boolean ladderPaused;

    /**
     * @param folder the contest folder
     * @param sandbox what uploaded bots run in on the server's own workers (and in the final)
     */
    public ContestRunner(Path folder, ContestSettings settings, ContestDatabase db, Sandbox sandbox) {
        this(folder, settings, db, sandbox, ContestWorker.DEFAULT_LEASE);
    }

    /**
     * @param lease how long the server's own workers hold a match without renewing its lease
     */
    public ContestRunner(Path folder, ContestSettings settings, ContestDatabase db, Sandbox sandbox, Duration lease) {
        this.folder = folder;
        this.settings = settings;
        this.db = db;
        this.sandbox = sandbox;
        this.lease = lease;
        this.seed = MasterSeed.parse(db.putIfAbsent(LADDER_SEED, MasterSeed.secret().text()));
        this.games = settings.gameEntries();
        this.leaderboard = new Leaderboard(db, settings.name(), seed);
        this.pairing = new Random(seed.derive("pairing", System.nanoTime()));
    }

    /** The leaderboard, brought up to date as matches end. */
    public Leaderboard leaderboard() {
        return leaderboard;
    }

    /** What uploaded bots run in. */
    public Sandbox sandbox() {
        return sandbox;
    }

    /** The matches the server's own workers have finished since it started. */
    public long played() {
        ContestWorker worker = ownWorker;
        return worker == null ? 0 : worker.played();
    }

    /** True once the organiser froze submissions: no upload is taken and the ladder pairs no new match. */
    public boolean frozen() {
        return db.get(FROZEN).map(Boolean::parseBoolean).orElse(false);
    }

    /** Freezes submissions and the ladder (matches already paired are played). */
    public void freeze() {
        db.put(FROZEN, "true");
    }

    /** Stops pairing new ladder matches for a while (the final is being played), or starts again. */
    public void pauseLadder(boolean pause) {
        ladderPaused = pause;
    }

    /**
     * Starts the scheduler and the server's own workers. Matches left running by the server's own
     * workers when it stopped are scheduled again, versions whose check or qualifying had ended
     * without their next step being taken get it, and the contest's settings are written to the
     * database for workers on other machines.
     */
    public synchronized void start() {
        int again = db.rescheduleRunning(SERVER_WORKER + "/");
        if (again > 0) {
            LOG.info("{} matches left unfinished by the last run are played again", again);
        }
        db.put(SETTINGS, settings.toJson());
        for (ContestDatabase.Version version : db.versionsWithStatus(VersionStatus.CHECKING)) {
            if (db.matchesOf(version.id(), MatchPhase.CHECK) == 0) {
                scheduleChecks(version);
            }
        }
        advanceAll();
        leaderboard.refresh();
        ratedSeen = finishedRated();
        running = true;
        scheduler = new Thread(this::schedule, "scheduler");
        scheduler.setDaemon(true);
        scheduler.start();
        if (settings.concurrencyOrDefault() > 0) {
            ownWorker = new ContestWorker(SERVER_WORKER, settings.concurrencyOrDefault(), folder, settings, db, sandbox,
                    true, lease);
            ownWorker.start();
        }
    }

    /** The scheduler's loop: every few tenths of a second, versions moved on, the leaderboard told, the ladder filled. */
    private void schedule() {
        while (running) {
            try {
                advanceAll();
                long rated = finishedRated();
                if (rated != ratedSeen) {
                    ratedSeen = rated;
                    leaderboard.changed();
                }
                fillLadder();
                Thread.sleep(TICK_MILLIS);
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                if (running) {
                    LOG.error("the scheduler failed; it goes on", e);
                    try {
                        Thread.sleep(TICK_MILLIS);
                    } catch (InterruptedException stop) {
                        return;
                    }
                }
            }
        }
    }

    private long finishedRated() {
        long rated = 0;
        for (MatchPhase phase : RATED) {
            rated += db.count(phase, MatchStatus.DONE);
        }
        return rated;
    }

    /** Moves on every version whose check or qualifying matches are over. */
    private void advanceAll() {
        for (VersionStatus status : List.of(VersionStatus.CHECKING, VersionStatus.QUALIFYING)) {
            for (ContestDatabase.Version version : db.versionsWithStatus(status)) {
                advance(version.id());
            }
        }
    }

    /**
     * Keeps about as many ladder matches waiting as the live workers have threads (one at least), so
     * that a worker finishing a match finds the next one; none while the ladder is paused or frozen.
     */
    private void fillLadder() {
        if (ladderPaused || frozen()) {
            return;
        }
        long since = System.currentTimeMillis() - ALIVE_MILLIS;
        int threads = db.workersSeenSince(since).stream().mapToInt(ContestDatabase.Worker::threads).sum();
        int waiting = db.count(MatchPhase.LADDER, MatchStatus.SCHEDULED);
        for (int target = Math.max(1, threads); waiting < target; waiting++) {
            if (!pairLadderMatch()) {
                return;
            }
        }
    }

    /**
     * Enters a new version: schedules its check matches, one against random per game, played
     * before any other match.
     */
    public void enter(ContestDatabase.Version version) {
        scheduleChecks(version);
    }

    /**
     * Schedules a version's check matches, one per game of the contest; those of games its bot does
     * not play are dropped when its bot has started and said which it plays.
     */
    private void scheduleChecks(ContestDatabase.Version version) {
        for (GameEntry game : games) {
            List<Long> versions = new ArrayList<>(Collections.nCopies(game.players(), null));
            versions.set(0, version.id());
            db.addMatch(MatchPhase.CHECK, game.game(), game.variant(), versions,
                    VersionCheck.seats(version.label(), game), seeds());
        }
    }

    /**
     * Whether a version plays a game, as its bot said when it first started (recorded then); a
     * version whose bot has not started yet is taken to play every game.
     */
    private boolean plays(ContestDatabase.Version version, GameEntry game) {
        Set<String> known = versionGames.computeIfAbsent(version.id(), id -> db.games(id).map(Set::copyOf)
                .orElse(null));
        return known == null || known.contains(game.game());
    }

    /** The games of the contest a version plays, in the contest's order. */
    private List<GameEntry> gamesOf(ContestDatabase.Version version) {
        return games.stream().filter(game -> plays(version, game)).toList();
    }

    private ContestDatabase.SeedsById seeds() {
        return new ContestDatabase.SeedsById() {
            @Override
            public long matchSeed(long matchId) {
                return seed.derive(MatchSpec.MATCH_STREAM, matchId);
            }

            @Override
            public long dealSeed(long matchId) {
                return seed.derive(MatchSpec.DEAL_STREAM, matchId);
            }
        };
    }

    /** Pairs and schedules one ladder match, the games taking turns; false when nobody can be paired. */
    private boolean pairLadderMatch() {
        synchronized (pairing) {
            List<ContestDatabase.Version> active = db.activeVersions();
            if (active.size() < 2) {
                return false;
            }
            long ladderMatches = db.count(MatchPhase.LADDER, MatchStatus.DONE)
                    + db.count(MatchPhase.LADDER, MatchStatus.SCHEDULED)
                    + db.count(MatchPhase.LADDER, MatchStatus.RUNNING);
            // The games take turns; a game fewer than two teams' bots play is passed over.
            for (int turn = 0; turn < games.size(); turn++) {
                GameEntry game = games.get((int) ((ladderMatches + turn) % games.size()));
                if (schedule(MatchPhase.LADDER, game, active, null) >= 0) {
                    return true;
                }
            }
            return false;
        }
    }

    /**
     * The rated matches each version has played, plays or waits for, as the pairing counts them: read
     * from the database at most every {@value #PLAYED_READ_MILLIS} ms (the count runs over every
     * rated match's seats, 200,000 rows in a contest of 100,000 matches) and kept up to date between
     * reads with the matches paired here. Called under the pairing's lock.
     */
    private Map<Long, Integer> playedOrWaiting() {
        long now = System.currentTimeMillis();
        if (playedCounts == null || now - playedRead >= PLAYED_READ_MILLIS) {
            playedCounts = new HashMap<>(db.gamesPlayedOrWaiting(RATED));
            playedRead = now;
        }
        return playedCounts;
    }

    private static final long PLAYED_READ_MILLIS = 10_000;
    private Map<Long, Integer> playedCounts;
    private long playedRead;

    /**
     * Pairs and schedules one match of the ladder or of a version's qualifying batch.
     *
     * @param first a version that must play, or null to let the ladder's rule choose
     * @return the match id, or -1 when there is nobody to pair
     */
    private long schedule(MatchPhase phase, GameEntry game, List<ContestDatabase.Version> active,
                          ContestDatabase.Version first) {
        Map<Long, Integer> played = playedOrWaiting();
        Map<String, Double> elo = leaderboard.elos();
        List<Ladder.Candidate> candidates = new ArrayList<>();
        Map<String, ContestDatabase.Version> byKey = new HashMap<>();
        for (ContestDatabase.Version version : active) {
            if (first != null && version.teamId() == first.teamId() || !plays(version, game)) {
                continue;
            }
            String key = ContestBots.key(version.id());
            byKey.put(key, version);
            // The version that must play goes first: it has "played" fewer games than anyone.
            candidates.add(new Ladder.Candidate(key, elo.getOrDefault(version.label(), 0.0),
                    played.getOrDefault(version.id(), 0)));
        }
        if (first != null) {
            String key = ContestBots.key(first.id());
            byKey.put(key, first);
            candidates.add(new Ladder.Candidate(key, elo.getOrDefault(first.label(), 0.0), -1));
            if (candidates.size() < 2) {
                candidates.add(new Ladder.Candidate(ContestBots.RANDOM, 0, Integer.MAX_VALUE));
            }
        }
        if (first == null && candidates.size() < 2) {
            return -1;
        }
        List<String> seats = Ladder.pair(candidates, game.players(), settings.eloWindowOrDefault(),
                ContestBots.RANDOM, pairing);
        if (seats.isEmpty()) {
            return -1;
        }
        List<Long> versions = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (String key : seats) {
            ContestDatabase.Version version = byKey.get(key);
            versions.add(version == null ? null : version.id());
            labels.add(version == null ? ContestBots.RANDOM : version.label());
        }
        long id = db.addMatch(phase, game.game(), game.variant(), versions, labels, seeds());
        versions.stream().filter(Objects::nonNull).forEach(version -> played.merge(version, 1, Integer::sum));
        return id;
    }

    /**
     * Schedules a scrimmage: an unrated match between two teams' versions in a game, seats no team
     * fills going to the built-in random bot, the seats in a random order; played before the ladder's
     * next match.
     *
     * @param requestedBy the team that asked for it
     * @return the match id
     */
    long scheduleScrimmage(ContestDatabase.Version challenger, ContestDatabase.Version opponent, GameEntry game,
                           long requestedBy) {
        List<Long> versions = new ArrayList<>(Collections.nCopies(game.players(), null));
        List<String> labels = new ArrayList<>(Collections.nCopies(game.players(), ContestBots.RANDOM));
        versions.set(0, challenger.id());
        labels.set(0, challenger.label());
        versions.set(1, opponent.id());
        labels.set(1, opponent.label());
        List<Integer> order = new ArrayList<>();
        for (int seat = 0; seat < game.players(); seat++) {
            order.add(seat);
        }
        synchronized (pairing) {
            Collections.shuffle(order, pairing);
        }
        List<Long> seatVersions = order.stream().map(versions::get).toList();
        List<String> seatLabels = order.stream().map(labels::get).toList();
        return db.addMatch(MatchPhase.SCRIMMAGE, game.game(), game.variant(), new ArrayList<>(seatVersions),
                seatLabels, seeds(), requestedBy);
    }

    /** The contest's games. */
    List<GameEntry> games() {
        return games;
    }

    /** Takes a version's next step once the matches of its present one are over. */
    private synchronized void advance(long versionId) {
        ContestDatabase.Version version = db.version(versionId).orElseThrow();
        // A version whose checks are not scheduled yet (it is being entered) is not moved on.
        if (version.status() == VersionStatus.CHECKING && db.matchesOf(versionId, MatchPhase.CHECK) > 0
                && db.unfinished(versionId, MatchPhase.CHECK) == 0) {
            db.setStatus(versionId, VersionStatus.QUALIFYING, null);
            List<ContestDatabase.Version> active = db.activeVersions();
            List<GameEntry> own = gamesOf(version);
            for (int i = 0; i < settings.qualifyingOrDefault() && !own.isEmpty(); i++) {
                synchronized (pairing) {
                    schedule(MatchPhase.QUALIFYING, own.get(i % own.size()), active, version);
                }
            }
            version = db.version(versionId).orElseThrow();
        }
        if (version.status() == VersionStatus.QUALIFYING
                && db.unfinished(versionId, MatchPhase.QUALIFYING) == 0) {
            List<ContestDatabase.Version> before = db.activeVersions().stream()
                    .filter(v -> v.teamId() == db.version(versionId).orElseThrow().teamId()).toList();
            db.setStatus(versionId, VersionStatus.READY, null);
            // The team's older version leaves the ladder: its waiting matches are dropped (the workers stop its
            // processes when they next look at who plays).
            before.forEach(old -> db.dropScheduled(old.id()));
            leaderboard.changed();
        }
    }

    /**
     * Stops the scheduler and the server's own workers, ending every bot process they started; a
     * match they were playing is played again (at once by a worker elsewhere, or at the next start).
     */
    @Override
    public void close() {
        running = false;
        Thread stopping;
        ContestWorker worker;
        synchronized (this) {
            stopping = scheduler;
            worker = ownWorker;
        }
        if (stopping != null) {
            stopping.interrupt();
            try {
                stopping.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (worker != null) {
            worker.close();
        }
        leaderboard.close();
    }
}
