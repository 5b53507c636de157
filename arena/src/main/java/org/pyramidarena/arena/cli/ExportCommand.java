package org.pyramidarena.arena.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.io.Pgn;
import org.pyramidarena.tournaments.io.ResultsCsv;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code arena export --pgn}: results in a format other rating tools read. */
@Command(name = "export", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Export a results.csv for other tools: --pgn writes the two-player matches as PGN "
                + "(seat 0 as White), for Ordo or BayesElo.")
final class ExportCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Option(names = "--pgn", required = true, description = "Write PGN (the one export format so far).")
    boolean pgn;

    @Parameters(index = "0", paramLabel = "RESULTS", description = "A results.csv written by a tournament.")
    Path results;

    @Option(names = "--out", paramLabel = "FILE", description = "Write to FILE (default: standard output).")
    Path out;

    @Override
    public void run() {
        List<MatchRecord> records = ResultsCsv.read(results);
        long skipped = records.stream().filter(r -> r.players() > 2).count();
        int written;
        try {
            if (out == null) {
                PrintWriter stdout = spec.commandLine().getOut();
                written = Pgn.write(records, stdout);
                stdout.flush();
            } else {
                try (Writer writer = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
                    written = Pgn.write(records, writer);
                }
            }
        } catch (IOException e) {
            throw new UsageException("cannot write " + out + ": " + e.getMessage());
        }
        PrintWriter stderr = spec.commandLine().getErr();
        stderr.printf("%d two-player games exported%s%n", written,
                skipped == 0 ? "" : "; " + skipped + " games of more players skipped (PGN has two sides)");
        stderr.flush();
    }
}
