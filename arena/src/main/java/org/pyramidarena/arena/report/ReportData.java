package org.pyramidarena.arena.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.replay.ReplayFiles;
import org.pyramidarena.arena.tournament.FaultsFile;
import org.pyramidarena.arena.tournament.Tournament;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.TerminationReason;
import org.pyramidarena.tournaments.io.ResultsCsv;
import org.pyramidarena.tournaments.io.StandingsCsv;
import org.pyramidarena.tournaments.ratings.Rating;
import org.pyramidarena.tournaments.ratings.RatingOptions;
import org.pyramidarena.tournaments.ratings.RatingTable;
import org.pyramidarena.tournaments.ratings.Standings;
import org.pyramidarena.tournaments.stats.Balance;
import org.pyramidarena.tournaments.stats.BalanceGroup;
import org.pyramidarena.tournaments.stats.Crosstable;

/**
 * What the report shows: the matches' tally (see {@link ReportTally}) from a run or from
 * {@code results.csv}, the Elo standings of {@code standings.csv} (computed from the results when the
 * file is missing), the replays present, and the settings when {@code settings.json} is there.
 */
final class ReportData {
    /** The game id of a bye's row in results.csv. */
    static final String BYE = "bye";

    /** The matches, byes left out, in results order; null when there are more than the report lists. */
    final List<MatchRecord> matches;
    final int matchCount;
    final int listedMatchLimit;
    final List<String> bots;
    final int byes;
    final List<String> tournaments;
    final JsonNode settings;
    final List<StandingsTable> standings;
    final boolean standingsComputed;
    final Balance balance;
    final List<Crosstable> crosstables;
    /** Per game, variant and player count: the moves of each match, in results order. */
    final Map<BalanceGroup, long[]> lengthsByGroup;
    /** Per group, its matches in results order; empty when there are more than the report lists. */
    final Map<BalanceGroup, List<MatchRecord>> matchesByGroup;
    final Map<String, Map<TerminationReason, Long>> faultsByBot;
    final Set<String> replayFiles;
    /** Every seat's fault with the referee's reason and detail, from faults.csv; none in runs without one. */
    final List<FaultsFile.Fault> faultList;

    /**
     * One standings table.
     *
     * @param label the game id, or {@link Standings#OVERALL}
     * @param ratings its rows, best first; errors NaN when the standings had none
     */
    record StandingsTable(String label, List<Rating> ratings) {
    }

    /**
     * @param folder the tournament folder
     * @param tally its results added up
     * @param records its results as read, byes included, or null when they were not read (then
     *     they are read here if the standings must be computed)
     */
    private ReportData(Path folder, ReportTally tally, List<MatchRecord> records) throws IOException {
        matches = tally.listedMatches();
        matchCount = tally.matchCount();
        listedMatchLimit = tally.listedMatchLimit();
        bots = tally.bots();
        byes = tally.byes();
        tournaments = tally.tournaments();
        settings = readSettings(folder.resolve(RunFolder.SETTINGS));
        Path standingsFile = folder.resolve(RunFolder.STANDINGS);
        standingsComputed = !Files.isRegularFile(standingsFile);
        if (standingsComputed) {
            List<MatchRecord> all = records != null ? records : ResultsCsv.read(folder.resolve(RunFolder.RESULTS));
            standings = computeStandings(all.stream().filter(r -> !r.game().equals(BYE)).toList(), settings);
        } else {
            standings = readStandings(standingsFile);
        }
        balance = tally.balance();
        crosstables = tally.crosstables();
        lengthsByGroup = new LinkedHashMap<>();
        matchesByGroup = new LinkedHashMap<>();
        for (BalanceGroup group : balance.groups()) {
            lengthsByGroup.put(group, tally.lengths(group));
            if (matches != null) {
                matchesByGroup.put(group, matches.stream().filter(r -> r.game().equals(group.game())
                        && r.variant().equals(group.variant()) && r.players() == group.players()).toList());
            }
        }
        faultsByBot = tally.faultsByBot();
        replayFiles = replayFiles(folder.resolve(RunFolder.REPLAYS));
        faultList = FaultsFile.read(folder.resolve(RunFolder.FAULTS));
    }

    /**
     * Reads a tournament folder.
     *
     * @throws IllegalArgumentException when there is no results.csv, or it or standings.csv is not valid
     * @throws IOException when the folder cannot be read
     */
    static ReportData read(Path folder) throws IOException {
        Path results = folder.resolve(RunFolder.RESULTS);
        if (!Files.isRegularFile(results)) {
            throw new IllegalArgumentException("no " + RunFolder.RESULTS + " in " + folder);
        }
        List<MatchRecord> all = ResultsCsv.read(results);
        ReportTally tally = new ReportTally();
        all.forEach(tally::add);
        return new ReportData(folder, tally, all);
    }

    /**
     * A run's folder with the tally of its results, which it added up as it played them: nothing is
     * read back but the small files (settings, standings, faults, the replays' names).
     *
     * @throws IllegalArgumentException when the folder has no results.csv, or standings.csv is not valid
     * @throws IOException when the folder cannot be read
     */
    static ReportData of(Path folder, ReportTally tally) throws IOException {
        if (!Files.isRegularFile(folder.resolve(RunFolder.RESULTS))) {
            throw new IllegalArgumentException("no " + RunFolder.RESULTS + " in " + folder);
        }
        return new ReportData(folder, tally, null);
    }

    /** The replay of a match in the replays folder (name only), or null when it has none. */
    String replayOf(MatchRecord match) {
        String compressed = RunFolder.replayName(match.match());
        if (replayFiles.contains(compressed)) {
            return compressed;
        }
        String plain = compressed.substring(0, compressed.length() - ".gz".length());
        return replayFiles.contains(plain) ? plain : null;
    }

    /** The standings table with this label, or null. */
    StandingsTable standings(String label) {
        return standings.stream().filter(t -> t.label().equals(label)).findFirst().orElse(null);
    }

    private static JsonNode readSettings(Path file) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return new ObjectMapper().readTree(file.toFile());
        } catch (IOException notJson) {
            return null;
        }
    }

    /** The standings the tournament would have written: 95% bootstrap errors seeded from its master seed. */
    private static List<StandingsTable> computeStandings(List<MatchRecord> matches, JsonNode settings) {
        RatingOptions options = RatingOptions.defaults().withBootstrap(RatingOptions.defaults().bootstrapSamples(),
                Tournament.bootstrapSeed(masterSeed(settings)));
        List<StandingsTable> tables = new ArrayList<>();
        for (RatingTable table : Standings.compute(matches, options).tables()) {
            tables.add(new StandingsTable(table.label(), table.ratings()));
        }
        return tables;
    }

    /** The master seed a settings file names (a number or a secret seed's hex digits), 1 when none. */
    private static MasterSeed masterSeed(JsonNode settings) {
        JsonNode seed = settings == null ? null : settings.get("seed");
        if (seed != null && (seed.isIntegralNumber() || seed.isTextual())) {
            try {
                return MasterSeed.parse(seed.asText());
            } catch (IllegalArgumentException notASeed) {
                // the default below, as for a folder without settings
            }
        }
        return MasterSeed.of(Tournament.DEFAULT_SEED);
    }

    private static List<StandingsTable> readStandings(Path file) throws IOException {
        List<StandingsTable> list = new ArrayList<>();
        StandingsCsv.read(file).forEach((label, rows) -> list.add(new StandingsTable(label, rows)));
        return list;
    }

    private static Set<String> replayFiles(Path folder) throws IOException {
        Set<String> names = new HashSet<>();
        if (Files.isDirectory(folder)) {
            try (Stream<Path> files = Files.list(folder)) {
                files.map(p -> p.getFileName().toString()).filter(ReplayFiles::isReplayName).forEach(names::add);
            }
        }
        return names;
    }
}
