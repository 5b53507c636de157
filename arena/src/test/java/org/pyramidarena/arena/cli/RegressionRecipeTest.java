package org.pyramidarena.arena.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CI job of docs/regression-testing.md, its build steps run as the page writes them, on a runner
 * that starts with an empty Maven repository ({@code -Dmaven.repo.local} pointed at a new folder, as
 * issue 41 asks): the arena's checkout installs bot-api, then the bot's {@code mvn -q package} builds
 * its JAR. The checkout's {@code git clone} is a copy of this one's build files and bot-api (the test
 * cannot reach the page's example address); everything else comes from Maven Central, which the test
 * needs, and without which it skips, saying so. Without the install step the page once lacked, the
 * package step fails with "Could not find artifact org.pyramidarena:bot-api".
 */
class RegressionRecipeTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path PAGE = ROOT.resolve("docs").resolve("regression-testing.md");
    private static final Pattern RUN = Pattern.compile("^- run: (.*?)(\\s+#.*)?$");

    @TempDir
    Path temp;

    @Test
    void theCiJobsBuildStepsMakeTheBotsJarFromAnEmptyMavenRepository() throws Exception {
        assumeTrue(reachable("repo.maven.apache.org", 443),
                "Maven Central (repo.maven.apache.org) cannot be reached: the recipe needs it on an empty repository");
        List<String> steps = buildSteps();
        assertFalse(steps.isEmpty(), "the page's CI job has build steps");

        Path arena = copyOfTheArena(temp.resolve("pyramid-arena"));
        Path bot = temp.resolve("my-bot");
        copyTree(ROOT.resolve("sample-bots").resolve("starter"), bot);
        Path bin = Files.createDirectories(temp.resolve("bin"));
        Path mvn = bin.resolve("mvn");
        // The runner's Maven: here the arena's wrapper, which fetches the Maven it names.
        Files.writeString(mvn, "#!/bin/sh\nexec \"" + arena.resolve("mvnw") + "\" \"$@\"\n");
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path repository = Files.createDirectories(temp.resolve("empty-repository"));

        for (String step : steps) {
            ProcessBuilder builder = new ProcessBuilder("bash", "-c", step).directory(bot.toFile())
                    .redirectErrorStream(true);
            builder.environment().put("PATH", bin + ":" + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
            builder.environment().put("MAVEN_ARGS", "-B -Dmaven.repo.local=" + repository);
            Process process = builder.start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(true, process.waitFor(5, TimeUnit.MINUTES), step);
            assertEquals(0, process.exitValue(), "the step '" + step + "' failed:\n" + output);
        }
        Path jar = bot.resolve("target").resolve("my-bot.jar");
        try (JarFile file = new JarFile(jar.toFile())) {
            assertNotNull(file.getEntry("META-INF/services/org.pyramidarena.api.Bot"), "the bot's service entry");
            assertNotNull(file.getEntry("com/example/bot/MyBot.class"), "the bot's class");
        }
    }

    /** The job's steps that build: those between the arena's clone and the released JAR's download. */
    private static List<String> buildSteps() throws IOException {
        List<String> steps = new ArrayList<>();
        for (String line : Files.readAllLines(PAGE)) {
            Matcher run = RUN.matcher(line.strip());
            if (run.matches() && run.group(1).contains("mvn")) {
                steps.add(run.group(1).strip());
            }
        }
        return steps;
    }

    /** What {@code git clone} gives the build of bot-api: the wrapper, the parent and module poms, bot-api's sources. */
    private static Path copyOfTheArena(Path arena) throws IOException {
        Files.createDirectories(arena);
        Files.copy(ROOT.resolve("mvnw"), arena.resolve("mvnw"), StandardCopyOption.COPY_ATTRIBUTES);
        Files.copy(ROOT.resolve("pom.xml"), arena.resolve("pom.xml"));
        copyTree(ROOT.resolve(".mvn"), arena.resolve(".mvn"));
        for (String module : List.of("bot-api", "tournaments", "sample-bots", "arena", "benchmarks")) {
            Files.createDirectories(arena.resolve(module));
            Files.copy(ROOT.resolve(module).resolve("pom.xml"), arena.resolve(module).resolve("pom.xml"));
        }
        copyTree(ROOT.resolve("bot-api").resolve("src").resolve("main"), arena.resolve("bot-api").resolve("src")
                .resolve("main"));
        return arena;
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            paths.filter(path -> !from.relativize(path).startsWith("target")).forEach(path -> {
                try {
                    Path target = to.resolve(from.relativize(path).toString());
                    if (Files.isDirectory(path)) {
                        Files.createDirectories(target);
                    } else {
                        Files.copy(path, target, StandardCopyOption.COPY_ATTRIBUTES);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    private static boolean reachable(String host, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 3_000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
