package org.pyramidarena.arena.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.deser.BeanDeserializerBuilder;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.internal.KubernetesDeserializer;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * deploy/kubernetes/'s manifests against the Kubernetes API itself, not only against what {@link
 * DeployRecipesTest} reads from them: every object is read into the API's own types for its
 * {@code apiVersion} and {@code kind}, those of Kubernetes 1.33, as fabric8's kubernetes-model
 * (7.3) generates them from the API's published OpenAPI schema. It is read strictly, as the API
 * server decodes an object: a field the type does not have fails (the model's catch-all for unknown
 * fields is taken away), a scalar of the wrong type fails (no string for a number or a boolean, no
 * number or boolean for a string), a key given twice fails, and so does a kind the API version does
 * not serve. The sandbox settings that shards-job.yaml's comments tell the reader to uncomment are
 * checked the same way, put where the comments say.
 *
 * <p>deploy/kubernetes/contest/ (the contest server, its workers and PostgreSQL) is read the same
 * way, and its objects are then held to what an operator relies on: each Service selects its own
 * pods and no others, on a port they name; the server is one pod, replaced by stopping the old one,
 * probed on {@code /api/contest}; the database's credentials come from one Secret, under one
 * variable name in the server, the workers and the init Job, and its JDBC URL names the database's
 * Service, port, user, database and password; the pods that run bots in bubblewrap get what it
 * needs and none gets a privilege; every volume is the recipe's; every image is pinned to a tag,
 * the arena's to the project's version.
 *
 * <p>What the model does not hold is not checked here: which fields are required, and the API
 * server's validation of values (names, label syntax, ranges).
 */
class KubernetesManifestSchemaTest {

    private static final Path MANIFESTS = Path.of("..", "deploy", "kubernetes").toAbsolutePath().normalize();
    private static final Path CONTEST = MANIFESTS.resolve("contest");
    private static final ObjectMapper STRICT = strictMapper();
    private static final ObjectMapper TREE = new ObjectMapper(new YAMLFactory());
    private static final KubernetesDeserializer KINDS = new KubernetesDeserializer();

    /** Jackson as the API server decodes: unknown fields, coerced scalars and repeated keys fail. */
    private static ObjectMapper strictMapper() {
        SimpleModule noCatchAll = new SimpleModule("no-unknown-fields");
        noCatchAll.setDeserializerModifier(new BeanDeserializerModifier() {
            @Override
            public BeanDeserializerBuilder updateBuilder(DeserializationConfig config, BeanDescription description,
                    BeanDeserializerBuilder builder) {
                // Every model type keeps unknown fields in additionalProperties through an any-setter;
                // without it, an unknown field is an error (FAIL_ON_UNKNOWN_PROPERTIES).
                builder.setAnySetter(null);
                return builder;
            }
        });
        ObjectMapper mapper = YAMLMapper.builder()
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
                .addModule(noCatchAll)
                .build();
        for (CoercionInputShape shape : List.of(CoercionInputShape.Integer, CoercionInputShape.Float,
                CoercionInputShape.Boolean)) {
            mapper.coercionConfigFor(LogicalType.Textual).setCoercion(shape, CoercionAction.Fail);
        }
        return mapper;
    }

    /** The YAML documents of a file, as text, in order. */
    private static List<String> documents(String yaml) {
        List<String> documents = new ArrayList<>();
        for (String document : yaml.split("(?m)^---\\s*$")) {
            if (document.lines().anyMatch(line -> !line.isBlank() && !line.startsWith("#"))) {
                documents.add(document);
            }
        }
        return documents;
    }

    /**
     * One object of a manifest read into the Kubernetes type of its apiVersion and kind; fails, naming
     * the field, where the API would refuse it.
     */
    private static KubernetesResource readStrictly(String document) throws IOException {
        JsonNode tree = TREE.readTree(document);
        String apiVersion = tree.path("apiVersion").asText();
        String kind = tree.path("kind").asText();
        Class<? extends KubernetesResource> type = KINDS.getRegisteredKind(apiVersion, kind);
        if (type == null) {
            throw new IllegalArgumentException("Kubernetes 1.33 has no kind " + kind + " in " + apiVersion);
        }
        return STRICT.readValue(document, type);
    }

    private static List<Path> manifestFiles() throws IOException {
        try (Stream<Path> files = Files.list(MANIFESTS)) {
            return files.filter(file -> file.toString().endsWith(".yaml")).sorted().toList();
        }
    }

    /** A test for each object of these files, named "FILE: KIND", that reads it strictly. */
    private static List<DynamicTest> strictReadings(List<Path> files) throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path file : files) {
            List<String> objects = documents(Files.readString(file));
            assertFalse(objects.isEmpty(), file + " holds an object");
            for (String object : objects) {
                tests.add(DynamicTest.dynamicTest(file.getFileName() + ": " + TREE.readTree(object).path("kind").asText(),
                        () -> assertNotNull(readStrictly(object))));
            }
        }
        return tests;
    }

    @TestFactory
    Stream<DynamicTest> everyManifestIsAnObjectOfTheKubernetesApi() throws IOException {
        List<DynamicTest> tests = strictReadings(manifestFiles());
        assertEquals(4, tests.size(), "the four objects of docs/distributed.md's table: " + tests);
        return tests.stream();
    }

    private static String shardsJob() throws IOException {
        return Files.readString(MANIFESTS.resolve("shards-job.yaml"));
    }

    @Test
    void aMisspeltFieldIsRefused() throws IOException {
        String misspelt = shardsJob().replace("backoffLimitPerIndex:", "backofLimitPerIndex:");
        Exception refused = assertThrows(IOException.class, () -> readStrictly(misspelt));
        assertTrue(refused.getMessage().contains("backofLimitPerIndex"), refused.getMessage());

        String misplaced = shardsJob().replace("      restartPolicy: Never", "      restartPolicy: Never\n      completions: 4");
        assertThrows(IOException.class, () -> readStrictly(misplaced), "completions is the Job's, not the pod's");
    }

    @Test
    void aValueOfTheWrongTypeIsRefused() throws IOException {
        assertThrows(IOException.class, () -> readStrictly(shardsJob().replace("completions: 4", "completions: four")));
        assertThrows(IOException.class, () -> readStrictly(shardsJob().replace("completions: 4", "completions: \"4\"")),
                "a quoted number is a string, which the API refuses for an integer");
        assertThrows(IOException.class, () -> readStrictly(shardsJob().replace("readOnly: true", "readOnly: \"true\"")));
        assertThrows(IOException.class, () -> readStrictly(shardsJob().replace("- --quiet", "- 4")),
                "an argument is a string");
        assertThrows(IOException.class, () -> readStrictly(shardsJob().replace("  completions: 4",
                "  completions: 4\n  completions: 4")), "a key given twice");
        assertThrows(IllegalArgumentException.class, () -> readStrictly(shardsJob().replace("apiVersion: batch/v1",
                "apiVersion: batch/v2")), "a version the API does not serve");
    }

    /**
     * shards-job.yaml's comments say what to uncomment for bubblewrap inside the pod: "hostUsers:
     * false" in the pod spec and the lines after "and in this securityContext:" in the container's
     * security context. Put there, they must be fields of the API too.
     */
    @Test
    void theSandboxSettingsTheCommentsOfferAreFieldsOfTheApi() throws IOException {
        List<String> lines = shardsJob().lines().toList();
        int start = indexOf(lines, "That is, uncomment:");
        int context = indexOf(lines, "and in this securityContext:");
        int end = indexOf(lines, "The Pod Security");
        String podField = uncommented(lines.subList(start + 1, context)).replaceAll("#.*", "").trim();
        assertEquals("hostUsers: false", podField, "the pod-level line of the comment");
        String securityContext = uncommented(lines.subList(context + 1, end));

        ObjectNode job = (ObjectNode) TREE.readTree(shardsJob());
        ObjectNode pod = (ObjectNode) job.path("spec").path("template").path("spec");
        pod.setAll((ObjectNode) TREE.readTree(podField));
        ObjectNode container = (ObjectNode) pod.path("containers").get(0).path("securityContext");
        container.setAll((ObjectNode) TREE.readTree(securityContext));
        for (String field : List.of("procMount", "seccompProfile", "appArmorProfile")) {
            assertTrue(container.has(field), "the comment sets " + field + ": " + container);
        }
        KubernetesResource sandboxed = readStrictly(TREE.writeValueAsString(job));
        assertNotNull(sandboxed);
    }

    private static int indexOf(List<String> lines, String text) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i;
            }
        }
        return fail("shards-job.yaml's comments no longer say \"" + text + "\"");
    }

    /** Comment lines without their "#" and the indentation they share. */
    private static String uncommented(List<String> lines) {
        List<String> text = lines.stream().map(line -> line.replaceFirst("^\\s*#", "")).toList();
        int indent = text.stream().filter(line -> !line.isBlank())
                .mapToInt(line -> line.length() - line.stripLeading().length()).min().orElse(0);
        return String.join("\n", text.stream().map(line -> line.length() > indent ? line.substring(indent) : "").toList());
    }

    // ---------------------------------------------------------------------------------------------
    // deploy/kubernetes/contest/: the contest server, its workers and PostgreSQL

    private static List<Path> contestFiles() throws IOException {
        try (Stream<Path> files = Files.list(CONTEST)) {
            return files.filter(file -> file.toString().endsWith(".yaml")).sorted().toList();
        }
    }

    @TestFactory
    Stream<DynamicTest> everyContestManifestIsAnObjectOfTheKubernetesApi() throws IOException {
        List<DynamicTest> tests = strictReadings(contestFiles());
        List<String> kinds = tests.stream().map(DynamicTest::getDisplayName).toList();
        assertEquals(List.of("contest-configmap.yaml: ConfigMap", "database-secret.yaml: Secret", "init-job.yaml: Job",
                "postgres.yaml: Service", "postgres.yaml: StatefulSet", "server.yaml: PersistentVolumeClaim",
                "server.yaml: Deployment", "server.yaml: Service", "worker.yaml: Deployment"), kinds,
                "the objects of docs/contest-server.md's table");
        return tests.stream();
    }

    @Test
    void aMisspeltFieldOfTheContestRecipeIsRefused() throws IOException {
        String worker = Files.readString(CONTEST.resolve("worker.yaml"));
        Exception refused = assertThrows(IOException.class, () -> readStrictly(worker.replace("procMount:", "procmount:")));
        assertTrue(refused.getMessage().contains("procmount"), refused.getMessage());
        assertThrows(IOException.class, () -> readStrictly(worker.replace("  replicas: 2", "  replica: 2")));
        assertThrows(IOException.class, () -> readStrictly(worker.replace("  replicas: 2", "  replicas: \"2\"")),
                "a quoted number is a string");
        assertThrows(IOException.class, () -> readStrictly(worker.replace("hostUsers: false", "hostUsers: \"false\"")));
        String statefulSet = documents(Files.readString(CONTEST.resolve("postgres.yaml"))).get(1);
        assertThrows(IOException.class, () -> readStrictly(statefulSet.replace("volumeClaimTemplates:",
                "volumeClaimTemplate:")));
        String server = documents(Files.readString(CONTEST.resolve("server.yaml"))).get(1);
        assertThrows(IOException.class, () -> readStrictly(server.replace("    type: Recreate",
                "    type: Recreate\n    replicas: 1")), "replicas is the Deployment's, not its strategy's");
    }

    /** Every object of deploy/kubernetes/contest/, read strictly. */
    private static List<HasMetadata> contest() throws IOException {
        List<HasMetadata> objects = new ArrayList<>();
        for (Path file : contestFiles()) {
            for (String document : documents(Files.readString(file))) {
                objects.add((HasMetadata) readStrictly(document));
            }
        }
        return objects;
    }

    private static <T extends HasMetadata> List<T> ofType(List<HasMetadata> objects, Class<T> type) {
        return objects.stream().filter(type::isInstance).map(type::cast).toList();
    }

    private static <T extends HasMetadata> T named(List<HasMetadata> objects, Class<T> type, String name) {
        List<T> found = ofType(objects, type).stream().filter(o -> name.equals(o.getMetadata().getName())).toList();
        assertEquals(1, found.size(), "one " + type.getSimpleName() + " " + name + " in deploy/kubernetes/contest/");
        return found.get(0);
    }

    /** The pod template of each Deployment, StatefulSet and Job, by the object's name. */
    private static Map<String, PodTemplateSpec> podTemplates(List<HasMetadata> objects) {
        Map<String, PodTemplateSpec> templates = new LinkedHashMap<>();
        for (HasMetadata object : objects) {
            PodTemplateSpec template = object instanceof Deployment deployment ? deployment.getSpec().getTemplate()
                    : object instanceof StatefulSet set ? set.getSpec().getTemplate()
                    : object instanceof Job job ? job.getSpec().getTemplate() : null;
            if (template != null) {
                templates.put(object.getMetadata().getName(), template);
            }
        }
        return templates;
    }

    /** A pod's containers, its init containers included. */
    private static List<Container> allContainers(PodSpec pod) {
        List<Container> containers = new ArrayList<>(pod.getContainers());
        containers.addAll(pod.getInitContainers());
        return containers;
    }

    private static Container mainContainer(Map<String, PodTemplateSpec> pods, String owner) {
        List<Container> containers = pods.get(owner).getSpec().getContainers();
        assertEquals(1, containers.size(), "one container in " + owner + "'s pods");
        return containers.get(0);
    }

    private static boolean selects(Map<String, String> selector, Map<String, String> labels) {
        return !selector.isEmpty() && selector.entrySet().stream()
                .allMatch(label -> label.getValue().equals(labels.get(label.getKey())));
    }

    @Test
    void everyObjectAndPodCarriesTheRecipesLabels() throws IOException {
        List<HasMetadata> objects = contest();
        for (HasMetadata object : objects) {
            Map<String, String> labels = object.getMetadata().getLabels();
            assertEquals("pyramid-arena", labels.get("app.kubernetes.io/name"), object.getMetadata().getName());
            assertNotNull(labels.get("app.kubernetes.io/component"), object.getMetadata().getName() + " has a component");
        }
        podTemplates(objects).forEach((owner, template) -> {
            HasMetadata object = objects.stream().filter(o -> owner.equals(o.getMetadata().getName())
                    && !(o instanceof Service)).findFirst().orElseThrow();
            assertEquals(object.getMetadata().getLabels(), template.getMetadata().getLabels(),
                    owner + "'s pods carry its labels");
        });
        for (Deployment deployment : ofType(objects, Deployment.class)) {
            assertTrue(selects(deployment.getSpec().getSelector().getMatchLabels(),
                    deployment.getSpec().getTemplate().getMetadata().getLabels()), deployment.getMetadata().getName());
        }
        for (StatefulSet set : ofType(objects, StatefulSet.class)) {
            assertTrue(selects(set.getSpec().getSelector().getMatchLabels(),
                    set.getSpec().getTemplate().getMetadata().getLabels()), set.getMetadata().getName());
        }
    }

    @Test
    void eachServiceSelectsItsOwnPodsOnAPortTheyName() throws IOException {
        List<HasMetadata> objects = contest();
        Map<String, PodTemplateSpec> pods = podTemplates(objects);
        for (String name : List.of("arena-server", "arena-postgres")) {
            Service service = named(objects, Service.class, name);
            Map<String, String> selector = Objects.requireNonNullElse(service.getSpec().getSelector(), Map.of());
            List<String> selected = pods.entrySet().stream()
                    .filter(pod -> selects(selector, pod.getValue().getMetadata().getLabels())).map(Map.Entry::getKey)
                    .toList();
            assertEquals(List.of(name), selected, "Service " + name + " selects the pods of " + name + " alone");
            Container container = mainContainer(pods, name);
            for (ServicePort port : service.getSpec().getPorts()) {
                String target = port.getTargetPort().getStrVal();
                assertTrue(container.getPorts().stream().anyMatch(p -> Objects.equals(target, p.getName())
                        && port.getPort().equals(p.getContainerPort())),
                        name + ": the Service's port " + port.getPort() + " is a port the container names: " + target);
            }
        }
        assertEquals(List.of(8080), named(objects, Service.class, "arena-server").getSpec().getPorts().stream()
                .map(ServicePort::getPort).toList());
        Service database = named(objects, Service.class, "arena-postgres");
        assertEquals("None", database.getSpec().getClusterIP(), "the StatefulSet's governing Service is headless");
        assertEquals(database.getMetadata().getName(),
                named(objects, StatefulSet.class, "arena-postgres").getSpec().getServiceName());
    }

    @Test
    void theServerIsOnePodReplacedByStoppingTheOldOneAndProbedOnTheApi() throws IOException {
        List<HasMetadata> objects = contest();
        Deployment server = named(objects, Deployment.class, "arena-server");
        assertEquals(1, server.getSpec().getReplicas(), "one server: the volume is ReadWriteOnce and the scheduler one");
        assertEquals("Recreate", server.getSpec().getStrategy().getType(),
                "a rolling update would start a second server on the volume before the first stops");
        Container container = mainContainer(podTemplates(objects), "arena-server");
        List<String> args = container.getArgs();
        String port = args.get(args.indexOf("--port") + 1);
        assertEquals("0.0.0.0", args.get(args.indexOf("--host") + 1), "listens beyond the pod's loopback");
        assertTrue(container.getPorts().stream().anyMatch(p -> "http".equals(p.getName())
                && Integer.toString(p.getContainerPort()).equals(port)), "the port named http is --port " + port);
        for (var probe : List.of(container.getReadinessProbe(), container.getLivenessProbe())) {
            assertNotNull(probe, "a readiness and a liveness probe");
            assertEquals("/api/contest", probe.getHttpGet().getPath());
            assertEquals("http", probe.getHttpGet().getPort().getStrVal());
        }
        PersistentVolumeClaim claim = named(objects, PersistentVolumeClaim.class, "arena-contest");
        assertEquals(List.of("ReadWriteOnce"), claim.getSpec().getAccessModes());
    }

    @Test
    void everyVolumeIsOneOfTheRecipes() throws IOException {
        List<HasMetadata> objects = contest();
        Set<String> claims = new HashSet<>(ofType(objects, PersistentVolumeClaim.class).stream()
                .map(claim -> claim.getMetadata().getName()).toList());
        Set<String> configMaps = new HashSet<>(ofType(objects, ConfigMap.class).stream()
                .map(map -> map.getMetadata().getName()).toList());
        Map<String, Set<String>> claimTemplates = new HashMap<>();
        for (StatefulSet set : ofType(objects, StatefulSet.class)) {
            claimTemplates.put(set.getMetadata().getName(), new HashSet<>(set.getSpec().getVolumeClaimTemplates().stream()
                    .map(template -> template.getMetadata().getName()).toList()));
        }
        podTemplates(objects).forEach((owner, template) -> {
            Set<String> volumes = new HashSet<>(claimTemplates.getOrDefault(owner, Set.of()));
            for (Volume volume : template.getSpec().getVolumes()) {
                volumes.add(volume.getName());
                if (volume.getPersistentVolumeClaim() != null) {
                    assertTrue(claims.contains(volume.getPersistentVolumeClaim().getClaimName()), owner + ": " + volume);
                } else if (volume.getConfigMap() != null) {
                    assertTrue(configMaps.contains(volume.getConfigMap().getName()), owner + ": " + volume);
                } else {
                    assertNotNull(volume.getEmptyDir(), owner + ": a claim, a ConfigMap or an emptyDir: " + volume);
                }
            }
            for (Container container : allContainers(template.getSpec())) {
                for (VolumeMount mount : container.getVolumeMounts()) {
                    assertTrue(volumes.contains(mount.getName()), owner + "/" + container.getName() + " mounts "
                            + mount.getName() + ", a volume of its pod");
                }
            }
        });
    }

    /** A container's variables that come from a Secret: the variable's name, and the Secret's key. */
    private static Map<String, String> secretVariables(Container container, String secret) {
        Map<String, String> variables = new LinkedHashMap<>();
        for (EnvVar variable : container.getEnv()) {
            if (variable.getValueFrom() != null && variable.getValueFrom().getSecretKeyRef() != null) {
                assertEquals(secret, variable.getValueFrom().getSecretKeyRef().getName(),
                        container.getName() + "'s " + variable.getName() + " comes from the recipe's Secret");
                variables.put(variable.getName(), variable.getValueFrom().getSecretKeyRef().getKey());
            }
        }
        return variables;
    }

    private static Map<String, String> plainVariables(Container container) {
        Map<String, String> variables = new LinkedHashMap<>();
        container.getEnv().stream().filter(variable -> variable.getValue() != null)
                .forEach(variable -> variables.put(variable.getName(), variable.getValue()));
        return variables;
    }

    @Test
    void theDatabasesCredentialsComeFromOneSecretUnderOneNameAndAgree() throws IOException {
        List<HasMetadata> objects = contest();
        Secret secret = named(objects, Secret.class, "arena-database");
        Map<String, String> data = secret.getStringData();
        Map<String, PodTemplateSpec> pods = podTemplates(objects);
        pods.forEach((owner, template) -> allContainers(template.getSpec()).forEach(container ->
                secretVariables(container, "arena-database").values().forEach(key -> assertTrue(data.containsKey(key),
                        owner + "/" + container.getName() + " reads the Secret's key " + key + ", which it has"))));
        for (String arena : List.of("arena-server", "arena-worker", "arena-init")) {
            assertEquals("ARENA_DATABASE_URL", secretVariables(mainContainer(pods, arena), "arena-database")
                    .get("ARENA_DATABASE_URL"), arena + " reads the JDBC URL as ARENA_DATABASE_URL, the arena's name");
        }
        Container postgres = mainContainer(pods, "arena-postgres");
        assertEquals("POSTGRES_PASSWORD", secretVariables(postgres, "arena-database").get("POSTGRES_PASSWORD"));

        String url = data.get("ARENA_DATABASE_URL");
        assertTrue(url.startsWith("jdbc:postgresql://"), url);
        URI database = URI.create(url.substring("jdbc:".length()));
        Service service = named(objects, Service.class, "arena-postgres");
        assertEquals(service.getMetadata().getName(), database.getHost(), "the URL names the database's Service");
        assertEquals(service.getSpec().getPorts().get(0).getPort(), database.getPort());
        Map<String, String> settings = plainVariables(postgres);
        assertEquals("/" + settings.get("POSTGRES_DB"), database.getPath());
        Map<String, String> query = new HashMap<>();
        for (String pair : database.getRawQuery().split("&")) {
            String[] parts = pair.split("=", 2);
            query.put(parts[0], parts[1]);
        }
        assertEquals(settings.get("POSTGRES_USER"), query.get("user"));
        assertEquals(data.get("POSTGRES_PASSWORD"), query.get("password"), "one password in the URL and for PostgreSQL");
    }

    @Test
    void thePodsThatRunBotsHaveWhatBubblewrapNeedsAndNoPodIsPrivileged() throws IOException {
        Map<String, PodTemplateSpec> pods = podTemplates(contest());
        assertEquals(Set.of("arena-server", "arena-worker", "arena-init", "arena-postgres"), pods.keySet());
        pods.forEach((owner, template) -> {
            PodSpec pod = template.getSpec();
            for (Function<PodSpec, Boolean> host : List.<Function<PodSpec, Boolean>>of(PodSpec::getHostNetwork,
                    PodSpec::getHostPID, PodSpec::getHostIPC)) {
                assertFalse(Boolean.TRUE.equals(host.apply(pod)), owner + " shares none of the node's namespaces");
            }
            assertTrue(pod.getSecurityContext().getRunAsNonRoot(), owner + " runs as an ordinary user");
            for (Container container : allContainers(pod)) {
                SecurityContext context = container.getSecurityContext();
                String where = owner + "/" + container.getName();
                assertNotNull(context, where);
                assertFalse(Boolean.TRUE.equals(context.getPrivileged()), where + " is not privileged");
                assertEquals(Boolean.FALSE, context.getAllowPrivilegeEscalation(), where);
                assertEquals(List.of("ALL"), context.getCapabilities().getDrop(), where + " drops every capability");
                assertTrue(context.getCapabilities().getAdd().isEmpty(), where + " adds none");
            }
        });
        for (String sandboxed : List.of("arena-server", "arena-worker")) {
            PodSpec pod = pods.get(sandboxed).getSpec();
            assertEquals(Boolean.FALSE, pod.getHostUsers(), sandboxed + ": a user namespace of its own");
            assertEquals(10001L, pod.getSecurityContext().getRunAsUser(), sandboxed + ": the image's user");
            SecurityContext context = mainContainer(pods, sandboxed).getSecurityContext();
            assertEquals("Unmasked", context.getProcMount(), sandboxed + ": bubblewrap mounts a fresh /proc");
            assertEquals("Unconfined", context.getSeccompProfile().getType(), sandboxed + ": unshare and mount allowed");
            assertEquals("Unconfined", context.getAppArmorProfile().getType(), sandboxed + ": mount allowed");
        }
    }

    @Test
    void everyImageIsPinnedTheArenasToTheProjectsVersion() throws Exception {
        Path pom = MANIFESTS.getParent().getParent().resolve("pom.xml");
        String version = XPathFactory.newInstance().newXPath().evaluate("/project/version",
                DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile()));
        assertFalse(version.isBlank(), "the root pom's version");
        Set<String> arena = new HashSet<>();
        Set<String> postgres = new HashSet<>();
        podTemplates(contest()).forEach((owner, template) -> allContainers(template.getSpec()).forEach(container -> {
            String image = container.getImage();
            assertTrue(image.matches("[^:@/]+:[^:@]+") && !image.endsWith(":latest"),
                    owner + "/" + container.getName() + ": an image pinned to a tag, not latest: " + image);
            (image.startsWith("postgres:") ? postgres : arena).add(image);
        }));
        assertEquals(Set.of("pyramid-arena:" + version), arena, "deploy/Dockerfile's image, tagged with the version");
        assertEquals(1, postgres.size(), "one PostgreSQL: " + postgres);
        assertTrue(postgres.iterator().next().matches("postgres:[0-9]+"), "the official image of one major version: "
                + postgres);
    }
}
