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
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.internal.KubernetesDeserializer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
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
 * <p>What the model does not hold is not checked here: which fields are required, and the API
 * server's validation of values (names, label syntax, ranges).
 */
class KubernetesManifestSchemaTest {

    private static final Path MANIFESTS = Path.of("..", "deploy", "kubernetes").toAbsolutePath().normalize();
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

    @TestFactory
    Stream<DynamicTest> everyManifestIsAnObjectOfTheKubernetesApi() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path file : manifestFiles()) {
            List<String> objects = documents(Files.readString(file));
            assertFalse(objects.isEmpty(), file + " holds an object");
            for (String object : objects) {
                tests.add(DynamicTest.dynamicTest(file.getFileName() + ": " + TREE.readTree(object).path("kind").asText(),
                        () -> assertNotNull(readStrictly(object))));
            }
        }
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
}
