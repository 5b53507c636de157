package org.pyramidarena.arena.replay;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/** Reads and writes replay files: JSON, gzip-compressed when the name ends in {@code .gz}. */
public final class ReplayFiles {

    /** How a replay file's name ends: {@code .replay.json}, or {@code .replay.json.gz} when compressed. */
    public static final String SUFFIX = ".replay.json";

    /** The ending of a compressed replay file's name. */
    public static final String COMPRESSED_SUFFIX = SUFFIX + ".gz";

    /** True when a file name is a replay's: it ends in {@link #SUFFIX} or {@link #COMPRESSED_SUFFIX}. */
    public static boolean isReplayName(String fileName) {
        return fileName.endsWith(SUFFIX) || fileName.endsWith(COMPRESSED_SUFFIX);
    }

    /**
     * The replay files named: each file as given, and for each folder the replay files anywhere
     * under it, sorted.
     *
     * @throws IllegalArgumentException when a path does not exist
     */
    public static List<Path> find(List<Path> filesOrFolders) throws IOException {
        List<Path> found = new ArrayList<>();
        for (Path path : filesOrFolders) {
            if (Files.isDirectory(path)) {
                try (Stream<Path> walk = Files.walk(path)) {
                    walk.filter(p -> isReplayName(p.getFileName().toString())).sorted().forEach(found::add);
                }
            } else if (!Files.exists(path)) {
                throw new IllegalArgumentException(path + ": no such replay file");
            } else {
                found.add(path);
            }
        }
        return found;
    }

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(SerializationFeature.INDENT_OUTPUT);

    private ReplayFiles() {
    }

    /** Writes a replay; gzip-compressed when the file name ends in {@code .gz}. */
    public static void write(Path file, Replay replay) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try (OutputStream raw = Files.newOutputStream(file);
             OutputStream out = file.getFileName().toString().endsWith(".gz") ? new GZIPOutputStream(raw) : raw) {
            JSON.writeValue(out, replay);
        }
    }

    /** The replay as a JSON string. */
    public static String toJson(Replay replay) {
        try {
            return JSON.writeValueAsString(replay);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a replay is always writable", e);
        }
    }

    /**
     * Reads a replay file, compressed or not (told by its first bytes).
     *
     * @throws IllegalArgumentException with one line saying what is wrong (missing file, not JSON,
     *     not a replay, a format this arena does not read)
     */
    public static Replay read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(file + ": no such replay file");
        }
        try (InputStream in = open(new BufferedInputStream(Files.newInputStream(file)))) {
            return read(file.toString(), in);
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": not a readable replay: " + firstLine(e));
        }
    }

    /**
     * Reads a replay kept as bytes (a database's copy of a file), compressed or not.
     *
     * @param name what the replay is called in messages
     * @throws IllegalArgumentException with one line saying what is wrong, as {@link #read(Path)}
     */
    public static Replay read(String name, byte[] bytes) {
        try (InputStream in = open(new BufferedInputStream(new ByteArrayInputStream(bytes)))) {
            return read(name, in);
        } catch (IOException e) {
            throw new IllegalArgumentException(name + ": not a readable replay: " + firstLine(e));
        }
    }

    /** A replay as the bytes of its compressed file ({@link #COMPRESSED_SUFFIX}). */
    public static byte[] compressed(Replay replay) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(bytes)) {
            JSON.writeValue(out, replay);
        } catch (IOException e) {
            throw new IllegalStateException("a replay is always writable to memory", e);
        }
        return bytes.toByteArray();
    }

    private static Replay read(String file, InputStream in) throws IOException {
        JsonNode tree;
        try {
            tree = JSON.readTree(in);
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": not a readable replay: " + firstLine(e));
        }
        // The version is checked first, so that a newer format (fields this arena does not know) is
        // refused by its version, not by its first unknown field.
        JsonNode format = tree == null ? null : tree.get("format");
        if (format != null && format.isInt() && !isRead(format.intValue())) {
            throw unsupported(file, format.intValue());
        }
        Replay replay;
        try {
            replay = tree == null || !tree.isObject() ? null : JSON.treeToValue(tree, Replay.class);
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": not a readable replay: " + firstLine(e));
        }
        if (replay == null || replay.game() == null || replay.actions() == null || replay.seats() == null
                || replay.outcome() == null || replay.termination() == null) {
            throw new IllegalArgumentException(file + ": not a replay (game, seats, actions, termination and outcome are required)");
        }
        if (!isRead(replay.format())) {
            throw unsupported(file, replay.format());
        }
        return replay;
    }

    private static boolean isRead(int format) {
        return format == Replay.FORMAT_1 || format == Replay.FORMAT;
    }

    private static IllegalArgumentException unsupported(String file, int format) {
        return new IllegalArgumentException(file + ": replay format " + format + " is not supported (this arena "
                + "reads formats " + Replay.FORMAT_1 + " and " + Replay.FORMAT + ")");
    }

    private static String firstLine(IOException e) {
        return e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse("");
    }

    /** The stream, uncompressed when it starts as gzip does. */
    private static InputStream open(BufferedInputStream in) throws IOException {
        in.mark(2);
        int first = in.read();
        int second = in.read();
        in.reset();
        return first == 0x1f && second == 0x8b ? new GZIPInputStream(in) : in;
    }
}
