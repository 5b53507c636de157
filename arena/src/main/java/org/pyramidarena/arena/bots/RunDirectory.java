package org.pyramidarena.arena.bots;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The run's output folder as far as bots are concerned: {@code bots/} holds a working directory
 * per bot, {@code logs/} a standard-error log per bot. Each bot's directory and log carry a random
 * suffix, and while the run lasts both parents may be entered but not listed (mode
 * {@code -wx------} on POSIX file systems), so a bot cannot find another bot's files by listing or
 * by guessing paths. {@link #close()} makes them listable again for the user.
 */
public final class RunDirectory implements AutoCloseable {

    private static final boolean POSIX = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    private static final SecureRandom TOKENS = new SecureRandom();

    private final Path root;
    private final Path bots;
    private final Path logs;

    /**
     * @param root the run's output folder; created when missing
     * @throws IllegalArgumentException when it cannot be created
     */
    public RunDirectory(Path root) {
        this.root = root.toAbsolutePath().normalize();
        this.bots = this.root.resolve("bots");
        this.logs = this.root.resolve("logs");
        try {
            Files.createDirectories(bots);
            Files.createDirectories(logs);
            hide(bots);
            hide(logs);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot create the output folder " + root + ": " + e.getMessage());
        }
    }

    /** The run's output folder. */
    public Path root() {
        return root;
    }

    /** A bot's place: its working directory (created, private) and its log file. */
    public record Place(Path workDir, Path log) {
    }

    /** A new working directory and log for a bot. */
    public Place newPlace(String label) {
        String safe = label.replaceAll("[^A-Za-z0-9._-]", "_");
        safe = safe.length() > 40 ? safe.substring(0, 40) : safe;
        byte[] token = new byte[8];
        TOKENS.nextBytes(token);
        String name = safe + "-" + HexFormat.of().formatHex(token);
        try {
            Path dir = Files.createDirectory(bots.resolve(name));
            if (POSIX) {
                Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
            }
            return new Place(dir, logs.resolve(name + ".stderr.log"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void hide(Path dir) throws IOException {
        if (POSIX) {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("-wx------"));
        }
    }

    /** Makes the folders listable again. */
    @Override
    public void close() {
        if (POSIX) {
            for (Path dir : new Path[] {bots, logs}) {
                try {
                    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
                } catch (IOException ignored) {
                    // Left as it is; the user can still enter it.
                }
            }
        }
    }
}
