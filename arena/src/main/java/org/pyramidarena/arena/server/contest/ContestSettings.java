package org.pyramidarena.arena.server.contest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.sandbox.SandboxMode;
import org.pyramidarena.arena.tournament.GameChoices;
import org.pyramidarena.arena.tournament.Tournament;
import org.pyramidarena.tournaments.pairing.GameEntry;

/**
 * A contest's settings file, {@code contest.json} in the contest folder: what {@code arena serve}
 * runs. Every field but the name may be left out and takes the default named in its description.
 *
 * @param name the contest's name, shown on every page and written in every result row
 * @param games the games, as {@code tournament --games} takes them (default: {@code all})
 * @param time the time per move (default {@code 1s})
 * @param bank each seat's time bank (default none)
 * @param firstMove extra time for a seat's first move (default {@code 2s})
 * @param clock {@code cpu} (default) or {@code wall}
 * @param sandbox what uploaded bots run in: {@code bwrap} (default), or, for bots the organiser trusts
 *     ({@code serve --trust-bots}), {@code auto} (bubblewrap where it runs) or {@code none}
 * @param botMemory the memory cap of each bot process (default {@code 512m})
 * @param concurrency matches the server plays at once on its own worker threads (default 1); 0 with
 *     PostgreSQL for a server that only serves and schedules, its matches played by {@code serve
 *     worker} processes on other machines
 * @param qualifying the matches a new version plays before it enters the leaderboard (default 4)
 * @param eloWindow the Elo distance within which the ladder pairs a bot (default 200), widened when too few
 *     bots are that close
 * @param pauseMillis how long the ladder waits between matches, per worker, to pace it (default 0)
 * @param maxUploadBytes the largest upload taken (default 8 MiB)
 * @param uploadsPerHour the uploads a team may make in an hour (default 10)
 * @param interpreters single-file programs taken, by file extension: the command that runs them
 *     (default: {@code py} run by {@code python3})
 * @param database a JDBC URL (default: SQLite, {@code contest.db} in the contest folder)
 * @param finalFormat the final's format: {@code round-robin} (default) or {@code swiss}
 * @param finalRounds the final's Swiss rounds (default: as {@code tournament} chooses)
 * @param finalCycles the final round-robin's cycles (default: as many as {@code finalPrecision} needs, by
 *     {@link FinalSize}'s rule)
 * @param scrimmagesPerHour the scrimmages a team may ask for in an hour (default 10)
 * @param finalPrecision the 95% half-width, in Elo, that sizes a round-robin final without {@code finalCycles}
 *     (default 50)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"name", "games", "time", "bank", "firstMove", "clock", "sandbox", "botMemory", "concurrency",
    "qualifying", "eloWindow", "pauseMillis", "maxUploadBytes", "uploadsPerHour", "interpreters", "database",
    "finalFormat", "finalRounds", "finalCycles", "scrimmagesPerHour", "finalPrecision"})
public record ContestSettings(String name, List<String> games, String time, String bank, String firstMove,
                              String clock, String sandbox, String botMemory, Integer concurrency, Integer qualifying,
                              Integer eloWindow, Long pauseMillis, Long maxUploadBytes, Integer uploadsPerHour,
                              Map<String, String> interpreters, String database, String finalFormat,
                              Integer finalRounds, Integer finalCycles, Integer scrimmagesPerHour,
                              Double finalPrecision) {

    /** The settings file's name in the contest folder. */
    public static final String FILE = "contest.json";

    /** The default database's file name in the contest folder. */
    public static final String SQLITE_FILE = "contest.db";

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** Settings with a name and every default. */
    public static ContestSettings named(String name) {
        return new ContestSettings(name, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, null, null, null, null);
    }

    /** These settings with other games. */
    public ContestSettings withGames(List<String> value) {
        return new ContestSettings(name, value, time, bank, firstMove, clock, sandbox, botMemory, concurrency,
                qualifying, eloWindow, pauseMillis, maxUploadBytes, uploadsPerHour, interpreters, database,
                finalFormat, finalRounds, finalCycles, scrimmagesPerHour, finalPrecision);
    }

    /** These settings with another sandbox. */
    public ContestSettings withSandbox(String value) {
        return new ContestSettings(name, games, time, bank, firstMove, clock, value, botMemory, concurrency,
                qualifying, eloWindow, pauseMillis, maxUploadBytes, uploadsPerHour, interpreters, database,
                finalFormat, finalRounds, finalCycles, scrimmagesPerHour, finalPrecision);
    }

    /** These settings with another database URL. */
    public ContestSettings withDatabase(String value) {
        return new ContestSettings(name, games, time, bank, firstMove, clock, sandbox, botMemory, concurrency,
                qualifying, eloWindow, pauseMillis, maxUploadBytes, uploadsPerHour, interpreters, value,
                finalFormat, finalRounds, finalCycles, scrimmagesPerHour, finalPrecision);
    }

    /** These settings with another ladder concurrency and qualifying batch. */
    public ContestSettings withLadder(int matchesAtOnce, int qualifyingMatches) {
        return new ContestSettings(name, games, time, bank, firstMove, clock, sandbox, botMemory, matchesAtOnce,
                qualifyingMatches, eloWindow, pauseMillis, maxUploadBytes, uploadsPerHour, interpreters, database,
                finalFormat, finalRounds, finalCycles, scrimmagesPerHour, finalPrecision);
    }

    /** These settings with other upload limits. */
    public ContestSettings withUploads(long maxBytes, int perHour) {
        return new ContestSettings(name, games, time, bank, firstMove, clock, sandbox, botMemory, concurrency,
                qualifying, eloWindow, pauseMillis, maxBytes, perHour, interpreters, database, finalFormat,
                finalRounds, finalCycles, scrimmagesPerHour, finalPrecision);
    }

    /** These settings with another limit on scrimmages. */
    public ContestSettings withScrimmages(int perHour) {
        return new ContestSettings(name, games, time, bank, firstMove, clock, sandbox, botMemory, concurrency,
                qualifying, eloWindow, pauseMillis, maxUploadBytes, uploadsPerHour, interpreters, database,
                finalFormat, finalRounds, finalCycles, perHour, finalPrecision);
    }

    /** These settings with another final size: cycles (null to size it by the precision) and precision. */
    public ContestSettings withFinal(Integer cycles, Double precision) {
        return new ContestSettings(name, games, time, bank, firstMove, clock, sandbox, botMemory, concurrency,
                qualifying, eloWindow, pauseMillis, maxUploadBytes, uploadsPerHour, interpreters, database,
                finalFormat, finalRounds, cycles, scrimmagesPerHour, precision);
    }

    /** The games resolved against the registered games. */
    public List<GameEntry> gameEntries() {
        return GameChoices.resolve(games == null ? List.of("all") : games);
    }

    /** The clock of every match. */
    public TimeControl timeControl() {
        return new TimeControl(TimeControl.parseMillis(time == null ? "1s" : time),
                TimeControl.parseMillis(bank == null ? "0" : bank),
                TimeControl.parseMillis(firstMove == null ? "2s" : firstMove),
                TimeControl.ClockKind.parse(clock == null ? Tournament.DEFAULT_CLOCK : clock),
                TimeControl.WallGuard.DEFAULT);
    }

    /** The sandbox choice: bubblewrap unless the settings say otherwise. */
    public SandboxMode sandboxMode() {
        return SandboxMode.parse(sandbox == null ? SandboxMode.BWRAP.label() : sandbox);
    }

    /**
     * Refuses to run a contest whose uploaded bots could run outside bubblewrap ({@code auto} where
     * it cannot run, or {@code none}) unless the organiser says they trust every team's bot: such
     * a bot runs as the server's user and can read the database, the other teams' bots and the
     * ladder's secret seed.
     *
     * @param trustBots the organiser's word ({@code serve --trust-bots}), never read from a file
     * @throws IllegalArgumentException with one line saying why and what to do
     */
    public void requireSandbox(boolean trustBots) {
        SandboxMode mode = sandboxMode();
        if (mode == SandboxMode.BWRAP || trustBots) {
            return;
        }
        throw new IllegalArgumentException(FILE + " says \"sandbox\": \"" + mode.label() + "\", which runs the teams' "
                + "bots " + (mode == SandboxMode.NONE ? "" : "where bubblewrap does not run ")
                + "unsandboxed, as the server's user, able to read the database and every other bot "
                + "(docs/security.md): set \"sandbox\": \"bwrap\", or give --trust-bots if you trust every team's bot");
    }

    /** Each bot process's limits. */
    public Sandbox.Limits limits() {
        // Sandbox is initialised before Sandbox.Limits: the other way round, Limits' initialiser
        // would initialise Sandbox, whose Sandbox.none() would then be made with limits still null.
        long memory = Sandbox.parseSize(botMemory == null ? Sandbox.Limits.DEFAULT_MEMORY : botMemory);
        return Sandbox.Limits.DEFAULT.withMemory(memory);
    }

    public int concurrencyOrDefault() {
        return concurrency == null ? 1 : concurrency;
    }

    public int qualifyingOrDefault() {
        return qualifying == null ? 4 : qualifying;
    }

    public int eloWindowOrDefault() {
        return eloWindow == null ? 200 : eloWindow;
    }

    public long pauseMillisOrDefault() {
        return pauseMillis == null ? 0 : pauseMillis;
    }

    public long maxUploadBytesOrDefault() {
        return maxUploadBytes == null ? 8L << 20 : maxUploadBytes;
    }

    public int uploadsPerHourOrDefault() {
        return uploadsPerHour == null ? 10 : uploadsPerHour;
    }

    public int scrimmagesPerHourOrDefault() {
        return scrimmagesPerHour == null ? 10 : scrimmagesPerHour;
    }

    public Map<String, String> interpretersOrDefault() {
        return interpreters == null ? Map.of("py", "python3") : interpreters;
    }

    public String finalFormatOrDefault() {
        return finalFormat == null ? "round-robin" : finalFormat;
    }

    public double finalPrecisionOrDefault() {
        return finalPrecision == null ? FinalSize.DEFAULT_PRECISION : finalPrecision;
    }

    /**
     * The cycles of a round-robin final of so many teams: {@code finalCycles} when set, else as many as
     * {@code finalPrecision} needs ({@link FinalSize#cycles}).
     */
    public int finalCyclesFor(int teams) {
        return finalCycles != null ? finalCycles : FinalSize.cycles(teams, gameEntries(), finalPrecisionOrDefault());
    }

    /** The JDBC URL of the contest's database: the settings' own, or SQLite in the contest folder. */
    public String databaseUrl(Path folder) {
        return database != null ? database
                : "jdbc:sqlite:" + folder.toAbsolutePath().normalize().resolve(SQLITE_FILE);
    }

    /**
     * Checks everything that can be checked before the server starts.
     *
     * @throws IllegalArgumentException with one line naming what is wrong
     */
    public ContestSettings check() {
        if (name == null || name.isBlank() || !name.matches("[A-Za-z0-9._-]{1,60}")) {
            throw new IllegalArgumentException("the contest needs a name of letters, digits, '.', '_' or '-' "
                    + "(at most 60), not '" + name + "'");
        }
        gameEntries();
        timeControl();
        sandboxMode();
        limits();
        if (concurrencyOrDefault() < 0 || qualifyingOrDefault() < 0 || eloWindowOrDefault() < 1
                || pauseMillisOrDefault() < 0 || maxUploadBytesOrDefault() < 1 || uploadsPerHourOrDefault() < 1
                || scrimmagesPerHourOrDefault() < 0) {
            throw new IllegalArgumentException("eloWindow, maxUploadBytes and uploadsPerHour must be at least 1; "
                    + "concurrency, qualifying, pauseMillis and scrimmagesPerHour at least 0");
        }
        for (String extension : interpretersOrDefault().keySet()) {
            if (!extension.matches("[a-z0-9]{1,8}") || extension.equals("jar")) {
                throw new IllegalArgumentException("interpreters are keyed by a file extension such as py, not '"
                        + extension + "'");
            }
        }
        if (!(finalPrecisionOrDefault() > 0) || finalCycles != null && finalCycles < 1) {
            throw new IllegalArgumentException("finalPrecision must be a positive number of Elo and finalCycles at "
                    + "least 1");
        }
        if (!List.of("round-robin", "swiss").contains(finalFormatOrDefault())) {
            throw new IllegalArgumentException("the final is a round-robin or a swiss, not " + finalFormat);
        }
        return this;
    }

    /**
     * Reads a contest's settings file.
     *
     * @throws IllegalArgumentException with one line when it is missing or malformed
     */
    public static ContestSettings read(Path file) {
        try {
            ContestSettings settings = JSON.readValue(Files.readString(file), ContestSettings.class);
            if (settings == null) {
                throw new IllegalArgumentException(file + ": empty settings file");
            }
            return settings.check();
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("no contest in " + file.getParent() + " (no " + FILE
                    + "; start one with arena serve init)");
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(file + ": not a contest settings file: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage());
        }
    }

    /**
     * These settings as one line of JSON, without the database URL (which may hold a password): what
     * the server keeps in the database for its workers ({@link #fromJson}).
     */
    public String toJson() {
        try {
            return JSON.writeValueAsString(withDatabase(null));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("settings are always writable", e);
        }
    }

    /**
     * Settings from {@link #toJson}'s text.
     *
     * @throws IllegalArgumentException with one line when the text is not a contest's settings
     */
    public static ContestSettings fromJson(String json) {
        try {
            return JSON.readValue(json, ContestSettings.class).check();
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("the contest's settings in its database are not readable: "
                    + e.getOriginalMessage());
        }
    }

    /** Writes these settings as indented JSON. */
    public void write(Path file) throws IOException {
        Files.writeString(file, JSON.writer(new DefaultPrettyPrinter()
                .withObjectIndenter(new DefaultIndenter("  ", "\n"))).writeValueAsString(this) + "\n");
    }
}
