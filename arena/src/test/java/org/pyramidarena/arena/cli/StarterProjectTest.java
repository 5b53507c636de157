package org.pyramidarena.arena.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.replay.ReplayFiles;

/**
 * The starter project of docs/writing-a-bot.md, built the way its pom builds it (its sources and
 * resources into a JAR, against bot-api only) and played as a bot JAR through the CLI in both
 * isolation modes. Its Maven build itself is checked by hand (see the closing notes); this test keeps
 * its code and service entry in step with the bot contract.
 */
class StarterProjectTest {

    private static final Path STARTER = Path.of("..", "sample-bots", "starter", "src", "main");

    @TempDir
    Path temp;

    @Test
    void theStarterBotCompilesAgainstBotApiAloneAndPlaysAMatchInBothIsolationModes() throws IOException {
        Path jar = buildStarterJar();
        for (String isolation : List.of("process", "in-process")) {
            Path replay = temp.resolve(isolation + ".replay.json");
            CliRun run = CliRun.of("match", "--game", "pylon", "--bot", jar.toString(), "--bot", "random",
                    "--seed", "1", "--isolation", isolation, "--trust-bots", "--replay", replay.toString());
            assertEquals(0, run.status(), isolation + ": " + run.err());
            assertTrue(run.out().contains("(my-bot) rank"), isolation + ": " + run.out());
            assertFalse(run.out().toLowerCase().contains("forfeit"), isolation + ": " + run.out());
            // The starter says what it was thinking at every move: its depth and its score.
            assertTrue(ReplayFiles.read(replay).actions().stream().filter(action -> action.actor() == 0)
                    .allMatch(action -> action.info().matches("depth 1 score (win|0)")), isolation);
        }
    }

    private Path buildStarterJar() throws IOException {
        Path classes = Files.createDirectories(temp.resolve("classes"));
        List<String> sources = new ArrayList<>();
        try (Stream<Path> files = Files.walk(STARTER.resolve("java"))) {
            files.filter(p -> p.toString().endsWith(".java")).forEach(p -> sources.add(p.toString()));
        }
        assertFalse(sources.isEmpty(), "the starter has Java sources");
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        assertNotNull(compiler, "tests run on a JDK");
        List<String> args = new ArrayList<>(List.of("--release", "17", "-d", classes.toString(),
                "-classpath", botApiClasspath()));
        args.addAll(sources);
        assertEquals(0, compiler.run(null, null, null, args.toArray(String[]::new)), "the starter compiles");
        Path jar = temp.resolve("my-bot.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            add(out, classes);
            add(out, STARTER.resolve("resources"));
        }
        return jar;
    }

    /** Only bot-api's classes: the starter must not lean on the arena or the sample bots. */
    private static String botApiClasspath() {
        return Stream.of(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
                .filter(entry -> entry.contains("bot-api"))
                .reduce((a, b) -> a + java.io.File.pathSeparator + b)
                .orElseThrow(() -> new AssertionError("bot-api is on the test classpath"));
    }

    private static void add(JarOutputStream out, Path root) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(Files::isRegularFile).sorted().toList();
        }
        for (Path file : files) {
            out.putNextEntry(new JarEntry(root.relativize(file).toString().replace('\\', '/')));
            Files.copy(file, out);
            out.closeEntry();
        }
    }
}
