package org.pyramidarena.arena.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code arena} command line: one command, a subcommand per job. */
@Command(name = "arena", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Pyramid Arena: a referee and tournament runner for game-playing bots.",
        subcommands = {GamesCommand.class, BotsCommand.class, MatchCommand.class, PerftCommand.class, ReplayCommand.class,
                TournamentCommand.class, RatingsCommand.class, BalanceCommand.class, SprtCommand.class, ExportCommand.class,
                ReportCommand.class, ViewCommand.class, MergeCommand.class, ServeCommand.class, CheckCommand.class,
                CommandLine.HelpCommand.class})
public final class ArenaCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** The exit status of {@code match} when a bot forfeited: distinct from success (0) and bad input (2). */
    public static final int MATCH_FAULTED = 3;

    /** Runs the command line and exits with its status. */
    public static void main(String[] args) {
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /**
     * Runs the command line with the given streams.
     *
     * @return the exit status: 0 success, 2 bad input, 1 an unexpected failure, {@link #MATCH_FAULTED}
     *     a match in which a bot forfeited
     */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine line = new CommandLine(new ArenaCommand());
        line.setOut(out);
        line.setErr(err);
        line.setParameterExceptionHandler(Errors::onBadParameters);
        line.setExecutionExceptionHandler(Errors::onFailure);
        return line.execute(args);
    }
}
