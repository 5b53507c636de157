package org.pyramidarena.arena.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.sandbox.SandboxSupport;

/**
 * {@code tournament --contest} (issue 23): one flag sets what an organiser of a contest between
 * strangers' bots needs, and refuses any option that says otherwise.
 */
class ContestPresetTest {

    @TempDir
    Path dir;

    @Test
    void theContestPresetPlaysInTheSandboxOnASecretSeedWithTheCpuClockAndEveryReplay() throws IOException {
        SandboxSupport.bwrapOrSkip(Sandbox.Limits.DEFAULT);
        Path out = dir.resolve("contest");
        CliRun run = CliRun.of("tournament", "--contest", "--games", "pylon", "--bot", "greedy,random",
                "--out", out.toString(), "--quiet");
        assertEquals(0, run.status(), run.err());

        JsonNode settings = new ObjectMapper().readTree(out.resolve("settings.json").toFile());
        assertEquals("bwrap", settings.path("sandbox").asText());
        assertEquals("cpu", settings.path("clock").asText());
        assertEquals("all", settings.path("replays").asText());
        assertEquals("process", settings.path("isolation").asText());
        String seed = settings.path("seed").asText();
        assertTrue(seed.matches("[0-9a-f]{64}"), "a 256-bit secret seed: " + seed);

        String header = run.out().lines().findFirst().orElseThrow();
        assertTrue(header.contains("seed secret"), "the seed is not shown before the end: " + header);
        assertFalse(run.out().substring(0, run.out().indexOf("master seed:")).contains(seed),
                "the seed appears only at the end");
        Matcher published = Pattern.compile("master seed: ([0-9a-f]{64})").matcher(run.out());
        assertTrue(published.find(), run.out());
        assertEquals(seed, published.group(1), "the seed printed at the end is the run's");

        try (Stream<Path> replays = Files.list(out.resolve("replays"))) {
            assertEquals(2, replays.filter(f -> f.toString().endsWith(".replay.json.gz")).count(),
                    "a replay of every match");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"--sandbox=none", "--sandbox=auto", "--seed=1", "--clock=wall", "--replays=failures",
        "--isolation=in-process", "--ponder", "--trust-bots"})
    void anOptionThatSaysOtherwiseIsRefusedInOneLine(String option) {
        CliRun run = CliRun.of("tournament", "--contest", option, "--games", "pylon", "--bot", "greedy,random",
                "--out", dir.resolve("refused").toString(), "--quiet");
        assertEquals(2, run.status(), run.out());
        String error = run.err().strip();
        assertEquals(1, error.lines().count(), error);
        assertTrue(error.contains("--contest") && error.contains(option.replace('=', ' ')), error);
        assertFalse(Files.exists(dir.resolve("refused").resolve("results.csv")), "nothing was played");
    }

    @Test
    void theOptionsThePresetSetsAnywayAreAccepted() {
        SandboxSupport.bwrapOrSkip(Sandbox.Limits.DEFAULT);
        CliRun run = CliRun.of("tournament", "--contest", "--sandbox", "bwrap", "--seed", "secret", "--clock", "cpu",
                "--replays", "all", "--isolation", "process", "--games", "pylon", "--bot", "greedy,random",
                "--out", dir.resolve("same").toString(), "--quiet");
        assertEquals(0, run.status(), run.err());
        assertTrue(List.of(run.out().split("\n")).stream().anyMatch(l -> l.startsWith("master seed: ")), run.out());
    }
}
