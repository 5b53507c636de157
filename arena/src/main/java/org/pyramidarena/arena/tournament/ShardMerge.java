package org.pyramidarena.arena.tournament;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.replay.ReplayFiles;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.pairing.FixedSchedule;
import org.pyramidarena.tournaments.pairing.MatchSpec;
import org.pyramidarena.tournaments.pairing.PairingSetup;
import org.pyramidarena.tournaments.pairing.PairingStrategy;
import org.pyramidarena.tournaments.pairing.Round;

/**
 * Joins the shards of one run into the folder one machine would have written: checks that the
 * shards are those of one run (the same settings' hash, each shard once, none missing) and that
 * every match of the run is in exactly one of them, then writes {@code results.csv},
 * {@code faults.csv}, the replays and, through the same {@link TournamentRunner} a single run ends
 * with, {@code points.txt}, {@code standings.csv} and {@code balance.csv}. No bot is loaded and no
 * match is played.
 */
public final class ShardMerge {

    /** How many problems a refusal lists before it says how many more there are. */
    static final int PROBLEMS_SHOWN = 40;

    private ShardMerge() {
    }

    /**
     * Merges shards into a new folder.
     *
     * @param out the folder to write, which must not hold results yet
     * @param folders the shards' folders, each {@code shard-K-of-N} of one run, in any order
     * @return what the merged run holds
     * @throws IllegalArgumentException listing, one line each, what keeps the shards from being one
     *     run: a folder that is no shard, other settings, a shard missing or given twice, a match
     *     missing or in two shards
     */
    public static TournamentRunner.Summary merge(Path out, List<Path> folders) throws IOException, InterruptedException {
        if (folders.isEmpty()) {
            throw new IllegalArgumentException("merge needs the shards' folders");
        }
        if (Files.exists(out.resolve(RunFolder.RESULTS))) {
            throw new IllegalArgumentException(out + " already holds results; merge into a new folder");
        }
        List<ShardFile> shards = new ArrayList<>();
        for (Path folder : folders) {
            shards.add(ShardFile.read(folder));
        }
        ShardFile first = shards.get(0);
        List<String> problems = new ArrayList<>();
        Map<Integer, Path> byIndex = new TreeMap<>();
        for (int i = 0; i < shards.size(); i++) {
            ShardFile shard = shards.get(i);
            if (!shard.settingsHash().equals(first.settingsHash()) || !shard.kind().equals(first.kind())
                    || shard.shards() != first.shards()) {
                problems.add(folders.get(i) + " is shard " + shard.place() + " of another run than " + folders.get(0)
                        + " (other settings)");
                continue;
            }
            Path earlier = byIndex.putIfAbsent(shard.shard(), folders.get(i));
            if (earlier != null) {
                problems.add("shard " + shard.place() + " is given twice: " + earlier + " and " + folders.get(i));
            }
        }
        for (int index = 0; index < first.shards(); index++) {
            if (problems.isEmpty() && !byIndex.containsKey(index)) {
                problems.add("shard " + new Shard(index, first.shards()) + " is missing");
            }
        }
        refuse(problems);

        TournamentSettings settings = TournamentSettings.read(folders.get(0).resolve(RunFolder.SETTINGS));
        ContestantFactory recorded = first.recordedBots();
        Tournament tournament = Tournament.resolve(settings, recorded);
        if (!ShardFile.settingsHash(tournament.settings()).equals(first.settingsHash())) {
            throw new IllegalArgumentException(folders.get(0) + ": its settings.json does not match its "
                    + RunFolder.SHARD + " (edited since the run?)");
        }

        // Every record once, and for each match index the shard that holds it (plus one; 0 for none):
        // a million matches are an array of ints, not a map of boxed keys.
        List<MatchRecord> records = new ArrayList<>();
        int[] holder = new int[1024];
        List<FaultsFile.Fault> faults = new ArrayList<>();
        for (Map.Entry<Integer, Path> shard : byIndex.entrySet()) {
            Path results = shard.getValue().resolve(RunFolder.RESULTS);
            if (!Files.exists(results)) {
                problems.add("shard " + new Shard(shard.getKey(), first.shards()) + " has no results yet ("
                        + results + ")");
                continue;
            }
            for (MatchRecord record : ResultsFile.read(results)) {
                int match = record.match();
                if (match >= holder.length) {
                    holder = Arrays.copyOf(holder, Math.max(match + 1, 2 * holder.length));
                }
                if (holder[match] != 0) {
                    problems.add("match " + match + " is in shard " + new Shard(holder[match] - 1, first.shards())
                            + " and in shard " + new Shard(shard.getKey(), first.shards()));
                } else {
                    holder[match] = shard.getKey() + 1;
                    records.add(record);
                }
            }
            Path faultsFile = shard.getValue().resolve(RunFolder.FAULTS);
            if (Files.exists(faultsFile)) {
                faults.addAll(FaultsFile.read(faultsFile));
            }
        }
        refuse(problems);
        records.sort(Comparator.comparingInt(MatchRecord::match));
        BitSet present = new BitSet(holder.length);
        records.forEach(record -> present.set(record.match()));
        problems.addAll(missing(tournament, records, present, first.shards()));
        refuse(problems);

        Files.createDirectories(out);
        writeSorted(out.resolve(RunFolder.RESULTS), records);
        records = null; // the runner reads them back from the file: only one copy is held at a time
        try (FaultsFile merged = FaultsFile.open(out.resolve(RunFolder.FAULTS))) {
            merged.append(faults.stream().filter(f -> present.get(f.match())).toList());
            merged.finish();
        }
        copyReplays(byIndex.values(), out.resolve(RunFolder.REPLAYS));
        return new TournamentRunner(tournament, recorded, Progress.NONE, first.ratings())
                .run(out, tournament.concurrency());
    }

    /**
     * Writes a results file of records sorted by match, as a finished run's file is (its header, then
     * each match's rows), through one buffer.
     */
    private static void writeSorted(Path file, List<MatchRecord> records) throws IOException {
        try (Writer writer = new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8), 1 << 16)) {
            writer.write(String.join(",", ResultsFile.COLUMNS) + "\n");
            for (MatchRecord record : records) {
                writer.write(ResultsFile.rows(record));
            }
        }
    }

    /**
     * The matches of the run that no shard holds, one line each, naming the shard that should:
     * every index of a fixed schedule; for a Swiss tournament, the first round not complete, paired
     * from the rounds before it as every shard paired it.
     */
    private static List<String> missing(Tournament tournament, List<MatchRecord> records, BitSet present,
                                        int shards) {
        List<String> problems = new ArrayList<>();
        PairingStrategy strategy = tournament.strategy();
        PairingSetup setup = tournament.pairingSetup();
        List<MatchSpec> expected;
        if (strategy instanceof FixedSchedule fixed) {
            expected = fixed.schedule(setup);
            BitSet scheduled = new BitSet(expected.size());
            expected.forEach(m -> scheduled.set(m.index()));
            for (int index = present.nextSetBit(0); index >= 0; index = present.nextSetBit(index + 1)) {
                if (!scheduled.get(index)) {
                    problems.add("match " + index + " is not in the run's schedule");
                }
            }
        } else {
            Optional<Round> round = strategy.nextRound(setup, records);
            expected = round.map(Round::matches).orElse(List.of());
        }
        int[] dealt = Shard.deal(expected, shards);
        for (int i = 0; i < dealt.length; i++) {
            MatchSpec match = expected.get(i);
            if (!present.get(match.index())) {
                problems.add("match " + match.index() + (match.round() > 0 ? " (round " + match.round() + ")" : "")
                        + " is missing: shard " + new Shard(dealt[i], shards) + " has not played it");
            }
        }
        return problems;
    }

    private static void refuse(List<String> problems) {
        if (problems.isEmpty()) {
            return;
        }
        StringBuilder text = new StringBuilder("the shards are not one whole run:");
        problems.stream().limit(PROBLEMS_SHOWN).forEach(line -> text.append(System.lineSeparator()).append("  ")
                .append(line));
        if (problems.size() > PROBLEMS_SHOWN) {
            text.append(System.lineSeparator()).append("  ... and ").append(problems.size() - PROBLEMS_SHOWN)
                    .append(" more");
        }
        throw new IllegalArgumentException(text.toString());
    }

    /** Copies every shard's replays into the merged folder (their names are the run's match numbers). */
    private static void copyReplays(Iterable<Path> shards, Path replays) throws IOException {
        for (Path shard : shards) {
            Path folder = shard.resolve(RunFolder.REPLAYS);
            if (!Files.isDirectory(folder)) {
                continue;
            }
            Files.createDirectories(replays);
            try (Stream<Path> files = Files.list(folder)) {
                for (Path file : files.filter(f -> ReplayFiles.isReplayName(f.getFileName().toString())
                        && !f.getFileName().toString().startsWith(".")).toList()) {
                    Files.copy(file, replays.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
