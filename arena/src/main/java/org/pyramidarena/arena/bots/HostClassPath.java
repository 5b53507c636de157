package org.pyramidarena.arena.bots;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.LinkedHashSet;
import java.util.Set;
import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.pyramidarena.api.Bot;

/**
 * The class path of the bundled bot host: where the host, the bot API with the games, and Jackson
 * were loaded from (one JAR when the arena runs from its shaded JAR). The bot's own classes never
 * see it: {@link BotClassLoader} shows them only the bot API.
 */
final class HostClassPath {

    private static final String PATH = compute();

    private HostClassPath() {
    }

    static String get() {
        return PATH;
    }

    private static String compute() {
        Set<String> entries = new LinkedHashSet<>();
        for (Class<?> type : new Class<?>[] {BotHost.class, Bot.class, ObjectMapper.class,
                JsonFactory.class, JsonAutoDetect.class}) {
            CodeSource source = type.getProtectionDomain().getCodeSource();
            if (source == null || source.getLocation() == null) {
                throw new IllegalStateException("cannot tell where " + type.getName() + " was loaded from");
            }
            try {
                entries.add(Path.of(source.getLocation().toURI()).toString());
            } catch (URISyntaxException e) {
                throw new IllegalStateException(e);
            }
        }
        return String.join(File.pathSeparator, entries);
    }
}
