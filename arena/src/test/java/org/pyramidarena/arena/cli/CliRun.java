package org.pyramidarena.arena.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the CLI in this JVM and captures what it prints. */
record CliRun(int status, String out, String err) {

    static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = ArenaCommand.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new CliRun(status, out.toString(), err.toString());
    }
}
