package org.pyramidarena.arena.bots;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.pyramidarena.arena.sandbox.Sandbox;

/** The bot processes a test loads, with a run directory of their own, all closed when the test ends. */
final class LoadedBots implements AutoCloseable {

    private final Path folder;
    private final List<BotSource> sources = new ArrayList<>();
    private RunDirectory run;

    /** @param folder where the run directory goes, made on the first load */
    LoadedBots(Path folder) {
        this.folder = folder;
    }

    /** Loads a bot ({@code cmd:...} or a JAR's path) in processes, in a sandbox or {@link Sandbox#none()}. */
    BotSource load(Sandbox sandbox, String spec) {
        if (run == null) {
            run = new RunDirectory(folder);
        }
        BotSource source = new BotLoader(Isolation.PROCESS, sandbox, run, BotLoader.DEFAULT_HELLO_MILLIS).load(spec);
        sources.add(source);
        return source;
    }

    @Override
    public void close() {
        sources.forEach(BotSource::close);
        if (run != null) {
            run.close();
        }
    }
}
