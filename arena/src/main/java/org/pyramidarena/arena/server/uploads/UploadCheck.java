package org.pyramidarena.arena.server.uploads;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.pyramidarena.arena.bots.BotJar;
import org.pyramidarena.arena.server.contest.Quote;

/**
 * What an upload must be before it is kept: a bot JAR or a single-file program for one of the
 * contest's interpreters, no larger than the cap. A JAR is read entry by entry without unpacking it
 * anywhere: at most {@value #MAX_ENTRIES} entries, no entry name that is absolute, climbs out
 * ({@code ..}) or holds a backslash or NUL, no name twice, and at most {@value #MAX_UNPACKED_BYTES}
 * bytes and a ratio of {@value #MAX_RATIO} to 1 unpacked (a zip bomb stops being read at the cap).
 * A program must be UTF-8 text. The JAR's bot is then checked by {@link
 * org.pyramidarena.arena.bots.BotJar#inspect}, and both kinds by the sandboxed check.
 */
public final class UploadCheck {

    /** The most entries a JAR may hold. */
    public static final int MAX_ENTRIES = 10_000;
    /** The most a JAR may unpack to. */
    public static final long MAX_UNPACKED_BYTES = 64L << 20;
    /** The largest ratio of unpacked to packed size. */
    public static final int MAX_RATIO = 100;

    private UploadCheck() {
    }

    /** What an accepted upload is: {@code jar}, or the extension of a program's interpreter. */
    public record Accepted(String kind, String fileName) {
    }

    /**
     * Checks an upload.
     *
     * @param fileName the name it was uploaded under
     * @param bytes its content
     * @param maxBytes the size cap
     * @param interpreters the programs taken, by extension
     * @return what it is
     * @throws IllegalArgumentException with one line saying why it is refused
     */
    public static Accepted check(String fileName, byte[] bytes, long maxBytes, Map<String, String> interpreters) {
        if (bytes.length == 0) {
            throw new IllegalArgumentException("the upload is empty");
        }
        if (bytes.length > maxBytes) {
            throw new IllegalArgumentException("the upload is " + bytes.length + " bytes, more than the contest's cap of "
                    + maxBytes);
        }
        String name = fileName == null ? "" : fileName.replace('\\', '/');
        name = name.substring(name.lastIndexOf('/') + 1);
        if (!name.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,99}")) {
            throw new IllegalArgumentException("the file name '" + Quote.line(fileName) + "' is not one of letters, "
                    + "digits, '.', '_' and '-'");
        }
        int dot = name.lastIndexOf('.');
        String extension = dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
        if (extension.equals("jar")) {
            checkJar(bytes);
            return new Accepted("jar", name);
        }
        if (interpreters.containsKey(extension)) {
            checkText(bytes);
            return new Accepted(extension, name);
        }
        throw new IllegalArgumentException("'" + name + "' is neither a .jar nor a program this contest runs ("
                + String.join(", ", interpreters.keySet().stream().sorted().map(e -> "." + e).toList()) + ")");
    }

    private static void checkJar(byte[] bytes) {
        if (bytes.length < 4 || bytes[0] != 'P' || bytes[1] != 'K') {
            throw new IllegalArgumentException("the upload is not a JAR (no zip header)");
        }
        long unpacked = 0;
        int entries = 0;
        Set<String> names = new HashSet<>();
        byte[] buffer = new byte[8192];
        try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(bytes))) {
            for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
                entries++;
                if (entries > MAX_ENTRIES) {
                    throw new IllegalArgumentException("the JAR holds more than " + MAX_ENTRIES + " entries");
                }
                String entryName = entry.getName();
                if (!safeEntryName(entryName)) {
                    throw new IllegalArgumentException("the JAR holds an entry named '" + Quote.line(entryName)
                            + "', which points outside the JAR (absolute, '..', a backslash or a control character)");
                }
                if (!names.add(entryName)) {
                    throw new IllegalArgumentException("the JAR holds '" + Quote.line(entryName) + "' twice");
                }
                for (int read = zip.read(buffer); read >= 0; read = zip.read(buffer)) {
                    unpacked += read;
                    if (unpacked > MAX_UNPACKED_BYTES || unpacked > (long) MAX_RATIO * bytes.length + (1 << 20)) {
                        throw new IllegalArgumentException("the JAR unpacks to more than " + Math.min(MAX_UNPACKED_BYTES,
                                (long) MAX_RATIO * bytes.length + (1 << 20)) + " bytes (a zip bomb?)");
                    }
                }
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("the upload is not a readable JAR: " + e.getMessage());
        }
        if (entries == 0) {
            throw new IllegalArgumentException("the upload is not a JAR (no entries)");
        }
    }

    /**
     * Checks the bot of a JAR that passed {@link #check} ({@link BotJar#inspect}: one service entry
     * naming a class in the JAR, class files this Java can load).
     *
     * @param file where the JAR lies
     * @param fileName the name it was uploaded under, which the reason names instead of where it lies
     * @throws IllegalArgumentException with one line saying why it is refused
     */
    public static void inspectJar(Path file, String fileName) {
        try {
            BotJar.inspect(file);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage().replace(file.toString(), fileName));
        }
    }

    /** Whether a JAR entry's name stays inside the JAR wherever it is unpacked. */
    static boolean safeEntryName(String name) {
        if (name.isEmpty() || name.startsWith("/") || name.contains("\\") || name.matches("(?s).*[\\x00-\\x1f].*")
                || name.matches("^[A-Za-z]:.*")) {
            return false;
        }
        for (String part : name.split("/")) {
            if (part.equals("..")) {
                return false;
            }
        }
        return true;
    }

    private static void checkText(byte[] bytes) {
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes));
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("a program must be UTF-8 text");
        }
        for (byte b : bytes) {
            if (b == 0) {
                throw new IllegalArgumentException("a program must be text (it holds a NUL byte)");
            }
        }
    }

    /** Reads a stream into bytes, refusing more than a cap. */
    public static byte[] readCapped(InputStream in, long cap) throws IOException {
        byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, cap + 1));
        if (bytes.length > cap) {
            throw new IllegalArgumentException("the upload is more than the contest's cap of " + cap + " bytes");
        }
        return bytes;
    }
}
