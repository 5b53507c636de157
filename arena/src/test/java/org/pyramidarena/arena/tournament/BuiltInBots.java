package org.pyramidarena.arena.tournament;

import org.pyramidarena.arena.bots.BotLoader;
import org.pyramidarena.arena.bots.Isolation;
import org.pyramidarena.arena.bots.RunDirectory;

/** The contestants of a runner's test: built-in bots (and any JAR) in the referee's JVM, no sandbox. */
public final class BuiltInBots {

    private BuiltInBots() {
    }

    /** Bots loaded in-process into a run directory; the caller closes both. */
    public static BotSources inProcess(RunDirectory run) {
        return new BotSources(new BotLoader(Isolation.IN_PROCESS, BotLoader.DEFAULT_MEMORY, run,
                BotLoader.DEFAULT_HELLO_MILLIS));
    }
}
