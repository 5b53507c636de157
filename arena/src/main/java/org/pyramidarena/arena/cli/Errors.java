package org.pyramidarena.arena.cli;

import java.util.List;
import org.pyramidarena.arena.common.BadLines;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * How the CLI reports failures: one line on standard error (one per bad line of a file), a status for
 * scripts. Bad input is
 * {@value #BAD_INPUT}; anything else that stops a command (an exception, an error of the JVM such as
 * running out of memory, a bot that cannot be started again in the middle of a run) is {@value
 * #FAILED}, a status no command gives as a result, so that a script never reads a failure as an
 * answer (as {@code sprt}'s 1, "H0 accepted", or {@code match}'s 3, "a bot forfeited").
 */
final class Errors {

    /** Bad input: a flag, a file, a game, a bot, a move. */
    static final int BAD_INPUT = 2;

    /** The arena failed: no result was reached, whatever the command. */
    static final int FAILED = 4;

    /** How many of a file's bad lines are shown; the rest are counted. */
    static final int PROBLEMS_SHOWN = 20;

    private Errors() {
    }

    /**
     * Runs a command line with these reports installed.
     *
     * @return the command's status, {@link #BAD_INPUT} or {@link #FAILED}
     */
    static int execute(CommandLine line, String[] args) {
        line.setParameterExceptionHandler(Errors::onBadParameters);
        line.setExecutionExceptionHandler(Errors::onFailure);
        try {
            return line.execute(args);
        } catch (RuntimeException | Error e) {
            // picocli hands only Exceptions to the handler; an Error (out of memory, a stack overflow
            // in the referee's thread) comes through here, and would otherwise end the JVM with status 1.
            CommandLine failed = line;
            CommandLine.ParseResult parsed = line.getParseResult();
            while (parsed != null && parsed.subcommand() != null) {
                parsed = parsed.subcommand();
                failed = parsed.commandSpec().commandLine();
            }
            return failed(failed, e);
        }
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
        return failed(line, e);
    }

    private static int failed(CommandLine line, Throwable e) {
        line.getErr().println("arena " + line.getCommandName() + ": failed: " + oneLine(String.valueOf(e)));
        line.getErr().flush();
        return FAILED;
    }

    private static String qualifiedName(CommandLine line) {
        return line.getParent() == null ? "" : line.getCommandName();
    }

    private static String oneLine(String message) {
        return message == null ? "unknown error" : message.strip().replaceAll("\\s*\\R\\s*", "; ");
    }
}
