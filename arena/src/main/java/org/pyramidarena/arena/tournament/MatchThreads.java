package org.pyramidarena.arena.tournament;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Rules;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.pairing.MatchSpec;

/**
 * The match threads of a {@link TournamentRunner}: plays a list of matches at most {@code
 * concurrency} at once, started in schedule order, each written to the results by the thread that
 * played it as it finishes ({@link ResultsFile} puts them in match order). The rules of each game,
 * player count and variant are made once and shared by every thread (rules are immutable), and
 * each thread keeps those of its last match, so a run of one game looks them up once.
 */
final class MatchThreads {

    /** Plays one match. */
    @FunctionalInterface
    interface Match {
        /**
         * Plays a match that is no bye.
         *
         * @param rules the rules of its game, player count and variant
         * @return its record, to be written to the results
         */
        MatchRecord play(MatchSpec spec, Rules<?, ?> rules) throws IOException;
    }

    private final String tournament;
    private final int concurrency;
    private final Map<RulesKey, Rules<?, ?>> rules = new ConcurrentHashMap<>();

    /**
     * @param tournament the tournament's name, which a bye's record carries
     * @param concurrency matches at once, at most
     */
    MatchThreads(String tournament, int concurrency) {
        this.tournament = tournament;
        this.concurrency = concurrency;
    }

    /** The rules of a game, player count and variant, made once and shared (rules are immutable). */
    private record RulesKey(String game, int players, String variant) {
    }

    /**
     * A match thread's rules of its last match: a schedule plays runs of one game, whose rules it
     * looks up once a run.
     */
    private final class LastRules {
        private String game;
        private String variant;
        private int players;
        private Rules<?, ?> last;

        Rules<?, ?> of(MatchSpec spec) {
            if (last == null || players != spec.players() || !game.equals(spec.game())
                    || !variant.equals(spec.variant())) {
                last = rules.computeIfAbsent(new RulesKey(spec.game(), spec.players(), spec.variant()),
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
     * @param finished the indices of the matches already in the results, skipped
     * @param written hears of each match appended to the results (see {@link ResultsFile#append}),
     *     from the match threads at once: it must be thread-safe
     * @param match plays each match that is no bye; a bye's record is made here
     */
    void play(List<MatchSpec> matches, Set<Integer> finished, ResultsFile results, Consumer<MatchRecord> written,
              Match match) throws IOException, InterruptedException {
        int threadCount = Math.max(1, Math.min(concurrency, matches.size()));
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
        List<Thread> threads = new ArrayList<>(threadCount);
        for (int t = 0; t < threadCount; t++) {
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
                        record = spec.bye() ? spec.byeRecord(tournament) : match.play(spec, last.of(spec));
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
}
