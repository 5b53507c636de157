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
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.replay.ReplayFiles;
import org.pyramidarena.arena.replay.Replays;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.TerminationReason;
import org.pyramidarena.tournaments.io.BalanceCsv;
import org.pyramidarena.tournaments.io.StandingsCsv;
import org.pyramidarena.tournaments.ratings.RatingOptions;
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

    /** The settings file written beside the results. */
    public static final String SETTINGS_FILE = "settings.json";
    /** The results file. */
    public static final String RESULTS_FILE = "results.csv";
    /** The points table written at the end. */
    public static final String POINTS_FILE = "points.txt";
    /** The Elo standings written at the end. */
    public static final String STANDINGS_FILE = "standings.csv";
    /** The balance statistics written at the end. */
    public static final String BALANCE_FILE = "balance.csv";
    /** The folder of the replays. */
    public static final String REPLAYS_FOLDER = "replays";

    private static final Logger LOG = LoggerFactory.getLogger(TournamentRunner.class);

    private final Tournament tournament;
    private final ContestantFactory contestants;
    private final Progress progress;
    private final Map<String, String> botsByEntrant;
    private final Map<MatchSpecKey, Rules<?, ?>> rules = new ConcurrentHashMap<>();
    private final RatingOptions ratingOptions;
    private Path replays;
    private volatile FaultsFile faultsFile;

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
    public record Summary(int total, int resumed, int played, Standings points,
                          org.pyramidarena.tournaments.ratings.Standings ratings, Balance balance, int faults,
                          Path results, List<FaultsFile.Fault> faultList) {
    }

    /** The file name of a match's replay in the replays folder. */
    public static String replayName(int match) {
        return String.format(java.util.Locale.ROOT, "match-%06d.replay.json.gz", match);
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
        Path settingsFile = out.resolve(SETTINGS_FILE);
        Path resultsPath = out.resolve(RESULTS_FILE);
        boolean olderSettings = Files.exists(settingsFile) && isVersion1(settingsFile);
        if (olderSettings && hasRows(resultsPath)) {
            throw new IllegalArgumentException(out + " holds a run begun by an older arena (settings version "
                    + TournamentSettings.VERSION_1 + "), whose seeds were derived otherwise: its results cannot be "
                    + "continued; play it again into a new folder with --config " + settingsFile);
        }
        if (!Files.exists(settingsFile) || olderSettings) {
            tournament.settings().write(settingsFile);
        }
        replays = tournament.replays().equals("none") ? null : Files.createDirectories(out.resolve(REPLAYS_FOLDER));
        ResultsFile.Opened opened = ResultsFile.open(resultsPath);
        int resumed = opened.records().size();
        AtomicInteger done = new AtomicInteger(resumed);
        int total;
        // Each match is added up, in match order, while the matches are played (see
        // ResultsFile.handInOrder): the end of the run keeps no records and reads nothing back.
        Standings points = points();
        org.pyramidarena.tournaments.ratings.Standings.Builder ratingsBuilder =
                new org.pyramidarena.tournaments.ratings.Standings.Builder(ratingOptions);
        Balance.Builder balanceBuilder = new Balance.Builder();
        int[] faults = new int[1];
        Path faultsPath = out.resolve(FaultsFile.NAME);
        try (ResultsFile results = opened.file(); FaultsFile faultsFile = FaultsFile.open(faultsPath)) {
            this.faultsFile = faultsFile;
            results.handInOrder(opened.records(), record -> {
                points.add(record);
                ratingsBuilder.add(record);
                balanceBuilder.add(record);
                faults[0] += record.termination().isFault() ? 1 : 0;
            });
            PairingStrategy strategy = tournament.strategy();
            PairingSetup setup = tournament.pairingSetup();
            Consumer<MatchRecord> written = record -> progress.update(done.incrementAndGet());
            if (strategy instanceof FixedSchedule fixed) {
                // The whole schedule is known: play it at once, keeping no records in memory. A long
                // schedule makes its matches as they are asked for, so it is walked, never copied.
                List<MatchSpec> schedule = fixed.schedule(setup);
                total = schedule.size();
                Set<Integer> finished = check(opened.records(), schedule);
                opened = null; // the resumed records have been handed on
                progress.start(total, resumed);
                play(schedule, finished, results, written);
            } else {
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
        progress.finish(done.get());
        Files.writeString(out.resolve(POINTS_FILE), points.render());
        org.pyramidarena.tournaments.ratings.Standings ratings = ratingsBuilder.build();
        StandingsCsv.write(ratings, out.resolve(STANDINGS_FILE));
        Balance balance = balanceBuilder.build();
        BalanceCsv.write(balance, out.resolve(BALANCE_FILE));
        return new Summary(total, resumed, done.get() - resumed, points, ratings, balance, faults[0], resultsPath,
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
    private Standings points() {
        int seats = tournament.games().get(0).players();
        return new Standings(tournament.entrants().stream().map(Entrant::name).toList(), tournament.games(),
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

    /**
     * Plays matches, at most {@code concurrency} at once, started in schedule order; writes each as
     * it finishes. A bot process is never in two matches at once: every seat gets a process of its own.
     *
     * @param written hears of each match appended to the results (see {@link ResultsFile#append}),
     *     from the match threads at once: it must be thread-safe
     */
    private void play(List<MatchSpec> matches, Set<Integer> finished, ResultsFile results,
                      Consumer<MatchRecord> written) throws IOException, InterruptedException {
        int concurrency = Math.max(1, tournament.concurrency());
        boolean anyToPlay = false;
        for (MatchSpec spec : matches) {
            if (finished.contains(spec.index())) {
                continue;
            }
            if (spec.bye()) {
                MatchRecord bye = spec.byeRecord(tournament.name());
                results.append(bye);
                written.accept(bye);
            } else {
                anyToPlay = true;
            }
        }
        if (!anyToPlay) {
            return;
        }
        // Each match thread takes the next match itself (a position in the schedule, so that the
        // match is made, and skipped when done, outside any lock) and writes its result itself: no
        // hand-off through another thread per match, which cost more than a short match of random bots.
        AtomicInteger position = new AtomicInteger();
        AtomicReference<Exception> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>(concurrency);
        for (int t = 0; t < concurrency; t++) {
            Thread thread = new Thread(() -> {
                while (failure.get() == null) {
                    int next = position.getAndIncrement();
                    if (next >= matches.size()) {
                        return;
                    }
                    MatchSpec spec = matches.get(next);
                    if (spec.bye() || finished.contains(spec.index())) {
                        continue;
                    }
                    MatchRecord record;
                    String rows;
                    try {
                        record = playOne(spec);
                        rows = ResultsFile.rows(record);
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
    private MatchRecord playOne(MatchSpec spec) throws IOException {
        Rules<?, ?> matchRules = rules.computeIfAbsent(new MatchSpecKey(spec.game(), spec.players(), spec.variant()),
                k -> Games.byId(k.game()).rules(new GameSetup(k.players(), k.variant())));
        List<String> bots = spec.bots().stream().map(botsByEntrant::get).toList();
        List<String> labels = new ArrayList<>(spec.players());
        for (int seat = 0; seat < spec.players(); seat++) {
            labels.add(spec.bots().get(seat) + "@m" + spec.index() + "s" + seat);
        }
        MatchSettings settings = new MatchSettings(spec.matchSeed(), spec.dealSeed(), tournament.timeControl(),
                MatchSettings.DEFAULT_ACTION_LIMIT);
        MatchResult result = Matches.play(matchRules, bots, labels, contestants, settings);
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
        // Before the results: a match in the results always has its faults on file.
        faultsFile.append(seatFaults);
        boolean fault = result.termination().isFault()
                || result.seatTerminations().stream().anyMatch(TerminationReason::isFault);
        if (replays != null && (tournament.replays().equals("all") || fault)) {
            List<String> jars = bots.stream().map(contestants::jarSha256).toList();
            Path file = replays.resolve(replayName(spec.index()));
            Path temporary = replays.resolve(".partial-" + replayName(spec.index()));
            List<Map<String, Object>> options = bots.stream().map(contestants::options).toList();
            ReplayFiles.write(temporary, Replays.of(matchRules, spec.bots(), jars, options, tournament.seed(), settings,
                    result, tournament.sandbox()));
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        return new MatchRecord(tournament.name(), spec.round(), spec.index(), spec.game(), spec.variant(),
                seatResults, result.termination(), result.moves(), spec.matchSeed());
    }
}
