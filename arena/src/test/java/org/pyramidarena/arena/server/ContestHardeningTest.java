package org.pyramidarena.arena.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.bots.BotJar;
import org.pyramidarena.arena.bots.TestJars;
import org.pyramidarena.arena.rogues.Rogues;
import org.pyramidarena.arena.server.access.WrongTokenLimit;

/**
 * The contest server under hostile requests: an upload built to be slow to check, and whatever
 * else one client can do to keep the others waiting, answered within a second for everyone else.
 * No bot is uploaded that plays, so the ladder stays idle and the timings are the server's own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ContestHardeningTest {

    /** How long another client may wait while one misbehaves. */
    static final long PROMPT_MILLIS = 1000;
    /**
     * More clients than the server has threads (Jetty's pool of 250, as Javalin makes it);
     * {@code -Dcontest.slowClients=N} tries another number (docs/contest-server.md).
     */
    static final int SLOW_CLIENTS = Integer.getInteger("contest.slowClients", 300);

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
        return client.createTeam(admin, name);
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

    /**
     * Clients that send the headers of an upload and the start of its body, then nothing, each held
     * one of the server's threads (250) until its idle timeout: a thousand of them kept every page
     * waiting for half a minute. Now uploads past a few at once are refused before their body is read.
     */
    @Test
    @Timeout(60)
    void halfSentUploadsDoNotKeepThePagesWaiting() throws Exception {
        List<Socket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < SLOW_CLIENTS; i++) {
                Socket socket = new Socket("127.0.0.1", server.port());
                sockets.add(socket);
                // Half of them with a team's token, which passes the access check and reads the body.
                socket.getOutputStream().write(("POST /api/team/versions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        + (i % 2 == 0 ? "Authorization: Bearer " + bob + "\r\n" : "")
                        + "Content-Type: multipart/form-data; boundary=slow\r\nContent-Length: 1000000\r\n\r\n"
                        + "--slow\r\nContent-Disposition: form-data; name=\"file\"; filename=\"slow.jar\"\r\n\r\nPK")
                        .getBytes(StandardCharsets.US_ASCII));
                socket.getOutputStream().flush();
            }
            // Those past the slots are answered 503 at once; the others wait for their body.
            int refused = 0;
            long waitUntil = System.nanoTime() + 3_000_000_000L;
            for (Socket socket : sockets) {
                socket.setSoTimeout((int) Math.max(1, Math.min(50, (waitUntil - System.nanoTime()) / 1_000_000)));
                try {
                    byte[] status = socket.getInputStream().readNBytes(12);
                    refused += new String(status, StandardCharsets.US_ASCII).endsWith("503") ? 1 : 0;
                } catch (SocketTimeoutException e) {
                    // Holds a slot, or not answered yet.
                }
            }
            long slowest = 0;
            for (int i = 0; i < 5; i++) {
                slowest = Math.max(slowest, millis(() -> assertEquals(200, client.get("/api/leaderboard", null).status())));
                slowest = Math.max(slowest, millis(() -> assertEquals(200, client.get("/", null).status())));
                slowest = Math.max(slowest, millis(() -> assertEquals(200, client.get("/api/team", alice).status())));
            }
            System.out.printf("ContestHardeningTest: with %d half-sent uploads open (%d of them refused with 503), the "
                    + "slowest of 15 page and API requests took %d ms%n", SLOW_CLIENTS, refused, slowest);
            assertTrue(slowest < PROMPT_MILLIS, "with " + SLOW_CLIENTS + " half-sent uploads open, a page waited "
                    + slowest + " ms");
        } finally {
            for (Socket socket : sockets) {
                socket.close();
            }
        }
        // The slots of the uploads that were cut off are given back: a team uploads again.
        long deadline = System.nanoTime() + 10_000_000_000L;
        ContestClient.Response upload;
        do {
            upload = client.upload(alice, "bot.exe", new byte[] {1});
        } while (upload.status() == 503 && System.nanoTime() < deadline);
        ContestServerApiTest.assertRefused(upload, 400, "neither a .jar");
    }

    /** The database holds the ladder's secret seed and the tokens' hashes; it was made readable by all (0644). */
    @Test
    void theContestFolderAndItsDatabaseArePrivateToTheServersUser() throws IOException {
        assumeTrue(Files.getFileStore(folder).supportsFileAttributeView(PosixFileAttributeView.class),
                "SKIPPED: the file system has no POSIX permissions");
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(folder)));
        for (String file : List.of("contest.json", "contest.db", "contest.db-wal", "contest.db-shm")) {
            Path path = folder.resolve(file);
            assertTrue(Files.exists(path) || file.contains("-"), file);
            if (Files.exists(path)) {
                assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(path)), file);
            }
        }
    }

    /**
     * A bot that does not start was rejected with the server's path of its file ("bot /srv/cup/versions/5/x.jar
     * did not say hello"): what a team reads names files relative to the contest folder.
     */
    @Test
    void whatATeamReadsNamesNoPathOfTheServers() throws Exception {
        byte[] notABot = Files.readAllBytes(TestJars.jar(folder.resolveSibling("not-a-bot.jar"),
                List.of(Rogues.class.getName()), List.of(Rogues.class)));
        assertEquals(201, client.upload(bob, "not-a-bot.jar", notABot).status());
        JsonNode team = client.await("/api/team", bob, 60, "rejected", t -> t.path("versions").path(0).path("status")
                .asText().equals("rejected"));
        String reason = team.path("versions").path(0).path("reason").asText();
        String log = client.get("/api/team/versions/1/log", bob).body();
        String page = client.postForm("/team", Map.of("token", bob)).body();
        for (String shown : List.of(reason, log, page, team.toString())) {
            for (Path path : List.of(folder.toAbsolutePath(), folder.toRealPath(), Path.of(System.getProperty("java.home")),
                    Path.of(System.getProperty("user.dir")))) {
                assertFalse(shown.contains(path.toString()), path + " in " + shown);
            }
        }
        assertTrue(reason.contains("versions/") && reason.contains("not-a-bot.jar"), reason);
    }

    /** Last: the test client's address is then refused any token for a minute. */
    @Test
    @Order(Integer.MAX_VALUE)
    void wrongTokensFromOneAddressAreRefusedWith429AfterTenAMinute() throws Exception {
        for (int i = 0; i < WrongTokenLimit.PER_MINUTE; i++) {
            assertEquals(403, client.get("/api/team", "guess-" + i).status());
        }
        ContestServerApiTest.assertRefused(client.get("/api/team", "guess-again"), 429, "wrong tokens a minute");
        ContestServerApiTest.assertRefused(client.postForm("/admin", Map.of("token", "guess")), 429, "try again in");
        assertEquals(200, client.get("/api/leaderboard", null).status(), "public pages need no token");
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
