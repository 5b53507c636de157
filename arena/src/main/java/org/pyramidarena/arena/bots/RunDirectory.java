package org.pyramidarena.arena.bots;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.stream.Stream;
import org.pyramidarena.arena.common.RunFolder;

/**
 * The run's output folder as far as bots are concerned: {@code bots/} holds a working directory
 * per bot, {@code logs/} a standard-error log per bot. Each bot's directory and log carry a random
 * suffix, and while the run lasts both parents may be entered but not listed (mode
 * {@code -wx------} on POSIX file systems), so a bot cannot find another bot's files by listing or
 * by guessing paths. {@link #close()} makes them listable again for the user.
 *
 * <p>A {@linkplain #temporary() temporary} run directory is created only when a bot first needs a
 * place, and deleted on close unless {@link #keep()} was called (e.g. because a bot faulted and its
 * log is worth reading).
 */
public final class RunDirectory implements AutoCloseable {

    private static final boolean POSIX = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    private static final SecureRandom TOKENS = new SecureRandom();

    private final boolean temporary;
    private Path root;
    private boolean created;
    private boolean keep;

    /**
     * A run directory in a given folder, created now.
     *
     * @param root the run's output folder; created when missing
     * @throws IllegalArgumentException when it cannot be created
     */
    public RunDirectory(Path root) {
        this.temporary = false;
        this.root = root.toAbsolutePath().normalize();
        create();
    }

    private RunDirectory() {
        this.temporary = true;
    }

    /** A run directory in a new temporary folder, made on first use and deleted on close unless kept. */
    public static RunDirectory temporary() {
        return new RunDirectory();
    }

    /** The run's output folder (a temporary one is created by this call). */
    public synchronized Path root() {
        create();
        return root;
    }

    /** True when some bot was given a place here. */
    public synchronized boolean used() {
        return created;
    }

    /** Keeps a temporary run directory after close. */
    public synchronized void keep() {
        keep = true;
    }

    /**
     * A bot's place: its working directory (created, private) and its log file.
     *
     * @param run the run directory it is in
     */
    public record Place(Path workDir, Path log, RunDirectory run) {

        /**
         * Keeps the run directory, and so this log, after the run: called before a message names the
         * log, so the file is there when the message is read.
         */
        public Path keptLog() {
            run.keep();
            return log;
        }
    }

    /** A new working directory and log for a bot. */
    public synchronized Place newPlace(String label) {
        create();
        String safe = label.replaceAll("[^A-Za-z0-9._-]", "_");
        safe = safe.length() > 40 ? safe.substring(0, 40) : safe;
        byte[] token = new byte[8];
        TOKENS.nextBytes(token);
        String name = safe + "-" + HexFormat.of().formatHex(token);
        try {
            Path dir = Files.createDirectory(root.resolve(RunFolder.BOTS).resolve(name));
            if (POSIX) {
                Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
            }
            return new Place(dir, root.resolve(RunFolder.LOGS).resolve(name + ".stderr.log"), this);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void create() {
        if (created) {
            return;
        }
        try {
            if (root == null) {
                root = Files.createTempDirectory("arena-run-");
            }
            for (String folder : new String[] {RunFolder.BOTS, RunFolder.LOGS}) {
                Path dir = Files.createDirectories(root.resolve(folder));
                if (POSIX) {
                    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("-wx------"));
                }
            }
            created = true;
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot create the output folder " + (root == null ? "" : root + " ")
                    + "for bots: " + e.getMessage());
        }
    }

    /** Makes the folders listable again; deletes a temporary run directory that was not kept. */
    @Override
    public synchronized void close() {
        if (!created) {
            return;
        }
        if (POSIX) {
            for (String folder : new String[] {RunFolder.BOTS, RunFolder.LOGS}) {
                try {
                    Files.setPosixFilePermissions(root.resolve(folder), PosixFilePermissions.fromString("rwx------"));
                } catch (IOException ignored) {
                    // Left as it is; the user can still enter it.
                }
            }
        }
        if (temporary && !keep) {
            try (Stream<Path> paths = Files.walk(root)) {
                for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(path);
                }
            } catch (IOException | UncheckedIOException ignored) {
                // A temporary folder left behind is harmless; the system cleans its temporary files.
            }
        }
    }
}
