package org.pyramidarena.arena.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.pyramidarena.arena.bots.RunDirectory;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.tournament.FaultsFile;
import org.pyramidarena.arena.tournament.Shard;
import org.pyramidarena.arena.tournament.TournamentRunner;
import org.pyramidarena.tournaments.io.StandingsCsv;
import org.pyramidarena.tournaments.ratings.RatingTable;
import org.pyramidarena.tournaments.ratings.Standings;

/**
 * What the commands that play runs ({@code tournament}, {@code merge}, {@code balance},
 * {@code match}) print alike about a run, and the folder a run goes to when none is given.
 */
final class RunOutput {

    /** How many faults a run's summary lists; the rest are in faults.csv. */
    static final int FAULTS_SHOWN = 20;

    private RunOutput() {
    }

    /** Every Elo table of a run, each followed by an empty line. */
    static void printRatings(PrintWriter out, Standings ratings) {
        for (RatingTable table : ratings.tables()) {
            out.print(StandingsCsv.format(table));
            out.println();
        }
    }

    /** Where a finished run's files are: its results, Elo standings, balance and report. */
    static void printFiles(PrintWriter out, TournamentRunner.Summary summary, Path folder) {
        out.printf("results: %s; Elo standings: %s; balance: %s; report: %s%n", summary.results(),
                folder.resolve(RunFolder.STANDINGS), folder.resolve(RunFolder.BALANCE), folder.resolve(RunFolder.REPORT));
    }

    /** Lists a run's faults, each with its reason and detail, or says there were none. */
    static void printFaults(PrintWriter out, List<FaultsFile.Fault> faults, Path folder) {
        if (faults.isEmpty()) {
            out.println("no faults: every bot answered in time, legally, every move");
            return;
        }
        out.printf("%d %s:%n", faults.size(), faults.size() == 1 ? "fault" : "faults");
        faults.stream().limit(FAULTS_SHOWN).forEach(fault -> out.println("  " + fault.line()));
        if (faults.size() > FAULTS_SHOWN) {
            out.printf("  ... and %d more in %s%n", faults.size() - FAULTS_SHOWN, folder.resolve(RunFolder.FAULTS));
        }
    }

    /** What a shard says at its end: its share, its faults, and how to merge the run. */
    static void printShard(PrintWriter out, Shard place, TournamentRunner.Summary summary, Path folder) {
        out.printf("%nshard %s: %d matches (%d played now, %d from before)%n", place, summary.total(),
                summary.played(), summary.resumed());
        printFaults(out, summary.faultList(), folder);
        Path run = folder.toAbsolutePath().getParent();
        out.printf("results: %s; when every shard is done: arena merge %s %s%n", summary.results(),
                run.resolve(RunFolder.MERGED), run.resolve(RunFolder.shardFolders(place.count())));
        out.flush();
    }

    /** Keeps the bots' run folder and says where their logs are: called when a bot faulted. */
    static void printBotLogs(PrintWriter out, RunDirectory run) {
        run.keep();
        out.println("bot logs: " + run.root().resolve(RunFolder.LOGS));
    }

    /** A new folder under arena-out/ named after the run and the time (the time names it, seeds nothing). */
    static Path newFolder(String name) {
        String stamp = ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        String base = name.replaceAll("[^A-Za-z0-9._-]", "_") + "-" + stamp;
        Path folder = Path.of("arena-out", base);
        for (int n = 2; Files.exists(folder); n++) {
            folder = Path.of("arena-out", base + "-" + n);
        }
        return folder;
    }
}
