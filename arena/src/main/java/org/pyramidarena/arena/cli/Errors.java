package org.pyramidarena.arena.cli;

import java.util.List;
import org.pyramidarena.arena.common.BadLines;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * How the CLI reports failures: one line on standard error (one per bad line of a file), a status
 * for scripts.
 */
final class Errors {

    /** Bad input: a flag, a file, a game, a bot, a move. */
    static final int BAD_INPUT = 2;

    /** How many of a file's bad lines are shown; the rest are counted. */
    static final int PROBLEMS_SHOWN = 20;

    private Errors() {
    }

    static int onBadParameters(ParameterException e, String[] args) {
        CommandLine line = e.getCommandLine();
        line.getErr().println("arena " + line.getCommandName() + ": " + oneLine(e.getMessage())
                + " (see 'arena " + qualifiedName(line) + " --help')");
        return BAD_INPUT;
    }

    static int onFailure(Exception e, CommandLine line, CommandLine.ParseResult parsed) {
        if (e instanceof BadLines bad) {
            List<String> problems = bad.problems();
            for (String problem : problems.subList(0, Math.min(problems.size(), PROBLEMS_SHOWN))) {
                line.getErr().println("arena " + line.getCommandName() + ": " + oneLine(problem));
            }
            if (problems.size() > PROBLEMS_SHOWN) {
                line.getErr().println("arena " + line.getCommandName() + ": and " + (problems.size() - PROBLEMS_SHOWN)
                        + " more");
            }
            return BAD_INPUT;
        }
        if (e instanceof UsageException || e instanceof IllegalArgumentException) {
            line.getErr().println("arena " + line.getCommandName() + ": " + oneLine(e.getMessage()));
            return BAD_INPUT;
        }
        line.getErr().println("arena " + line.getCommandName() + ": failed: " + oneLine(String.valueOf(e)));
        return 1;
    }

    private static String qualifiedName(CommandLine line) {
        return line.getParent() == null ? "" : line.getCommandName();
    }

    private static String oneLine(String message) {
        return message == null ? "unknown error" : message.strip().replaceAll("\\s*\\R\\s*", "; ");
    }
}
