package org.pyramidarena.arena.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.pyramidarena.arena.report.Report;
import org.pyramidarena.arena.report.ReplayViewer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code arena report}: writes a tournament folder's {@code report.html}. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Write report.html into a tournament folder from its results.csv and replays, and the viewer",
            "page of every replay (replays/NAME.html)."})
final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FOLDER", description = "The tournament folder.")
    Path folder;

    @Override
    public Integer call() throws Exception {
        Path page = Report.write(folder);
        spec.commandLine().getOut().println("wrote " + page);
        int viewers = ReplayViewer.writeAll(folder).size();
        spec.commandLine().getOut().println("wrote " + viewers + " replay viewer page" + (viewers == 1 ? "" : "s")
                + " in " + folder.resolve("replays"));
        return 0;
    }
}
