package org.pyramidarena.arena.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * deploy/slurm/ on a real Slurm cluster: a one-node cluster of the test's own (slurmctld and slurmd
 * on this machine, on free ports away from Slurm's, every configuration, state, spool, log and pid
 * file in a temporary folder, and munged with a key of its own on a socket of its own), to which
 * {@code deploy/slurm/submit.sh} is submitted as docs/distributed.md tells a user to: from the
 * folder that gets the jobs' output files, with {@code ARENA_SHARED} set and a settings file as its
 * argument. Slurm then runs the job array of shards and, once every task has succeeded, the merge
 * that waits for it with {@code afterok}; the merged results.csv must be a single {@code --config}
 * run's, time columns aside, and its standings.csv the same bytes. The daemons are stopped when the
 * test ends, however it ends.
 *
 * <p>The jobs run {@code java -jar $ARENA_SHARED/arena-all.jar}, which submit.sh copies from
 * {@code ARENA_JAR}: in the test phase, before the build has packaged arena-all.jar, that is a JAR
 * whose manifest names this build's class path and the arena's main class, so that the jobs run
 * this build. The jobs' {@code java} is the one running the tests (first on the PATH given to
 * submit.sh, which passes its environment to the jobs). The tournament is deploy/tournament.json
 * with two bots (8 matches), as in {@link DeployRecipesTest}.
 *
 * <p>Needs Debian's {@code slurm-wlm} and {@code munge} packages ({@code .ci/run} installs them) and
 * root, as which the daemons run; skips, saying why, without them, except in CI ({@code CI=true}),
 * where it fails. No system service is touched: neither Slurm's nor munge's configuration in /etc
 * is read.
 */
class SlurmClusterTest {

    private static final Path DEPLOY = Path.of("..", "deploy").toAbsolutePath().normalize();
    private static final Path SUBMIT = DEPLOY.resolve("slurm").resolve("submit.sh");
    private static final Path DOCS = Path.of("..", "docs", "distributed.md").toAbsolutePath().normalize();
    private static final String JAVA_BIN = Path.of(System.getProperty("java.home"), "bin").toString();
    private static final List<String> PROGRAMS =
            List.of("munged", "slurmctld", "slurmd", "sbatch", "squeue", "scontrol", "sinfo", "scancel");
    private static final Duration PATIENCE = Duration.ofMinutes(5);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void theDocumentedSubmissionPlaysOnAOneNodeClusterAsOnOneMachine() throws Exception {
        assertTrue(Pattern.compile("(?m)^ARENA_SHARED=\\S+ deploy/slurm/submit\\.sh my-contest\\.json$")
                .matcher(Files.readString(DOCS)).find(),
                "docs/distributed.md tells a user to submit as this test does: ARENA_SHARED=... "
                        + "deploy/slurm/submit.sh my-contest.json");
        Map<String, Path> programs = programsOrSkip();
        Path small = ShardedRuns.smallSettings(dir.resolve("my-contest.json"));
        Path jar = launcherJar(dir.resolve("arena-all.jar"));
        Path single = dir.resolve("single");
        Process singleRun = new ProcessBuilder(javaCommand(List.of("-jar", jar.toString(), "tournament", "--config",
                small.toString(), "--out", single.toString(), "--quiet")))
                .redirectErrorStream(true).redirectOutput(dir.resolve("single.log").toFile()).start();

        try (OneNodeCluster cluster = OneNodeCluster.start(dir.resolve("slurm"), programs)) {
            Path submitFolder = Files.createDirectories(dir.resolve("submitted-from"));
            Path arenaShared = dir.resolve("shared");
            Map<String, String> environment = new HashMap<>(cluster.environment());
            environment.put("ARENA_SHARED", arenaShared.toString());
            environment.put("ARENA_JAR", jar.toString());
            environment.put("PATH", JAVA_BIN + File.pathSeparator + environment.get("PATH"));
            String submitted = run(List.of(SUBMIT.toString(), small.toString()), environment, submitFolder);
            Matcher ids = Pattern.compile("job array ([0-9]+)\\b.*merge: job ([0-9]+)\\b").matcher(submitted);
            assertTrue(ids.find(), "submit.sh names the array's job id and the merge's: " + submitted);
            String array = ids.group(1);
            String merge = ids.group(2);

            Map<String, String> waiting = cluster.job(merge).get(0);
            if ("PENDING".equals(waiting.get("JobState"))) {
                assertTrue(waiting.get("Dependency").startsWith("afterok:" + array),
                        "the merge waits for the array's success: " + waiting.get("Dependency"));
            }
            List<Map<String, String>> merged = cluster.awaitEnd(merge, PATIENCE, submitFolder);
            List<Map<String, String>> tasks = cluster.job(array);
            String outputs = outputs(submitFolder);
            assertEquals(4, tasks.size(), "four tasks in the array (--array=0-3): " + tasks + outputs);
            LocalDateTime lastShardEnd = LocalDateTime.MIN;
            for (Map<String, String> task : tasks) {
                assertEquals("COMPLETED", task.get("JobState"), "array task " + task.get("ArrayTaskId") + outputs);
                LocalDateTime end = LocalDateTime.parse(task.get("EndTime"));
                lastShardEnd = end.isAfter(lastShardEnd) ? end : lastShardEnd;
            }
            assertEquals(List.of("0", "1", "2", "3"), tasks.stream().map(t -> t.get("ArrayTaskId")).sorted().toList());
            assertEquals("COMPLETED", merged.get(0).get("JobState"), "the merge" + outputs);
            assertFalse(LocalDateTime.parse(merged.get(0).get("StartTime")).isBefore(lastShardEnd),
                    "the merge started after the last shard ended (afterok)");

            for (Map<String, String> task : tasks) {
                String k = task.get("ArrayTaskId");
                assertTrue(Files.isRegularFile(submitFolder.resolve("arena-shard-" + array + "_" + k + ".out")),
                        "task " + k + "'s output file is in the folder submit.sh ran from" + outputs);
                Path shard = arenaShared.resolve("run").resolve("shard-" + k + "-of-4");
                assertEquals(Integer.parseInt(task.get("NumCPUs")),
                        JSON.readTree(shard.resolve("settings.json").toFile()).path("concurrency").asInt(),
                        "shard " + k + " plays as many matches at once as Slurm gave its task CPUs");
            }
            assertTrue(Files.readString(submitFolder.resolve("arena-merge-" + merge + ".out")).contains("from 4 shards"),
                    "the merge's output file says it merged 4 shards" + outputs);

            if (!singleRun.waitFor(PATIENCE.toSeconds(), TimeUnit.SECONDS)) {
                singleRun.destroyForcibly();
                fail("the single run did not finish in " + PATIENCE);
            }
            assertEquals(0, singleRun.exitValue(), "the single run: " + Files.readString(dir.resolve("single.log")));
            ShardedRuns.assertMerged(arenaShared.resolve("run").resolve("merged"), single.resolve("results.csv"));
        } finally {
            singleRun.destroyForcibly();
        }
    }

    /** The Slurm and munge programs by name, or the test skipped (failed in CI) with the reason printed. */
    private static Map<String, Path> programsOrSkip() {
        Map<String, Path> found = new LinkedHashMap<>();
        List<String> missing = new ArrayList<>();
        for (String program : PROGRAMS) {
            Optional<Path> path = find(program);
            path.ifPresentOrElse(p -> found.put(program, p), () -> missing.add(program));
        }
        String reason = null;
        if (!missing.isEmpty()) {
            reason = String.join(", ", missing) + " not installed (Debian: apt-get install slurm-wlm munge)";
        } else if (!"root".equals(System.getProperty("user.name"))) {
            reason = "the one-node cluster's daemons run as root, and the tests run as "
                    + System.getProperty("user.name");
        }
        if (reason != null) {
            if ("true".equals(System.getenv("CI"))) {
                fail("in CI the Slurm test must run: " + reason);
            }
            System.err.println("SKIPPED (SlurmClusterTest): " + reason);
            Assumptions.abort(reason);
        }
        return found;
    }

    /** A program on the PATH, or in the sbin folders where Debian puts daemons. */
    private static Optional<Path> find(String program) {
        List<String> folders = new ArrayList<>(List.of(System.getenv("PATH").split(File.pathSeparator)));
        folders.addAll(List.of("/usr/sbin", "/sbin", "/usr/local/sbin"));
        return folders.stream().map(folder -> Path.of(folder, program)).filter(Files::isExecutable).findFirst();
    }

    /**
     * A runnable JAR of this build, as {@code java -jar} takes it: the manifest's Main-Class is the
     * arena's and its Class-Path is the test's class path, so that the jobs run the classes under
     * test without the packaged arena-all.jar.
     */
    private static Path launcherJar(Path file) throws IOException {
        Manifest manifest = new Manifest();
        Attributes attributes = manifest.getMainAttributes();
        attributes.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        attributes.put(Attributes.Name.MAIN_CLASS, ArenaCommand.class.getName());
        attributes.put(Attributes.Name.CLASS_PATH, Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(entry -> Path.of(entry).toAbsolutePath().toUri().toString()).collect(Collectors.joining(" ")));
        try (OutputStream out = Files.newOutputStream(file); JarOutputStream jar = new JarOutputStream(out, manifest)) {
            jar.flush();
        }
        return file;
    }

    private static List<String> javaCommand(List<String> args) {
        List<String> command = new ArrayList<>(List.of(Path.of(JAVA_BIN, "java").toString()));
        command.addAll(args);
        return command;
    }

    /** The jobs' output files, for a failure's message. */
    private static String outputs(Path submitFolder) throws IOException {
        StringBuilder text = new StringBuilder();
        try (Stream<Path> files = Files.list(submitFolder)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".out")).sorted().toList()) {
                text.append("\n--- ").append(file.getFileName()).append('\n').append(Files.readString(file));
            }
        }
        return text.toString();
    }

    /** Runs a command to its end, successfully, and returns what it printed. */
    private static String run(List<String> command, Map<String, String> environment, Path folder)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        if (folder != null) {
            builder.directory(folder.toFile());
        }
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes());
        if (!process.waitFor(1, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            fail(String.join(" ", command) + " did not finish: " + output);
        }
        assertEquals(0, process.exitValue(), String.join(" ", command) + ": " + output);
        return output;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /**
     * A Slurm cluster of one node, this machine, with munge, all under one folder; closing it
     * cancels its jobs and stops its three daemons.
     */
    private static final class OneNodeCluster implements AutoCloseable {

        private static final Pattern FIELD = Pattern.compile("(\\w+)=(\\S*)");

        private final Path folder;
        private final Map<String, Path> programs;
        private final Map<String, String> environment;
        private final List<Process> daemons = new ArrayList<>();
        private final Thread stopAtExit = new Thread(this::stop);

        private OneNodeCluster(Path folder, Map<String, Path> programs, Path conf) {
            this.folder = folder;
            this.programs = programs;
            Map<String, String> variables = new HashMap<>(System.getenv());
            variables.put("SLURM_CONF", conf.toString());
            variables.put("PATH", programs.get("sbatch").getParent() + File.pathSeparator + System.getenv("PATH"));
            this.environment = Map.copyOf(variables);
        }

        static OneNodeCluster start(Path folder, Map<String, Path> programs) throws Exception {
            for (String name : List.of("etc", "state", "spool", "log", "run", "munge", "munge-key")) {
                Files.createDirectories(folder.resolve(name));
            }
            // munged serves its socket only in a folder that every user may pass through, and the
            // test's temporary folders are its own: open them to passing through (not to writing).
            for (Path up : List.of(folder.getParent(), folder, folder.resolve("munge"))) {
                Files.setPosixFilePermissions(up, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
            Files.setPosixFilePermissions(folder.resolve("munge-key"), PosixFilePermissions.fromString("rwx------"));
            byte[] key = new byte[1024];
            new SecureRandom().nextBytes(key);
            Path keyFile = Files.write(folder.resolve("munge-key").resolve("munge.key"), key);
            Files.setPosixFilePermissions(keyFile, PosixFilePermissions.fromString("rw-------"));

            Path socket = folder.resolve("munge").resolve("munge.sock");
            String node = nodeLine(programs.get("slurmd"));
            String nodeName = node.substring("NodeName=".length(), node.indexOf(' '));
            Path conf = Files.writeString(folder.resolve("etc").resolve("slurm.conf"), String.join("\n",
                    "ClusterName=arena-test",
                    "SlurmctldHost=" + nodeName + "(127.0.0.1)",
                    "SlurmUser=root",
                    "SlurmdUser=root",
                    "AuthType=auth/munge",
                    "AuthInfo=socket=" + socket,
                    "CredType=cred/munge",
                    "StateSaveLocation=" + folder.resolve("state"),
                    "SlurmdSpoolDir=" + folder.resolve("spool"),
                    "SlurmctldPidFile=" + folder.resolve("run").resolve("slurmctld.pid"),
                    "SlurmdPidFile=" + folder.resolve("run").resolve("slurmd.pid"),
                    "SlurmctldLogFile=" + folder.resolve("log").resolve("slurmctld.log"),
                    "SlurmdLogFile=" + folder.resolve("log").resolve("slurmd.log"),
                    "SlurmctldPort=" + freePort(),
                    "SlurmdPort=" + freePort(),
                    "ProctrackType=proctrack/linuxproc",
                    "TaskPlugin=task/none",
                    "JobAcctGatherType=jobacct_gather/none",
                    "SelectType=select/cons_tres",
                    "SelectTypeParameters=CR_Core",
                    "MpiDefault=none",
                    "MailProg=/bin/true",
                    "ReturnToService=2",
                    node + " NodeAddr=127.0.0.1 State=UNKNOWN",
                    "PartitionName=main Nodes=" + nodeName + " Default=YES MaxTime=INFINITE State=UP",
                    ""));

            OneNodeCluster cluster = new OneNodeCluster(folder, programs, conf);
            Runtime.getRuntime().addShutdownHook(cluster.stopAtExit);
            try {
                cluster.daemon("munged", List.of("--foreground", "--key-file=" + keyFile, "--socket=" + socket,
                        "--pid-file=" + folder.resolve("munge").resolve("munged.pid"),
                        "--log-file=" + folder.resolve("log").resolve("munged.log"),
                        "--seed-file=" + folder.resolve("munge").resolve("munged.seed")));
                cluster.await(() -> Files.exists(socket), "munged's socket " + socket);
                cluster.daemon("slurmctld", List.of("-D", "-f", conf.toString()));
                cluster.daemon("slurmd", List.of("-D", "-f", conf.toString()));
                cluster.await(() -> cluster.query(List.of("sinfo", "-h", "-o", "%T")).trim().equals("idle"),
                        "the node " + nodeName + " idle in sinfo");
                return cluster;
            } catch (Exception | AssertionError e) {
                cluster.close();
                throw e;
            }
        }

        /** This machine as slurmd sees it: "NodeName=... CPUs=... RealMemory=...", a line of slurm.conf. */
        private static String nodeLine(Path slurmd) throws IOException, InterruptedException {
            String printed = run(List.of(slurmd.toString(), "-C"), Map.of(), null);
            return printed.lines().filter(line -> line.startsWith("NodeName=")).findFirst()
                    .orElseGet(() -> fail("slurmd -C printed no NodeName line: " + printed)).trim();
        }

        Map<String, String> environment() {
            return environment;
        }

        private void daemon(String name, List<String> args) throws IOException {
            List<String> command = new ArrayList<>(List.of(programs.get(name).toString()));
            command.addAll(args);
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(folder.resolve("log").resolve(name + ".out").toFile());
            builder.environment().putAll(environment);
            daemons.add(builder.start());
        }

        private interface Condition {
            boolean holds() throws Exception;
        }

        private void await(Condition condition, String what) throws Exception {
            Instant deadline = Instant.now().plusSeconds(60);
            while (!condition.holds()) {
                for (Process daemon : daemons) {
                    if (!daemon.isAlive()) {
                        fail("a daemon stopped while waiting for " + what + ":" + logs());
                    }
                }
                if (Instant.now().isAfter(deadline)) {
                    fail("no " + what + " in 60 s:" + logs());
                }
                Thread.sleep(200);
            }
        }

        /** What a Slurm command prints, or "" when it fails. */
        private String query(List<String> command) throws IOException, InterruptedException {
            List<String> full = new ArrayList<>(command);
            full.set(0, programs.get(command.get(0)).toString());
            ProcessBuilder builder = new ProcessBuilder(full).redirectErrorStream(true);
            builder.environment().putAll(environment);
            Process process = builder.start();
            String output = new String(process.getInputStream().readAllBytes());
            return process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0 ? output : "";
        }

        /** A job's records in scontrol (one per task of an array), each as its fields. */
        List<Map<String, String>> job(String id) throws IOException, InterruptedException {
            List<Map<String, String>> records = new ArrayList<>();
            for (String line : query(List.of("scontrol", "-o", "show", "job", id)).lines().toList()) {
                Map<String, String> fields = new HashMap<>();
                Matcher field = FIELD.matcher(line);
                while (field.find()) {
                    fields.putIfAbsent(field.group(1), field.group(2));
                }
                if (fields.containsKey("JobState")) {
                    records.add(fields);
                }
            }
            assertFalse(records.isEmpty(), "scontrol knows job " + id);
            return records;
        }

        /** Waits for a job to end, whichever way, and returns its records. */
        List<Map<String, String>> awaitEnd(String id, Duration patience, Path submitFolder) throws Exception {
            Instant deadline = Instant.now().plus(patience);
            while (true) {
                List<Map<String, String>> records = job(id);
                String state = records.get(0).get("JobState");
                if (!List.of("PENDING", "CONFIGURING", "RUNNING", "COMPLETING", "REQUEUED", "RESIZING", "SUSPENDED")
                        .contains(state)) {
                    return records;
                }
                if (Instant.now().isAfter(deadline)) {
                    fail("job " + id + " still " + state + " after " + patience + ": "
                            + query(List.of("squeue")) + outputs(submitFolder) + logs());
                }
                Thread.sleep(500);
            }
        }

        private String logs() throws IOException {
            StringBuilder text = new StringBuilder();
            try (Stream<Path> files = Files.list(folder.resolve("log"))) {
                for (Path file : files.sorted().toList()) {
                    List<String> lines = Files.readAllLines(file);
                    text.append("\n--- ").append(file.getFileName()).append(" (its end)\n")
                            .append(String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size())));
                }
            }
            return text.toString();
        }

        /** Cancels the cluster's jobs, waits a little for them to go, then stops the daemons, newest first. */
        private synchronized void stop() {
            if (daemons.isEmpty()) {
                return;
            }
            try {
                if (daemons.stream().allMatch(Process::isAlive)) {
                    query(List.of("scancel", "--user=" + System.getProperty("user.name")));
                    Instant deadline = Instant.now().plusSeconds(20);
                    while (!query(List.of("squeue", "-h")).isBlank() && Instant.now().isBefore(deadline)) {
                        Thread.sleep(200);
                    }
                }
            } catch (IOException | InterruptedException e) {
                System.err.println("SlurmClusterTest: could not cancel the cluster's jobs: " + e);
            }
            for (int i = daemons.size() - 1; i >= 0; i--) {
                Process daemon = daemons.get(i);
                daemon.descendants().forEach(ProcessHandle::destroy);
                daemon.destroy();
                try {
                    if (!daemon.waitFor(15, TimeUnit.SECONDS)) {
                        daemon.descendants().forEach(ProcessHandle::destroyForcibly);
                        daemon.destroyForcibly().waitFor(15, TimeUnit.SECONDS);
                    }
                } catch (InterruptedException e) {
                    daemon.destroyForcibly();
                    Thread.currentThread().interrupt();
                }
            }
            daemons.clear();
        }

        @Override
        public void close() {
            stop();
            try {
                Runtime.getRuntime().removeShutdownHook(stopAtExit);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running or has run: the daemons are stopped either way
            }
        }
    }
}
