package org.pyramidarena.arena.common;

import java.util.List;

/**
 * Bad input found in several places of a file at once (an opening book's bad lines): one problem per
 * line, each naming the file and where, so that a user fixes them all in one go. The command line
 * prints each problem on a line of its own, as it prints any other bad input on one.
 */
public final class BadLines extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** The problems, one line each, in the order they were found. */
    private final List<String> problems;

    /**
     * @param problems one line per problem, at least one
     */
    public BadLines(List<String> problems) {
        super(String.join("\n", problems));
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("bad lines without a problem");
        }
        this.problems = List.copyOf(problems);
    }

    /** The problems, one line each. */
    public List<String> problems() {
        return problems;
    }
}
