package org.pyramidarena.arena.bots;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/** Builds bot JARs in tests from compiled classes, so no binary is committed. */
public final class TestJars {

    private TestJars() {
    }

    /**
     * A bot JAR holding the classes of some packages (taken from where {@code botClass} and each of
     * {@code packagesOf} were loaded) and a service entry naming {@code botClass}.
     */
    public static Path botJar(Path file, Class<?> botClass, Class<?>... packagesOf) throws IOException {
        return jar(file, List.of(botClass.getName()), Stream.concat(Stream.of(botClass), Stream.of(packagesOf)).toList());
    }

    /** A JAR with the classes of the packages of {@code classes} and a service entry naming {@code services}. */
    public static Path jar(Path file, List<String> services, List<Class<?>> classes) throws IOException {
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(file))) {
            List<String> written = new ArrayList<>();
            for (Class<?> type : classes) {
                copyPackage(type, out, written);
            }
            if (!services.isEmpty()) {
                out.putNextEntry(new JarEntry(BotJar.SERVICE_ENTRY));
                out.write((String.join("\n", services) + "\n").getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
        return file;
    }

    /** Adds one entry with the given bytes to a new JAR along with a service entry. */
    public static Path jarWithEntry(Path file, String service, String entry, byte[] bytes) throws IOException {
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(file))) {
            out.putNextEntry(new JarEntry(entry));
            out.write(bytes);
            out.closeEntry();
            out.putNextEntry(new JarEntry(BotJar.SERVICE_ENTRY));
            out.write((service + "\n").getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return file;
    }

    private static void copyPackage(Class<?> type, JarOutputStream out, List<String> written) throws IOException {
        String folder = type.getPackageName().replace('.', '/') + "/";
        Path location;
        try {
            location = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
        if (Files.isDirectory(location)) {
            try (Stream<Path> files = Files.list(location.resolve(folder))) {
                for (Path file : files.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
                    try (InputStream in = Files.newInputStream(file)) {
                        put(out, written, folder + file.getFileName(), in);
                    }
                }
            }
        } else {
            try (JarFile jar = new JarFile(location.toFile())) {
                Enumeration<JarEntry> entries = jar.entries();
                while (entries.hasMoreElements()) {
                    JarEntry entry = entries.nextElement();
                    String rest = entry.getName().startsWith(folder) ? entry.getName().substring(folder.length()) : "";
                    if (rest.endsWith(".class") && !rest.contains("/")) {
                        try (InputStream in = jar.getInputStream(entry)) {
                            put(out, written, entry.getName(), in);
                        }
                    }
                }
            }
        }
    }

    private static void put(JarOutputStream out, List<String> written, String name, InputStream in) throws IOException {
        if (!written.contains(name)) {
            written.add(name);
            out.putNextEntry(new JarEntry(name));
            in.transferTo(out);
            out.closeEntry();
        }
    }
}
