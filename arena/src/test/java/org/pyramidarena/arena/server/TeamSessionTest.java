package org.pyramidarena.arena.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.read.ListAppender;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.server.contest.Tokens;
import org.slf4j.LoggerFactory;

/**
 * A team's session on the pages: one sign-in with the token, then a cookie (HttpOnly,
 * SameSite=Strict, Secure over HTTPS) that holds a session id and never the token; signing out ends
 * the session on the server too; and the token appears in no URL, no page and no log line.
 */
class TeamSessionTest {

    @TempDir
    Path temp;

    private ContestServer server;
    private ContestClient client;
    private String red;
    private final List<ContestClient.Response> responses = new ArrayList<>();

    @BeforeEach
    void start() throws IOException, InterruptedException {
        Path folder = temp.resolve("contest");
        String admin = ContestServer.init(folder, ContestServerApiTest.quickSettings("session-cup", null));
        server = ContestServer.start(folder, "127.0.0.1", 0, line -> { });
        client = new ContestClient(server.port());
        red = client.postJson("/api/admin/teams", admin, Map.of("name", "red")).json().path("token").asText();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aTeamSignsInOnceAndItsPageStaysOpenUntilItSignsOut() throws IOException, InterruptedException {
        ContestClient.Response anonymous = seen(client.page("/team", "arena_session=none"));
        assertEquals(303, anonymous.status());
        assertEquals("/team/sign-in", anonymous.header("Location"), "no session: to the sign-in form");
        ContestClient.Response form = seen(client.get("/team/sign-in", null));
        assertTrue(form.body().contains("<form method=\"post\" action=\"/team/sign-in\">"),
                "the token goes in a POST's body: " + form.body());

        ContestClient.Response signIn = seen(client.postForm("/team/sign-in", Map.of("token", red)));
        assertEquals(303, signIn.status(), signIn.body());
        assertEquals("/team", signIn.header("Location"));
        String cookie = signIn.header("Set-Cookie");
        String session = cookie.split(";", 2)[0].substring("arena_session=".length());
        assertNotEquals(red, session, "the cookie holds a session id, not the token");
        assertTrue(server.database().sessionTeam(Tokens.hash(session), System.currentTimeMillis()).isPresent(),
                "the server keeps the session by its hash");
        assertTrue(server.database().sessionTeam(session, System.currentTimeMillis()).isEmpty(),
                "and never the id itself");

        for (int i = 0; i < 2; i++) {
            ContestClient.Response page = seen(client.page("/team", "arena_session=" + session));
            assertEquals(200, page.status(), page.body());
            assertTrue(page.body().contains("Team red"), "the page stays open without the token");
        }
        ContestClient.Response refused = seen(client.postForm("/team/upload", Map.of(),
                Map.of("Cookie", "arena_session=" + session)));
        assertEquals(400, refused.status(), "an upload form without a file, answered for the session's team");

        ContestClient.Response signOut = seen(client.postForm("/team/sign-out", Map.of(),
                Map.of("Cookie", "arena_session=" + session)));
        assertEquals(303, signOut.status());
        assertEquals("/team/sign-in", signOut.header("Location"));
        assertTrue(signOut.header("Set-Cookie").matches("arena_session=;.*(?i)(Max-Age=0|Expires=Thu, 01 Jan 1970).*"),
                "the browser is told to forget it: " + signOut.header("Set-Cookie"));
        ContestClient.Response after = seen(client.page("/team", "arena_session=" + session));
        assertEquals(303, after.status(), "a browser that kept the cookie is signed out all the same");
        assertEquals(401, seen(client.postForm("/team/upload", Map.of(), Map.of("Cookie", "arena_session="
                + session))).status());
        assertTokenInNoUrlOrPage();
    }

    @Test
    void theCookieIsHttpOnlySameSiteStrictAndSecureOverHttps() throws IOException, InterruptedException {
        String plain = seen(client.postForm("/team/sign-in", Map.of("token", red))).header("Set-Cookie");
        assertTrue(plain.matches("(?i).*; *HttpOnly.*") && plain.matches("(?i).*; *SameSite=Strict.*")
                && plain.matches("(?i).*; *Path=/(;.*|$)"), plain);
        assertFalse(plain.matches("(?i).*; *Secure.*"), "plain HTTP: a Secure cookie would not come back: " + plain);
        String https = seen(client.postForm("/team/sign-in", Map.of("token", red),
                Map.of("X-Forwarded-Proto", "https"))).header("Set-Cookie");
        assertTrue(https.matches("(?i).*; *Secure.*") && https.matches("(?i).*; *HttpOnly.*"),
                "behind a TLS proxy: " + https);
        assertTokenInNoUrlOrPage();
    }

    @Test
    void wrongTokensAreRefusedAndNoTokenOrSessionIdReachesALog() throws IOException, InterruptedException {
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        Level level = root.getLevel();
        ListAppender<ILoggingEvent> logs = new ListAppender<>();
        logs.start();
        root.addAppender(logs);
        root.setLevel(Level.INFO);
        String wrong = red.substring(0, red.length() - 1) + (red.endsWith("A") ? "B" : "A");
        String session;
        try {
            ContestServerApiTest.assertRefused(seen(client.postForm("/team/sign-in", Map.of("token", wrong))), 403,
                    "wrong token");
            ContestServerApiTest.assertRefused(seen(client.postForm("/team/sign-in", Map.of())), 401, "token");
            session = client.signIn(red);
            seen(client.page("/team", session));
            seen(client.postForm("/team/sign-out", Map.of(), Map.of("Cookie", session)));
        } finally {
            root.detachAppender(logs);
            root.setLevel(level);
        }
        assertTrue(logs.list.stream().anyMatch(e -> e.getFormattedMessage().contains("red signed in")),
                "the sign-in is logged, by the team's name: " + logs.list);
        for (ILoggingEvent event : logs.list) {
            String line = event.getFormattedMessage() + (event.getThrowableProxy() == null ? ""
                    : ThrowableProxyUtil.asString(event.getThrowableProxy()));
            for (String secret : List.of(red, wrong, session.substring(session.indexOf('=') + 1))) {
                assertFalse(line.contains(secret), "a secret in the log: " + line);
            }
        }
        assertTokenInNoUrlOrPage();
    }

    private ContestClient.Response seen(ContestClient.Response response) {
        responses.add(response);
        return response;
    }

    /** No answer of this test sent the token back: not in a redirect's URL, a page, or any header. */
    private void assertTokenInNoUrlOrPage() {
        for (ContestClient.Response response : responses) {
            assertFalse(response.body().contains(red), "the token in a page: " + response.body());
            response.headers().map().forEach((name, values) -> values.forEach(value -> assertFalse(value.contains(red),
                    "the token in " + name + ": " + value)));
        }
    }
}
