package org.pyramidarena.arena.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.Callable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Every way a command can stop, and the status a script sees: bad input 2, anything else that is not
 * an answer 4 (never 1, which {@code sprt} gives for "H0 accepted"), each as one line on standard error.
 */
class ErrorsTest {

    /** A command that ends as it is told. */
    @Command(name = "stop")
    static final class Stopping implements Callable<Integer> {
        @Option(names = "--with")
        String with;

        @Override
        public Integer call() {
            switch (with) {
                case "usage" -> throw new UsageException("no such game 'chess'");
                case "argument" -> throw new IllegalArgumentException("no bot JAR at x.jar");
                case "state" -> throw new IllegalStateException("a match failed: the referee\nbroke");
                case "io" -> throw new java.io.UncheckedIOException(new java.io.IOException("disk full"));
                case "memory" -> throw new OutOfMemoryError("Java heap space");
                case "stack" -> throw new StackOverflowError();
                default -> {
                    return Integer.parseInt(with);
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}: status {1}")
    @CsvSource(delimiter = '|', textBlock = """
            usage    | 2 | arena stop: no such game 'chess'
            argument | 2 | arena stop: no bot JAR at x.jar
            state    | 4 | arena stop: failed: java.lang.IllegalStateException: a match failed: the referee; broke
            io       | 4 | arena stop: failed: java.io.UncheckedIOException: java.io.IOException: disk full
            memory   | 4 | arena stop: failed: java.lang.OutOfMemoryError: Java heap space
            stack    | 4 | arena stop: failed: java.lang.StackOverflowError
            3        | 3 | ''
            """)
    void aCommandThatStopsGetsOneLineAndAStatusNoAnswerHas(String with, int status, String line) {
        StringWriter err = new StringWriter();
        CommandLine command = new CommandLine(new Stopping());
        command.setOut(new PrintWriter(new StringWriter(), true));
        command.setErr(new PrintWriter(err, true));
        assertEquals(status, Errors.execute(command, new String[] {"--with", with}), err.toString());
        assertEquals(line, err.toString().strip());
        assertTrue(err.toString().lines().count() <= 1, err.toString());
    }
}
