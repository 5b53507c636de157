package org.pyramidarena.arena.server.contest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.bots.BotSource;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.replay.ReplayFiles;
import org.pyramidarena.arena.replay.Replays;
import org.pyramidarena.arena.report.ReplayViewer;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.server.contest.ContestDatabase.MatchPhase;
import org.pyramidarena.arena.server.contest.ContestDatabase.MatchStatus;
import org.pyramidarena.arena.server.contest.ContestDatabase.VersionStatus;
import org.pyramidarena.arena.tournament.Matches;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.pairing.GameEntry;
import org.pyramidarena.tournaments.pairing.MatchSpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The contest's matches: a pool of worker threads, as many as the settings' concurrency, each
 * taking the oldest waiting match from the database (checks first, then qualifying matches, then
 * the scrimmages teams asked for, then the ladder's) and, when none waits, pairing a new ladder match ({@link Ladder}). Every match is in
 * the database before it is played and its result is committed as it ends, its replay and viewer
 * page written first; a match left running by a server that stopped is played again from the
 * start, with the same seeds, when the server starts.
 *
 * <p>A new version's way onto the ladder: {@code checking} (its bot must start and say hello, then
 * play one match against the built-in random bot in every game of the contest without a fault),
 * {@code qualifying} (a batch of matches against the field), {@code ready}. A fault in a check
 * rejects the version with the fault's reason. A version's check matches are played one at a time,
 * in the contest's order of games ({@link ContestDatabase#claimNextCheck}).
 */
public final class ContestRunner implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ContestRunner.class);
    private static final List<MatchPhase> WORK_ORDER = List.of(MatchPhase.CHECK, MatchPhase.QUALIFYING,
            MatchPhase.SCRIMMAGE, MatchPhase.LADDER);
    /** The phases whose matches the leaderboard rates: qualifying and ladder; never checks or scrimmages. */
    public static final List<MatchPhase> RATED = List.of(MatchPhase.QUALIFYING, MatchPhase.LADDER);
    private static final long IDLE_MILLIS = 200;

    /** The contest value holding the ladder's master seed. */
    static final String LADDER_SEED = "ladder_seed";
    /** The contest value saying submissions are frozen. */
    static final String FROZEN = "frozen";

    private final Path folder;
    private final ContestSettings settings;
    private final ContestDatabase db;
    private final ContestBots bots;
    private final Sandbox sandbox;
    private final MasterSeed seed;
    private final List<GameEntry> games;
    private final Leaderboard leaderboard;
    private final ShownPaths shown;
    /** Each version's games as its bot said; null for a version whose bot has not started yet. */
    private final Map<Long, Set<String>> versionGames = new ConcurrentHashMap<>();
    private final Map<GameEntry, Rules<?, ?>> rules = new ConcurrentHashMap<>();
    private final Random pairing;
    private final List<Thread> workers = new ArrayList<>();
    private final AtomicLong played = new AtomicLong();
    private volatile boolean running;
    private volatile boolean ladderPaused;

    /**
     * @param folder the contest folder
     * @param sandbox what uploaded bots run in
     */
    public ContestRunner(Path folder, ContestSettings settings, ContestDatabase db, Sandbox sandbox) {
        this.folder = folder;
        this.settings = settings;
        this.db = db;
        this.sandbox = sandbox;
        this.seed = MasterSeed.parse(db.putIfAbsent(LADDER_SEED, MasterSeed.secret().text()));
        this.games = settings.gameEntries();
        this.bots = new ContestBots(folder, db, sandbox, settings.interpretersOrDefault());
        this.leaderboard = new Leaderboard(db, settings.name(), seed);
        this.pairing = new Random(seed.derive("pairing", System.nanoTime()));
        this.shown = new ShownPaths(folder);
    }

    /** The leaderboard, brought up to date as matches end. */
    public Leaderboard leaderboard() {
        return leaderboard;
    }

    /** What uploaded bots run in. */
    public Sandbox sandbox() {
        return sandbox;
    }

    /** The matches this runner has finished since it started. */
    public long played() {
        return played.get();
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
     * Starts the workers. Matches left running by a server that stopped are scheduled again, and
     * versions whose check or qualifying had ended without their next step being taken get it.
     */
    public synchronized void start() {
        int again = db.rescheduleRunning();
        if (again > 0) {
            LOG.info("{} matches left unfinished by the last run are played again", again);
        }
        for (ContestDatabase.Version version : db.versionsWithStatus(VersionStatus.CHECKING)) {
            if (db.matchesOf(version.id(), MatchPhase.CHECK) == 0) {
                scheduleChecks(version);
            } else {
                advance(version.id());
            }
        }
        for (ContestDatabase.Version version : db.versionsWithStatus(VersionStatus.QUALIFYING)) {
            advance(version.id());
        }
        leaderboard.refresh();
        running = true;
        for (int i = 0; i < settings.concurrencyOrDefault(); i++) {
            Thread worker = new Thread(this::work, "ladder-" + (i + 1));
            worker.setDaemon(true);
            workers.add(worker);
            worker.start();
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

    private void work() {
        while (running) {
            try {
                ContestDatabase.Match match = next();
                if (match == null) {
                    Thread.sleep(IDLE_MILLIS);
                    continue;
                }
                try {
                    play(match);
                } catch (RuntimeException | IOException e) {
                    fail(match, e);
                }
                long pause = settings.pauseMillisOrDefault();
                if (pause > 0) {
                    Thread.sleep(pause);
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                if (running) {
                    LOG.error("a ladder worker failed; it goes on", e);
                    try {
                        Thread.sleep(IDLE_MILLIS);
                    } catch (InterruptedException stop) {
                        return;
                    }
                }
            }
        }
    }

    /** The next match to play: a waiting one, or a new ladder match; null when there is none. */
    private ContestDatabase.Match next() {
        for (MatchPhase phase : WORK_ORDER) {
            var match = phase == MatchPhase.CHECK ? db.claimNextCheck() : db.claimNext(List.of(phase));
            if (match.isPresent()) {
                return match.get();
            }
        }
        if (ladderPaused || frozen()) {
            return null;
        }
        synchronized (pairing) {
            List<ContestDatabase.Version> active = db.activeVersions();
            if (active.size() < 2) {
                return null;
            }
            long ladderMatches = db.count(MatchPhase.LADDER, MatchStatus.DONE)
                    + db.count(MatchPhase.LADDER, MatchStatus.SCHEDULED)
                    + db.count(MatchPhase.LADDER, MatchStatus.RUNNING);
            // The games take turns; a game fewer than two teams' bots play is passed over.
            boolean scheduled = false;
            for (int turn = 0; turn < games.size() && !scheduled; turn++) {
                GameEntry game = games.get((int) ((ladderMatches + turn) % games.size()));
                scheduled = schedule(MatchPhase.LADDER, game, active, null) >= 0;
            }
            if (!scheduled) {
                return null;
            }
        }
        return db.claimNext(List.of(MatchPhase.LADDER)).orElse(null);
    }

    /**
     * Pairs and schedules one match of the ladder or of a version's qualifying batch.
     *
     * @param first a version that must play, or null to let the ladder's rule choose
     * @return the match id, or -1 when there is nobody to pair
     */
    private long schedule(MatchPhase phase, GameEntry game, List<ContestDatabase.Version> active,
                          ContestDatabase.Version first) {
        Map<Long, Integer> played = db.gamesPlayed(RATED);
        Map<String, Double> elo = leaderboard.elos();
        List<Ladder.Candidate> candidates = new ArrayList<>();
        Map<String, ContestDatabase.Version> byKey = new java.util.HashMap<>();
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
        return db.addMatch(phase, game.game(), game.variant(), versions, labels, seeds());
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

    /** Plays a match and records it; a bot that cannot start is rejected and the match dropped. */
    private void play(ContestDatabase.Match match) throws IOException {
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
        // Fault details are shown to everyone (the match page, the replay): no path of the server's in them,
        // and no bot's standard error, which its team alone reads (on its match's page).
        MatchResult result = raw.forPublic(shown::of);
        Path replays = Files.createDirectories(folder.resolve(RunFolder.REPLAYS));
        String name = String.format(java.util.Locale.ROOT, "match-%08d%s", match.id(), ReplayFiles.COMPRESSED_SUFFIX);
        Path file = replays.resolve(name);
        Path temporary = replays.resolve(RunFolder.PARTIAL_PREFIX + name);
        List<String> jars = keys.stream().map(bots::jarSha256).toList();
        ReplayFiles.write(temporary, Replays.of(matchRules, names, jars, seed, matchSettings, result,
                sandbox.label(), sandbox.cage()));
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        ReplayViewer.write(file);
        List<SeatResult> seats = new ArrayList<>();
        for (int seat = 0; seat < match.players(); seat++) {
            seats.add(new SeatResult(names.get(seat), result.outcome().rank(seat), result.outcome().score(seat),
                    result.seatTerminations().get(seat), result.seatMicros().get(seat) / 1000,
                    result.seatCpuMicros().get(seat) < 0 ? -1 : result.seatCpuMicros().get(seat) / 1000));
        }
        db.finishMatch(match.id(), result.termination().label(), result.faultDetail(), result.moves(),
                folder.relativize(file).toString(), seats, result.seatFaultDetails(), shown.of(errors));
        played.incrementAndGet();
        for (int seat = 0; seat < match.players(); seat++) {
            Long version = match.seats().get(seat).versionId();
            if (version == null) {
                continue;
            }
            if (match.phase() == MatchPhase.SCRIMMAGE) {
                continue;
            }
            String fault = match.phase() == MatchPhase.CHECK && seat == 0 ? VersionCheck.fault(match.id(), game, result)
                    : null;
            if (fault != null) {
                reject(version, fault, match.id());
            } else {
                advance(version);
            }
        }
        if (RATED.contains(match.phase())) {
            leaderboard.changed();
        }
    }

    /**
     * Learns from a check match's bot, now started, which of the contest's games it plays, and
     * records them the first time: a bot that plays none is rejected, and a check match of a game
     * it does not play is dropped unplayed.
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
            advance(versionId);
            return false;
        }
        return true;
    }

    /**
     * Records a match the referee could not play (a failure of the server's, not of a bot's): it is
     * not played again, and a version whose check it was is rejected with the reason.
     */
    private void fail(ContestDatabase.Match match, Exception e) {
        LOG.error("match {} could not be played", match.id(), e);
        String reason = shown.of("the referee failed: " + e);
        db.failMatch(match.id(), reason);
        if (match.phase() == MatchPhase.CHECK) {
            GameEntry game = new GameEntry(match.game(), match.variant(), match.players());
            for (ContestDatabase.Seat seat : match.seats()) {
                if (seat.versionId() != null) {
                    reject(seat.versionId(), VersionCheck.refereeFailed(match.id(), game, e), match.id());
                }
            }
        } else if (match.phase() != MatchPhase.SCRIMMAGE) {
            match.seats().stream().filter(s -> s.versionId() != null).forEach(s -> advance(s.versionId()));
        }
    }

    /** Rejects a version for a reason (no path of the server's in it), naming the check match that gave it (null for none). */
    private void reject(long versionId, String reason, Long checkMatch) {
        db.setStatus(versionId, VersionStatus.REJECTED, shown.of(reason), checkMatch);
        db.dropScheduled(versionId);
        bots.stop(versionId);
        LOG.info("version {} rejected: {}", versionId, reason);
    }

    /** Takes a version's next step once the matches of its present one are over. */
    private synchronized void advance(long versionId) {
        ContestDatabase.Version version = db.version(versionId).orElseThrow();
        if (version.status() == VersionStatus.CHECKING
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
            // The team's older version leaves the ladder: its waiting matches are dropped, its processes stopped.
            before.forEach(old -> {
                db.dropScheduled(old.id());
                bots.stop(old.id());
            });
            leaderboard.changed();
        }
    }

    /** Stops the workers (a match being played is left to be played again at the next start) and every bot. */
    @Override
    public void close() {
        running = false;
        List<Thread> stopping;
        synchronized (this) {
            stopping = List.copyOf(workers);
            workers.clear();
        }
        // Joined without this object's lock, which a worker ending its match takes (advance).
        stopping.forEach(Thread::interrupt);
        for (Thread worker : stopping) {
            try {
                worker.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        bots.close();
        leaderboard.close();
    }
}
