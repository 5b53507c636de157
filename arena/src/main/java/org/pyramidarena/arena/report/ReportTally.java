package org.pyramidarena.arena.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.TerminationReason;
import org.pyramidarena.tournaments.ratings.Standings;
import org.pyramidarena.tournaments.stats.Balance;
import org.pyramidarena.tournaments.stats.BalanceGroup;
import org.pyramidarena.tournaments.stats.Crosstable;

/**
 * What a tournament's report adds up from its matches, given one at a time in the order of
 * {@code results.csv} (byes included): the balance statistics, the crosstables, the game lengths,
 * the faults by bot, and the matches themselves while there are at most {@link #LISTED_MATCHES}.
 * A run hands each match over as it adds up its standings, so its report reads nothing back; a
 * folder's {@code results.csv} read and added up gives the same tally, hence the same page.
 *
 * <p>Not thread-safe: one thread adds (a run hands its matches on in order, one at a time).
 */
public final class ReportTally {
    /**
     * The most matches the report lists one by one. A run of more gets the list's summary and a link
     * to {@code results.csv} instead: 20,000 rows are a page of some 7 MB that a browser still opens
     * (a row with replay links is about 0.35 kB); the 200,000 of a balance question would be 43 MB,
     * and rendering them the larger part of the run's end.
     */
    public static final int LISTED_MATCHES = 20_000;

    private final int listedMatches;
    private final Set<String> tournaments = new LinkedHashSet<>();
    private final Set<String> bots = new LinkedHashSet<>();
    private final Balance.Builder balance = new Balance.Builder();
    /** The crosstable of each game; the overall one is their sum, so each match is added once. */
    private final Map<String, Crosstable.Builder> byGame = new HashMap<>();
    /** Per game, variant and player count, in the order first met: the moves of each match. */
    private final Map<GroupKey, Lengths> lengths = new LinkedHashMap<>();
    private final Map<String, Map<TerminationReason, Long>> faultsByBot = new TreeMap<>();
    private List<MatchRecord> matches = new ArrayList<>();
    private int matchCount;
    private int byes;
    /** The group of the last match: a run's matches come in runs of one game. */
    private GroupKey lastKey;
    private Lengths lastLengths;
    private Crosstable.Builder lastCrosstable;

    /** A tally that lists up to {@link #LISTED_MATCHES} matches. */
    public ReportTally() {
        this(LISTED_MATCHES);
    }

    /** A tally that lists up to {@code listedMatches} matches (tests use a few). */
    ReportTally(int listedMatches) {
        this.listedMatches = listedMatches;
    }

    /** Adds one match (or bye), in the order of the results file. */
    public void add(MatchRecord record) {
        tournaments.add(record.tournament());
        if (record.game().equals(ReportData.BYE)) {
            byes++;
            return;
        }
        matchCount++;
        if (matches != null) {
            if (matches.size() < listedMatches) {
                matches.add(record);
            } else {
                matches = null;
            }
        }
        List<SeatResult> seats = record.seats();
        for (SeatResult seat : seats) {
            bots.add(seat.bot());
            if (seat.termination().isFault()) {
                faultsByBot.computeIfAbsent(seat.bot(), b -> new EnumMap<>(TerminationReason.class))
                        .merge(seat.termination(), 1L, Long::sum);
            }
        }
        balance.add(record);
        if (lastKey == null || !lastKey.matches(record)) {
            lastKey = new GroupKey(record.game(), record.variant(), record.players());
            lastLengths = lengths.computeIfAbsent(lastKey, k -> new Lengths());
            lastCrosstable = byGame.computeIfAbsent(record.game(), Crosstable.Builder::new);
        }
        lastCrosstable.add(record);
        lastLengths.add(record.moves());
    }

    int matchCount() {
        return matchCount;
    }

    int byes() {
        return byes;
    }

    List<String> tournaments() {
        return List.copyOf(tournaments);
    }

    /** Every bot that held a seat, in name order. */
    List<String> bots() {
        return bots.stream().sorted().toList();
    }

    Balance balance() {
        return balance.build();
    }

    /** Overall, then per game in game id order. */
    List<Crosstable> crosstables() {
        Crosstable.Builder overall = new Crosstable.Builder(Standings.OVERALL);
        byGame.values().forEach(overall::addAll);
        List<Crosstable> tables = new ArrayList<>();
        tables.add(overall.build());
        new TreeMap<>(byGame).forEach((game, builder) -> tables.add(builder.build()));
        return tables;
    }

    /** The moves of each match of the group, in results order. */
    long[] lengths(BalanceGroup group) {
        Lengths of = lengths.get(new GroupKey(group.game(), group.variant(), group.players()));
        return of == null ? new long[0] : Arrays.copyOf(of.moves, of.size);
    }

    /** Per bot that faulted, in name order, its faults by reason. */
    Map<String, Map<TerminationReason, Long>> faultsByBot() {
        return faultsByBot;
    }

    /** The matches in results order, or null when there are more than this tally lists. */
    List<MatchRecord> listedMatches() {
        return matches == null ? null : List.copyOf(matches);
    }

    int listedMatchLimit() {
        return listedMatches;
    }

    private record GroupKey(String game, String variant, int players) {
        boolean matches(MatchRecord record) {
            return players == record.players() && game.equals(record.game()) && variant.equals(record.variant());
        }
    }

    /** A growing array of match lengths. */
    private static final class Lengths {
        long[] moves = new long[64];
        int size;

        void add(long length) {
            if (size == moves.length) {
                moves = Arrays.copyOf(moves, 2 * size);
            }
            moves[size++] = length;
        }
    }
}
