package org.pyramidarena.arena.tournament;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.match.Contestant;
import org.pyramidarena.arena.match.MatchListener;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchRunner;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
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
    /** The standings file written at the end. */
    public static final String STANDINGS_FILE = "standings.txt";

    private static final Logger LOG = LoggerFactory.getLogger(TournamentRunner.class);

    private final Tournament tournament;
    private final ContestantFactory contestants;
    private final Progress progress;
    private final Map<String, String> botsByEntrant;
    private final Map<MatchSpecKey, Rules<?, ?>> rules = new ConcurrentHashMap<>();

    /**
     * @param tournament the resolved tournament
     * @param contestants makes each seat's contestant
     * @param progress hears of each finished match
     */
    public TournamentRunner(Tournament tournament, ContestantFactory contestants, Progress progress) {
        this.tournament = tournament;
        this.contestants = contestants;
        this.progress = progress;
        this.botsByEntrant = tournament.botsByEntrant();
    }

    /** What a run did. */
    public record Summary(int total, int resumed, int played, Standings standings, Path results) {
    }

    /**
     * Plays the tournament into a folder (created if missing), or the rest of it when the folder
     * already holds part of its results.
     *
     * @param out the output folder: {@code settings.json}, {@code results.csv}, {@code standings.txt}
     * @param concurrency matches at once, at least 1
     * @throws IllegalArgumentException when the results in the folder do not belong to this tournament
     */
    public Summary run(Path out, int concurrency) throws IOException, InterruptedException {
        Files.createDirectories(out);
        Path settingsFile = out.resolve(SETTINGS_FILE);
        if (!Files.exists(settingsFile)) {
            tournament.settings().write(settingsFile);
        }
        Path resultsPath = out.resolve(RESULTS_FILE);
        ResultsFile.Opened opened = ResultsFile.open(resultsPath);
        int resumed = opened.records().size();
        AtomicInteger done = new AtomicInteger(resumed);
        int total;
        try (ResultsFile results = opened.file()) {
            PairingStrategy strategy = tournament.strategy();
            PairingSetup setup = tournament.pairingSetup();
            Consumer<MatchRecord> written = record -> progress.update(done.incrementAndGet());
            if (strategy instanceof FixedSchedule fixed) {
                // The whole schedule is known: play it at once, keeping no records in memory.
                List<MatchSpec> schedule = fixed.schedule(setup);
                total = schedule.size();
                Set<Integer> finished = check(opened.records(), schedule);
                progress.start(total, resumed);
                play(schedule.stream().filter(m -> !finished.contains(m.index())).toList(), results, written);
            } else {
                List<MatchRecord> records = new ArrayList<>(opened.records());
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
                    List<MatchSpec> pending = matches.stream().filter(m -> !finished.contains(m.index())).toList();
                    if (pending.isEmpty()) {
                        throw new IllegalStateException("the pairing repeated round " + round.get().number());
                    }
                    play(pending, results, written.andThen(record -> {
                        records.add(record);
                        finished.add(record.match());
                    }));
                }
                total = records.size();
            }
            results.canonicalize();
        }
        progress.finish(done.get());
        Standings standings = standings(resultsPath);
        Files.writeString(out.resolve(STANDINGS_FILE), standings.render());
        return new Summary(total, resumed, done.get() - resumed, standings, resultsPath);
    }

    /** The standings of a results file, read back row by row. */
    Standings standings(Path resultsPath) throws IOException {
        int seats = tournament.games().get(0).players();
        Standings standings = new Standings(tournament.entrants().stream().map(Entrant::name).toList(),
                tournament.games(), seats * tournament.games().size());
        for (MatchRecord record : ResultsFile.read(resultsPath)) {
            standings.add(record);
        }
        return standings;
    }

    /**
     * Checks that the records on disk are of the matches scheduled at their indices.
     *
     * @return the indices of the records
     */
    private Set<Integer> check(List<MatchRecord> records, List<MatchSpec> schedule) {
        Map<Integer, MatchSpec> byIndex = new HashMap<>();
        schedule.forEach(m -> byIndex.put(m.index(), m));
        Set<Integer> indices = new HashSet<>();
        for (MatchRecord record : records) {
            indices.add(record.match());
            MatchSpec spec = byIndex.get(record.match());
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

    /** The bots a match needs to itself when bots are exclusive. */
    private record MatchSpecKey(String game, int players, String variant) {
    }

    /**
     * Plays matches, at most {@code concurrency} at once, in schedule order as far as exclusive
     * bots allow; writes each as it finishes.
     */
    private void play(List<MatchSpec> matches, ResultsFile results, Consumer<MatchRecord> written)
            throws IOException, InterruptedException {
        int concurrency = Math.max(1, tournament.concurrency());
        Deque<MatchSpec> pending = new ArrayDeque<>();
        for (MatchSpec spec : matches) {
            if (spec.bye()) {
                MatchRecord bye = spec.byeRecord(tournament.name());
                results.append(bye);
                written.accept(bye);
            } else {
                pending.add(spec);
            }
        }
        if (pending.isEmpty()) {
            return;
        }
        AtomicInteger threadNumber = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(concurrency, runnable -> {
            Thread thread = new Thread(runnable, "match-" + threadNumber.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        ExecutorCompletionService<Played> completion = new ExecutorCompletionService<>(pool);
        Set<String> busy = new HashSet<>();
        int running = 0;
        try {
            while (!pending.isEmpty() || running > 0) {
                Iterator<MatchSpec> next = pending.iterator();
                int scanned = 0;
                while (running < concurrency && next.hasNext() && scanned++ < 1000) {
                    MatchSpec spec = next.next();
                    if (contestants.exclusive() && spec.bots().stream().anyMatch(busy::contains)) {
                        continue;
                    }
                    next.remove();
                    if (contestants.exclusive()) {
                        busy.addAll(spec.bots());
                    }
                    completion.submit(() -> new Played(spec, playOne(spec)));
                    running++;
                }
                Played played;
                try {
                    played = completion.take().get();
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    throw new IllegalStateException("a match failed: " + cause, cause);
                }
                running--;
                busy.removeAll(played.spec().bots());
                results.append(played.record());
                written.accept(played.record());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private record Played(MatchSpec spec, MatchRecord record) {
    }

    /** Plays one match on fresh contestants and keeps only its record. */
    private MatchRecord playOne(MatchSpec spec) {
        Rules<?, ?> matchRules = rules.computeIfAbsent(new MatchSpecKey(spec.game(), spec.players(), spec.variant()),
                k -> Games.byId(k.game()).rules(new GameSetup(k.players(), k.variant())));
        List<Contestant> seats = new ArrayList<>(spec.players());
        try {
            for (int seat = 0; seat < spec.players(); seat++) {
                String entrant = spec.bots().get(seat);
                seats.add(contestants.create(botsByEntrant.get(entrant), entrant + "@m" + spec.index() + "s" + seat));
            }
            MatchResult result = MatchRunner.run(matchRules, seats, new MatchSettings(spec.matchSeed(),
                    spec.dealSeed(), tournament.timeControl(), MatchSettings.DEFAULT_ACTION_LIMIT), MatchListener.NONE);
            List<SeatResult> seatResults = new ArrayList<>(spec.players());
            for (int seat = 0; seat < spec.players(); seat++) {
                seatResults.add(new SeatResult(spec.bots().get(seat), result.outcome().rank(seat),
                        result.outcome().score(seat), result.seatTerminations().get(seat),
                        result.seatMicros().get(seat) / 1000));
            }
            if (!result.faultDetail().isEmpty()) {
                LOG.info("match {}: {}: {}", spec.index(), result.termination().label(), result.faultDetail());
            }
            return new MatchRecord(tournament.name(), spec.round(), spec.index(), spec.game(), spec.variant(),
                    seatResults, result.termination(), result.moves(), spec.matchSeed());
        } finally {
            seats.forEach(Contestant::close);
        }
    }
}
