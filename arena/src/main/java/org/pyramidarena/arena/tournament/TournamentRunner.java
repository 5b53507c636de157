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
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.match.ActionRecord;
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
 *
 * <p>The matches are played by {@link MatchThreads}; a run that is one shard of several
 * ({@link #asShard}) takes its share and its Swiss rounds from {@link ShardRun}.
 */
public final class TournamentRunner {

    private static final Logger LOG = LoggerFactory.getLogger(TournamentRunner.class);

    private final Tournament tournament;
    private final ContestantFactory contestants;
    private final Progress progress;
    private final Map<String, String> botsByEntrant;
    private final RatingOptions ratingOptions;
    private final MatchThreads threads;
    private Path replays;
    private volatile FaultsFile faultsFile;
    /** The shard this run is, or null for a whole run. */
    private ShardRun shard;
    private MatchObserver observer = MatchObserver.NONE;
    /** Hears every match as the run adds it up (see {@link #addingUpAlso}). */
    private Consumer<MatchRecord> alsoAddingUp = record -> { };

    /** How long a shard of a Swiss tournament waits for the other shards' part of a round, by default: 6 hours. */
    public static final long DEFAULT_SHARD_WAIT_MILLIS = 6 * 3600_000L;

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
        this.threads = new MatchThreads(tournament.name(), tournament.concurrency());
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
        this.shard = new ShardRun(place, runKind, waitMillis, notices, tournament);
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
     * Hands every match of the run to {@code each} as the run adds it up for its standings: the
     * matches the folder already held and those played, byes included, one at a time, in match
     * order (the order of the finished {@code results.csv}, whose rows they are), on whichever thread
     * hands them on. What a run's report shows is added up so, instead of read back at the end. A
     * shard's run hands on its own matches.
     *
     * @param each takes each match; it must not block
     * @return this runner
     */
    public TournamentRunner addingUpAlso(Consumer<MatchRecord> each) {
        this.alsoAddingUp = java.util.Objects.requireNonNull(each, "each");
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
            shard.checkFolder(out);
        }
        if (!Files.exists(settingsFile) || olderSettings) {
            tournament.settings().write(settingsFile);
        }
        if (shard != null) {
            shard.writeFile(out, ratingOptions, contestants);
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
                alsoAddingUp.accept(record);
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
                    schedule = shard.share(schedule);
                    order = schedule.stream().mapToInt(MatchSpec::index).toArray();
                    shard.checkOwn(schedule, opened.records(), out);
                }
                results.handInOrder(opened.records(), order, addUp);
                total = schedule.size();
                opened = null; // the resumed records have been handed on
                progress.start(total, resumed);
                threads.play(schedule, finished, results, written, this::playOne);
            } else if (shard != null) {
                results.handInOrder(opened.records(), addUp);
                total = shard.playSwiss(out, strategy, setup, opened.records(), progress, new ShardRun.Rounds() {
                    @Override
                    public void check(List<MatchRecord> records, List<MatchSpec> matches) {
                        TournamentRunner.this.check(records, matches);
                    }

                    @Override
                    public void play(List<MatchSpec> matches, Set<Integer> finished, Consumer<MatchRecord> played)
                            throws IOException, InterruptedException {
                        threads.play(matches, finished, results, written.andThen(played),
                                TournamentRunner.this::playOne);
                    }
                });
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
                    threads.play(matches, Set.copyOf(finished), results, written.andThen(record -> {
                        synchronized (records) {
                            records.add(record);
                            finished.add(record.match());
                        }
                    }), this::playOne);
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
                    || !record.tournament().equals(tournament.name()) || !opensAsScheduled(record, spec)) {
                throw mismatch(record);
            }
        }
        return indices;
    }

    /**
     * Whether a record's opening is the one its match is given: none without openings, otherwise one
     * that begins with the match's line (its random plies are known once played).
     */
    private boolean opensAsScheduled(MatchRecord record, MatchSpec spec) {
        if (tournament.openings().isNone() || spec.bye()) {
            return record.opening().isEmpty();
        }
        List<String> line = tournament.openings().forGroup(spec.game(), spec.group()).line();
        return (record.opening() + " ").startsWith(line.isEmpty() ? "" : String.join(" ", line) + " ");
    }

    /**
     * A match's opening as the results hold it: its first actions up to the last one the opening
     * forced, separated by spaces; "" without one.
     */
    public static String openingText(List<ActionRecord> actions) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < actions.size() && actions.get(i).opening(); i++) {
            text.append(i == 0 ? "" : " ").append(actions.get(i).notation());
        }
        return text.toString();
    }

    private IllegalArgumentException mismatch(MatchRecord record) {
        return new IllegalArgumentException("the results hold match " + record.match()
                + " unlike the one these settings schedule; they belong to another tournament");
    }

    /** What fixes a match of a tournament besides its rules and bots: its seeds, clock and opening. */
    static MatchSettings settings(Tournament tournament, MatchSpec spec) {
        return new MatchSettings(spec.matchSeed(), spec.dealSeed(), tournament.timeControl(),
                MatchSettings.DEFAULT_ACTION_LIMIT, tournament.openings().forGroup(spec.game(), spec.group()));
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
        MatchSettings settings = settings(tournament, spec);
        MatchListener listener = observer.listener(spec, matchRules);
        MatchResult result = Matches.play(matchRules, bots, labels, contestants, settings, listener);
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
                spec.variant(), seatResults, result.termination(), result.moves(), spec.matchSeed(),
                settings.opening().isNone() ? "" : openingText(result.actions()));
        observer.played(spec, listener, record);
        return record;
    }
}
