package org.pyramidarena.arena.server.contest;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.bots.BotSource;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.replay.ReplayFiles;
import org.pyramidarena.arena.replay.Replays;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.server.contest.ContestDatabase.MatchPhase;
import org.pyramidarena.arena.server.contest.ContestDatabase.VersionStatus;
import org.pyramidarena.arena.tournament.Matches;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.pairing.GameEntry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Plays a contest's matches: threads that each claim the oldest waiting match from the database
 * (checks first, then qualifying matches, then the scrimmages teams asked for, then the ladder's),
 * play it in this worker's sandbox and write its result and replay back in one transaction. The
 * server's own worker threads are one; {@code arena serve worker} runs one on another machine,
 * sharing nothing with the server but its PostgreSQL database.
 *
 * <p>A claimed match is held under a lease, renewed a few times a lease while it is played. A worker
 * killed mid-match stops renewing; when the lease ends any worker takes the match again and plays it
 * from the start on the same seeds, and the first worker's result, should it still come, is refused
 * ({@link ContestDatabase#finishMatch}): a match is never counted twice. A check match also decides its
 * version's fate here: a fault rejects it in the same transaction as the result; moving a version on
 * (qualifying, the ladder) is the server's ({@link ContestRunner}).
 */
public final class ContestWorker implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ContestWorker.class);
    /** The order in which waiting matches are taken. */
    static final List<MatchPhase> WORK_ORDER = List.of(MatchPhase.CHECK, MatchPhase.QUALIFYING,
            MatchPhase.SCRIMMAGE, MatchPhase.LADDER);
    /** A lease's length unless a worker is told otherwise. */
    public static final Duration DEFAULT_LEASE = Duration.ofSeconds(30);
    /** How often a worker says it is alive. */
    static final long HEARTBEAT_MILLIS = 5_000;
    private static final long IDLE_MILLIS = 200;

    private final String name;
    private final int threads;
    private final Path folder;
    private final ContestSettings settings;
    private final ContestDatabase db;
    private final ContestBots bots;
    private final Sandbox sandbox;
    private final MasterSeed seed;
    private final List<GameEntry> games;
    private final ShownPaths shown;
    private final long leaseMillis;
    private final String startedAt = Instant.now().toString();
    /** The matches in play, by id: the name under which each is held. */
    private final Map<Long, String> holding = new ConcurrentHashMap<>();
    private final Map<GameEntry, Rules<?, ?>> rules = new ConcurrentHashMap<>();
    private final List<Thread> workers = new ArrayList<>();
    private final AtomicLong played = new AtomicLong();
    private final ScheduledExecutorService keeper;
    private volatile boolean running;

    /**
     * @param name this worker's name, unique among the contest's workers; each thread holds its matches
     *     as {@code NAME/N}
     * @param threads matches played at once
     * @param folder the contest folder (the server's own worker), or a cache folder the versions' files
     *     are fetched into
     * @param logsShown whether bot logs are noted for their teams to read (only where the server serves
     *     {@code folder})
     * @param lease how long a claimed match is held without a renewal
     */
    public ContestWorker(String name, int threads, Path folder, ContestSettings settings, ContestDatabase db,
                         Sandbox sandbox, boolean logsShown, Duration lease) {
        if (threads < 1) {
            throw new IllegalArgumentException("a worker needs at least one thread");
        }
        if (lease.toMillis() < 1_000) {
            throw new IllegalArgumentException("a lease of at least a second is needed, not " + lease.toMillis()
                    + " ms");
        }
        this.name = name;
        this.threads = threads;
        this.folder = folder;
        this.settings = settings;
        this.db = db;
        this.sandbox = sandbox;
        this.leaseMillis = lease.toMillis();
        this.seed = MasterSeed.parse(db.get(ContestRunner.LADDER_SEED).orElseThrow(() ->
                new IllegalArgumentException("the database holds no contest yet: start its server once first")));
        this.games = settings.gameEntries();
        this.bots = new ContestBots(folder, db, sandbox, settings.interpretersOrDefault(), logsShown);
        this.shown = new ShownPaths(folder);
        this.keeper = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "lease-keeper");
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * The settings of the contest whose database this is, as its server wrote them at its start.
     *
     * @throws IllegalArgumentException with one line when the database holds no contest's settings
     */
    public static ContestSettings settingsIn(ContestDatabase db) {
        return ContestSettings.fromJson(db.get(ContestRunner.SETTINGS).orElseThrow(() ->
                new IllegalArgumentException("the database holds no contest settings: start the contest's server "
                        + "(arena serve) once before its workers")));
    }

    /** A worker name for this machine and process: host name and process id. */
    public static String defaultName() {
        return host() + "-" + ProcessHandle.current().pid();
    }

    private static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }

    /** This worker's name. */
    public String name() {
        return name;
    }

    /** The matches this worker has finished and recorded since it started. */
    public long played() {
        return played.get();
    }

    /** What this worker's bots run in. */
    public Sandbox sandbox() {
        return sandbox;
    }

    /** Starts the worker's threads, and its lease keeper and heartbeat. */
    public synchronized void start() {
        running = true;
        long renew = Math.max(250, leaseMillis / 3);
        keeper.scheduleWithFixedDelay(this::renewLeases, renew, renew, TimeUnit.MILLISECONDS);
        keeper.scheduleWithFixedDelay(this::heartbeat, 0, HEARTBEAT_MILLIS, TimeUnit.MILLISECONDS);
        for (int i = 0; i < threads; i++) {
            String holder = name + "/" + (i + 1);
            Thread worker = new Thread(() -> work(holder), "worker-" + (i + 1));
            worker.setDaemon(true);
            workers.add(worker);
            worker.start();
        }
    }

    private void renewLeases() {
        long until = System.currentTimeMillis() + leaseMillis;
        holding.forEach((match, holder) -> {
            try {
                if (!db.renewLease(match, holder, until)) {
                    LOG.warn("match {}: {} no longer holds it (its lease ended); its result will be dropped", match,
                            holder);
                }
            } catch (RuntimeException e) {
                LOG.warn("match {}: the lease could not be renewed: {}", match, e.getMessage());
            }
        });
    }

    private void heartbeat() {
        try {
            db.heartbeat(name, host(), threads, startedAt, System.currentTimeMillis(), played.get());
            Set<Long> wanted = new HashSet<>();
            for (VersionStatus status : List.of(VersionStatus.CHECKING, VersionStatus.QUALIFYING)) {
                db.versionsWithStatus(status).forEach(v -> wanted.add(v.id()));
            }
            db.activeVersions().forEach(v -> wanted.add(v.id()));
            bots.retain(wanted);
        } catch (RuntimeException e) {
            LOG.warn("worker {}: the heartbeat failed: {}", name, e.getMessage());
        }
    }

    private void work(String holder) {
        while (running) {
            try {
                ContestDatabase.Match match = next(holder);
                if (match == null) {
                    Thread.sleep(IDLE_MILLIS);
                    continue;
                }
                holding.put(match.id(), holder);
                try {
                    play(match, holder);
                } catch (RuntimeException | IOException e) {
                    fail(match, holder, e);
                } finally {
                    holding.remove(match.id());
                }
                long pause = settings.pauseMillisOrDefault();
                if (pause > 0) {
                    Thread.sleep(pause);
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                if (running) {
                    LOG.error("worker {} failed; it goes on", holder, e);
                    try {
                        Thread.sleep(IDLE_MILLIS);
                    } catch (InterruptedException stop) {
                        return;
                    }
                }
            }
        }
    }

    /** The oldest waiting match, in the work order, now held by this thread; null when none waits. */
    private ContestDatabase.Match next(String holder) {
        long now = System.currentTimeMillis();
        for (MatchPhase phase : WORK_ORDER) {
            Optional<ContestDatabase.Match> match = phase == MatchPhase.CHECK
                    ? db.claimNextCheck(holder, now, leaseMillis) : db.claimNext(phase, holder, now, leaseMillis);
            if (match.isPresent()) {
                return match.get();
            }
        }
        return null;
    }

    /** Plays a match and records it; a bot that cannot start is rejected and the match dropped. */
    private void play(ContestDatabase.Match match, String holder) throws IOException {
        GameEntry game = new GameEntry(match.game(), match.variant(), match.players());
        Rules<?, ?> matchRules = rules.computeIfAbsent(game,
                g -> Games.byId(g.game()).rules(GameSetup.parse(g.players(), g.variant())));
        List<String> keys = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (ContestDatabase.Seat seat : match.seats()) {
            String key = seat.versionId() == null ? ContestBots.RANDOM : ContestBots.key(seat.versionId());
            try {
                bots.source(key);
            } catch (IllegalArgumentException e) {
                if (seat.versionId() == null) {
                    throw e;
                }
                reject(seat.versionId(), VersionCheck.didNotStart(e.getMessage()), null);
                db.dropMatch(match.id());
                return;
            }
            keys.add(key);
            names.add(seat.bot());
            labels.add(seat.bot() + "@m" + match.id() + "s" + seat.seat());
        }
        if (match.phase() == MatchPhase.CHECK && !checksGame(match, game)) {
            return;
        }
        MatchSettings matchSettings = new MatchSettings(match.matchSeed(), match.dealSeed(), settings.timeControl(),
                MatchSettings.DEFAULT_ACTION_LIMIT);
        MatchResult raw;
        List<String> errors = new ArrayList<>();
        try {
            raw = Matches.play(matchRules, keys, labels, bots, matchSettings);
        } finally {
            labels.forEach(label -> errors.add(bots.takeStandardError(label)));
        }
        // Fault details are shown to everyone (the match page, the replay): no path of the worker's in them,
        // and no bot's standard error, which its team alone reads (on its match's page).
        MatchResult result = raw.forPublic(shown::of);
        List<String> jars = keys.stream().map(bots::jarSha256).toList();
        byte[] replay = ReplayFiles.compressed(Replays.of(matchRules, names, jars, seed, matchSettings, result,
                sandbox.label(), sandbox.cage()));
        List<SeatResult> seats = new ArrayList<>();
        for (int seat = 0; seat < match.players(); seat++) {
            seats.add(new SeatResult(names.get(seat), result.outcome().rank(seat), result.outcome().score(seat),
                    result.seatTerminations().get(seat), result.seatMicros().get(seat) / 1000,
                    result.seatCpuMicros().get(seat) < 0 ? -1 : result.seatCpuMicros().get(seat) / 1000));
        }
        Long checked = match.phase() == MatchPhase.CHECK ? match.seats().get(0).versionId() : null;
        String fault = checked == null ? null : VersionCheck.fault(match.id(), game, result);
        Runnable verdict = fault == null ? null : () -> rejectInTransaction(checked, fault, match.id());
        if (!running) {
            // Stopping: the bots were ended under the match, whose result says so, not how the bots played.
            return;
        }
        if (!db.finishMatch(match.id(), holder, result.termination().label(), result.faultDetail(), result.moves(),
                replay, replayName(match.id()), seats, result.seatFaultDetails(), shown.of(errors), verdict)) {
            LOG.warn("match {}: {} lost its lease before the match ended; another worker plays it again and this "
                    + "result is dropped", match.id(), holder);
            return;
        }
        played.incrementAndGet();
        if (fault != null) {
            bots.stop(checked);
            LOG.info("version {} rejected: {}", checked, fault);
        }
    }

    /** Where a match's replay is named: its file name under the contest's {@code replays/}, as downloads give it. */
    static String replayName(long matchId) {
        return RunFolder.REPLAYS + "/" + String.format(Locale.ROOT, "match-%08d%s", matchId,
                ReplayFiles.COMPRESSED_SUFFIX);
    }

    /**
     * Learns from a check match's bot, now started, which of the contest's games it plays, and
     * records them the first time: a bot that plays none is rejected, and a check match of a game
     * it does not play is dropped unplayed (the server then moves the version on).
     *
     * @return whether the match is to be played
     */
    private boolean checksGame(ContestDatabase.Match match, GameEntry game) {
        long versionId = match.seats().get(0).versionId();
        BotSource bot = bots.source(ContestBots.key(versionId));
        List<GameEntry> playable = VersionCheck.playable(bot, games);
        if (db.games(versionId).isEmpty()) {
            db.setGames(versionId, playable.stream().map(GameEntry::game).distinct().toList());
        }
        if (playable.isEmpty()) {
            reject(versionId, VersionCheck.playsNone(bot, games), match.id());
            db.dropMatch(match.id());
            return false;
        }
        if (!playable.contains(game)) {
            db.dropMatch(match.id());
            return false;
        }
        return true;
    }

    /**
     * Records a match the referee could not play (a failure of the worker's, not of a bot's): it is
     * not played again, and a version whose check it was is rejected with the reason.
     */
    private void fail(ContestDatabase.Match match, String holder, Exception e) {
        if (!running) {
            // Stopping: the match broke because its bots were ended; it is given back, not failed.
            db.release(match.id(), holder);
            return;
        }
        LOG.error("match {} could not be played", match.id(), e);
        String reason = shown.of("the referee failed: " + e);
        if (!db.failMatch(match.id(), holder, reason)) {
            return;
        }
        if (match.phase() == MatchPhase.CHECK) {
            GameEntry game = new GameEntry(match.game(), match.variant(), match.players());
            for (ContestDatabase.Seat seat : match.seats()) {
                if (seat.versionId() != null) {
                    reject(seat.versionId(), VersionCheck.refereeFailed(match.id(), game, e), match.id());
                }
            }
        }
    }

    /** Rejects a version for a reason, naming the check match that gave it (null for none), and stops its bot. */
    private void reject(long versionId, String reason, Long checkMatch) {
        rejectInTransaction(versionId, reason, checkMatch);
        bots.stop(versionId);
        LOG.info("version {} rejected: {}", versionId, reason);
    }

    /** The database's part of a rejection: its status and reason (no path of the worker's in it), its waiting matches dropped. */
    private void rejectInTransaction(long versionId, String reason, Long checkMatch) {
        db.setStatus(versionId, VersionStatus.REJECTED, shown.of(reason), checkMatch);
        db.dropScheduled(versionId);
    }

    /**
     * Stops the worker: its threads are interrupted, every bot process it started is ended, and it
     * stops renewing its leases, so that a match it was playing is played again (by the next worker,
     * or by the server's own after its restart).
     */
    @Override
    public void close() {
        running = false;
        Map<Long, String> held = Map.copyOf(holding);
        List<Thread> stopping;
        synchronized (this) {
            stopping = List.copyOf(workers);
            workers.clear();
        }
        stopping.forEach(Thread::interrupt);
        // The bots are ended first: a thread waiting for a bot's move then ends its match at once.
        bots.close();
        for (Thread worker : stopping) {
            try {
                worker.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        keeper.shutdownNow();
        try {
            held.forEach(db::release);
            db.removeWorker(name);
        } catch (RuntimeException e) {
            LOG.debug("worker {} could not say it stopped: {}", name, e.getMessage());
        }
    }
}
