package org.pyramidarena.arena.bots;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.pyramidarena.api.Bot;

/**
 * A bot JAR as inspected without running any of its code: the bot class its
 * {@code META-INF/services} entry names and the Java version it was built for.
 *
 * @param path the JAR, absolute
 * @param botClass the class named by its service entry
 */
public record BotJar(Path path, String botClass) {

    /** The service entry a bot JAR must have. */
    public static final String SERVICE_ENTRY = "META-INF/services/" + Bot.class.getName();

    /**
     * The most of a service entry that is read: one class name, with comments, fits in far less, and
     * an entry naming thousands of classes is refused without being read to its end.
     */
    public static final int MAX_SERVICE_BYTES = 64 * 1024;

    /** How many of the classes a service entry names a refusal lists. */
    private static final int NAMES_SHOWN = 3;

    private static final int CLASS_MAGIC = 0xCAFEBABE;
    private static final int JAVA_VERSION_OFFSET = 44;

    /**
     * Inspects a JAR.
     *
     * @throws IllegalArgumentException with one short line saying what is wrong: no such file, not a
     *     JAR, no service entry, a service entry larger than {@value #MAX_SERVICE_BYTES} bytes, several
     *     bots (the first few named), the bot class missing, or built for a newer Java
     */
    public static BotJar inspect(Path file) {
        Path path = file.toAbsolutePath().normalize();
        if (!Files.isRegularFile(path)) {
            throw new IllegalArgumentException("no bot JAR at " + file);
        }
        try (JarFile jar = new JarFile(path.toFile())) {
            JarEntry services = jar.getJarEntry(SERVICE_ENTRY);
            if (services == null) {
                throw new IllegalArgumentException(file + " has no " + SERVICE_ENTRY
                        + " entry naming its bot class");
            }
            List<String> names = serviceNames(file, jar, services);
            if (names.isEmpty()) {
                throw new IllegalArgumentException(file + ": " + SERVICE_ENTRY + " names no bot class");
            }
            if (names.size() > 1) {
                throw new IllegalArgumentException(file + " names several bots in " + SERVICE_ENTRY + " ("
                        + String.join(", ", names.subList(0, Math.min(NAMES_SHOWN, names.size())))
                        + (names.size() > NAMES_SHOWN ? " and " + (names.size() - NAMES_SHOWN) + " more" : "")
                        + "); a bot JAR offers exactly one");
            }
            String botClass = names.get(0);
            if (jar.getJarEntry(botClass.replace('.', '/') + ".class") == null) {
                throw new IllegalArgumentException(file + " names bot class " + botClass + ", which is not in the JAR");
            }
            checkClassVersions(file, jar);
            return new BotJar(path, botClass);
        } catch (IOException e) {
            throw new IllegalArgumentException(file + " is not a readable JAR: " + e.getMessage());
        }
    }

    /** The distinct class names of a service entry, in order; refused when the entry is larger than the cap. */
    private static List<String> serviceNames(Path file, JarFile jar, JarEntry services) throws IOException {
        byte[] bytes;
        try (InputStream in = jar.getInputStream(services)) {
            bytes = in.readNBytes(MAX_SERVICE_BYTES + 1);
        }
        if (bytes.length > MAX_SERVICE_BYTES) {
            throw new IllegalArgumentException(file + ": " + SERVICE_ENTRY + " is larger than " + MAX_SERVICE_BYTES
                    + " bytes; it names one bot class");
        }
        Set<String> names = new LinkedHashSet<>();
        for (String line : new String(bytes, StandardCharsets.UTF_8).split("\\R")) {
            int comment = line.indexOf('#');
            String name = (comment >= 0 ? line.substring(0, comment) : line).strip();
            if (!name.isEmpty()) {
                names.add(name);
            }
        }
        return new ArrayList<>(names);
    }

    /** Rejects a JAR with a class file this JVM cannot load (multi-release versions excepted). */
    private static void checkClassVersions(Path file, JarFile jar) throws IOException {
        int supported = Runtime.version().feature() + JAVA_VERSION_OFFSET;
        Enumeration<JarEntry> entries = jar.entries();
        while (entries.hasMoreElements()) {
            JarEntry entry = entries.nextElement();
            if (!entry.getName().endsWith(".class") || entry.getName().startsWith("META-INF/")) {
                continue;
            }
            try (InputStream in = jar.getInputStream(entry); DataInputStream data = new DataInputStream(in)) {
                if (data.readInt() != CLASS_MAGIC) {
                    throw new IllegalArgumentException(file + ": " + entry.getName() + " is not a class file");
                }
                data.readUnsignedShort();
                int major = data.readUnsignedShort();
                if (major > supported) {
                    throw new IllegalArgumentException(file + " is built for Java " + (major - JAVA_VERSION_OFFSET)
                            + " (class file version " + major + " in " + entry.getName() + "); this arena runs on Java "
                            + Runtime.version().feature());
                }
            }
        }
    }
}
