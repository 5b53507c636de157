package org.pyramidarena.arena.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.Quantity;
import java.io.File;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.sandbox.SandboxMode;
import org.pyramidarena.arena.server.contest.ContestSettings;
import org.pyramidarena.tournaments.pairing.GameEntry;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The recipes of {@code deploy/} (docs/distributed.md) as they are: the Kubernetes manifests hang
 * together (an Indexed Job of N shards on a shared ReadWriteMany volume, the merge Job on the same
 * volume, the ConfigMap holding deploy/tournament.json), and every arena command line in them runs
 * against this build's CLI. The Kubernetes Jobs' arguments run with the volume as a folder here and
 * {@code $(JOB_COMPLETION_INDEX)} as each index, the shards at once as separate JVMs, then the
 * merge, whose results.csv must be the single run's (time columns aside); the Slurm scripts run
 * under bash as Slurm would start them, with {@code SLURM_ARRAY_TASK_ID} set, after {@code
 * submit.sh} submitted them to a stand-in {@code sbatch}; {@code deploy/ssh/run-shards.sh} runs in
 * each of its modes, with a stand-in {@code ssh} that runs the remote line here. In the scripts,
 * {@code java -jar JAR} is a stand-in {@code java} on the PATH that runs this build's class path
 * instead of the JAR (which the test phase has not built yet), after checking the JAR named is the
 * one the recipe put there. Each shard's JVM sees one processor (four of them share this machine's
 * cores, as four pods or machines would not). A renamed option or a shard count that disagrees
 * breaks the build, not the cluster.
 *
 * <p>The Slurm and ssh recipes play a smaller tournament than deploy/tournament.json (its settings
 * with two bots) to keep the test short; the Kubernetes one plays the example itself.
 *
 * <p>The contest server's recipe (deploy/kubernetes/contest/) is held to the arena without being
 * run, its pods needing PostgreSQL and bubblewrap: the server's, the workers' and the init Job's
 * command lines parse with the arena's own picocli tree (nothing runs), the database's variable is
 * the one {@code serve} and {@code serve worker} read, the ConfigMap's contest.json is one the server
 * takes and the init Job names its contest and games, and each worker's CPUs and memory are those of
 * its threads.
 */
class DeployRecipesTest {

    private static final Path DEPLOY = Path.of("..", "deploy").toAbsolutePath().normalize();
    private static final Path SETTINGS = DEPLOY.resolve("tournament.json");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private static final String MAIN = ArenaCommand.class.getName();
    private static final String ONE_PROCESSOR = "-XX:ActiveProcessorCount=1";
    private static final String INDEX_ANNOTATION = "metadata.annotations['batch.kubernetes.io/job-completion-index']";
    private static final Pattern K8S_VARIABLE = Pattern.compile("\\$\\(([A-Za-z_][A-Za-z0-9_]*)\\)");

    @TempDir
    static Path shared;

    @TempDir
    Path dir;

    // ---------------------------------------------------------------------------------------------
    // Kubernetes

    /** The manifests' objects, every document of every file in deploy/kubernetes/. */
    private static List<JsonNode> manifests() throws IOException {
        List<JsonNode> objects = new ArrayList<>();
        try (Stream<Path> files = Files.list(DEPLOY.resolve("kubernetes"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
                try (var documents = YAML.readerFor(JsonNode.class).readValues(file.toFile())) {
                    while (documents.hasNext()) {
                        JsonNode object = (JsonNode) documents.next();
                        if (object != null && !object.isNull()) {
                            objects.add(object);
                        }
                    }
                }
            }
        }
        return objects;
    }

    private static List<JsonNode> ofKind(List<JsonNode> objects, String kind) {
        return objects.stream().filter(o -> kind.equals(o.path("kind").asText())).toList();
    }

    private static JsonNode named(List<JsonNode> objects, String kind, String name) {
        List<JsonNode> found = ofKind(objects, kind).stream()
                .filter(o -> name.equals(o.path("metadata").path("name").asText())).toList();
        assertEquals(1, found.size(), "one " + kind + " named " + name + " in deploy/kubernetes/");
        return found.get(0);
    }

    private static JsonNode onlyContainer(JsonNode job) {
        JsonNode containers = job.path("spec").path("template").path("spec").path("containers");
        assertEquals(1, containers.size(), "one container in Job " + job.path("metadata").path("name"));
        return containers.get(0);
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(item -> out.add(item.asText()));
        return out;
    }

    /** The Kubernetes recipe's parts, found and checked against one another. */
    private record Kubernetes(JsonNode shardJob, JsonNode mergeJob, int shards, JsonNode configMap, String claim) {
    }

    private static Kubernetes kubernetes() throws IOException {
        List<JsonNode> objects = manifests();
        List<JsonNode> jobs = ofKind(objects, "Job");
        List<JsonNode> indexed = jobs.stream()
                .filter(j -> "Indexed".equals(j.path("spec").path("completionMode").asText())).toList();
        assertEquals(1, indexed.size(), "one Indexed Job (completionMode: Indexed), the shards");
        JsonNode shardJob = indexed.get(0);
        List<JsonNode> merges = jobs.stream()
                .filter(j -> strings(onlyContainer(j).path("args")).stream().findFirst().orElse("").equals("merge"))
                .toList();
        assertEquals(1, merges.size(), "one Job whose arguments are 'merge ...'");
        JsonNode mergeJob = merges.get(0);

        int completions = shardJob.path("spec").path("completions").asInt(-1);
        int parallelism = shardJob.path("spec").path("parallelism").asInt(-1);
        assertTrue(completions >= 1, "the shards' Job sets completions");
        assertEquals(completions, parallelism, "completions == parallelism: every shard at once");
        JsonNode spec = shardJob.path("spec");
        assertTrue(spec.has("backoffLimitPerIndex") || spec.has("backoffLimit"), "the shards' Job retries failed pods");
        assertEquals("Never", spec.path("template").path("spec").path("restartPolicy").asText(),
                "a failed shard's pod is replaced (backoffLimitPerIndex needs restartPolicy Never)");

        JsonNode shard = onlyContainer(shardJob);
        List<String> args = strings(shard.path("args"));
        assertEquals("tournament", args.get(0), "the shards play a tournament: " + args);
        int at = args.indexOf("--shard");
        assertTrue(at > 0, "the shards' arguments have --shard: " + args);
        Matcher shardArg = Pattern.compile("\\$\\(JOB_COMPLETION_INDEX\\)/([0-9]+)").matcher(args.get(at + 1));
        assertTrue(shardArg.matches(), "--shard $(JOB_COMPLETION_INDEX)/N, not " + args.get(at + 1));
        assertEquals(completions, Integer.parseInt(shardArg.group(1)), "the N of --shard K/N is the Job's completions");
        JsonNode indexVariable = null;
        for (JsonNode variable : shard.path("env")) {
            if ("JOB_COMPLETION_INDEX".equals(variable.path("name").asText())) {
                indexVariable = variable;
            }
        }
        assertNotNull(indexVariable, "the shard container declares JOB_COMPLETION_INDEX");
        assertEquals(INDEX_ANNOTATION, indexVariable.path("valueFrom").path("fieldRef").path("fieldPath").asText(),
                "JOB_COMPLETION_INDEX is the pod's completion index");

        // The results volume: one ReadWriteMany claim, mounted by both Jobs, holding --out and the merge's folders.
        String claim = claimOf(shardJob);
        assertEquals(claim, claimOf(mergeJob), "the merge Job mounts the shards' volume");
        JsonNode pvc = named(objects, "PersistentVolumeClaim", claim);
        assertTrue(strings(pvc.path("spec").path("accessModes")).contains("ReadWriteMany"),
                "the results volume is ReadWriteMany: the shards' pods write to it at once from any node");
        String out = args.get(args.indexOf("--out") + 1);
        String results = mountOf(shardJob, claim);
        assertTrue(out.startsWith(results + "/"), "--out " + out + " is on the shared volume, mounted at " + results);
        List<String> merge = strings(onlyContainer(mergeJob).path("args"));
        String mergeResults = mountOf(mergeJob, claim);
        List<String> expectedShards = IntStream.range(0, completions)
                .mapToObj(k -> out.replaceFirst("^" + Pattern.quote(results), mergeResults) + "/shard-" + k + "-of-"
                        + completions).toList();
        assertEquals(new TreeSet<>(expectedShards), new TreeSet<>(merge.subList(2, merge.size())),
                "the merge takes every shard's folder once: " + merge);
        assertEquals(completions, merge.size() - 2, "the merge takes every shard's folder once: " + merge);
        assertTrue(merge.get(1).startsWith(mergeResults + "/"), "the merge writes to the shared volume: " + merge);

        // The settings: the ConfigMap mounted where --config reads, holding deploy/tournament.json.
        String config = args.get(args.indexOf("--config") + 1);
        JsonNode configVolume = null;
        for (JsonNode volume : shardJob.path("spec").path("template").path("spec").path("volumes")) {
            if (volume.has("configMap") && config.startsWith(mountOf(shardJob, volume.path("name").asText()) + "/")) {
                configVolume = volume;
            }
        }
        assertNotNull(configVolume, "--config " + config + " is in a mounted ConfigMap");
        JsonNode configMap = named(objects, "ConfigMap", configVolume.path("configMap").path("name").asText());
        String key = config.substring(mountOf(shardJob, configVolume.path("name").asText()).length() + 1);
        assertEquals(Files.readString(SETTINGS), configMap.path("data").path(key).asText(),
                "the ConfigMap's " + key + " is deploy/tournament.json, character for character");

        // Both Jobs run the image's entry point (deploy/Dockerfile) with arguments only.
        for (JsonNode job : List.of(shardJob, mergeJob)) {
            assertFalse(onlyContainer(job).has("command"), "the Jobs run the image's entry point, java -jar ...");
        }
        assertEquals(onlyContainer(shardJob).path("image").asText(), onlyContainer(mergeJob).path("image").asText(),
                "both Jobs run the same image");
        return new Kubernetes(shardJob, mergeJob, completions, configMap, claim);
    }

    private static String claimOf(JsonNode job) {
        List<String> claims = new ArrayList<>();
        for (JsonNode volume : job.path("spec").path("template").path("spec").path("volumes")) {
            if (volume.has("persistentVolumeClaim")) {
                claims.add(volume.path("persistentVolumeClaim").path("claimName").asText());
            }
        }
        assertEquals(1, claims.size(), "one persistent volume claim in Job " + job.path("metadata").path("name"));
        return claims.get(0);
    }

    /** Where a Job's container mounts a volume, given the volume's name or its claim's name. */
    private static String mountOf(JsonNode job, String volumeOrClaim) {
        String volumeName = volumeOrClaim;
        for (JsonNode volume : job.path("spec").path("template").path("spec").path("volumes")) {
            if (volumeOrClaim.equals(volume.path("persistentVolumeClaim").path("claimName").asText())) {
                volumeName = volume.path("name").asText();
            }
        }
        for (JsonNode mount : onlyContainer(job).path("volumeMounts")) {
            if (volumeName.equals(mount.path("name").asText())) {
                return mount.path("mountPath").asText();
            }
        }
        return fail("Job " + job.path("metadata").path("name") + " does not mount " + volumeOrClaim);
    }

    @Test
    void theKubernetesManifestsHangTogether() throws IOException {
        Kubernetes recipe = kubernetes();
        assertEquals(4, recipe.shards(), "the recipe's 4 shards, as docs/distributed.md says");
    }

    /**
     * A container's arguments as the kubelet gives them: {@code $(NAME)} of its environment
     * expanded (the completion index for JOB_COMPLETION_INDEX), and each volume's mount path
     * replaced by the folder that stands for it here.
     */
    private static List<String> podArguments(JsonNode job, int index, Map<String, Path> volumes) {
        JsonNode container = onlyContainer(job);
        Map<String, String> environment = new HashMap<>();
        for (JsonNode variable : container.path("env")) {
            String name = variable.path("name").asText();
            if (variable.has("value")) {
                environment.put(name, variable.path("value").asText());
            } else if (INDEX_ANNOTATION.equals(variable.path("valueFrom").path("fieldRef").path("fieldPath").asText())) {
                environment.put(name, Integer.toString(index));
            } else {
                fail("an environment variable the test cannot give: " + variable);
            }
        }
        Map<String, String> mounts = new LinkedHashMap<>();
        for (JsonNode mount : container.path("volumeMounts")) {
            Path local = volumes.get(mount.path("name").asText());
            assertNotNull(local, "a folder for volume " + mount.path("name"));
            mounts.put(mount.path("mountPath").asText(), local.toString());
        }
        List<String> args = new ArrayList<>();
        for (String arg : strings(container.path("args"))) {
            Matcher variable = K8S_VARIABLE.matcher(arg);
            String expanded = variable.replaceAll(m -> Matcher.quoteReplacement(
                    environment.getOrDefault(m.group(1), m.group())));
            assertFalse(expanded.contains("$("), "every $(VARIABLE) in " + arg + " is the container's");
            for (Map.Entry<String, String> mount : mounts.entrySet()) {
                if (expanded.equals(mount.getKey()) || expanded.startsWith(mount.getKey() + "/")) {
                    expanded = mount.getValue() + expanded.substring(mount.getKey().length());
                }
            }
            args.add(expanded);
        }
        return args;
    }

    /** The volumes of a Job as folders here: the claim's folder, and a ConfigMap's keys as files. */
    private static Map<String, Path> volumes(JsonNode job, Kubernetes recipe, Path claimFolder, Path root)
            throws IOException {
        Map<String, Path> volumes = new HashMap<>();
        for (JsonNode volume : job.path("spec").path("template").path("spec").path("volumes")) {
            String name = volume.path("name").asText();
            if (recipe.claim().equals(volume.path("persistentVolumeClaim").path("claimName").asText())) {
                volumes.put(name, claimFolder);
            } else if (volume.has("configMap")) {
                assertEquals(recipe.configMap().path("metadata").path("name").asText(),
                        volume.path("configMap").path("name").asText());
                Path folder = Files.createDirectories(root.resolve("configmap-" + name));
                var keys = recipe.configMap().path("data").fields();
                while (keys.hasNext()) {
                    var entry = keys.next();
                    Files.writeString(folder.resolve(entry.getKey()), entry.getValue().asText());
                }
                volumes.put(name, folder);
            } else {
                fail("a volume the test cannot stand in for: " + volume);
            }
        }
        return volumes;
    }

    @Test
    void theKubernetesShardsAndMergeGiveTheResultsOfOneMachine() throws Exception {
        Kubernetes recipe = kubernetes();
        Path claim = Files.createDirectories(dir.resolve("pvc"));
        Map<String, Path> shardVolumes = volumes(recipe.shardJob(), recipe, claim, dir);

        List<Process> pods = new ArrayList<>();
        for (int k = 0; k < recipe.shards(); k++) {
            pods.add(arena(podArguments(recipe.shardJob(), k, shardVolumes), dir.resolve("pod-" + k + ".log"), true));
        }
        for (int k = 0; k < pods.size(); k++) {
            finished(pods.get(k), dir.resolve("pod-" + k + ".log"), "shard pod " + k);
        }
        List<String> mergeArgs = podArguments(recipe.mergeJob(), 0, volumes(recipe.mergeJob(), recipe, claim, dir));
        finished(arena(mergeArgs, dir.resolve("merge.log"), false), dir.resolve("merge.log"), "merge pod");

        Path merged = Path.of(mergeArgs.get(1));
        ShardedRuns.assertMerged(merged, single(SETTINGS, "example"));
    }

    // ---------------------------------------------------------------------------------------------
    // Kubernetes: the contest server, its workers and PostgreSQL

    private static final Path CONTEST = DEPLOY.resolve("kubernetes").resolve("contest");
    private static final String DATABASE_VARIABLE = "ARENA_DATABASE_URL";

    /** The object of this kind and name in deploy/kubernetes/contest/. */
    private static JsonNode contestObject(String kind, String name) throws IOException {
        List<JsonNode> objects = new ArrayList<>();
        try (Stream<Path> files = Files.list(CONTEST)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
                try (var documents = YAML.readerFor(JsonNode.class).readValues(file.toFile())) {
                    while (documents.hasNext()) {
                        JsonNode object = (JsonNode) documents.next();
                        if (object != null && kind.equals(object.path("kind").asText())
                                && name.equals(object.path("metadata").path("name").asText())) {
                            objects.add(object);
                        }
                    }
                }
            }
        }
        assertEquals(1, objects.size(), "one " + kind + " " + name + " in deploy/kubernetes/contest/");
        return objects.get(0);
    }

    /** A container's plain variables, and the others (from a Secret or a field) as "(NAME)". */
    private static Map<String, String> variables(JsonNode container) {
        Map<String, String> variables = new LinkedHashMap<>();
        container.path("env").forEach(variable -> variables.put(variable.path("name").asText(),
                variable.has("value") ? variable.path("value").asText() : "(" + variable.path("name").asText() + ")"));
        return variables;
    }

    /** A container's arguments with Kubernetes' {@code $(NAME)} replaced, failing where the container has no NAME. */
    private static List<String> expanded(JsonNode container, Map<String, String> values) {
        Map<String, String> defined = variables(container);
        List<String> args = new ArrayList<>();
        for (String arg : strings(container.path("args"))) {
            Matcher variable = K8S_VARIABLE.matcher(arg);
            StringBuilder out = new StringBuilder();
            while (variable.find()) {
                String name = variable.group(1);
                assertTrue(defined.containsKey(name), container.path("name").asText() + " defines " + name
                        + " (else Kubernetes passes $(" + name + ") as it is)");
                variable.appendReplacement(out, Matcher.quoteReplacement(values.getOrDefault(name, defined.get(name))));
            }
            variable.appendTail(out);
            args.add(out.toString());
        }
        return args;
    }

    /** The command a container runs in its pod: its only container, as the image's entry point gets it. */
    private static JsonNode podContainer(JsonNode workload) {
        JsonNode containers = workload.path("spec").path("template").path("spec").path("containers");
        assertEquals(1, containers.size(), "one container in " + workload.path("metadata").path("name"));
        return containers.get(0);
    }

    /**
     * The commands a command line selects in the arena's own picocli tree, parsed as {@code arena}
     * would parse it, without running anything; fails, naming the problem, where picocli refuses it.
     */
    private static List<String> parsedCommands(List<String> args) {
        CommandLine.ParseResult result;
        try {
            result = new CommandLine(new ArenaCommand()).parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            return fail("the arena refuses " + args + ": " + e.getMessage());
        }
        List<String> commands = new ArrayList<>();
        for (CommandLine.ParseResult command = result.subcommand(); command != null; command = command.subcommand()) {
            commands.add(command.commandSpec().name());
        }
        return commands;
    }

    /** The command of the arena's tree at this path, e.g. serve worker. */
    private static CommandSpec command(String... path) {
        CommandLine line = new CommandLine(new ArenaCommand());
        for (String name : path) {
            CommandLine sub = line.getSubcommands().get(name);
            assertNotNull(sub, "the arena has a command " + String.join(" ", path));
            line = sub;
        }
        return line.getCommandSpec();
    }

    private static void readsTheDatabaseVariable(String... path) {
        // The option's default as written, not as this machine's environment resolves it.
        OptionSpec database = command(path).interpolateVariables(false).findOption("--db");
        assertNotNull(database, String.join(" ", path) + " takes --db");
        assertTrue(String.valueOf(database.defaultValue()).contains("${env:" + DATABASE_VARIABLE + "}"),
                String.join(" ", path) + " --db defaults to " + DATABASE_VARIABLE + ", which the recipe sets: "
                        + database.defaultValue());
    }

    @Test
    void theContestServersCommandLineIsTheArenas() throws IOException {
        JsonNode server = podContainer(contestObject("Deployment", "arena-server"));
        assertEquals(List.of("serve"), parsedCommands(expanded(server, Map.of())));
        assertTrue(variables(server).containsKey(DATABASE_VARIABLE), "the server's database is " + DATABASE_VARIABLE);
        assertFalse(strings(server.path("args")).contains("--trust-bots"), "the teams' bots are not trusted");
    }

    /**
     * The init Job's shell script: each line that runs the arena's JAR, with the Job's variables and
     * a team's name put in, is a command line the arena takes; CONTEST_NAME and CONTEST_GAMES are the
     * ConfigMap's contest.json's.
     */
    @Test
    void theInitJobsCommandLinesAreTheArenasAndNameTheContestOfTheConfigMap() throws IOException {
        JsonNode init = podContainer(contestObject("Job", "arena-init"));
        Map<String, String> values = new HashMap<>(variables(init));
        values.put(DATABASE_VARIABLE, "jdbc:postgresql://arena-postgres:5432/arena?user=arena&password=x");
        values.put("team", "red");
        List<String> script = strings(init.path("command"));
        assertEquals(List.of("sh", "-c"), script.subList(0, 2));
        List<List<String>> commands = new ArrayList<>();
        for (String line : script.get(2).lines().filter(l -> l.contains("arena-all.jar")).toList()) {
            String words = line.substring(line.indexOf("arena-all.jar") + "arena-all.jar".length()).trim();
            List<String> args = new ArrayList<>();
            for (String word : words.split("\\s+")) {
                String unquoted = word.replace("\"", "");
                Matcher variable = Pattern.compile("^\\$\\{?([A-Za-z_][A-Za-z0-9_]*)}?$").matcher(unquoted);
                if (variable.matches()) {
                    assertTrue(values.containsKey(variable.group(1)), "the Job sets " + variable.group(1));
                    unquoted = values.get(variable.group(1));
                }
                args.add(unquoted);
            }
            commands.add(parsedCommands(args));
        }
        assertEquals(List.of(List.of("serve", "init"), List.of("serve", "team")), commands);

        ContestSettings settings = configMapSettings();
        assertEquals(settings.name(), values.get("CONTEST_NAME"), "the init Job's contest is the ConfigMap's");
        assertEquals(String.join(",", settings.games()), values.get("CONTEST_GAMES"),
                "the init Job's games are the ConfigMap's");
    }

    /** contest-configmap.yaml's contest.json, read field by field as the server reads it (unknown fields fail). */
    private static ContestSettings configMapSettings() throws IOException {
        String json = contestObject("ConfigMap", "arena-contest").path("data").path(ContestSettings.FILE).asText();
        return JSON.copy().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).readValue(json, ContestSettings.class);
    }

    @Test
    void theConfigMapsSettingsLeaveTheMatchesToTheWorkersInTheSandbox() throws IOException {
        ContestSettings settings = configMapSettings();
        assertEquals(0, settings.concurrency(), "the server plays no match: the workers do");
        assertEquals(null, settings.database(), "the database is " + DATABASE_VARIABLE + "'s, no password in a ConfigMap");
        assertEquals(SandboxMode.BWRAP, settings.sandboxMode(), "the teams' bots run in bubblewrap");
    }

    /**
     * The server takes the ConfigMap's contest.json as its pod gives it: in the contest folder, with
     * the database from the environment. Needs serve's --db (and concurrency 0 with PostgreSQL).
     */
    @Test
    void theServerTakesTheConfigMapsSettingsWithTheDatabaseFromTheEnvironment() throws IOException {
        readsTheDatabaseVariable("serve");
        Path folder = Files.createDirectories(dir.resolve("contest"));
        Path file = Files.writeString(folder.resolve(ContestSettings.FILE),
                contestObject("ConfigMap", "arena-contest").path("data").path(ContestSettings.FILE).asText());
        ContestSettings read = ContestSettings.read(file);
        assertNotNull(read.withDatabase("jdbc:postgresql://arena-postgres:5432/arena").check());
    }

    /** The worker's command line; needs the lead's serve worker. */
    @Test
    void theWorkersCommandLineIsTheArenas() throws IOException {
        JsonNode worker = podContainer(contestObject("Deployment", "arena-worker"));
        List<String> args = expanded(worker, Map.of("POD_NAME", "arena-worker-5d8c7b9f4-x2x4q"));
        assertEquals(List.of("serve", "worker"), parsedCommands(args));
        readsTheDatabaseVariable("serve", "worker");
        assertTrue(variables(worker).containsKey(DATABASE_VARIABLE), "the worker's database is " + DATABASE_VARIABLE);
        assertFalse(args.contains("--trust-bots"), "the teams' bots are not trusted");
        assertEquals("bwrap", args.get(args.indexOf("--sandbox") + 1));
    }

    /**
     * A worker asks for a CPU a thread and, in memory, 1 GiB for its JVM and botMemory for every
     * seat of the contest's largest game in each thread; requests equal limits, so that a node under
     * pressure evicts others first.
     */
    @Test
    void eachWorkersCpusAndMemoryAreThoseOfItsThreads() throws IOException {
        JsonNode worker = podContainer(contestObject("Deployment", "arena-worker"));
        List<String> args = strings(worker.path("args"));
        int threads = Integer.parseInt(args.get(args.indexOf("--threads") + 1));
        ContestSettings settings = configMapSettings();
        int seats = settings.gameEntries().stream().mapToInt(GameEntry::players).max().orElseThrow();
        BigDecimal memory = BigDecimal.valueOf(1L << 30)
                .add(BigDecimal.valueOf(threads).multiply(BigDecimal.valueOf(seats))
                        .multiply(BigDecimal.valueOf(settings.limits().memoryBytes())));
        JsonNode resources = worker.path("resources");
        for (String bound : List.of("requests", "limits")) {
            assertEquals(0, BigDecimal.valueOf(threads).compareTo(quantity(resources.path(bound).path("cpu"))),
                    bound + ".cpu is --threads " + threads);
            assertEquals(0, memory.compareTo(quantity(resources.path(bound).path("memory"))),
                    bound + ".memory is 1Gi + " + threads + " threads x " + seats + " seats x botMemory = " + memory
                            + " bytes");
        }
    }

    private static BigDecimal quantity(JsonNode value) {
        assertFalse(value.isMissingNode(), "a quantity is set");
        return Quantity.getAmountInBytes(new Quantity(value.asText()));
    }

    // ---------------------------------------------------------------------------------------------
    // Dockerfile

    @Test
    void theImageRunsTheJarTheBuildMakes() throws IOException {
        List<String> lines = Files.readAllLines(DEPLOY.resolve("Dockerfile"));
        List<String> entry = lines.stream().filter(l -> l.startsWith("ENTRYPOINT ")).toList();
        assertEquals(1, entry.size(), "one ENTRYPOINT");
        List<String> entryPoint = strings(JSON.readTree(entry.get(0).substring("ENTRYPOINT ".length())));
        assertEquals(List.of("java", "-jar"), entryPoint.subList(0, 2), "the entry point is java -jar JAR");
        String jar = entryPoint.get(2);
        assertTrue(lines.stream().anyMatch(l -> l.matches("COPY --from=build \\S*/arena/target/arena-all\\.jar "
                + Pattern.quote(jar))), "the runtime stage copies the build's arena-all.jar to " + jar);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("RUN ") && l.contains("./mvnw") && l.contains(" package")),
                "the build stage builds with the Maven wrapper");
        assertTrue(lines.stream().anyMatch(l -> l.contains("apt-get install") && l.contains("bubblewrap")),
                "the runtime stage installs bubblewrap for the sandbox");
    }

    // ---------------------------------------------------------------------------------------------
    // Slurm

    @Test
    void theSlurmArrayAndMergeRunAsSubmitted() throws Exception {
        String shardsScript = Files.readString(DEPLOY.resolve("slurm").resolve("shards.sbatch"));
        Matcher array = Pattern.compile("(?m)^#SBATCH --array=0-([0-9]+)\\s*$").matcher(shardsScript);
        assertTrue(array.find(), "shards.sbatch is a job array #SBATCH --array=0-(N-1)");
        int shards = Integer.parseInt(array.group(1)) + 1;
        assertTrue(shardsScript.contains("$SLURM_ARRAY_TASK_ID"), "the shard is the array task's id");

        Path bin = standIns();
        Path sharedFolder = dir.resolve("slurm-shared");
        Path jar = Files.writeString(dir.resolve("arena-all.jar"), "stands in for the arena's JAR");
        Path small = smallSettings();
        Map<String, String> environment = new HashMap<>(standInEnvironment(bin));
        environment.put("ARENA_SHARED", sharedFolder.toString());
        environment.put("ARENA_JAR", jar.toString());
        environment.put("SBATCH_LOG", dir.resolve("sbatch.log").toString());

        Path submitLog = dir.resolve("submit.log");
        finished(script(List.of("bash", DEPLOY.resolve("slurm").resolve("submit.sh").toString(), small.toString()),
                environment, submitLog), submitLog, "submit.sh");
        List<String> submitted = Files.readAllLines(dir.resolve("sbatch.log"));
        assertEquals(2, submitted.size(), "two submissions: " + submitted);
        assertTrue(submitted.get(0).endsWith("shards.sbatch"), submitted.get(0));
        assertTrue(submitted.get(1).contains("--dependency=afterok:4241 ") && submitted.get(1).endsWith("merge.sbatch"),
                "the merge waits for the array's success: " + submitted.get(1));
        assertEquals(Files.readString(small), Files.readString(sharedFolder.resolve("tournament.json")),
                "submit.sh put the settings in the shared folder");

        // What Slurm then does: every task of the array at once, then the merge.
        List<Process> tasks = new ArrayList<>();
        for (int k = 0; k < shards; k++) {
            Map<String, String> task = new HashMap<>(environment);
            task.put("SLURM_ARRAY_JOB_ID", "4241");
            task.put("SLURM_ARRAY_TASK_ID", Integer.toString(k));
            task.put("SLURM_ARRAY_TASK_COUNT", Integer.toString(shards));
            task.put("SLURM_CPUS_PER_TASK", "2");
            tasks.add(script(List.of("bash", DEPLOY.resolve("slurm").resolve("shards.sbatch").toString()), task,
                    dir.resolve("task-" + k + ".log")));
        }
        for (int k = 0; k < shards; k++) {
            finished(tasks.get(k), dir.resolve("task-" + k + ".log"), "array task " + k);
        }
        for (int k = 0; k < shards; k++) {
            assertTrue(Files.isDirectory(sharedFolder.resolve("run").resolve("shard-" + k + "-of-" + shards)),
                    "task " + k + " played shard " + k + "/" + shards + " (SHARDS agrees with --array)");
        }
        Path mergeLog = dir.resolve("merge.log");
        finished(script(List.of("bash", DEPLOY.resolve("slurm").resolve("merge.sbatch").toString()), environment,
                mergeLog), mergeLog, "merge.sbatch");
        ShardedRuns.assertMerged(sharedFolder.resolve("run").resolve("merged"), single(small, "small"));
    }

    // ---------------------------------------------------------------------------------------------
    // ssh and GNU parallel

    private Process runShards(Path bin, List<String> args, Path log) throws IOException {
        Map<String, String> environment = new HashMap<>(standInEnvironment(bin));
        environment.put("ARENA_JAR", Files.writeString(dir.resolve("arena-all.jar"), "a stand-in").toString());
        environment.put("SSH_LOG", dir.resolve("ssh.log").toString());
        List<String> command = new ArrayList<>(List.of("bash", DEPLOY.resolve("ssh").resolve("run-shards.sh").toString()));
        command.addAll(args);
        return script(command, environment, log);
    }

    @Test
    void theSshScriptRunsShardsHereAndOverSsh() throws Exception {
        Path bin = standIns();
        Path small = smallSettings();
        Path expected = single(small, "small");

        Path local = dir.resolve("local");
        finished(runShards(bin, List.of("local", "4", local.toString(), "tournament", "--config", small.toString()),
                dir.resolve("local.log")), dir.resolve("local.log"), "run-shards.sh local");
        ShardedRuns.assertMerged(local.resolve("merged"), expected);
        for (int k = 0; k < 4; k++) {
            assertTrue(Files.exists(local.resolve("logs").resolve("shard-" + k + "-of-4.log")), "shard " + k + "'s log");
        }

        Path hosts = Files.writeString(dir.resolve("hosts.txt"), "node-a\nnode-b\n\n# a comment\nuser@node-c\nnode-a\n");
        Path overSsh = dir.resolve("over-ssh");
        finished(runShards(bin, List.of("ssh", hosts.toString(), overSsh.toString(), "tournament", "--config",
                small.toString()), dir.resolve("ssh.out")), dir.resolve("ssh.out"), "run-shards.sh ssh");
        ShardedRuns.assertMerged(overSsh.resolve("merged"), expected);
        List<String> logins = Files.readAllLines(dir.resolve("ssh.log"));
        assertEquals(List.of("node-a", "node-a", "node-b", "user@node-c"), logins.stream().sorted().toList(),
                "one shard per line of the hosts file");
        assertTrue(Files.isDirectory(overSsh.resolve("shard-3-of-4")), "four hosts' lines, four shards");
    }

    @Test
    void theSshScriptRunsShardsThroughGnuParallel() throws Exception {
        assumeTrue(onPath("parallel"), "GNU parallel is not installed (Debian's parallel package); "
                + "run-shards.sh parallel is not tried");
        Path bin = standIns();
        Path small = smallSettings();
        // ":" is this machine for GNU parallel: two shards at a time here.
        Path logins = Files.writeString(dir.resolve("logins.txt"), "2/:\n");
        Path run = dir.resolve("parallel");
        finished(runShards(bin, List.of("parallel", logins.toString(), "4", run.toString(), "tournament", "--config",
                small.toString()), dir.resolve("parallel.log")), dir.resolve("parallel.log"), "run-shards.sh parallel");
        ShardedRuns.assertMerged(run.resolve("merged"), single(small, "small"));
    }

    // ---------------------------------------------------------------------------------------------
    // Helpers

    /** deploy/tournament.json with two bots instead of four (ShardedRuns.smallSettings), written once for all tests. */
    private static synchronized Path smallSettings() throws IOException {
        Path small = shared.resolve("small.json");
        return Files.exists(small) ? small : ShardedRuns.smallSettings(small);
    }

    /** The results.csv of the settings played once, on one machine, as `arena tournament --config` plays them. */
    private static synchronized Path single(Path settings, String name) throws Exception {
        Path folder = shared.resolve("single-" + name);
        if (!Files.exists(folder.resolve("results.csv"))) {
            Path log = shared.resolve("single-" + name + ".log");
            finished(arena(List.of("tournament", "--config", settings.toString(), "--out", folder.toString(),
                    "--quiet"), log, false), log, "the single run");
        }
        return folder.resolve("results.csv");
    }

    /**
     * The arena of this build in a JVM of its own, as the image's {@code java -jar arena-all.jar}
     * runs it. A shard sees one processor: the shards stand for pods or machines of their own, and
     * four of them share this machine's cores.
     */
    private static Process arena(List<String> args, Path log, boolean shard) throws IOException {
        List<String> command = new ArrayList<>(List.of(JAVA));
        if (shard) {
            command.add(ONE_PROCESSOR);
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), MAIN));
        command.addAll(args);
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    private static Process script(List<String> command, Map<String, String> environment, Path log)
            throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(environment);
        return builder.start();
    }

    private static void finished(Process process, Path log, String what) throws Exception {
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            fail(what + " did not finish in 5 minutes: " + Files.readString(log));
        }
        assertEquals(0, process.exitValue(), what + " failed: " + Files.readString(log));
    }

    /**
     * Stand-ins for what a cluster has: {@code java}, which runs {@code java -jar JAR ARGS} as this
     * build's arena from the test's class path once it has checked the JAR is there; {@code ssh},
     * which logs the machine and runs the remote line here; {@code sbatch}, which logs its
     * arguments and answers job ids 4241, 4242, ... as {@code --parsable} does.
     */
    private Path standIns() throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        executable(bin.resolve("java"), """
                #!/usr/bin/env bash
                # java [JVM OPTIONS] -jar JAR ARGS: the arena of this build instead of JAR.
                jvm=()
                while [ $# -gt 0 ] && [ "$1" != -jar ]; do jvm+=("$1"); shift; done
                if [ $# -lt 2 ]; then echo "stand-in java: expected java [OPTIONS] -jar JAR ARGS" >&2; exit 97; fi
                if [ ! -f "$2" ]; then echo "stand-in java: no JAR $2" >&2; exit 98; fi
                shift 2
                exec "$ARENA_TEST_JAVA" "${jvm[@]}" "$ARENA_TEST_JVM_OPTION" -cp "$ARENA_TEST_CLASS_PATH" "$ARENA_TEST_MAIN" "$@"
                """);
        executable(bin.resolve("ssh"), """
                #!/usr/bin/env bash
                # ssh [OPTIONS] HOST COMMAND...: the command runs here, in a shell, as on the remote machine.
                while [ $# -gt 0 ]; do
                  case "$1" in
                    -o|-i|-p|-l|-F|-J) shift 2 ;;
                    -*) shift ;;
                    *) break ;;
                  esac
                done
                echo "$1" >> "$SSH_LOG"
                shift
                exec bash -c "$*" </dev/null
                """);
        executable(bin.resolve("sbatch"), """
                #!/usr/bin/env bash
                echo "$*" >> "$SBATCH_LOG"
                echo "$((4240 + $(wc -l < "$SBATCH_LOG")));testcluster"
                """);
        return bin;
    }

    private static Map<String, String> standInEnvironment(Path bin) {
        return Map.of("PATH", bin + File.pathSeparator + System.getenv("PATH"),
                "ARENA_TEST_JAVA", JAVA,
                "ARENA_TEST_CLASS_PATH", System.getProperty("java.class.path"),
                "ARENA_TEST_MAIN", MAIN,
                "ARENA_TEST_JVM_OPTION", ONE_PROCESSOR);
    }

    private static void executable(Path file, String text) throws IOException {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static boolean onPath(String program) {
        return Stream.of(System.getenv("PATH").split(File.pathSeparator))
                .anyMatch(folder -> Files.isExecutable(Path.of(folder, program)));
    }
}
