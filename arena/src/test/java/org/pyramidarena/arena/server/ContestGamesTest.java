package org.pyramidarena.arena.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.bots.TestJars;
import org.pyramidarena.arena.cli.ArenaCommand;
import org.pyramidarena.arena.rogues.Rogues;
import org.pyramidarena.arena.server.contest.ContestSettings;
import org.pyramidarena.arena.server.nogamebot.NoGameBot;
import org.pyramidarena.arena.server.pylonbot.PylonBot;
import org.pyramidarena.bots.RandomBot;

/**
 * The games a bot plays, respected by the contest: in a contest of Pylon and Pyrinoes, a bot that
 * plays neither is rejected saying so, and one that plays Pylon only is checked, qualified and
 * paired in Pylon only, whether it is a JAR (its {@code plays}) or a program (its hello's games).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ContestGamesTest {

    static final List<String> GAMES = List.of("pylon", "pyrinoes");

    Path temp;
    Path folder;
    ContestServer server;
    ContestClient client;
    String admin;
    /** Each team's upload, by team name. */
    final Map<String, Path> uploads = new LinkedHashMap<>();
    final Map<String, String> tokens = new LinkedHashMap<>();

    @BeforeAll
    void startContest(@TempDir Path temporary) throws IOException, InterruptedException {
        temp = temporary;
        folder = temp.resolve("contest");
        admin = ContestServer.init(folder, ContestSettings.named("games").withGames(GAMES).withSandbox("none")
                .withLadder(2, 1).withDatabase(null));
        server = ContestServer.start(folder, "127.0.0.1", 0, line -> { });
        client = new ContestClient(server.port());
        boolean python = onPath("python3");
        uploads.put("every", TestJars.botJar(temp.resolve("every.jar"), RandomBot.class));
        // A second bot of both games, so that the ladder has Pyrinoes matches; a program starts faster than a JVM.
        uploads.put("everyother", python ? pythonBot("everyother.py", "*")
                : TestJars.botJar(temp.resolve("everyother.jar"), RandomBot.class));
        uploads.put("pylonjar", TestJars.botJar(temp.resolve("pylonjar.jar"), PylonBot.class));
        uploads.put("nonejar", TestJars.botJar(temp.resolve("nonejar.jar"), NoGameBot.class));
        uploads.put("thrower", TestJars.botJar(temp.resolve("thrower.jar"), Rogues.Thrower.class));
        if (python) {
            uploads.put("pylonpy", pythonBot("pylonpy.py", "pylon"));
            uploads.put("pyraospy", pythonBot("pyraospy.py", "pyraos"));
        }
        for (Map.Entry<String, Path> upload : uploads.entrySet()) {
            String token = client.postJson("/api/admin/teams", admin, Map.of("name", upload.getKey())).json()
                    .path("token").asText();
            tokens.put(upload.getKey(), token);
            ContestClient.Response response = client.upload(token, upload.getValue().getFileName().toString(),
                    Files.readAllBytes(upload.getValue()));
            assertEquals(201, response.status(), response.body());
        }
        tokens.put("refused", client.postJson("/api/admin/teams", admin, Map.of("name", "refused")).json()
                .path("token").asText());
    }

    @AfterAll
    void stopContest() {
        if (server != null) {
            server.close();
        }
    }

    /** The sample Python bot, saying in its hello that it plays one game only. */
    Path pythonBot(String name, String game) throws IOException {
        String sample = Files.readString(Path.of("..", "sample-bots", "python", "random_bot.py"));
        String every = "\"games\": [\"*\"]";
        assertTrue(sample.contains(every), "the sample's hello names its games: " + sample);
        return Files.writeString(temp.resolve(name), sample.replace(every, "\"games\": [\"" + game + "\"]"));
    }

    static boolean onPath(String program) {
        boolean found = Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .anyMatch(dir -> Files.isExecutable(Path.of(dir, program)));
        if (!found) {
            System.err.println("SKIPPED (ContestGamesTest, the Python bots): " + program + " is not on the PATH");
        }
        return found;
    }

    /** The team's first version once its check is over. */
    JsonNode checked(String team) throws IOException, InterruptedException {
        return client.await("/api/team", tokens.get(team), 120, team + " checked", t -> List.of("ready", "rejected")
                .contains(t.path("versions").path(0).path("status").asText())).path("versions").path(0);
    }

    /**
     * {@code arena check}, given the contest's settings and the files the teams uploaded, rejects
     * what the server rejected with the server's reasons, and accepts what it accepted.
     */
    @Test
    void checkRejectsWhatTheServerRejectsInItsWordsAndAcceptsWhatItTakes() throws Exception {
        Map<Path, String> rejected = new LinkedHashMap<>();
        // A JAR that faults, a program of no game of the contest (or, without python3, a JAR of none), no JAR.
        for (String team : Stream.of("thrower", uploads.containsKey("pyraospy") ? "pyraospy" : "nonejar").toList()) {
            JsonNode version = checked(team);
            assertEquals("rejected", version.path("status").asText(), team);
            rejected.put(uploads.get(team), version.path("reason").asText());
        }
        Path notAJar = Files.write(temp.resolve("notajar.jar"), "not a zip".getBytes(StandardCharsets.UTF_8));
        ContestClient.Response refused = client.upload(tokens.get("refused"), "notajar.jar", Files.readAllBytes(notAJar));
        assertEquals(400, refused.status(), refused.body());
        rejected.put(notAJar, refused.json().path("error").asText());
        for (Map.Entry<Path, String> bot : rejected.entrySet()) {
            CheckRun run = check(bot.getKey());
            assertEquals(1, run.status(), run.out() + run.err());
            // The same words, but for the match's number: the server's database id, the check's own count.
            assertEquals(withoutMatchId("rejected: " + bot.getValue()), withoutMatchId(run.out().lines()
                    .reduce((a, b) -> b).orElseThrow()), bot.getKey() + ": " + run.out());
        }
        assertEquals("ready", checked("everyother").path("status").asText());
        CheckRun good = check(uploads.get("everyother"));
        assertEquals(0, good.status(), good.out() + good.err());
        assertTrue(good.out().contains("check: check match 1 (pylon, 2 players) against random: ") && good.out()
                .contains("check: check match 2 (pyrinoes, 2 players) against random: ") && good.out()
                .contains("accepted: "), good.out());
        assertEquals(2, check(temp.resolve("missing.jar")).status(), "bad input");
    }

    record CheckRun(int status, String out, String err) {
    }

    static String withoutMatchId(String reason) {
        return reason.replaceFirst("check match [0-9]+ ", "check match N ");
    }

    /** {@code arena check FILE --contest contest.json}, in this JVM. */
    CheckRun check(Path file) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = ArenaCommand.execute(new String[] {"check", file.toString(), "--contest",
            folder.resolve(ContestSettings.FILE).toString()}, new PrintWriter(out, true), new PrintWriter(err, true));
        return new CheckRun(status, out.toString(), err.toString());
    }

    @Test
    void aBotThatPlaysNoneOfTheContestsGamesIsRejectedSayingSo() throws IOException, InterruptedException {
        JsonNode jar = checked("nonejar");
        assertEquals("rejected", jar.path("status").asText(), jar.toString());
        assertEquals("the bot plays none of this contest's games (pylon, pyrinoes): it plays none of the arena's "
                + "games", jar.path("reason").asText());
        if (uploads.containsKey("pyraospy")) {
            JsonNode program = checked("pyraospy");
            assertEquals("the bot plays none of this contest's games (pylon, pyrinoes): of the arena's games it "
                    + "plays only pyraos", program.path("reason").asText(), program.toString());
        }
    }

    @Test
    void aBotThatPlaysSomeOfTheGamesIsCheckedAndPairedInThoseOnly() throws IOException, InterruptedException {
        List<String> pylonOnly = Stream.of("pylonjar", "pylonpy").filter(uploads::containsKey).toList();
        for (String team : pylonOnly) {
            assertEquals("ready", checked(team).path("status").asText(), team);
        }
        // The two teams that play both games have their Pyrinoes ladder matches; the others play Pylon only.
        client.await("/api/matches?limit=1000", null, 120, "ladder matches in both games", list -> Stream.of(GAMES
                .toArray(String[]::new)).allMatch(game -> StreamSupport.stream(list.spliterator(), false)
                .anyMatch(m -> m.path("phase").asText().equals("ladder") && m.path("game").asText().equals(game)
                        && m.path("status").asText().equals("done"))));
        for (String team : pylonOnly) {
            JsonNode matches = client.get("/api/team", tokens.get(team)).json().path("matches");
            List<String> played = StreamSupport.stream(matches.spliterator(), false)
                    .map(m -> m.path("phase").asText() + " " + m.path("game").asText()).toList();
            assertTrue(played.contains("check pylon") && played.contains("qualifying pylon"), team + ": " + played);
            assertTrue(played.stream().allMatch(m -> m.endsWith(" pylon")), team + " plays Pylon only: " + played);
        }
        JsonNode every = client.get("/api/team", tokens.get("every")).json().path("matches");
        assertTrue(StreamSupport.stream(every.spliterator(), false).anyMatch(m -> m.path("phase").asText()
                .equals("check") && m.path("game").asText().equals("pyrinoes")), "a bot of every game is checked in "
                + "each: " + every);
    }
}
