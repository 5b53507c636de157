package org.pyramidarena.arena.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.pyramidarena.arena.replay.Replay;
import org.pyramidarena.arena.replay.ReplayFiles;
import org.pyramidarena.arena.replay.ReplayVerifier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code arena replay}: replays matches through the rules and checks they are what the rules give. */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = {"Replay matches through the rules: every move must be legal and the recorded outcome the "
                + "one the rules give.",
            "Prints the match; exits 1 at the first replay that diverges, naming where."})
final class ReplayCommand implements Callable<Integer> {

    /** The status when a replay is not what the rules give. */
    static final int DIVERGED = 1;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE",
            description = "Replay files (JSON, or gzip-compressed JSON), or folders searched for *.replay.json[.gz].")
    List<Path> files;

    @Option(names = "--step", description = "Show the board after every move.")
    boolean step;

    @Option(names = "--quiet", description = "Print one line per replay, not the match.")
    boolean quiet;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        List<Path> replays = expand(files);
        if (replays.isEmpty()) {
            throw new UsageException("no replay files in " + files);
        }
        int verified = 0;
        for (Path file : replays) {
            Replay replay = ReplayFiles.read(file);
            if (!quiet) {
                out.printf("%s: %s, %d players, variant %s, seats %s%n", file, replay.game(), replay.players(),
                        replay.variant(), replay.seats().stream().map(Replay.Seat::bot).toList());
                if (replay.opening() != null) {
                    out.printf("opening: the first %d actions (a line of %d, then %d random plies)%n",
                            replay.openingActions(), replay.opening().line().size(), replay.opening().randomPlies());
                }
            }
            ReplayVerifier.Verdict verdict = ReplayVerifier.verify(replay, quiet ? null : (index, action, board) -> {
                out.printf("%4d. %s: %s%s%s%n", index + 1, action.actor() == Replay.CHANCE ? "chance" : "seat " + action.actor(),
                        action.move(), action.fallback() ? " (fallback)" : "", index < replay.openingActions() ? " (opening)" : "");
                if (step) {
                    out.print(board);
                }
            });
            if (!verdict.valid()) {
                out.flush();
                spec.commandLine().getErr().println("arena replay: " + file + ": rejected at " + verdict.divergence());
                return DIVERGED;
            }
            verified++;
            if (quiet) {
                out.printf("%s: ok (%d actions, %s)%n", file, verdict.actionsChecked(), replay.termination());
            } else {
                out.print(verdict.finalBoard());
                out.printf("verified: %d actions, termination %s, ranks %s, scores %s%n", verdict.actionsChecked(),
                        replay.termination(), replay.outcome().ranks(), replay.outcome().scores());
            }
        }
        if (replays.size() > 1) {
            out.printf("%d replays verified%n", verified);
        }
        out.flush();
        return 0;
    }

    /** The replay files named on the command line, folders searched. */
    static List<Path> expand(List<Path> paths) throws IOException {
        try {
            return ReplayFiles.find(paths);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
