package org.pyramidarena.arena.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.pyramidarena.arena.cli.ArenaCommand;

/**
 * The arena's command line for the contest server's tests: in this JVM ({@link #cli}), or as a JVM
 * of its own ({@link #start}), as an organiser runs {@code serve} and {@code serve worker}.
 */
final class ArenaProcesses {

    private ArenaProcesses() {
    }

    /** Runs an arena command in this JVM and returns what it printed; it must succeed. */
    static String cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = ArenaCommand.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        assertEquals(0, status, err.toString());
        return out.toString();
    }

    /** The token {@code serve team} printed. */
    static String token(String output) {
        Matcher token = Pattern.compile("token \\(shown once\\): (\\S+)").matcher(output);
        assertTrue(token.find(), output);
        return token.group(1);
    }

    /** A port free now. */
    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** Starts an arena command in a JVM of its own, its output in {@code NAME.log} of a folder. */
    static Process start(Path logs, String name, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), ArenaCommand.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(logs.resolve(name + ".log").toFile()).start();
    }

    /** Waits up to a minute for a server process to answer; fails with the logs when it stops or does not. */
    static void awaitUp(ContestClient client, Process server, Path logs) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            assertTrue(server.isAlive(), () -> "the server stopped: " + logs(logs));
            try {
                if (client.get("/api/contest", null).status() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        throw new AssertionError("the server did not start: " + logs(logs));
    }

    /** Every {@code .log} file of a folder, each under its name. */
    static String logs(Path folder) {
        StringBuilder text = new StringBuilder();
        try (var files = Files.list(folder)) {
            for (Path log : files.filter(f -> f.toString().endsWith(".log")).sorted().toList()) {
                text.append("== ").append(log.getFileName()).append('\n').append(Files.readString(log));
            }
        } catch (IOException e) {
            text.append("(the logs could not be read: ").append(e.getMessage()).append(')');
        }
        return text.toString();
    }
}
