package org.pyramidarena.arena.cli;

import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/** How the CLI reports failures: one line on standard error, a status for scripts. */
final class Errors {

    /** Bad input: a flag, a file, a game, a bot, a move. */
    static final int BAD_INPUT = 2;

    private Errors() {
    }

    static int onBadParameters(ParameterException e, String[] args) {
        CommandLine line = e.getCommandLine();
        line.getErr().println("arena " + line.getCommandName() + ": " + oneLine(e.getMessage())
                + " (see 'arena " + qualifiedName(line) + " --help')");
        return BAD_INPUT;
    }

    static int onFailure(Exception e, CommandLine line, CommandLine.ParseResult parsed) {
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
