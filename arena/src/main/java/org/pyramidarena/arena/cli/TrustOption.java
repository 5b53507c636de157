package org.pyramidarena.arena.cli;

import java.util.List;
import org.pyramidarena.arena.bots.BotLoader;
import org.pyramidarena.arena.bots.BotSpec;
import org.pyramidarena.arena.bots.Isolation;
import picocli.CommandLine.Option;

/**
 * {@code --trust-bots}: the user's word that the bot JARs of a run may run in the referee's JVM.
 * In-process code can read and change everything the referee has (positions, results, files, the
 * other bots) and can hang it (a static initialiser that never ends), so every command that could
 * load a bot JAR into the referee (match, bots, tournament, sprt, balance) does so only with it.
 * Built-in bots need no such word, nor do bots in processes. It is never written to a settings
 * file: whoever runs the command gives it, each time.
 */
final class TrustOption {

    @Option(names = "--trust-bots",
            description = "Allow bot JARs to run in-process (--isolation in-process): their code can read and change "
                    + "everything the referee has, so give it only for bots you trust. Built-in bots need no flag.")
    boolean trusted;

    /**
     * Refuses, before any bot is loaded, to run a bot JAR in-process without {@code --trust-bots}.
     *
     * @param isolation how the run would run bot JARs
     * @param bots the bots as given: built-in names, JAR paths, {@code cmd:} lines
     * @throws UsageException naming the first such JAR and why
     */
    void check(Isolation isolation, List<String> bots) {
        check(isolation, bots, "if you trust it, or choose --isolation process");
    }

    /**
     * As {@link #check(Isolation, List)}, with the advice that ends the refusal.
     *
     * @param isolation how the run would run bot JARs
     * @param bots the bots as given: built-in names, JAR paths, {@code cmd:} lines
     * @param otherwise what else the user can do, completing the sentence "give --trust-bots ..."
     * @throws UsageException naming the first such JAR and why
     */
    void check(Isolation isolation, List<String> bots, String otherwise) {
        if (isolation != Isolation.IN_PROCESS || trusted) {
            return;
        }
        for (String bot : bots) {
            if (BotLoader.namesJar(BotSpec.parse(bot).bot())) {
                throw new UsageException("in-process isolation would run " + bot + " in the referee's JVM, where "
                        + "its code can read and change everything the referee has: give --trust-bots "
                        + otherwise);
            }
        }
    }
}
