package org.pyramidarena.arena.tournament;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.Games;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.tournaments.ratings.RatingOptions;

/**
 * A shard's {@code shard.json}: which shard of how many it is, the hash of the run's settings that
 * every shard of the run shares, and what {@code arena merge} needs to add the results up as one
 * machine would without loading a single bot: how the standings are fitted, and each bot's own
 * name and games.
 *
 * @param format the file's version, {@value #FORMAT}
 * @param kind {@code tournament} or {@code balance}
 * @param settingsHash the SHA-256 of the run's settings ({@link #settingsHash})
 * @param shard which shard, from 0
 * @param shards how many shards
 * @param ratings how the run fits its Elo standings
 * @param bots every bot entered, as entered, with the name it gives itself and the games it plays
 */
public record ShardFile(int format, String kind, String settingsHash, int shard, int shards, RatingOptions ratings,
                        Map<String, Bot> bots) {

    /** The version of this file. */
    public static final int FORMAT = 1;

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /**
     * A bot as the run knew it.
     *
     * @param name the name it gives itself, with its options ({@link ContestantFactory#name})
     * @param games the ids of the games it plays
     */
    public record Bot(String name, List<String> games) {
    }

    /** This shard's place. */
    public Shard place() {
        return new Shard(shard, shards);
    }

    /**
     * The hash every shard of one run shares: SHA-256 of the run's settings as {@code settings.json}
     * writes them, without the concurrency (which changes no result) and the cage (which is the
     * machine's: shards of one run may run on machines of cgroup v1 and v2).
     */
    public static String settingsHash(TournamentSettings settings) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(settings.withoutMachine().toJson().getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    /**
     * The shard file of a tournament: its bots as the contestants know them. What a shard run
     * writes; public so that a benchmark can write a shard's folder without playing it.
     */
    public static ShardFile of(String kind, Tournament tournament, Shard shard, RatingOptions ratings,
                        ContestantFactory contestants) {
        Map<String, Bot> bots = new TreeMap<>();
        for (Entrant entrant : tournament.entrants()) {
            bots.computeIfAbsent(entrant.bot(), bot -> new Bot(contestants.name(bot), Games.all().stream()
                    .filter(game -> contestants.plays(bot, game)).map(Game::id).toList()));
        }
        return new ShardFile(FORMAT, kind, settingsHash(tournament.settings()), shard.index(), shard.count(), ratings,
                bots);
    }

    /** Writes the file into a shard's folder, atomically. */
    public void write(Path folder) throws IOException {
        Path file = folder.resolve(RunFolder.SHARD);
        Path temporary = folder.resolve(RunFolder.SHARD + ".tmp");
        Files.writeString(temporary, JSON.writeValueAsString(this) + "\n");
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * Reads a shard's file.
     *
     * @throws IllegalArgumentException with one line when the folder holds none, or not one
     */
    public static ShardFile read(Path folder) {
        Path file = folder.resolve(RunFolder.SHARD);
        try {
            ShardFile read = JSON.readValue(Files.readString(file), ShardFile.class);
            if (read == null || read.format != FORMAT || read.settingsHash == null || read.bots == null
                    || read.ratings == null || read.shards < 1 || read.shard < 0 || read.shard >= read.shards) {
                throw new IllegalArgumentException(file + " is not a shard file of this arena (format " + FORMAT + ")");
            }
            return read;
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(folder + " is not a shard's folder: it holds no " + RunFolder.SHARD);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(file + " is not a shard file: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage());
        }
    }

    /**
     * The bots as the run knew them, for resolving the run's settings again without loading any:
     * a contestant factory that names and places the bots and refuses to play.
     */
    public ContestantFactory recordedBots() {
        return new ContestantFactory() {
            private Bot bot(String entered) {
                Bot bot = bots.get(entered);
                if (bot == null) {
                    throw new IllegalArgumentException("the shards' files do not know the bot '" + entered + "'");
                }
                return bot;
            }

            @Override
            public boolean plays(String entered, Game game) {
                return bot(entered).games().contains(game.id());
            }

            @Override
            public String name(String entered) {
                return bot(entered).name();
            }

            @Override
            public Contestant create(String entered, String label) {
                throw new IllegalStateException("a merge plays no match, yet match " + label + " was missing");
            }

            @Override
            public String jarSha256(String entered) {
                return null;
            }

            @Override
            public void close() {
                // nothing was started
            }
        };
    }
}
