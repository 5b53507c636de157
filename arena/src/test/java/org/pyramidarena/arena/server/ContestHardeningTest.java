package org.pyramidarena.arena.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.bots.BotJar;

/**
 * The contest server under hostile requests: an upload built to be slow to check, and whatever
 * else one client can do to keep the others waiting, answered within a second for everyone else.
 * No bot is uploaded that plays, so the ladder stays idle and the timings are the server's own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ContestHardeningTest {

    /** How long another client may wait while one misbehaves. */
    static final long PROMPT_MILLIS = 1000;

    Path folder;
    ContestServer server;
    ContestClient client;
    String admin;
    String alice;
    String bob;

    @BeforeAll
    void startContest(@TempDir Path temporary) throws IOException, InterruptedException {
        folder = temporary.resolve("contest");
        admin = ContestServer.init(folder, ContestServerApiTest.quickSettings("hardening", null));
        server = ContestServer.start(folder, "127.0.0.1", 0, line -> { });
        client = new ContestClient(server.port());
        alice = createTeam("alice");
        bob = createTeam("bob");
    }

    @AfterAll
    void stopContest() {
        if (server != null) {
            server.close();
        }
    }

    String createTeam(String name) throws IOException, InterruptedException {
        ContestClient.Response response = client.postJson("/api/admin/teams", admin, Map.of("name", name));
        assertEquals(201, response.status(), response.body());
        return response.json().path("token").asText();
    }

    /**
     * A JAR whose service entry names 200,000 bot classes (464 KB packed) held every request of
     * every client for over a minute and was refused with a 3 MB list of the names.
     */
    @Test
    @Timeout(30)
    void anUploadNamingTwoHundredThousandBotsIsRefusedShortlyWhileOthersAreAnswered() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(bytes)) {
            jar.putNextEntry(new JarEntry(BotJar.SERVICE_ENTRY));
            for (int i = 0; i < 200_000; i++) {
                jar.write(("org.example.bots.Bot" + i + "\n").getBytes(StandardCharsets.UTF_8));
            }
            jar.closeEntry();
        }
        CompletableFuture<ContestClient.Response> upload = CompletableFuture.supplyAsync(() -> {
            try {
                return client.upload(alice, "many.jar", bytes.toByteArray());
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        long slowest = 0;
        do {
            slowest = Math.max(slowest, millis(() -> assertEquals(200, client.get("/api/contest", null).status())));
            slowest = Math.max(slowest, millis(() -> assertEquals(200, client.get("/api/team", bob).status())));
        } while (!upload.isDone());
        ContestClient.Response refused = upload.get();
        ContestServerApiTest.assertRefused(refused, 400, "is larger than " + BotJar.MAX_SERVICE_BYTES + " bytes");
        assertTrue(refused.body().length() < 300, "a short reason: " + refused.body().length() + " characters");
        assertTrue(slowest < PROMPT_MILLIS, "the other requests waited up to " + slowest + " ms");
    }

    interface Request {
        void send() throws Exception;
    }

    static long millis(Request request) throws Exception {
        long start = System.nanoTime();
        request.send();
        return (System.nanoTime() - start) / 1_000_000;
    }
}
