package org.pyramidarena.arena.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code arena} command line: one command, a subcommand per job. */
@Command(name = "arena", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Pyramid Arena: a referee and tournament runner for game-playing bots.",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:success (sprt: H1 accepted)",
            "1:sprt: H0 accepted; replay: a replay diverges; check: the contest server would reject the bot",
            "2:bad input: an option, a file, a game, a bot that does not load; nothing is run",
            "3:match: a bot forfeited; sprt: undecided when --max-games ran out",
            "4:the arena failed (an exception, out of memory, a bot that could not be started again in the middle "
                + "of a run): no result, whatever the command"},
        subcommands = {GamesCommand.class, BotsCommand.class, MatchCommand.class, RerunCommand.class, PerftCommand.class,
                ReplayCommand.class,
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
     * @return the exit status: 0 success, 2 bad input, 4 a failure of the arena (no result), and a
     *     command's own answers: {@link #MATCH_FAULTED} a match in which a bot forfeited, {@code sprt}'s
     *     1 (H0 accepted) and 3 (undecided), {@code replay}'s 1 (a replay that diverges)
     */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine line = new CommandLine(new ArenaCommand());
        line.setOut(out);
        line.setErr(err);
        return Errors.execute(line, args);
    }
}
