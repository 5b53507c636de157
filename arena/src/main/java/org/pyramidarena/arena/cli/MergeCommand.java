package org.pyramidarena.arena.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.pyramidarena.arena.report.Report;
import org.pyramidarena.arena.report.ReplayViewer;
import org.pyramidarena.arena.tournament.ShardMerge;
import org.pyramidarena.arena.tournament.TournamentRunner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code arena merge}: joins the shards of one run into the folder one machine would have written. */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = {"Join the shards of a run (tournament or balance --shard K/N) into one folder: results.csv, "
                + "faults.csv, standings.csv, balance.csv, points.txt, report.html and the replays, as the run on "
                + "one machine writes them (time columns aside).",
            "Every shard must be of the same settings, each given once, and every match of the run must be in "
                + "exactly one shard; otherwise each problem is listed on a line of its own (exit status 2). "
                + "See docs/distributed.md."})
final class MergeCommand implements java.util.concurrent.Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "OUT", description = "The folder to write (it must not hold results yet).")
    Path out;

    @Parameters(index = "1..*", arity = "1..*", paramLabel = "SHARD",
            description = "The shards' folders (DIR/shard-K-of-N), in any order.")
    List<Path> shards = new ArrayList<>();

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        TournamentRunner.Summary summary;
        try {
            try {
                summary = ShardMerge.merge(out, shards);
            } catch (IllegalArgumentException e) {
                // Each problem on a line of its own, so that a script (or a person) sees every one.
                PrintWriter stderr = spec.commandLine().getErr();
                e.getMessage().lines().map(String::strip).filter(line -> !line.isEmpty())
                        .forEach(line -> stderr.println("arena merge: " + line));
                stderr.flush();
                return Errors.BAD_INPUT;
            }
            Report.write(out);
            ReplayViewer.writeAll(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        RunOutput.printRatings(stdout, summary.ratings());
        stdout.printf("%d matches from %d shards%n", summary.total(), shards.size());
        RunOutput.printFaults(stdout, summary.faultList(), out);
        RunOutput.printFiles(stdout, summary, out);
        stdout.flush();
        return 0;
    }
}
