package org.pyramidarena.arena.bots;

import java.io.BufferedReader;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
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

    private static final int CLASS_MAGIC = 0xCAFEBABE;
    private static final int JAVA_VERSION_OFFSET = 44;

    /**
     * Inspects a JAR.
     *
     * @throws IllegalArgumentException with one line saying what is wrong: no such file, not a
     *     JAR, no service entry, several bots, the bot class missing, or built for a newer Java
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
            List<String> names = serviceNames(jar, services);
            if (names.isEmpty()) {
                throw new IllegalArgumentException(file + ": " + SERVICE_ENTRY + " names no bot class");
            }
            if (names.size() > 1) {
                throw new IllegalArgumentException(file + " names several bots in " + SERVICE_ENTRY + " ("
                        + String.join(", ", names) + "); a bot JAR offers exactly one");
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

    private static List<String> serviceNames(JarFile jar, JarEntry services) throws IOException {
        List<String> names = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(
                new InputStreamReader(jar.getInputStream(services), StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                int comment = line.indexOf('#');
                String name = (comment >= 0 ? line.substring(0, comment) : line).strip();
                if (!name.isEmpty() && !names.contains(name)) {
                    names.add(name);
                }
            }
        }
        return names;
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
