package org.pyramidarena.arena.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.bots.BotJar;
import org.pyramidarena.arena.bots.TestJars;
import org.pyramidarena.arena.rogues.Rogues;
import org.pyramidarena.arena.server.chattybot.ChattyBot;
import org.pyramidarena.arena.server.contest.ContestSettings;
import org.pyramidarena.bots.RandomBot;

/**
 * The contest server over HTTP, on a free port of this machine: uploads checked and refused, the
 * ladder playing, the leaderboard, tokens, and each team's logs kept from the others. A subclass
 * runs the same tests on PostgreSQL.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ContestServerApiTest {

    static final int UPLOADS_PER_HOUR = 8;
    static final int SCRIMMAGES_PER_HOUR = 3;

    Path dir;

    ContestServer server;
    ContestClient client;
    String admin;
    String alice;
    String bob;
    byte[] randomJar;

    /** The database the contest uses: null for the default, SQLite in the contest folder. */
    String database() throws IOException, InterruptedException {
        return null;
    }

    /** Settings of a small, quick contest: one game, matches of random bots, no sandbox. */
    static ContestSettings quickSettings(String name, String database) {
        return ContestSettings.named(name).withGames(List.of("pylon")).withSandbox("none").withLadder(1, 2)
                .withUploads(1 << 20, UPLOADS_PER_HOUR).withScrimmages(SCRIMMAGES_PER_HOUR).withDatabase(database);
    }

    @BeforeAll
    void startContest(@TempDir Path temporary) throws IOException, InterruptedException {
        dir = temporary;
        Path folder = dir.resolve("contest");
        admin = ContestServer.init(folder, quickSettings("api-test", database()));
        server = ContestServer.start(folder, "127.0.0.1", 0, line -> { });
        client = new ContestClient(server.port());
        alice = createTeam("alice");
        bob = createTeam("bob");
        randomJar = Files.readAllBytes(TestJars.botJar(dir.resolve("random.jar"), RandomBot.class));
        assertEquals(201, client.upload(alice, "alice-bot.jar", randomJar).status());
        assertEquals(201, client.upload(bob, "bob-bot.jar", randomJar).status());
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

    @Test
    void uploadedBotsAreCheckedQualifiedAndRankedOnTheLadder() throws IOException, InterruptedException {
        for (String token : List.of(alice, bob)) {
            client.await("/api/team", token, 120, "ready", team -> team.path("versions").path(0).path("status")
                    .asText().equals("ready"));
        }
        JsonNode board = client.await("/api/leaderboard", null, 120, "ranked with ladder games", rows ->
                StreamSupport.stream(rows.spliterator(), false).filter(r -> List.of("alice", "bob")
                        .contains(r.path("team").asText()) && r.path("games").asLong() > 2 && !r.path("elo").isNull())
                        .count() == 2);
        for (JsonNode row : board) {
            if (List.of("alice", "bob").contains(row.path("team").asText())) {
                assertTrue(row.path("error").asDouble() > 0, "an error bar: " + row);
            }
        }
        JsonNode matches = client.await("/api/matches?limit=100", null, 60, "a finished ladder match", list ->
                StreamSupport.stream(list.spliterator(), false).anyMatch(m -> m.path("phase").asText()
                        .equals("ladder") && m.path("status").asText().equals("done")));
        JsonNode ladder = StreamSupport.stream(matches.spliterator(), false).filter(m -> m.path("phase").asText()
                .equals("ladder") && m.path("status").asText().equals("done")).findFirst().orElseThrow();
        assertEquals(2, ladder.path("seats").size(), ladder.toString());
        assertTrue(StreamSupport.stream(ladder.path("seats").spliterator(), false)
                .allMatch(s -> s.path("bot").asText().matches("[a-z]+\\.v[0-9]+")), "teams' versions: " + ladder);
        ContestClient.Response replay = client.get(ladder.path("replay").asText(), null);
        assertEquals(200, replay.status());
        assertTrue(replay.body().contains("id=\"moves\""), "the replay viewer page");
        // The replay is stored once, in the database; its viewer page is made when asked for, never kept.
        assertFalse(Files.exists(dir.resolve("contest").resolve("replays")), "no replay or viewer file per match");
        assertEquals(200, client.get(ladder.path("replay").asText() + ".json.gz", null).status(), "the replay file");
        // Every new version played its check against random before anything else.
        JsonNode aliceTeam = client.get("/api/team", alice).json();
        assertTrue(StreamSupport.stream(aliceTeam.path("matches").spliterator(), false).anyMatch(m ->
                m.path("phase").asText().equals("check") && m.path("seats").toString().contains("\"random\"")));
        // Other tests of this class add teams to the same contest: wait for a rated match against bob.
        client.await("/api/team", alice, 120, "a rated match against bob", team ->
                StreamSupport.stream(team.path("matches").spliterator(), false).anyMatch(m ->
                        List.of("qualifying", "ladder").contains(m.path("phase").asText())
                                && m.path("status").asText().equals("done")
                                && m.path("seats").toString().contains("bob.v1")));
        String page = client.page("/team", client.signIn(alice)).body();
        assertTrue(page.contains("id=\"rating-history\"") && page.contains("id=\"report-data\"")
                && page.contains("id=\"head-to-head-v1\" open") && page.contains("<td class=\"bot\">bob.v1</td>"),
                "the team page charts its rating and tables its results against bob: " + page);
    }

    @Test
    void aNewVersionTakesItsTeamsPlaceOnTheLeaderboardOnceItHasQualified() throws IOException, InterruptedException {
        String frank = createTeam("frank");
        assertEquals(201, client.upload(frank, "first.jar", randomJar).status());
        client.await("/api/team", frank, 120, "version 1 ready", team -> team.path("versions").path(0)
                .path("status").asText().equals("ready"));
        ContestClient.Response second = client.upload(frank, "second.jar", randomJar);
        assertEquals(201, second.status(), second.body());
        assertEquals(2, second.json().path("number").asInt());
        JsonNode board = client.await("/api/leaderboard", null, 120, "frank's version 2 on the leaderboard", rows ->
                StreamSupport.stream(rows.spliterator(), false).anyMatch(r -> r.path("team").asText().equals("frank")
                        && r.path("version").asInt() == 2));
        assertEquals(1, StreamSupport.stream(board.spliterator(), false)
                .filter(r -> r.path("team").asText().equals("frank")).count(), "one line per team: " + board);
        JsonNode versions = client.get("/api/team", frank).json().path("versions");
        assertEquals(List.of("second.jar", "first.jar"), StreamSupport.stream(versions.spliterator(), false)
                .map(v -> v.path("file").asText()).toList(), "both versions kept, newest first");
    }

    @Test
    void aBotThatFaultsInItsCheckIsRejectedWithTheFaultAsTheReason() throws IOException, InterruptedException {
        String grace = createTeam("grace");
        byte[] thrower = Files.readAllBytes(TestJars.botJar(dir.resolve("thrower.jar"), Rogues.Thrower.class));
        assertEquals(201, client.upload(grace, "thrower.jar", thrower).status());
        JsonNode team = client.await("/api/team", grace, 120, "rejected", t -> t.path("versions").path(0)
                .path("status").asText().equals("rejected"));
        String reason = team.path("versions").path(0).path("reason").asText();
        assertTrue(reason.startsWith("check match") && reason.contains("the thrower throws"), reason);
        assertTrue(StreamSupport.stream(client.get("/api/leaderboard", null).json().spliterator(), false)
                .noneMatch(r -> r.path("team").asText().equals("grace")), "a rejected bot never plays the ladder");
        String session = client.signIn(grace);
        ContestClient.Response page = client.page("/team", session);
        assertTrue(page.body().contains("the thrower throws"), "the team page shows the reason");
        long check = team.path("versions").path(0).path("checkMatch").asLong();
        assertTrue(reason.startsWith("check match " + check + " "), "the API names the check match: " + team);
        assertTrue(page.body().contains("<a class=\"check-match\" href=\"/team/matches/" + check + "\">"),
                "the rejection links to its check match: " + page.body());
        ContestClient.Response match = client.page("/team/matches/" + check, session);
        assertEquals(200, match.status(), match.body());
        assertTrue(match.body().contains("id=\"stderr-0\">java.lang.IllegalStateException: the thrower throws")
                && match.body().contains("Rogues$Thrower.misbehave(Rogues.java"),
                "the check match's page shows the bot's standard error, its stack trace: " + match.body());
    }

    @Test
    void eachMatchKeepsItsOwnStandardErrorForItsTeamAlone() throws IOException, InterruptedException {
        String judy = createTeam("judy");
        byte[] chatty = Files.readAllBytes(TestJars.botJar(dir.resolve("chatty.jar"), ChattyBot.class));
        assertEquals(201, client.upload(judy, "chatty.jar", chatty).status());
        JsonNode team = client.await("/api/team", judy, 120, "ready", t -> t.path("versions").path(0)
                .path("status").asText().equals("ready"));
        Set<String> lines = new HashSet<>();
        long check = -1;
        int played = 0;
        for (JsonNode match : team.path("matches")) {
            if (!match.path("status").asText().equals("done")) {
                continue;
            }
            played++;
            check = match.path("phase").asText().equals("check") ? match.path("id").asLong() : check;
            String log = client.get("/api/team/matches/" + match.path("id").asText() + "/log", judy).body();
            List<String> said = log.lines().filter(line -> line.startsWith("chatty: match")).toList();
            assertEquals(1, said.size(), "one match's own lines, not the version's whole log: " + log);
            lines.addAll(said);
        }
        assertTrue(played >= 3, "the check and two qualifying matches: " + team);
        assertEquals(played, lines.size(), "each match its own standard error: " + lines);
        assertRefused(client.get("/api/team/matches/" + check + "/log", alice), 404, "no bot in match " + check);
        assertFalse(client.get("/matches/" + check, null).body().contains("chatty: match"),
                "the public match page shows no team's standard error");
        assertTrue(client.page("/team/matches/" + check, client.signIn(judy)).body().contains("chatty: match"));
    }

    @Test
    void aSingleFileProgramForTheInterpreterIsCheckedAndPlays() throws IOException, InterruptedException {
        Path program = Path.of("..", "sample-bots", "python", "random_bot.py");
        assumeTrue(onPath("python3"), "SKIPPED: python3 is not on the PATH");
        String heidi = createTeam("heidi");
        ContestClient.Response upload = client.upload(heidi, "random_bot.py", Files.readAllBytes(program));
        assertEquals(201, upload.status(), upload.body());
        assertEquals("py", upload.json().path("kind").asText());
        client.await("/api/team", heidi, 120, "ready", t -> t.path("versions").path(0).path("status").asText()
                .equals("ready"));
    }

    private static boolean onPath(String program) {
        boolean found = Stream.of(System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator))
                .anyMatch(dir -> Files.isExecutable(Path.of(dir, program)));
        if (!found) {
            System.err.println("SKIPPED (ContestServerApiTest): " + program + " is not on the PATH");
        }
        return found;
    }

    @Test
    void badUploadsAreRefusedWithTheirReason() throws IOException, InterruptedException {
        String carol = createTeam("carol");
        assertRefused(client.upload(carol, "bot.jar", "not a zip at all".getBytes(StandardCharsets.UTF_8)),
                400, "not a JAR");
        assertRefused(client.upload(carol, "bot.jar", jar(Map.of("../../escape.txt", new byte[] {1},
                BotJar.SERVICE_ENTRY, "x.Bot\n".getBytes(StandardCharsets.UTF_8)))), 400, "outside the JAR");
        assertRefused(client.upload(carol, "bot.jar", jar(Map.of("/etc/cron.d/evil", new byte[] {1}))), 400,
                "outside the JAR");
        assertRefused(client.upload(carol, "bomb.jar", jar(Map.of("zeros.bin", new byte[80 << 20]))), 400,
                "zip bomb");
        assertRefused(client.upload(carol, "bot.exe", new byte[] {1, 2, 3}), 400, "neither a .jar");
        assertRefused(client.upload(carol, "empty.jar", jar(Map.of("readme.txt", new byte[] {1}))), 400,
                BotJar.SERVICE_ENTRY);
        ContestClient.Response tooLarge = client.upload(carol, "big.py", new byte[(1 << 20) + 10]);
        assertTrue(tooLarge.status() == 400 || tooLarge.status() == 413, tooLarge.status() + ": " + tooLarge.body());
        assertEquals(0, client.get("/api/team", carol).json().path("versions").size(), "nothing refused is kept");
    }

    @Test
    void scrimmagesAreUnratedLimitedAndOnlyAgainstTeamsThatExist() throws IOException, InterruptedException {
        for (String token : List.of(alice, bob)) {
            client.await("/api/team", token, 120, "ready", team -> team.path("versions").path(0).path("status")
                    .asText().equals("ready"));
        }
        assertRefused(client.postJson("/api/team/scrimmages", alice, Map.of("opponent", "nobody")), 404,
                "no team nobody");
        assertRefused(client.postJson("/api/team/scrimmages", alice, Map.of("opponent", "alice")), 400, "yourself");
        assertRefused(client.postJson("/api/team/scrimmages", alice, Map.of("opponent", "bob", "game", "chess")), 400,
                "not a game of this contest");
        List<Long> asked = new ArrayList<>();
        for (int i = 0; i < SCRIMMAGES_PER_HOUR; i++) {
            ContestClient.Response scrimmage = client.postJson("/api/team/scrimmages", alice, Map.of("opponent", "bob",
                    "game", "pylon"));
            assertEquals(201, scrimmage.status(), scrimmage.body());
            assertEquals("scrimmage", scrimmage.json().path("phase").asText());
            assertEquals(Set.of("alice.v1", "bob.v1"), StreamSupport.stream(scrimmage.json().path("seats")
                    .spliterator(), false).map(seat -> seat.path("bot").asText()).collect(Collectors.toSet()));
            asked.add(scrimmage.json().path("id").asLong());
        }
        assertRefused(client.postJson("/api/team/scrimmages", alice, Map.of("opponent", "bob")), 429,
                "at most " + SCRIMMAGES_PER_HOUR + " scrimmages an hour");
        ContestClient.Response page = client.postForm("/team/scrimmages", Map.of("opponent", "bob", "game", "pylon"),
                Map.of("Cookie", client.signIn(alice)));
        assertEquals(429, page.status(), "the form is held to the same limit");
        assertEquals(201, client.postJson("/api/team/scrimmages", bob, Map.of("opponent", "alice")).status(),
                "each team has its own");
        for (long id : asked) {
            JsonNode played = client.await("/api/matches/" + id, null, 60, "scrimmage " + id + " played",
                    match -> match.path("status").asText().equals("done"));
            assertEquals("scrimmage", played.path("phase").asText());
        }
    }

    @Test
    void uploadsAreRateLimitedPerTeam() throws IOException, InterruptedException {
        String dave = createTeam("dave");
        for (int i = 0; i < UPLOADS_PER_HOUR; i++) {
            assertEquals(400, client.upload(dave, "bot.exe", new byte[] {1}).status());
        }
        assertRefused(client.upload(dave, "bot.jar", randomJar), 429, "uploads an hour");
        // Another team is not held back by dave's uploads.
        String erin = createTeam("erin");
        assertEquals(400, client.upload(erin, "bot.exe", new byte[] {1}).status());
    }

    @Test
    void wrongOrMissingTokensAreRefused() throws IOException, InterruptedException {
        assertRefused(client.upload(null, "bot.jar", randomJar), 401, "token");
        assertRefused(client.upload("not-a-token", "bot.jar", randomJar), 403, "wrong token");
        assertRefused(client.get("/api/team", admin), 403, "wrong token");
        assertRefused(client.postJson("/api/admin/teams", alice, Map.of("name", "mallory")), 403, "wrong admin token");
        assertRefused(client.postJson("/api/admin/freeze", null, Map.of()), 401, "admin token");
        assertRefused(client.postForm("/team/sign-in", Map.of("token", alice + "x")), 403, "wrong token");
        assertRefused(client.postForm("/admin/teams", Map.of("token", bob, "name", "mallory")), 403, "wrong admin");
        assertFalse(client.get("/api/contest", null).json().path("frozen").asBoolean(), "nothing was frozen");
    }

    @Test
    void aTeamReadsItsOwnLogsAndNeverAnotherTeams() throws IOException, InterruptedException {
        client.await("/api/team", alice, 120, "checked", team -> !team.path("versions").path(0).path("status")
                .asText().equals("checking"));
        ContestClient.Response own = client.get("/api/team/versions/1/log", alice);
        assertEquals(200, own.status(), own.body());
        assertTrue(own.body().contains("alice-bot"), "alice's log is named after her JAR: " + own.body());
        assertFalse(own.body().contains("bob-bot"), own.body());
        ContestClient.Response bobs = client.get("/api/team/versions/1/log", bob);
        assertFalse(bobs.body().contains("alice-bot"), bobs.body());
        assertRefused(client.get("/api/team/versions/2/log", bob), 404, "no version 2");
        assertRefused(client.get("/api/team/versions/1/log", null), 401, "token");
        ContestClient.Response page = client.page("/team/versions/1/log", client.signIn(bob));
        assertEquals(200, page.status());
        assertFalse(page.body().contains("alice-bot"), page.body());
    }

    @Test
    void pagesShowTheContestWithoutJavaScript() throws IOException, InterruptedException {
        ContestClient.Response board = client.get("/", null);
        assertEquals(200, board.status());
        assertTrue(board.body().contains("id=\"leaderboard\""), board.body());
        assertEquals(1, board.body().split("<script", -1).length - 1, "one script, for the live updates alone");
        assertTrue(board.body().contains(NO_SCRIPT_REFRESH), "without it the page reloads itself");
        ContestClient.Response team = client.page("/team", client.signIn(alice));
        assertEquals(200, team.status());
        assertTrue(team.body().contains("alice-bot.jar"), "the team page lists the team's versions");
        assertFalse(team.body().contains("bob-bot.jar"), "and only its own");
        assertTrue(team.body().contains("enctype=\"multipart/form-data\""), "an upload form");
        ContestClient.Response contest = client.get("/api/contest", null);
        assertEquals(List.of("pylon"), StreamSupport.stream(contest.json().path("games").spliterator(), false)
                .map(JsonNode::asText).toList());
        assertNotNull(client.get("/api/final", null).json().path("state").asText());
    }

    /** What a live page does where JavaScript is off. */
    static final String NO_SCRIPT_REFRESH = "<noscript><meta http-equiv=\"refresh\" content=\"30\"></noscript>";

    @Test
    void theLeaderboardAndTheMatchListUpdateThemselvesAsRatedMatchesEnd() throws Exception {
        String rated = client.awaitEvent("/events", "results", 120);
        assertTrue(Long.parseLong(rated) > 0, "the event counts the rated matches fitted: " + rated);
        for (String path : List.of("/", "/matches")) {
            String page = client.get(path, null).body();
            assertTrue(page.contains("id=\"matches\" data-live") && page.contains("new EventSource('/events')")
                    && page.contains(NO_SCRIPT_REFRESH), path + ": " + page);
        }
        assertTrue(client.get("/", null).body().contains("id=\"leaderboard\" data-live"));
    }

    @Test
    void theAdminPageCreatesATeamWhoseTokenIsShownOnceAndWorks() throws IOException, InterruptedException {
        ContestClient.Response page = client.postForm("/admin/teams", Map.of("token", admin, "name", "ivan"));
        assertEquals(200, page.status(), page.body());
        Matcher shown = Pattern.compile("its token \\(shown once\\): ([A-Za-z0-9_-]{43})").matcher(page.body());
        assertTrue(shown.find(), page.body());
        assertEquals("ivan", client.get("/api/team", shown.group(1)).json().path("team").asText());
        ContestClient.Response again = client.postForm("/admin", Map.of("token", admin));
        assertTrue(again.body().contains("ivan") && !again.body().contains(shown.group(1)),
                "the admin page lists the team, never its token again");
        assertRefused(client.postForm("/admin/teams", Map.of("token", admin, "name", "ivan")), 400, "already");
    }

    @Test
    void aBodyThatIsNotJsonIsRefusedWithOneLine() throws IOException, InterruptedException {
        for (String path : List.of("/api/admin/teams", "/api/team/scrimmages")) {
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + server.port() + path)).header("Content-Type", "application/json")
                    .header("Authorization", "Bearer " + (path.contains("admin") ? admin : alice))
                    .POST(HttpRequest.BodyPublishers.ofString("name=mallory")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(400, response.statusCode(), path + ": " + response.body());
            assertEquals("the body is not JSON (line 1, column 5)",
                    new ObjectMapper().readTree(response.body()).path("error").asText(), path);
        }
    }

    static void assertRefused(ContestClient.Response response, int status, String reason) {
        assertEquals(status, response.status(), response.body());
        assertTrue(response.body().contains(reason), "'" + reason + "' in " + response.body());
    }

    /** A JAR (zip) with the given entries. */
    static byte[] jar(Map<String, byte[]> entries) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream out = new JarOutputStream(bytes)) {
            for (Map.Entry<String, byte[]> entry : entries.entrySet()) {
                out.putNextEntry(new JarEntry(entry.getKey()));
                out.write(entry.getValue());
                out.closeEntry();
            }
        }
        return bytes.toByteArray();
    }
}
