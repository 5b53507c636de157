package org.pyramidarena.arena.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sprt --out DIR} keeps a run in DIR/sprt.json, and {@code sprt --add} adds up the counts of
 * runs of one test played on different seeds (on several machines).
 */
class SprtRunsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern PTNML = Pattern.compile("Ptnml\\(0-2\\): (\\d+), (\\d+), (\\d+), (\\d+), (\\d+)");
    private static final Pattern WLD = Pattern.compile("  W: (\\d+)  L: (\\d+)  D: (\\d+)");

    @TempDir
    static Path temp;

    private static Path one;
    private static Path two;
    private static CliRun playedOne;
    private static CliRun playedTwo;

    @BeforeAll
    static void playTwoShortRuns() {
        one = temp.resolve("seed-1");
        two = temp.resolve("machine-2").resolve("seed-2");
        playedOne = play("1", one);
        playedTwo = play("2", two);
    }

    private static CliRun play(String seed, Path out, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("sprt", "--game", "pylon", "--candidate", "greedy",
                "--baseline", "random", "--max-games", "40", "--seed", seed, "--out", out.toString()));
        args.addAll(List.of(more));
        return CliRun.of(args.toArray(String[]::new));
    }

    @Test
    void aRunWritesItsTestItsSeedAndTheCountsOfItsLastLine() throws IOException {
        assertEquals(SprtCommand.UNDECIDED, playedOne.status(), playedOne.out() + playedOne.err());
        assertEquals(SprtCommand.UNDECIDED, playedTwo.status(), playedTwo.out() + playedTwo.err());
        for (Object[] run : new Object[][] {{playedOne, one, "1"}, {playedTwo, two, "2"}}) {
            CliRun played = (CliRun) run[0];
            JsonNode file = read((Path) run[1]);
            assertEquals(2, file.get("version").asInt());
            assertEquals("pylon", file.get("game").asText());
            assertEquals("standard", file.get("variant").asText(), "the variant played, the game's first");
            assertEquals("greedy", file.get("candidate").asText());
            assertEquals("random", file.get("baseline").asText());
            assertEquals(run[2], file.get("seed").asText());
            assertEquals(0.0, file.get("elo0").asDouble());
            assertEquals(5.0, file.get("elo1").asDouble());
            assertEquals(0.05, file.get("alpha").asDouble());
            assertEquals(0.05, file.get("beta").asDouble());
            assertEquals("normalized", file.get("model").asText());
            assertEquals(List.of("1000ms", "0ms", "2000ms", "cpu", "3x+1000ms", "process"), List.of(
                    file.get("time").asText(), file.get("bank").asText(), file.get("firstMove").asText(),
                    file.get("clock").asText(), file.get("wallGuard").asText(), file.get("isolation").asText()),
                    "how its matches were played, for rerun");
            assertEquals(0, file.get("randomOpening").asInt());
            assertEquals(0, file.get("openings").size());
            assertEquals(40, file.get("games").asLong());
            assertEquals("undecided", file.get("decision").asText());
            assertTrue(file.get("finished").asBoolean(), "its budget is used up: " + file);
            String last = lastStatusLine(played.out());
            assertEquals(ptnml(last), counts(file), last);
            Matcher wld = WLD.matcher(last);
            assertTrue(wld.find(), last);
            assertEquals(List.of(wld.group(1), wld.group(3), wld.group(2)),
                    List.of(file.get("wins").asText(), file.get("draws").asText(), file.get("losses").asText()));
        }
    }

    @Test
    void addingTwoRunsGivesTheSumOfTheirCountsAndTheTestOfTheSum() throws IOException {
        CliRun added = CliRun.of("sprt", "--add", one.toString(), two.toString());
        assertEquals(SprtCommand.UNDECIDED, added.status(), added.out() + added.err());
        List<Long> a = counts(read(one));
        List<Long> b = counts(read(two));
        List<Long> sum = LongStream.range(0, 5).map(i -> a.get((int) i) + b.get((int) i)).boxed().toList();
        String combined = lastStatusLine(added.out());
        assertEquals(sum, ptnml(combined), added.out());
        assertTrue(combined.contains("Games: 80  W: " + (read(one).get("wins").asLong() + read(two).get("wins").asLong())
                + "  L: "), combined);
        assertTrue(added.out().lines().anyMatch(l -> l.startsWith(one.resolve("sprt.json") + "  seed 1  Games: 40  "
                + "Ptnml(0-2): " + a.stream().map(String::valueOf).collect(Collectors.joining(", ")))), added.out());
        assertTrue(added.out().lines().anyMatch(l -> l.startsWith(two.resolve("sprt.json") + "  seed 2  Games: 40")),
                added.out());
        assertTrue(added.out().strip().endsWith("undecided"), added.out());

        CliRun ofTheSum = CliRun.of("sprt", "--pentanomial",
                sum.stream().map(String::valueOf).collect(Collectors.joining(",")));
        assertEquals(added.status(), ofTheSum.status());
        assertEquals(ofTheSum.out().lines().findFirst().orElseThrow(), WLD.matcher(combined).replaceFirst(""),
                "the same LLR, Elo and counts as the test of the summed counts");

        CliRun sameTestGiven = CliRun.of("sprt", "--add", two.toString(), one.resolve("sprt.json").toString(),
                "--game", "pylon", "--candidate", "greedy", "--elo0", "0", "--elo1", "5", "--model", "normalized");
        assertEquals(SprtCommand.UNDECIDED, sameTestGiven.status(), sameTestGiven.err());
        assertEquals(combined, lastStatusLine(sameTestGiven.out()));
    }

    @Test
    void theSumDecidesWhatNoRunDecidedAloneAndExitsAsAPlayedTestWould() throws IOException {
        Path won = writeRun("won", read(one), "31", List.of(0L, 0L, 0L, 0L, 100L), 200, 0, 0);
        Path alsoWon = writeRun("also-won", read(one), "32", List.of(0L, 0L, 0L, 0L, 100L), 200, 0, 0);
        assertEquals(SprtCommand.UNDECIDED, CliRun.of("sprt", "--add", won.toString()).status());
        CliRun h1 = CliRun.of("sprt", "--add", won.toString(), alsoWon.toString());
        assertEquals(SprtCommand.H1, h1.status(), h1.out() + h1.err());
        assertTrue(h1.out().contains("Games: 400  W: 400  L: 0  D: 0  Ptnml(0-2): 0, 0, 0, 0, 200"), h1.out());
        assertTrue(h1.out().contains("H1 accepted"), h1.out());

        Path lost = writeRun("lost", read(one), "33", List.of(100L, 0L, 0L, 0L, 0L), 0, 0, 200);
        Path alsoLost = writeRun("also-lost", read(two), "34", List.of(100L, 0L, 0L, 0L, 0L), 0, 0, 200);
        assertEquals(SprtCommand.UNDECIDED, CliRun.of("sprt", "--add", lost.toString()).status());
        CliRun h0 = CliRun.of("sprt", "--add", lost.toString(), alsoLost.toString());
        assertEquals(SprtCommand.H0, h0.status(), h0.out() + h0.err());
        assertTrue(h0.out().contains("H0 accepted"), h0.out());
    }

    @Test
    void twoRunsOfTheSameSeedAreRefused() throws IOException {
        Path copy = Files.createDirectories(temp.resolve("copy-of-1"));
        Files.copy(one.resolve("sprt.json"), copy.resolve("sprt.json"));
        // the 64 hex digits of seed 1's key: another text, the same deals
        Path sameKey = writeRun("hex-1", read(one), "0000000000000001" + "0".repeat(48), counts(read(one)),
                read(one).get("wins").asLong(), read(one).get("draws").asLong(), read(one).get("losses").asLong());
        for (Path again : List.of(one, copy, sameKey)) {
            CliRun run = CliRun.of("sprt", "--add", one.toString(), two.toString(), again.toString());
            assertRefused(run, "same seed");
            assertTrue(run.err().contains("same deals"), run.err());
        }
    }

    @Test
    void runsOfDifferentTestsAreRefusedNamingTheFirstDifferenceAndBothFiles() throws IOException {
        Path other = temp.resolve("elo1-20");
        CliRun played = play("3", other, "--elo1", "20");
        assertEquals(SprtCommand.UNDECIDED, played.status(), played.out() + played.err());
        CliRun run = CliRun.of("sprt", "--add", one.toString(), other.toString());
        assertRefused(run, "elo1");
        assertTrue(run.err().contains(one.resolve("sprt.json").toString())
                && run.err().contains(other.resolve("sprt.json").toString()), run.err());

        String[][] changes = {{"game", "pyraos"}, {"variant", "short"}, {"candidate", "mcts"},
            {"baseline", "greedy"}, {"elo0", "-5"}, {"alpha", "0.1"}, {"beta", "0.01"}, {"model", "logistic"}};
        int seed = 40;
        for (String[] change : changes) {
            ObjectNode changed = read(two).deepCopy();
            if (change[1].matches("[-0-9.]+")) {
                changed.put(change[0], Double.parseDouble(change[1]));
            } else {
                changed.put(change[0], change[1]);
            }
            changed.put("seed", String.valueOf(seed++));
            Path file = Files.writeString(temp.resolve("other-" + change[0] + ".json"), JSON.writeValueAsString(changed));
            assertRefused(CliRun.of("sprt", "--add", one.toString(), two.toString(), file.toString()),
                    change[0] + ": ");
        }
    }

    @Test
    void optionsGivenWithAddMustBeTheRunsAndPlayingOptionsAreRefused() {
        assertRefused(CliRun.of("sprt", "--add", one.toString(), two.toString(), "--elo1", "20"), "--elo1");
        assertRefused(CliRun.of("sprt", "--add", one.toString(), two.toString(), "--candidate", "mcts"), "--candidate");
        assertRefused(CliRun.of("sprt", "--add", one.toString(), two.toString(), "--model", "logistic"), "--model");
        assertRefused(CliRun.of("sprt", "--add", one.toString(), "--seed", "3"), "--seed");
        assertRefused(CliRun.of("sprt", "--add", one.toString(), "--out", temp.resolve("x").toString()), "--out");
        assertRefused(CliRun.of("sprt", "--add", one.toString(), "--pentanomial", "1,2,3,4,5"), "--add");
    }

    @Test
    void missingUnreadableAndMalformedRunsAreRefusedInOneLine() throws IOException {
        ObjectNode inconsistent = read(two).deepCopy();
        inconsistent.put("wins", inconsistent.get("wins").asLong() + 1);
        ObjectNode future = read(two).deepCopy();
        future.put("version", 99);
        ObjectNode fourCounts = read(two).deepCopy();
        ((ArrayNode) fourCounts.get("pentanomial")).remove(0);
        ObjectNode noSeed = read(two).deepCopy();
        noSeed.remove("seed");
        ObjectNode badSeed = read(two).deepCopy();
        badSeed.put("seed", "twelve");
        List<Path> bad = List.of(
                Files.writeString(temp.resolve("not-json.json"), "LLR: 0.80 (-2.94,2.94)\n"),
                Files.writeString(temp.resolve("empty.json"), ""),
                Files.writeString(temp.resolve("inconsistent.json"), JSON.writeValueAsString(inconsistent)),
                Files.writeString(temp.resolve("future.json"), JSON.writeValueAsString(future)),
                Files.writeString(temp.resolve("four-counts.json"), JSON.writeValueAsString(fourCounts)),
                Files.writeString(temp.resolve("no-seed.json"), JSON.writeValueAsString(noSeed)),
                Files.writeString(temp.resolve("bad-seed.json"), JSON.writeValueAsString(badSeed)),
                temp.resolve("missing.json"),
                Files.createDirectories(temp.resolve("no-run-here")));
        for (Path file : bad) {
            CliRun run = CliRun.of("sprt", "--add", one.toString(), file.toString());
            assertRefused(run, file.getFileName().toString());
        }
    }

    @Test
    void anOutDirectoryHoldingAnotherTestsOrAnotherSeedsRunIsRefusedAndKept() throws IOException {
        String before = Files.readString(one.resolve("sprt.json"));
        assertRefused(play("1", one, "--elo1", "20"), "another test");
        assertRefused(play("7", one), "seed 1");
        assertRefused(play("1", one.resolve("sprt.json")), "directory");
        assertEquals(before, Files.readString(one.resolve("sprt.json")), "the run it held is kept");

        Path notARun = Files.createDirectories(temp.resolve("not-a-run"));
        Files.writeString(notARun.resolve("sprt.json"), "{}");
        assertRefused(play("1", notARun), "not-a-run");
        assertEquals("{}", Files.readString(notARun.resolve("sprt.json")));

        CliRun again = play("1", one);
        assertEquals(playedOne.status(), again.status(), again.err());
        assertEquals(before, Files.readString(one.resolve("sprt.json")), "the same run again writes the same file");
    }

    private static void assertRefused(CliRun run, String mention) {
        assertEquals(2, run.status(), run.out() + run.err());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertTrue(run.err().startsWith("arena sprt: "), run.err());
        assertTrue(run.err().contains(mention), "'" + mention + "' in " + run.err());
    }

    /** A copy of a run with other counts and seed, written with Jackson as a run of this test elsewhere. */
    private static Path writeRun(String name, JsonNode like, String seed, List<Long> counts, long wins, long draws,
                                 long losses) throws IOException {
        ObjectNode run = like.deepCopy();
        run.put("seed", seed);
        ArrayNode pentanomial = run.putArray("pentanomial");
        counts.forEach(pentanomial::add);
        run.put("wins", wins);
        run.put("draws", draws);
        run.put("losses", losses);
        run.put("games", 2 * counts.stream().mapToLong(Long::longValue).sum());
        Path directory = Files.createDirectories(temp.resolve(name));
        Files.writeString(directory.resolve("sprt.json"), JSON.writeValueAsString(run));
        return directory;
    }

    private static JsonNode read(Path directory) throws IOException {
        return JSON.readTree(directory.resolve("sprt.json").toFile());
    }

    private static List<Long> counts(JsonNode run) {
        return StreamSupport.stream(run.get("pentanomial").spliterator(), false).map(JsonNode::asLong).toList();
    }

    private static List<Long> ptnml(String line) {
        Matcher matcher = PTNML.matcher(line);
        assertTrue(matcher.find(), line);
        return LongStream.rangeClosed(1, 5).map(i -> Long.parseLong(matcher.group((int) i))).boxed().toList();
    }

    private static String lastStatusLine(String out) {
        return out.lines().filter(l -> l.startsWith("LLR: ")).reduce((first, second) -> second).orElseThrow(
                () -> new AssertionError("no status line in " + out));
    }
}
