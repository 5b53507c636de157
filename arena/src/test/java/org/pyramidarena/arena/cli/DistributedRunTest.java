package org.pyramidarena.arena.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.tournament.ResultsFile;
import org.pyramidarena.arena.tournament.Shard;

/**
 * A cluster simulated on one machine (issue 25): shards of one run as separate JVMs at the same
 * time against one shared folder, as a Kubernetes Indexed Job or a Slurm array would run them,
 * then {@code arena merge}; the merged folder must hold what the run on one machine writes.
 */
class DistributedRunTest {

    private static final List<String> TIME_COLUMNS = List.of("time_ms", "cpu_ms");

    @TempDir
    Path dir;

    /** A shard as a process of its own: the arena's CLI in a new JVM. */
    private Process start(Path log, List<String> args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), ArenaCommand.class.getName()));
        command.addAll(args);
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /** Runs the shards of a run at once, each in its own JVM, and checks they all ended well. */
    private void runShards(Path run, int shards, List<String> args) throws Exception {
        List<Process> processes = new ArrayList<>();
        for (int k = 0; k < shards; k++) {
            processes.add(start(dir.resolve("shard-" + k + ".log"), shardArgs(args, run, k, shards)));
        }
        for (int k = 0; k < shards; k++) {
            awaitSuccess(processes.get(k), dir.resolve("shard-" + k + ".log"));
        }
    }

    private static List<String> shardArgs(List<String> args, Path run, int k, int shards) {
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of("--out", run.toString(), "--shard", k + "/" + shards));
        return all;
    }

    private static void awaitSuccess(Process process, Path log) throws Exception {
        assertTrue(process.waitFor(3, TimeUnit.MINUTES), "the shard finished");
        assertEquals(0, process.exitValue(), Files.readString(log));
    }

    private List<Path> shardFolders(Path run, int shards) {
        List<Path> folders = new ArrayList<>();
        for (int k = 0; k < shards; k++) {
            folders.add(run.resolve(new Shard(k, shards).folderName()));
        }
        return folders;
    }

    private CliRun merge(Path out, List<Path> shards) {
        List<String> args = new ArrayList<>(List.of("merge", out.toString()));
        shards.forEach(shard -> args.add(shard.toString()));
        return CliRun.of(args.toArray(String[]::new));
    }

    /** The run on one machine, into {@code single}. */
    private Path runSingle(List<String> args) {
        Path single = dir.resolve("single");
        CliRun whole = CliRun.of(Stream.concat(args.stream(), Stream.of("--out", single.toString()))
                .toArray(String[]::new));
        assertEquals(0, whole.status(), whole.err());
        return single;
    }

    /** Merges a run's shards into {@code run/merged} and checks it holds what the single run wrote. */
    private void assertMergedIsSingle(Path run, int shards, Path single, boolean report) throws IOException {
        CliRun merged = merge(run.resolve("merged"), shardFolders(run, shards));
        assertEquals(0, merged.status(), merged.err());
        assertSameRun(single, run.resolve("merged"), report);
    }

    /** A CSV file's rows without the measured time columns. */
    private static List<List<String>> withoutTimes(Path file) throws IOException {
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            List<CSVRecord> records = CSVFormat.RFC4180.parse(reader).getRecords();
            List<Integer> kept = new ArrayList<>();
            for (int i = 0; i < records.get(0).size(); i++) {
                if (!TIME_COLUMNS.contains(records.get(0).get(i))) {
                    kept.add(i);
                }
            }
            return records.stream().map(r -> kept.stream().map(r::get).toList()).toList();
        }
    }

    /** The merged folder holds what the single run wrote: the same bytes, the time columns aside. */
    private static void assertSameRun(Path single, Path merged, boolean report) throws IOException {
        assertEquals(withoutTimes(single.resolve("results.csv")), withoutTimes(merged.resolve("results.csv")));
        for (String file : List.of("standings.csv", "balance.csv", "points.txt", "faults.csv")) {
            assertEquals(Files.readString(single.resolve(file)), Files.readString(merged.resolve(file)), file);
        }
        if (report) {
            assertEquals(Files.readString(single.resolve("report.html")), Files.readString(merged.resolve("report.html")),
                    "report.html");
        }
        assertEquals(replays(single), replays(merged), "the same replays, by name");
    }

    private static List<String> replays(Path folder) throws IOException {
        Path replays = folder.resolve("replays");
        if (!Files.isDirectory(replays)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(replays)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aRoundRobinInThreeShardsMergesToTheSingleMachinesRun() throws Exception {
        List<String> args = List.of("tournament", "--games", "pylon,pyraos,euronimoes:3", "--bot",
                "random,greedy,mcts?iterations=30", "--cycles", "2", "--seed", "5", "--concurrency", "1", "--quiet");
        Path single = runSingle(args);
        Path run = dir.resolve("run");
        runShards(run, 3, args);
        int[] counts = new int[3];
        for (int k = 0; k < 3; k++) {
            counts[k] = ResultsFile.read(run.resolve(new Shard(k, 3).folderName()).resolve("results.csv")).size();
            assertFalse(Files.exists(run.resolve(new Shard(k, 3).folderName()).resolve("standings.csv")),
                    "a shard writes no standings of its own");
        }
        assertTrue(Math.abs(counts[0] - counts[1]) <= 1 && Math.abs(counts[1] - counts[2]) <= 1,
                "the shares are even: " + java.util.Arrays.toString(counts));
        assertMergedIsSingle(run, 3, single, true);
    }

    @Test
    void aGauntletInTwoShardsMergesToTheSingleMachinesRun() throws Exception {
        List<String> args = List.of("tournament", "--format", "gauntlet", "--candidate", "greedy", "--games",
                "pylon,pyrinoes", "--bot", "greedy,random,mcts?iterations=20", "--cycles", "2", "--seed", "8",
                "--concurrency", "1", "--quiet");
        Path single = runSingle(args);
        Path run = dir.resolve("run");
        runShards(run, 2, args);
        assertMergedIsSingle(run, 2, single, true);
    }

    @Test
    void aSwissShardWaitsAtARoundsEndForTheOthersAndTheMergeIsTheSingleRun() throws Exception {
        List<String> args = List.of("tournament", "--format", "swiss", "--rounds", "3", "--games", "pylon", "--bot",
                "random,greedy,mcts?iterations=20,random,greedy", "--seed", "6", "--concurrency", "1", "--quiet");
        Path single = runSingle(args);
        Path run = dir.resolve("run");
        Process first = start(dir.resolve("shard-0.log"), shardArgs(args, run, 0, 2));
        // Shard 0 plays its part of round 1 and then must wait: shard 1 has not even started.
        Path firstLog = dir.resolve("shard-0.log");
        Path firstResults = run.resolve("shard-0-of-2").resolve("results.csv");
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (!Files.readString(firstLog).contains("shard 0/2: waiting for the other shards' part of round 1")) {
            assertTrue(first.isAlive(), Files.readString(firstLog));
            assertTrue(System.nanoTime() < deadline, "shard 0 played its part of round 1");
            Thread.sleep(50);
        }
        assertTrue(first.isAlive(), "shard 0 waits for round 1's other part");
        assertTrue(!ResultsFile.read(firstResults).isEmpty()
                && ResultsFile.read(firstResults).stream().allMatch(r -> r.round() == 1),
                "shard 0 played its part of round 1 and did not pair round 2 before round 1 was whole");
        assertFalse(Files.exists(run.resolve("shard-1-of-2")), "shard 1 had not started");
        Process second = start(dir.resolve("shard-1.log"), shardArgs(args, run, 1, 2));
        awaitSuccess(second, dir.resolve("shard-1.log"));
        awaitSuccess(first, dir.resolve("shard-0.log"));
        assertMergedIsSingle(run, 2, single, true);
    }

    @Test
    void aBalanceStudyInTwoShardsMergesToTheSingleMachinesRun() throws Exception {
        List<String> args = List.of("balance", "--game", "pyrametto", "--players", "3", "--bot", "greedy",
                "--games", "60", "--seed", "2", "--concurrency", "1", "--quiet");
        Path single = runSingle(args);
        Path run = dir.resolve("run");
        runShards(run, 2, args);
        assertMergedIsSingle(run, 2, single, false);
    }

    @Test
    void aShardKilledWithSigkillIsContinuedByTheSameCommand() throws Exception {
        List<String> args = List.of("tournament", "--games", "pylon", "--bot", "mcts?iterations=60,greedy,random",
                "--cycles", "6", "--seed", "3", "--concurrency", "1", "--quiet", "--replays", "none");
        Path single = runSingle(args);
        Path run = dir.resolve("run");
        Path results = run.resolve("shard-0-of-2").resolve("results.csv");
        Process doomed = start(dir.resolve("doomed.log"), shardArgs(args, run, 0, 2));
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (!Files.exists(results) || ResultsFile.read(results).size() < 2) {
            assertTrue(doomed.isAlive() && System.nanoTime() < deadline, Files.readString(dir.resolve("doomed.log")));
            Thread.sleep(20);
        }
        doomed.destroyForcibly().waitFor(); // SIGKILL: no shutdown hook runs
        int kept = ResultsFile.read(results).size();
        assertTrue(kept >= 2 && kept < 9, "killed part way through its 9 matches: " + kept);
        runShards(run, 2, args);
        assertTrue(Files.readString(dir.resolve("shard-0.log")).contains(kept + " from before"),
                Files.readString(dir.resolve("shard-0.log")));
        assertMergedIsSingle(run, 2, single, true);
    }

    @Test
    void mergeRefusesAMissingShardADuplicatedShardAndAShardOfOtherSettingsOneLineEach() throws Exception {
        List<String> args = List.of("tournament", "--games", "pylon", "--bot", "random,greedy", "--cycles", "3",
                "--seed", "4", "--concurrency", "1", "--quiet", "--replays", "none");
        Path run = dir.resolve("run");
        for (int k = 0; k < 3; k++) {
            CliRun shard = CliRun.of(shardArgs(args, run, k, 3).toArray(String[]::new));
            assertEquals(0, shard.status(), shard.err());
        }
        List<Path> all = shardFolders(run, 3);
        CliRun missing = merge(dir.resolve("m1"), all.subList(0, 2));
        assertEquals(2, missing.status());
        assertTrue(missing.err().contains("arena merge: shard 2/3 is missing"), missing.err());
        CliRun twice = merge(dir.resolve("m2"), List.of(all.get(0), all.get(1), all.get(2), all.get(1)));
        assertEquals(2, twice.status());
        assertTrue(twice.err().contains("arena merge: shard 1/3 is given twice"), twice.err());
        Path other = dir.resolve("other");
        CliRun otherShard = CliRun.of(shardArgs(List.of("tournament", "--games", "pylon", "--bot", "random,greedy",
                "--cycles", "3", "--seed", "5", "--quiet", "--replays", "none"), other, 2, 3).toArray(String[]::new));
        assertEquals(0, otherShard.status(), otherShard.err());
        CliRun mixed = merge(dir.resolve("m3"), List.of(all.get(0), all.get(1), other.resolve("shard-2-of-3")));
        assertEquals(2, mixed.status());
        assertTrue(mixed.err().contains("is shard 2/3 of another run than"), mixed.err());
        // A match lost from a shard's results is named, with the shard that should have played it.
        Path results = all.get(1).resolve("results.csv");
        List<String> lines = Files.readAllLines(results);
        Files.write(results, lines.subList(0, lines.size() - 2));
        CliRun incomplete = merge(dir.resolve("m4"), all);
        assertEquals(2, incomplete.status());
        assertTrue(incomplete.err().lines().anyMatch(line -> line.matches("arena merge: match \\d+ .*is missing: "
                + "shard 1/3 has not played it")), incomplete.err());
        for (String name : List.of("m1", "m2", "m3", "m4")) {
            assertFalse(Files.exists(dir.resolve(name).resolve("results.csv")), "nothing merged into " + name);
        }
        // A shard refuses to continue a folder of other settings, and a secret seed drawn per shard.
        CliRun changed = CliRun.of(shardArgs(List.of("tournament", "--games", "pylon", "--bot", "random,greedy",
                "--cycles", "4", "--seed", "4", "--quiet"), run, 0, 3).toArray(String[]::new));
        assertEquals(2, changed.status());
        assertTrue(changed.err().contains("of a run with other settings"), changed.err());
        CliRun secret = CliRun.of(shardArgs(List.of("tournament", "--games", "pylon", "--bot", "random,greedy",
                "--seed", "secret"), dir.resolve("s"), 0, 2).toArray(String[]::new));
        assertEquals(2, secret.status());
        assertTrue(secret.err().contains("--shard needs a seed that every shard shares"), secret.err());
    }
}
