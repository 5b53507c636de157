package org.pyramidarena.arena.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.pyramidarena.arena.report.ReplayViewer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code arena view}: writes the replay viewer page of matches. */
@Command(name = "view", mixinStandardHelpOptions = true,
        description = {"Write the viewer page of each replay: NAME.html next to NAME.replay.json[.gz], a "
                + "self-contained page that draws the match move by move in a browser.",
            "A replay that does not verify is rejected."})
final class ViewCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "REPLAY",
            description = "Replay files (*.replay.json[.gz]), or folders searched for them.")
    List<Path> files;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        List<Path> replays = ReplayCommand.expand(files);
        if (replays.isEmpty()) {
            throw new UsageException("no replay files in " + files);
        }
        for (Path replay : replays) {
            out.println("wrote " + ReplayViewer.write(replay));
        }
        out.flush();
        return 0;
    }
}
