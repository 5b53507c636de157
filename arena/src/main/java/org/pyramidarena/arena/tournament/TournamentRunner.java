package org.pyramidarena.arena.tournament;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.match.MatchListener;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.replay.ReplayFiles;
import org.pyramidarena.arena.replay.Replays;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.io.BalanceCsv;
import org.pyramidarena.tournaments.io.StandingsCsv;
import org.pyramidarena.tournaments.ratings.RatingOptions;
import org.pyramidarena.tournaments.ratings.Standings;
import org.pyramidarena.tournaments.stats.Balance;
import org.pyramidarena.tournaments.pairing.FixedSchedule;
import org.pyramidarena.tournaments.pairing.MatchSpec;
import org.pyramidarena.tournaments.pairing.PairingSetup;
import org.pyramidarena.tournaments.pairing.PairingStrategy;
import org.pyramidarena.tournaments.pairing.Round;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Plays a tournament into its output folder: asks the pairing strategy for matches, plays them
 * {@code concurrency} at a time, appends each finished match to {@code results.csv}, and skips the
 * matches the file already holds, so the same call resumes an interrupted run.
 *
 * <p>Results do not depend on the concurrency: a match's seeds come from its place in the schedule,
 * every match gets fresh contestants, and the finished file is rewritten in schedule order. Only
 * the measured times differ. A match's {@link MatchResult} (its actions and states) is dropped as
 * soon as its rows are written, so memory stays flat however long the tournament.
 */
public final class TournamentRunner {

    private static final Logger LOG = LoggerFactory.getLogger(TournamentRunner.class);

    private final Tournament tournament;
    private final ContestantFactory contestants;
    private final Progress progress;
    private final Map<String, String> botsByEntrant;
    private final Map<MatchSpecKey, Rules<?, ?>> rules = new ConcurrentHashMap<>();
    private final RatingOptions ratingOptions;
    private Path replays;
    private volatile FaultsFile faultsFile;
    private Shard shard;
    private String kind = "tournament";
    private long shardWaitMillis = DEFAULT_SHARD_WAIT_MILLIS;
    private Consumer<String> notices = line -> { };
    private MatchObserver observer = MatchObserver.NONE;

    /** How long a shard of a Swiss tournament waits for the other shards' part of a round, by default: 6 hours. */
    public static final long DEFAULT_SHARD_WAIT_MILLIS = 6 * 3600_000L;

    /** How often a waiting shard looks at the other shards' results. */
    private static final long SHARD_POLL_MILLIS = 250;

    /**
     * @param tournament the resolved tournament
     * @param contestants makes each seat's contestant
     * @param progress hears of each finished match
     */
    public TournamentRunner(Tournament tournament, ContestantFactory contestants, Progress progress) {
        this(tournament, contestants, progress, RatingOptions.defaults().withBootstrap(
                RatingOptions.defaults().bootstrapSamples(), tournament.bootstrapSeed()));
    }

    /**
     * @param tournament the resolved tournament
     * @param contestants makes each seat's contestant
     * @param progress hears of each finished match
     * @param ratingOptions how the Elo standings at the end are fitted
     */
    public TournamentRunner(Tournament tournament, ContestantFactory contestants, Progress progress,
                            RatingOptions ratingOptions) {
        this.tournament = tournament;
        this.contestants = contestants;
        this.progress = progress;
        this.botsByEntrant = tournament.botsByEntrant();
        this.ratingOptions = ratingOptions;
    }

    /**
     * Makes this run one shard of a run cut into several: it plays only its share of the matches
     * (see {@link Shard}) into the folder {@link #run} is given, which must be the run's folder's
     * {@code shard-K-of-N}; the other shards' folders beside it are read by a Swiss tournament, which
     * pairs each round from every shard's results of the rounds before. A shard writes its results,
     * faults, replays, settings and {@link ShardFile}, not the standings: {@code arena merge} adds
     * the shards up.
     *
     * @param place which shard
     * @param runKind {@code tournament} or {@code balance}, for the merge
     * @param waitMillis how long a Swiss shard waits for the rest of a round before it gives up
     * @param notices hears what a waiting shard waits for, a line at a time
     * @return this runner
     */
    public TournamentRunner asShard(Shard place, String runKind, long waitMillis, Consumer<String> notices) {
        this.shard = place;
        this.kind = runKind;
        this.shardWaitMillis = waitMillis;
        this.notices = notices;
        return this;
    }

    /**
     * Lets an observer hear every match this runner plays, action by action (see {@link MatchObserver}).
     *
     * @param matchObserver the observer; {@link MatchObserver#NONE} for none
     * @return this runner
     */
    public TournamentRunner observedBy(MatchObserver matchObserver) {
        this.observer = java.util.Objects.requireNonNull(matchObserver, "matchObserver");
        return this;
    }

    /**
     * What a run did.
     *
     * @param total the matches of the tournament, byes included
     * @param resumed the matches found already played
     * @param played the matches played by this run
     * @param points the points table
     * @param ratings the Elo standings per game and overall
     * @param balance the balance statistics per game, variant and player count
     * @param faults the matches that ended in a bot's fault
     * @param results the results file
     * @param faultList every seat's fault with the referee's reason and detail, by match and seat
     */
    public record Summary(int total, int resumed, int played, PointsTable points, Standings ratings,
                          Balance balance, int faults, Path results, List<FaultsFile.Fault> faultList) {
    }

    /**
     * Plays the tournament into a folder (created if missing), or the rest of it when the folder
     * already holds part of its results.
     *
     * @param out the output folder: {@code settings.json}, {@code results.csv}, {@code replays/}, and at
     *     the end {@code standings.csv}, {@code balance.csv}, {@code points.txt}
     * @param concurrency matches at once, at least 1
     * @throws IllegalArgumentException when the results in the folder do not belong to this tournament
     */
    public Summary run(Path out, int concurrency) throws IOException, InterruptedException {
        Files.createDirectories(out);
        Path settingsFile = out.resolve(RunFolder.SETTINGS);
        Path resultsPath = out.resolve(RunFolder.RESULTS);
        boolean olderSettings = Files.exists(settingsFile) && isVersion1(settingsFile);
        if (olderSettings && hasRows(resultsPath)) {
            throw new IllegalArgumentException(out + " holds a run begun by an older arena (settings version "
                    + TournamentSettings.VERSION_1 + "), whose seeds were derived otherwise: its results cannot be "
                    + "continued; play it again into a new folder with --config " + settingsFile);
        }
        if (shard != null) {
            checkShardFolder(out);
        }
        if (!Files.exists(settingsFile) || olderSettings) {
            tournament.settings().write(settingsFile);
        }
        if (shard != null) {
            ShardFile.of(kind, tournament, shard, ratingOptions, contestants).write(out);
        }
        replays = tournament.replays().equals("none") ? null : Files.createDirectories(out.resolve(RunFolder.REPLAYS));
        ResultsFile.Opened opened = ResultsFile.open(resultsPath);
        int resumed = opened.records().size();
        // Counted by the thread that writes to the file, one at a time, a write of matches at once:
        // no counter that every match thread takes from the others at every match.
        int[] done = {resumed};
        int total;
        // Each match is added up, in match order, while the matches are played (see
        // ResultsFile.handInOrder): the end of the run keeps no records and reads nothing back.
        PointsTable points = points();
        Standings.Builder ratingsBuilder = new Standings.Builder(ratingOptions);
        Balance.Builder balanceBuilder = new Balance.Builder();
        int[] faults = new int[1];
        Path faultsPath = out.resolve(RunFolder.FAULTS);
        try (ResultsFile results = opened.file(); FaultsFile faultsFile = FaultsFile.open(faultsPath)) {
            this.faultsFile = faultsFile;
            Consumer<MatchRecord> addUp = record -> {
                points.add(record);
                ratingsBuilder.add(record);
                balanceBuilder.add(record);
                faults[0] += record.termination().isFault() ? 1 : 0;
            };
            PairingStrategy strategy = tournament.strategy();
            PairingSetup setup = tournament.pairingSetup();
            results.countingTo(count -> progress.update(done[0] += count));
            Consumer<MatchRecord> written = record -> { };
            if (strategy instanceof FixedSchedule fixed) {
                // The whole schedule is known: play it at once, keeping no records in memory. A long
                // schedule makes its matches as they are asked for, so it is walked, never copied.
                List<MatchSpec> schedule = fixed.schedule(setup);
                Set<Integer> finished = check(opened.records(), schedule);
                int[] order = null;
                if (shard != null) {
                    // A shard's share is a copy: 1/N of the schedule.
                    schedule = share(schedule);
                    order = schedule.stream().mapToInt(MatchSpec::index).toArray();
                    Set<Integer> mine = new HashSet<>();
                    schedule.forEach(m -> mine.add(m.index()));
                    for (MatchRecord record : opened.records()) {
                        if (!mine.contains(record.match())) {
                            throw new IllegalArgumentException("the results in " + out + " hold match "
                                    + record.match() + ", which is not shard " + shard + "'s");
                        }
                    }
                }
                results.handInOrder(opened.records(), order, addUp);
                total = schedule.size();
                opened = null; // the resumed records have been handed on
                progress.start(total, resumed);
                play(schedule, finished, results, written);
            } else if (shard != null) {
                results.handInOrder(opened.records(), addUp);
                total = playSwissShard(out, strategy, setup, opened.records(), results, written);
                opened = null;
            } else {
                results.handInOrder(opened.records(), addUp);
                List<MatchRecord> records = new ArrayList<>(opened.records());
                opened = null; // the records list above holds what the pairing needs
                Set<Integer> finished = new HashSet<>();
                records.forEach(r -> finished.add(r.match()));
                int estimate = -1;
                Optional<Round> round;
                while ((round = strategy.nextRound(setup, records)).isPresent()) {
                    List<MatchSpec> matches = round.get().matches();
                    if (estimate < 0) {
                        estimate = matches.size() * tournament.rounds();
                        progress.start(estimate, resumed);
                    }
                    check(records, matches);
                    if (matches.stream().allMatch(m -> finished.contains(m.index()))) {
                        throw new IllegalStateException("the pairing repeated round " + round.get().number());
                    }
                    play(matches, Set.copyOf(finished), results, written.andThen(record -> {
                        synchronized (records) {
                            records.add(record);
                            finished.add(record.match());
                        }
                    }));
                }
                total = records.size();
            }
            results.finish();
            faultsFile.finish();
        } finally {
            this.faultsFile = null;
        }
        progress.finish(done[0]);
        Standings ratings = ratingsBuilder.build();
        Balance balance = balanceBuilder.build();
        if (shard == null) {
            // A shard's standings would be of its share alone: arena merge writes the run's.
            Files.writeString(out.resolve(RunFolder.POINTS), points.render());
            StandingsCsv.write(ratings, out.resolve(RunFolder.STANDINGS));
            BalanceCsv.write(balance, out.resolve(RunFolder.BALANCE));
        }
        return new Summary(total, resumed, done[0] - resumed, points, ratings, balance, faults[0], resultsPath,
                FaultsFile.read(faultsPath));
    }

    /** This shard's share of a list of matches, in their order. */
    private List<MatchSpec> share(List<MatchSpec> matches) {
        int[] dealt = Shard.deal(matches, shard.count());
        List<MatchSpec> mine = new ArrayList<>(matches.size() / shard.count() + 1);
        for (int i = 0; i < dealt.length; i++) {
            if (dealt[i] == shard.index()) {
                mine.add(matches.get(i));
            }
        }
        return mine;
    }

    /**
     * Checks that a shard plays into its own folder and that a folder already begun holds the same
     * run: its {@code shard.json} must be of this shard and these settings.
     */
    private void checkShardFolder(Path out) {
        if (!shard.folderName().equals(out.getFileName() == null ? "" : out.getFileName().toString())) {
            throw new IllegalArgumentException("shard " + shard + " plays into a folder named " + shard.folderName()
                    + ", not " + out);
        }
        if (Files.exists(out.resolve(RunFolder.SHARD))) {
            ShardFile earlier = ShardFile.read(out);
            if (!earlier.settingsHash().equals(ShardFile.settingsHash(tournament.settings()))
                    || !earlier.place().equals(shard) || !earlier.kind().equals(kind)) {
                throw new IllegalArgumentException(out + " holds shard " + earlier.place() + " of a run with other "
                        + "settings; give the same settings to every shard of a run, or choose another --out");
            }
        }
    }

    /**
     * Plays this shard's part of a Swiss tournament: each round is paired, the same way by every
     * shard, from all shards' results of the rounds before it, read from their folders beside this
     * one; this shard plays its share of the round, then waits until the other shards' share is in.
     *
     * @return how many matches this shard's results hold at the end
     */
    private int playSwissShard(Path out, PairingStrategy strategy, PairingSetup setup, List<MatchRecord> resumed,
                               ResultsFile results, Consumer<MatchRecord> written)
            throws IOException, InterruptedException {
        List<MatchRecord> own = new ArrayList<>(resumed);
        Set<Integer> finished = new HashSet<>();
        own.forEach(r -> finished.add(r.match()));
        boolean started = false;
        int waitedRound = -1;
        long waitingSince = 0;
        while (true) {
            List<MatchRecord> all = withOtherShards(out, own);
            Optional<Round> round = strategy.nextRound(setup, all);
            if (round.isEmpty()) {
                return own.size();
            }
            List<MatchSpec> matches = round.get().matches();
            check(all, matches);
            List<MatchSpec> mine = share(matches);
            if (!started) {
                progress.start(mine.size() * tournament.rounds(), resumed.size());
                started = true;
            }
            if (mine.stream().anyMatch(m -> !finished.contains(m.index()))) {
                play(mine, Set.copyOf(finished), results, written.andThen(record -> {
                    synchronized (own) {
                        own.add(record);
                        finished.add(record.match());
                    }
                }));
                continue;
            }
            // This shard's part of the round is in: wait for the others'.
            if (waitedRound != round.get().number()) {
                waitedRound = round.get().number();
                waitingSince = System.nanoTime();
                notices.accept("shard " + shard + ": waiting for the other shards' part of round " + waitedRound
                        + " (at most " + shardWaitMillis / 1000 + " s, --shard-wait)");
            } else if (System.nanoTime() - waitingSince > shardWaitMillis * 1_000_000L) {
                Set<Integer> present = new HashSet<>();
                all.forEach(r -> present.add(r.match()));
                long missing = matches.stream().filter(m -> !present.contains(m.index())).count();
                throw new IllegalArgumentException("shard " + shard + ": round " + waitedRound + " still lacks "
                        + missing + " matches of the other shards after " + shardWaitMillis / 1000 + " s (--shard-wait); "
                        + "are they running with the same --out? Run this shard again to go on waiting");
            }
            Thread.sleep(SHARD_POLL_MILLIS);
        }
    }

    /**
     * This shard's records with those the other shards of the run have written so far, read from
     * their folders beside this one (a shard not started yet has none); a folder of other settings
     * is refused.
     */
    private List<MatchRecord> withOtherShards(Path out, List<MatchRecord> own) throws IOException {
        List<MatchRecord> all;
        synchronized (own) {
            all = new ArrayList<>(own);
        }
        String hash = ShardFile.settingsHash(tournament.settings());
        for (int other = 0; other < shard.count(); other++) {
            if (other == shard.index()) {
                continue;
            }
            Path folder = out.resolveSibling(new Shard(other, shard.count()).folderName());
            Path otherResults = folder.resolve(RunFolder.RESULTS);
            if (!Files.exists(folder.resolve(RunFolder.SHARD)) || !Files.exists(otherResults)) {
                continue;
            }
            if (!ShardFile.read(folder).settingsHash().equals(hash)) {
                throw new IllegalArgumentException(folder + " holds a shard of a run with other settings than shard "
                        + shard + "'s; every shard of a run needs the same settings");
            }
            all.addAll(ResultsFile.read(otherResults));
        }
        return all;
    }

    private static boolean isVersion1(Path settingsFile) {
        Integer version = TournamentSettings.read(settingsFile).version();
        return version != null && version == TournamentSettings.VERSION_1;
    }

    /** True when a results file has a line beyond its header. */
    private static boolean hasRows(Path results) throws IOException {
        if (!Files.exists(results)) {
            return false;
        }
        try (Stream<String> lines = Files.lines(results)) {
            return lines.skip(1).anyMatch(line -> !line.isBlank());
        }
    }

    /** An empty points table. */
    private PointsTable points() {
        int seats = tournament.games().get(0).players();
        return new PointsTable(tournament.entrants().stream().map(Entrant::name).toList(), tournament.games(),
                seats * tournament.games().size());
    }

    /**
     * Checks that the records on disk are of the matches scheduled at their indices.
     *
     * @return the indices of the records
     */
    private Set<Integer> check(List<MatchRecord> records, List<MatchSpec> schedule) {
        Map<Integer, MatchSpec> byIndex = null;
        Set<Integer> indices = new HashSet<>();
        for (MatchRecord record : records) {
            indices.add(record.match());
            // Schedules list their matches by index from the first one's; look there first.
            int position = schedule.isEmpty() ? -1 : record.match() - schedule.get(0).index();
            MatchSpec spec = position >= 0 && position < schedule.size() ? schedule.get(position) : null;
            if (spec == null || spec.index() != record.match()) {
                if (byIndex == null) {
                    byIndex = new HashMap<>();
                    for (MatchSpec m : schedule) {
                        byIndex.put(m.index(), m);
                    }
                }
                spec = byIndex.get(record.match());
            }
            if (spec == null) {
                if (schedule.size() > 0 && record.match() >= schedule.get(0).index()
                        && record.match() <= schedule.get(schedule.size() - 1).index()) {
                    throw mismatch(record);
                }
                continue;
            }
            List<String> bots = record.seats().stream().map(SeatResult::bot).toList();
            if (!bots.equals(spec.bots()) || !record.game().equals(spec.game())
                    || !record.variant().equals(spec.variant()) || record.seed() != spec.matchSeed()
                    || !record.tournament().equals(tournament.name())) {
                throw mismatch(record);
            }
        }
        return indices;
    }

    private IllegalArgumentException mismatch(MatchRecord record) {
        return new IllegalArgumentException("the results hold match " + record.match()
                + " unlike the one these settings schedule; they belong to another tournament");
    }

    /** The rules of a game, player count and variant, made once and shared (rules are immutable). */
    private record MatchSpecKey(String game, int players, String variant) {
    }

    /** A match thread's rules of its last match: a schedule plays runs of one game, whose rules it looks up once a run. */
    private final class LastRules {
        private String game;
        private String variant;
        private int players;
        private Rules<?, ?> last;

        Rules<?, ?> of(MatchSpec spec) {
            if (last == null || players != spec.players() || !game.equals(spec.game())
                    || !variant.equals(spec.variant())) {
                last = rules.computeIfAbsent(new MatchSpecKey(spec.game(), spec.players(), spec.variant()),
                        k -> Games.byId(k.game()).rules(GameSetup.parse(k.players(), k.variant())));
                game = spec.game();
                variant = spec.variant();
                players = spec.players();
            }
            return last;
        }
    }

    /**
     * Plays matches, at most {@code concurrency} at once, started in schedule order; writes each as
     * it finishes. A bot process is never in two matches at once: every seat gets a process of its own.
     *
     * @param written hears of each match appended to the results (see {@link ResultsFile#append}),
     *     from the match threads at once: it must be thread-safe
     */
    private void play(List<MatchSpec> matches, Set<Integer> finished, ResultsFile results,
                      Consumer<MatchRecord> written) throws IOException, InterruptedException {
        int concurrency = Math.max(1, Math.min(tournament.concurrency(), matches.size()));
        if (matches.isEmpty()) {
            return;
        }
        // Each match thread takes the next match itself (a position in the schedule, so that the
        // match is made, and skipped when done, outside any lock) and writes its result itself: no
        // hand-off through another thread per match, which cost more than a short match of random
        // bots. A bye is written by the thread that takes it, as a match is: nothing walks the
        // schedule beforehand, which would make every match (and derive its seeds) twice.
        AtomicInteger position = new AtomicInteger();
        AtomicReference<Exception> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>(concurrency);
        for (int t = 0; t < concurrency; t++) {
            Thread thread = new Thread(() -> {
                LastRules last = new LastRules();
                while (failure.get() == null) {
                    int next = position.getAndIncrement();
                    if (next >= matches.size()) {
                        return;
                    }
                    MatchSpec spec = matches.get(next);
                    if (finished.contains(spec.index())) {
                        continue;
                    }
                    MatchRecord record;
                    byte[] rows;
                    try {
                        record = spec.bye() ? spec.byeRecord(tournament.name()) : playOne(spec, last.of(spec));
                        rows = ResultsFile.rowBytes(record);
                    } catch (Exception | Error e) {
                        failure.compareAndSet(null, new IllegalStateException("a match failed: " + e, e));
                        return;
                    }
                    try {
                        results.append(record, rows);
                        written.accept(record);
                    } catch (IOException | RuntimeException e) {
                        failure.compareAndSet(null, e);
                        return;
                    }
                }
            }, "match-" + (t + 1));
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
        try {
            for (Thread thread : threads) {
                thread.join();
            }
        } catch (InterruptedException e) {
            threads.forEach(Thread::interrupt);
            throw e;
        }
        Exception failed = failure.get();
        if (failed instanceof IOException io) {
            throw io;
        }
        if (failed != null) {
            throw (RuntimeException) failed;
        }
    }

    /**
     * Plays one match on fresh contestants, writes its replay when it is kept (before its result,
     * so a match in the results always has its replay), and keeps only its record.
     */
    private MatchRecord playOne(MatchSpec spec, Rules<?, ?> matchRules) throws IOException {
        List<String> bots = new ArrayList<>(spec.players());
        for (String entrant : spec.bots()) {
            bots.add(botsByEntrant.get(entrant));
        }
        List<String> labels = new ArrayList<>(spec.players());
        for (int seat = 0; seat < spec.players(); seat++) {
            labels.add(spec.bots().get(seat) + "@m" + spec.index() + "s" + seat);
        }
        MatchSettings settings = new MatchSettings(spec.matchSeed(), spec.dealSeed(), tournament.timeControl(),
                MatchSettings.DEFAULT_ACTION_LIMIT);
        MatchListener listener = observer.listener(spec, matchRules);
        MatchResult result = Matches.play(matchRules, bots, labels, observer.contestants(spec, listener, contestants),
                settings, listener);
        List<SeatResult> seatResults = new ArrayList<>(spec.players());
        for (int seat = 0; seat < spec.players(); seat++) {
            seatResults.add(new SeatResult(spec.bots().get(seat), result.outcome().rank(seat),
                    result.outcome().score(seat), result.seatTerminations().get(seat),
                    result.seatMicros().get(seat) / 1000,
                    result.seatCpuMicros().get(seat) < 0 ? -1 : result.seatCpuMicros().get(seat) / 1000));
        }
        if (!result.faultDetail().isEmpty()) {
            LOG.info("match {}: {}: {}", spec.index(), result.termination().label(), result.faultDetail());
        }
        List<FaultsFile.Fault> seatFaults = new ArrayList<>();
        for (int seat = 0; seat < spec.players(); seat++) {
            if (result.seatTerminations().get(seat).isFault()) {
                seatFaults.add(new FaultsFile.Fault(spec.index(), spec.round(), spec.game(), spec.variant(), seat,
                        spec.bots().get(seat), result.seatTerminations().get(seat).label(),
                        result.seatFaultDetails().get(seat)));
            }
        }
        // Before the results: a match in the results always has its faults on file. A match without
        // faults (nearly every one) does not take the file's lock, which every match thread would.
        if (!seatFaults.isEmpty()) {
            faultsFile.append(seatFaults);
        }
        boolean fault = result.termination().isFault() || !seatFaults.isEmpty();
        if (replays != null && (tournament.replays().equals("all") || fault)) {
            List<String> jars = bots.stream().map(contestants::jarSha256).toList();
            Path file = replays.resolve(RunFolder.replayName(spec.index()));
            Path temporary = replays.resolve(RunFolder.PARTIAL_PREFIX + RunFolder.replayName(spec.index()));
            List<Map<String, Object>> options = bots.stream().map(contestants::options).toList();
            ReplayFiles.write(temporary, Replays.of(matchRules, spec.bots(), jars, options, tournament.seed(), settings,
                    result, tournament.sandbox(), tournament.cage()));
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        MatchRecord record = new MatchRecord(tournament.name(), spec.round(), spec.index(), spec.game(),
                spec.variant(), seatResults, result.termination(), result.moves(), spec.matchSeed());
        observer.played(spec, listener, record);
        return record;
    }
}
