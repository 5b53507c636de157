package org.pyramidarena.arena.tournament;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * The settings of a tournament as a JSON file holds them: what {@code --config} reads and what is
 * written as {@code settings.json} beside the results. Every field may be missing (null) in a
 * config file, where the command line and then the defaults fill it in; the written file has every
 * field that matters set, so a run can be repeated exactly from it.
 *
 * @param version the file format's version, {@value #VERSION}
 * @param name the tournament's name, written in every result row
 * @param format {@code round-robin}, {@code swiss} or {@code gauntlet}
 * @param games games as {@code ID[:PLAYERS][/VARIANT][?PARAMETER=VALUE]} or {@code all}; written explicitly
 * @param bots entrants as {@code NAME=BOT} or {@code BOT}
 * @param candidates the gauntlet's candidates, entrant names
 * @param cycles how many times a round-robin or gauntlet is played, each time on new deals
 * @param rounds the number of Swiss rounds
 * @param seed the master seed every seed of the run derives from: a whole number (written as a JSON
 *     number), 64 hex digits (a secret seed, written as a string), or {@code secret} in a config file
 *     to draw a new secret seed (the written file holds the seed drawn)
 * @param time the per-move time, e.g. {@code 1000ms}
 * @param bank each seat's time bank
 * @param firstMove the first move's extra allowance
 * @param isolation {@code in-process} or {@code process}
 * @param concurrency how many matches run at once; has no effect on the results
 * @param replays which replays are kept: {@code all}, {@code failures} (matches with a fault) or {@code none}
 * @param sandbox what bot processes run in: {@code auto}, {@code bwrap} or {@code none}; the written
 *        file names the one the run used ({@code bwrap} or {@code none})
 * @param clock which time counts against the limits: {@code cpu} (the default) or {@code wall}
 * @param wallGuard under a CPU clock, the real-time bound on a move, e.g. {@code 3x+1s}
 * @param cage what backed the sandbox's limits on the machine that ran it: {@code cgroup v2},
 *        {@code cgroup v1} or {@code signals and rlimits} (absent without a sandbox); written, never
 *        read as a setting (the machine decides it)
 * @param openings the opening books every match's line is taken from, each a book shipped with the
 *        arena ({@code pylon-book}) or a file's path, as given (see {@link Openings}); absent for none
 * @param randomOpening how many random plies each match's opening draws (after a book's line); absent
 *        for none
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"version", "name", "format", "games", "bots", "candidates", "cycles", "rounds", "seed",
    "time", "bank", "firstMove", "clock", "wallGuard", "isolation", "concurrency", "replays", "sandbox", "cage",
    "openings", "randomOpening"})
public record TournamentSettings(Integer version, String name, String format, List<String> games,
                                 List<String> bots, List<String> candidates, Integer cycles, Integer rounds,
                                 @JsonSerialize(using = SeedSerializer.class) String seed, String time, String bank,
                                 String firstMove, String isolation, Integer concurrency, String replays,
                                 String sandbox, String clock, String wallGuard, String cage, List<String> openings,
                                 Integer randomOpening) {

    /**
     * The settings file format's version. Version 2 (issue 23): the run's seeds derive from the
     * master seed by HMAC-SHA-256, and the seed may be a secret seed's 64 hex digits. Version 1
     * files are read (a config file, or a run to resume that has no results yet); the results of a
     * version 1 run were seeded otherwise and cannot be continued.
     */
    public static final int VERSION = 2;

    /** The first version, whose runs derived their seeds by SplitMix64. */
    public static final int VERSION_1 = 1;

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** No field set. */
    public static final TournamentSettings EMPTY = new TournamentSettings(null, null, null, null, null, null,
            null, null, null, null, null, null, null, null, null, null, null, null, null);

    /** Settings without openings. */
    public TournamentSettings(Integer version, String name, String format, List<String> games, List<String> bots,
                              List<String> candidates, Integer cycles, Integer rounds, String seed, String time,
                              String bank, String firstMove, String isolation, Integer concurrency, String replays,
                              String sandbox, String clock, String wallGuard, String cage) {
        this(version, name, format, games, bots, candidates, cycles, rounds, seed, time, bank, firstMove, isolation,
                concurrency, replays, sandbox, clock, wallGuard, cage, null, null);
    }

    /** These settings with every field that {@code other} sets taken from it. */
    public TournamentSettings overriddenBy(TournamentSettings other) {
        return new TournamentSettings(
                pick(other.version, version), pick(other.name, name), pick(other.format, format),
                pick(other.games, games), pick(other.bots, bots), pick(other.candidates, candidates),
                pick(other.cycles, cycles), pick(other.rounds, rounds), pick(other.seed, seed),
                pick(other.time, time), pick(other.bank, bank), pick(other.firstMove, firstMove),
                pick(other.isolation, isolation), pick(other.concurrency, concurrency),
                pick(other.replays, replays), pick(other.sandbox, sandbox), pick(other.clock, clock),
                pick(other.wallGuard, wallGuard), pick(other.cage, cage), pick(other.openings, openings),
                pick(other.randomOpening, randomOpening));
    }

    /** These settings with the sandbox and what backs its cages set (see {@code Sandbox#cage}). */
    public TournamentSettings withSandbox(String value, String cageValue) {
        return new TournamentSettings(version, name, format, games, bots, candidates, cycles, rounds, seed, time, bank,
                firstMove, isolation, concurrency, replays, value, clock, wallGuard, cageValue, openings, randomOpening);
    }

    /** These settings with openings: the books (null for none) and the random plies (null for none). */
    public TournamentSettings withOpenings(List<String> books, Integer plies) {
        return new TournamentSettings(version, name, format, games, bots, candidates, cycles, rounds, seed, time, bank,
                firstMove, isolation, concurrency, replays, sandbox, clock, wallGuard, cage, books, plies);
    }

    /** These settings without what changes no result: the concurrency and the machine's cage. */
    public TournamentSettings withoutMachine() {
        return new TournamentSettings(version, name, format, games, bots, candidates, cycles, rounds, seed, time, bank,
                firstMove, isolation, null, replays, sandbox, clock, wallGuard, null, openings, randomOpening);
    }

    private static <T> T pick(T preferred, T fallback) {
        return preferred != null ? preferred : fallback;
    }

    /**
     * Reads a settings file.
     *
     * @throws IllegalArgumentException with a one-line message when it is missing or malformed
     */
    public static TournamentSettings read(Path file) {
        try {
            TournamentSettings settings = JSON.readValue(Files.readString(file), TournamentSettings.class);
            if (settings == null) {
                throw new IllegalArgumentException(file + ": empty settings file");
            }
            if (settings.version != null && settings.version != VERSION && settings.version != VERSION_1) {
                throw new IllegalArgumentException(file + ": settings version " + settings.version
                        + " is not supported (this arena reads versions " + VERSION_1 + " and " + VERSION + ")");
            }
            return settings;
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("no settings file " + file);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(file + ": not a tournament settings file: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage());
        }
    }

    /** Writes a whole-number seed as a JSON number, as settings files always held it, and any other seed as a string. */
    static final class SeedSerializer extends StdSerializer<String> {
        SeedSerializer() {
            super(String.class);
        }

        @Override
        public void serialize(String seed, JsonGenerator json, SerializerProvider provider) throws IOException {
            if (seed.matches("-?[0-9]{1,19}")) {
                try {
                    json.writeNumber(Long.parseLong(seed));
                    return;
                } catch (NumberFormatException beyondLong) {
                    // written as the string it is
                }
            }
            json.writeString(seed);
        }
    }

    /** Writes these settings as JSON, replacing the file atomically. */
    public void write(Path file) throws IOException {
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(temporary, toJson());
        Files.move(temporary, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /** These settings as indented JSON with {@code \n} line breaks, the same on every system. */
    public String toJson() {
        try {
            return JSON.writer(new com.fasterxml.jackson.core.util.DefaultPrettyPrinter()
                    .withObjectIndenter(new com.fasterxml.jackson.core.util.DefaultIndenter("  ", "\n")))
                    .writeValueAsString(this) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
