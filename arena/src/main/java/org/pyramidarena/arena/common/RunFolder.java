package org.pyramidarena.arena.common;

import java.util.Locale;

/**
 * The layout of a run's folder: the name of every file and folder that the arena writes into the
 * folder of a tournament, a shard, a balance study or an SPRT run, and that its readers (the
 * report, {@code arena merge}, the contest server, a study read back) look for. Writers and readers
 * name a file through this class, never by a literal of their own, so a name changes here or
 * nowhere.
 *
 * <pre>
 * settings.json      the settings the run was started with (arena tournament --config reads it back)
 * results.csv        a row per seat of each finished match
 * faults.csv         a row per seat that faulted, with the referee's reason and detail
 * points.txt         the points table, written at the end
 * standings.csv      the Elo standings, written at the end
 * balance.csv        the seat balance, written at the end (a study's: a row per bot and cell)
 * report.html        the report page
 * replays/           match-NNNNNN.replay.json.gz per kept match, and NAME.html, its viewer page
 * shard.json         in shard-K-of-N/, one shard's place in a run cut into N
 * study.json         a balance study's manifest, beside its metrics.csv, comparisons.csv and fair.csv
 *                    (a study of several cells keeps each cell's run in SETUP/BOT/)
 * sprt.json          an SPRT run's test and counts (arena sprt --out)
 * bots/, logs/       in the bots' run folder (--output, or a temporary one kept when a bot faults):
 *                    each bot's working directory and its standard-error log
 * </pre>
 */
public final class RunFolder {

    /** The settings the run was started with. */
    public static final String SETTINGS = "settings.json";
    /** The results: a row per seat of each finished match. */
    public static final String RESULTS = "results.csv";
    /** The faults: a row per seat that faulted. */
    public static final String FAULTS = "faults.csv";
    /** The points table, written at the end. */
    public static final String POINTS = "points.txt";
    /** The Elo standings, written at the end. */
    public static final String STANDINGS = "standings.csv";
    /** The balance statistics, written at the end (a study's, of every cell). */
    public static final String BALANCE = "balance.csv";
    /** The report page. */
    public static final String REPORT = "report.html";
    /** The folder of the replays and their viewer pages. */
    public static final String REPLAYS = "replays";
    /**
     * How the name of a file being written starts ({@code .partial-NAME}): it is moved to NAME once
     * whole, so a reader never sees half a file under its name.
     */
    public static final String PARTIAL_PREFIX = ".partial-";

    /** A shard's place in the run, in its {@code shard-K-of-N} folder. */
    public static final String SHARD = "shard.json";
    /** The folder that a shard's last lines suggest merging the shards into, beside them. */
    public static final String MERGED = "merged";

    /** A balance study's manifest. */
    public static final String STUDY = "study.json";
    /** A balance study's design metrics. */
    public static final String METRICS = "metrics.csv";
    /** A balance study's setups compared. */
    public static final String COMPARISONS = "comparisons.csv";
    /** A balance study's fair values of a parameter (a sweep or a search). */
    public static final String FAIR = "fair.csv";

    /** An SPRT run's test, seed and counts. */
    public static final String SPRT = "sprt.json";

    /** In the bots' run folder: a working directory per bot. */
    public static final String BOTS = "bots";
    /** In the bots' run folder: a standard-error log per bot. */
    public static final String LOGS = "logs";

    private RunFolder() {
    }

    /**
     * The file name of a match's replay in {@link #REPLAYS}: {@code match-000012.replay.json.gz}
     * (the compressed replay ending of {@code ReplayFiles}).
     *
     * @param match the match's index in the schedule
     */
    public static String replayName(int match) {
        return String.format(Locale.ROOT, "match-%06d.replay.json.gz", match);
    }

    /** The folder of shard {@code index} of {@code count} in the run's folder: {@code shard-K-of-N}. */
    public static String shardFolder(int index, int count) {
        return "shard-" + index + "-of-" + count;
    }

    /** The folders of every shard of a run cut into {@code count}, as a shell pattern: {@code shard-*-of-N}. */
    public static String shardFolders(int count) {
        return "shard-*-of-" + count;
    }
}
