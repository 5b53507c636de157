package org.pyramidarena.benchmarks;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import org.pyramidarena.arena.cli.ArenaCommand;

/** The arena's commands run in the benchmark's JVM, as a user runs them, and their folders removed. */
final class Commands {

    private Commands() {
    }

    /**
     * Runs an {@code arena} command line to its end.
     *
     * @return the length of what it printed (to keep the call live)
     * @throws IllegalStateException with what it printed, when it fails
     */
    static int run(List<String> args) {
        StringWriter text = new StringWriter();
        int status = ArenaCommand.execute(args.toArray(String[]::new), new PrintWriter(text), new PrintWriter(text));
        if (status != 0) {
            throw new IllegalStateException("the command failed (" + status + "): " + text);
        }
        return text.getBuffer().length();
    }

    /** Deletes a folder and everything in it; nothing when it does not exist. */
    static void delete(Path folder) throws IOException {
        if (!Files.exists(folder)) {
            return;
        }
        try (var files = Files.walk(folder)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }
}
