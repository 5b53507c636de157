package org.pyramidarena.arena.cli;

import java.nio.file.Path;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.arena.tournament.Shard;
import org.pyramidarena.tournaments.MasterSeed;
import picocli.CommandLine.Option;

/** {@code --shard K/N} and {@code --shard-wait} of the commands whose runs can be cut into shards. */
final class ShardOptions {

    @Option(names = "--shard", paramLabel = "K/N",
            description = "Play only shard K (from 0) of N of the run, into --out DIR/shard-K-of-N; the same "
                    + "command run again continues the shard. Every shard needs the same settings and --out (a "
                    + "shared folder for a Swiss tournament); join them with 'arena merge'. See docs/distributed.md.")
    String shard;

    @Option(names = "--shard-wait", paramLabel = "DURATION", defaultValue = "360m",
            description = "How long a shard of a Swiss tournament waits for the other shards' part of a round "
                    + "(default: ${DEFAULT-VALUE}).")
    String shardWait;

    /** The shard asked for, or null for a whole run. */
    Shard place() {
        if (shard == null) {
            return null;
        }
        try {
            return Shard.parse(shard);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--shard: " + e.getMessage());
        }
    }

    /** How long a Swiss shard waits, in milliseconds. */
    long waitMillis() {
        long millis = TimeControl.parseMillis(shardWait);
        if (millis < 0) {
            throw new UsageException("--shard-wait must not be negative");
        }
        return millis;
    }

    /** Prints what a waiting shard waits for on standard error, at once (whatever --quiet says). */
    java.util.function.Consumer<String> notices(java.io.PrintWriter err) {
        return line -> {
            err.println(line);
            err.flush();
        };
    }

    /**
     * The shard's folder in the run's folder.
     *
     * @throws UsageException when no run folder is given
     */
    static Path folder(Shard place, Path out) {
        if (out == null) {
            throw new UsageException("--shard needs --out DIR, the run's folder that every shard writes its own "
                    + "folder into");
        }
        return out.resolve(place.folderName());
    }

    /**
     * Refuses a secret seed drawn by the shard itself: every shard would draw another one.
     *
     * @param seed the seed the settings hold (null for the default)
     */
    static void checkSeed(Shard place, String seed) {
        if (place != null && MasterSeed.SECRET.equals(seed)) {
            throw new UsageException("--shard needs a seed that every shard shares, and 'secret' draws a new one in "
                    + "each: draw one secret seed once (e.g. openssl rand -hex 32) and give its 64 hex digits to "
                    + "every shard with --seed");
        }
    }
}
