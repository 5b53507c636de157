package org.pyramidarena.arena.server.uploads;

import io.javalin.http.ConflictResponse;
import io.javalin.http.ContentTooLargeResponse;
import io.javalin.http.Context;
import io.javalin.http.TooManyRequestsResponse;
import io.javalin.http.UploadedFile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.stream.Stream;
import org.pyramidarena.arena.common.Hashes;
import org.pyramidarena.arena.server.access.UploadRateLimit;
import org.pyramidarena.arena.server.contest.ContestDatabase;
import org.pyramidarena.arena.server.contest.ContestRunner;
import org.pyramidarena.arena.server.contest.ContestSettings;
import org.pyramidarena.arena.server.contest.ShownPaths;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the teams' uploads are kept: each accepted upload is its team's next version, a file in a
 * folder of its own, {@code versions/ID/} of the contest folder, made read-only and never written
 * again; the logs its bot writes when it runs are kept beside it.
 */
public final class UploadStore {

    private static final Logger LOG = LoggerFactory.getLogger(UploadStore.class);
    private static final long LOG_BYTES_SHOWN = 256 * 1024;
    private static final String VERSIONS = "versions";
    /** The prefix of the folder an upload is checked in before it has a version's id. */
    private static final String INCOMING = ".incoming-";

    private final Path folder;
    private final ContestSettings settings;
    private final ContestDatabase db;
    private final ContestRunner runner;
    private final UploadRateLimit rateLimit;
    private final ShownPaths shown;

    /**
     * @param folder the contest folder
     * @param rateLimit counts every upload that reaches the checks, refused or not
     */
    public UploadStore(Path folder, ContestSettings settings, ContestDatabase db, ContestRunner runner,
                       UploadRateLimit rateLimit) {
        this.folder = folder;
        this.settings = settings;
        this.db = db;
        this.runner = runner;
        this.rateLimit = rateLimit;
        this.shown = new ShownPaths(folder);
    }

    /**
     * Takes the upload in a request's form field {@code file}: checked, kept as the team's next
     * version and entered for its sandboxed check.
     *
     * @return the new version
     * @throws ContentTooLargeResponse when the request is larger than the cap or not a multipart form
     * @throws ConflictResponse when submissions are frozen
     * @throws TooManyRequestsResponse when the team has uploaded as often as the contest allows in an hour
     * @throws IllegalArgumentException with one line when the request holds no file or the file is no bot
     */
    public ContestDatabase.Version take(ContestDatabase.Team team, Context request) throws IOException {
        UploadedFile file = uploadedFile(request);
        if (runner.frozen()) {
            throw new ConflictResponse("submissions are frozen");
        }
        if (file == null) {
            throw new IllegalArgumentException("the upload needs a file in the form field 'file'");
        }
        rateLimit.take(team);
        byte[] bytes;
        try (InputStream in = file.content()) {
            bytes = UploadCheck.readCapped(in, settings.maxUploadBytesOrDefault());
        }
        UploadCheck.Accepted accepted = UploadCheck.check(file.filename(), bytes, settings.maxUploadBytesOrDefault(),
                settings.interpretersOrDefault());
        // Checked in a folder of its own before any lock is taken: only numbering it and moving it
        // into place wait for other uploads, so a slow check holds up nobody but its own team.
        Path versions = Files.createDirectories(folder.resolve(VERSIONS));
        Path incoming = Files.createTempDirectory(versions, INCOMING);
        try {
            Path checked = incoming.resolve(accepted.fileName());
            Files.write(checked, bytes);
            if (accepted.kind().equals("jar")) {
                UploadCheck.inspectJar(checked, accepted.fileName());
            }
            String sha256 = Hashes.sha256(checked);
            checked.toFile().setReadOnly();
            // The id is the database's (its counter), so no lock of the server's is needed: a folder of that id
            // names no version yet, and one that exists is what a server that died between the move and the row left.
            long id = db.nextVersionId();
            Path dir = versionFolder(id);
            deleteQuietly(dir);
            Files.move(incoming, dir, StandardCopyOption.ATOMIC_MOVE);
            ContestDatabase.Version version = db.addVersion(id, team, accepted.kind(), accepted.fileName(),
                    folder.relativize(dir.resolve(accepted.fileName())).toString(), sha256, bytes);
            runner.enter(version);
            LOG.info("team {} uploaded version {} ({}, {} bytes)", team.name(), version.number(), accepted.fileName(),
                    bytes.length);
            return version;
        } finally {
            deleteQuietly(incoming);
        }
    }

    /**
     * The logs of a version's bot, oldest first, each under a line naming it and cut at 256 KiB; a
     * line saying there is none when the bot has not run. Only files in the version's own folder are
     * read, whatever the database names, and no path of the server's is shown ({@link ShownPaths}).
     */
    public String logs(ContestDatabase.Version version) throws IOException {
        StringBuilder text = new StringBuilder();
        for (String relative : db.logs(version.id())) {
            Path log = folder.resolve(relative).normalize();
            if (!log.startsWith(versionFolder(version.id()).normalize())) {
                continue;
            }
            text.append("== ").append(log.getFileName()).append(" ==\n");
            if (Files.isRegularFile(log)) {
                byte[] bytes;
                try (InputStream in = Files.newInputStream(log)) {
                    bytes = in.readNBytes((int) LOG_BYTES_SHOWN);
                }
                text.append(new String(bytes, StandardCharsets.UTF_8));
                if (bytes.length == LOG_BYTES_SHOWN) {
                    text.append("\n[cut at ").append(LOG_BYTES_SHOWN).append(" bytes]\n");
                }
            } else {
                text.append("(empty)\n");
            }
        }
        return text.length() == 0 ? "(no log: the bot has not run yet)\n" : shown.of(text.toString());
    }

    private Path versionFolder(long id) {
        return folder.resolve(VERSIONS).resolve(Long.toString(id));
    }

    private UploadedFile uploadedFile(Context request) {
        try {
            return request.uploadedFile("file");
        } catch (Exception e) {
            throw new ContentTooLargeResponse("the upload is larger than the contest's cap of "
                    + settings.maxUploadBytesOrDefault() + " bytes, or not a multipart form");
        }
    }

    /** Deletes a folder and what is in it, if it is there; an orphan left by a failure is harmless. */
    private static void deleteQuietly(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                file.toFile().setWritable(true);
                Files.deleteIfExists(file);
            }
        } catch (IOException ignored) {
            // No version in the database names it.
        }
    }
}
