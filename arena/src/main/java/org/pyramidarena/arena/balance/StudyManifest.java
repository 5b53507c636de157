package org.pyramidarena.arena.balance;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.pyramidarena.arena.common.RunFolder;

/**
 * A study's {@code study.json}: what was asked ({@link StudyPlan}), enough to play the study again
 * with {@code balance --config}, and what it resolved to: the arena's version, the setups played (a
 * sweep's and a search's values included), the games each played, and each bot's name, options,
 * folder and JAR digest. Written last, once the study is over (a secret seed is published then).
 *
 * @param format the file's format version, {@link #FORMAT}
 * @param arenaVersion the arena that played the study
 * @param plan what was asked
 * @param setups the setups played, in order, as their notation ({@code pylon:2/standard?komi=2.5})
 * @param games the games each setup played, by its notation
 * @param bots the bots, in the order given
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"format", "arenaVersion", "plan", "setups", "games", "bots"})
public record StudyManifest(int format, String arenaVersion, StudyPlan plan, List<String> setups,
                            Map<String, Integer> games, List<Bot> bots) {

    /** The format this arena writes and reads. */
    public static final int FORMAT = 1;

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /**
     * One bot of a study.
     *
     * @param bot the bot as given ({@code mcts?iterations=800}, a JAR's path, a {@code cmd:} line)
     * @param name the name it gives itself
     * @param folder its folder in the study ({@code SETUP/BOT/})
     * @param options every option's value, given or default
     * @param jarSha256 its JAR's SHA-256, or null for a built-in bot or a {@code cmd:} program
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"bot", "name", "folder", "options", "jarSha256"})
    public record Bot(String bot, String name, String folder, Map<String, Object> options, String jarSha256) {
    }

    /** Writes the manifest as indented JSON with {@code \n} line breaks, the same bytes on every system. */
    public void write(Path file) throws IOException {
        Files.writeString(file, toJson(), StandardCharsets.UTF_8);
    }

    /** The manifest as {@link #write} writes it. */
    public String toJson() {
        try {
            return JSON.writer(new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n"))
                    .withArrayIndenter(new DefaultIndenter("  ", "\n"))).writeValueAsString(this) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Reads a manifest.
     *
     * @throws IllegalArgumentException with one line when the file is missing, malformed or of
     *     another format
     */
    public static StudyManifest read(Path file) {
        try {
            StudyManifest manifest = JSON.readValue(Files.readString(file), StudyManifest.class);
            if (manifest == null || manifest.plan() == null) {
                throw new IllegalArgumentException(file + ": not a study manifest (no plan)");
            }
            if (manifest.format() != FORMAT) {
                throw new IllegalArgumentException(file + ": study format " + manifest.format() + " is not supported "
                        + "(this arena reads format " + FORMAT + ")");
            }
            return manifest;
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("no study manifest " + file);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(file + ": not a study manifest: " + e.getOriginalMessage()
                    .lines().findFirst().orElse(""));
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage());
        }
    }
}
