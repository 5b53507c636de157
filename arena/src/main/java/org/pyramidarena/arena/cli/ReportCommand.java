package org.pyramidarena.arena.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.pyramidarena.arena.balance.StudyFolder;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.report.BalanceReport;
import org.pyramidarena.arena.report.Report;
import org.pyramidarena.arena.report.ReplayViewer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code arena report}: writes a folder's {@code report.html}: a balance study's page when the folder
 * holds a study (its {@code study.json} or {@code metrics.csv}), made from the study's files as the
 * study made it; otherwise the tournament's page, and the viewer page of every replay.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Write report.html into a tournament folder from its results.csv and replays, and the viewer "
                + "page of every replay (replays/NAME.html).",
            "In a balance study's folder, the study's own report from its files, the same page the study wrote."})
final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FOLDER", description = "The tournament or balance study folder.")
    Path folder;

    @Override
    public Integer call() throws Exception {
        if (StudyFolder.isStudy(folder)) {
            spec.commandLine().getOut().println("wrote " + BalanceReport.write(folder) + " (the balance study's report)");
            return 0;
        }
        Path page = Report.write(folder);
        spec.commandLine().getOut().println("wrote " + page);
        int viewers = ReplayViewer.writeAll(folder).size();
        spec.commandLine().getOut().println("wrote " + viewers + " replay viewer page" + (viewers == 1 ? "" : "s")
                + " in " + folder.resolve(RunFolder.REPLAYS));
        return 0;
    }
}
